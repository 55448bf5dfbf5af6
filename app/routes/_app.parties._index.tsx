import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CopyLinkButton } from '~/components/copy-link-button';
import { useDateFormatter } from '~/components/local-time';
import { DotsIcon, Menu } from '~/components/menu';
import { PartyDialog } from '~/components/parties/party-dialog';
import { AppBanner } from '~/components/shell/app-banner';
import { PageHeader } from '~/components/shell/page-header';
import type { DashboardSort, DashboardTab } from '~/core/dashboard';
import { dashboardParties, isDashboardSort, isDashboardTab, quickLinks } from '~/core/dashboard';
import { readWallTime } from '~/core/dates';
import { isAppError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import { NewPartySchema, PartyEditSchema, firstErrorCode } from '~/core/schemas';
import { requireConsultant } from '~/lib/auth.server';
import type { WorkspaceData } from './_app';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  // The profiles and the selected one come with the layout's data (routes/_app).
  return { parties: await context.services.parties.listParties(context.db, userId) };
}

type ActionResult = { ok: true; intent: 'create' | 'update' | 'delete'; shortId?: string } | { ok: false; intent: string; code: ErrorCode };

/** Create, edit and delete through the same services (and rules) as the API. */
export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  const { userId } = requireConsultant(context, request);
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? '');
  const intent = text('intent');
  try {
    if (intent === 'delete') {
      await context.services.parties.deleteParty(context.env, context.db, userId, text('id'));
      return { ok: true, intent };
    }
    if (intent !== 'create' && intent !== 'update') return { ok: false, intent, code: 'invalidInput' };
    const offset = Number(form.get('tzOffset') ?? 0) || 0;
    const start = readWallTime(text('start'), offset);
    // The dialog always sends the expiration: empty means the party never expires.
    const expiration = readWallTime(text('expiration'), offset);
    if ('error' in start || 'error' in expiration) return { ok: false, intent, code: 'invalidDate' };
    const parsed = (intent === 'create' ? NewPartySchema : PartyEditSchema).safeParse({
      title: text('title'),
      host: text('host') || null,
      start: start.ms,
      expiration: expiration.ms,
      manager: text('manager') || (intent === 'update' ? undefined : null),
      // On edit an empty password keeps the current one; "remove password" clears it.
      password: form.get('removePassword') === 'on' ? null : text('password') || (intent === 'update' ? undefined : null),
      restrictedMessaging: form.get('restrictedMessaging') === 'on',
    });
    if (!parsed.success) return { ok: false, intent, code: firstErrorCode(parsed.error) };
    if (intent === 'create') {
      const party = await context.services.parties.createParty(context.db, userId, parsed.data);
      return { ok: true, intent, shortId: party.shortId };
    }
    await context.services.parties.updateParty(context.env, context.db, userId, text('id'), parsed.data);
    return { ok: true, intent };
  } catch (error) {
    if (isAppError(error)) return { ok: false, intent, code: error.code };
    throw error;
  }
}

type Party = ReturnType<typeof useLoaderData<typeof loader>>['parties'][number];

export default function Parties() {
  const { t, i18n } = useTranslation();
  const { parties } = useLoaderData<typeof loader>();
  const workspace = useRouteLoaderData<WorkspaceData>('routes/_app');
  const profiles = workspace?.profiles ?? [];
  const selectedProfileId = workspace?.user.selectedProfile?.id ?? null;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [params, setParams] = useSearchParams();
  const tab: DashboardTab = isDashboardTab(params.get('tab')) ? (params.get('tab') as DashboardTab) : 'active';
  const sort: DashboardSort = isDashboardSort(params.get('sort')) ? (params.get('sort') as DashboardSort) : 'date';
  // The one dialog open (ADR 026): the party form (a new party, or one to edit) or deleting one.
  const [dialog, setDialog] = useState<{ kind: 'edit'; party?: Party } | { kind: 'delete'; party: Party } | null>(null);
  const [alphabetical, setAlphabetical] = useState(true);
  const shown = dashboardParties(parties, tab, sort, i18n.language);
  const links = quickLinks(parties, tab, alphabetical, i18n.language);
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  // A successful save closes the dialog; an error keeps it open with the message.
  useEffect(() => {
    if (navigation.state === 'idle' && result?.ok) {
      setDialog(null);
    }
  }, [result, navigation.state]);

  return (
    <div>
      <PageHeader
        title={t('parties.title')}
        actions={[{ label: t('parties.newParty'), onClick: () => setDialog({ kind: 'edit' }) }]}
        tabs={{
          label: t('parties.tabs'),
          current: tab,
          onChange: (value) => setParam('tab', value),
          items: [
            { value: 'active', label: t('parties.active') },
            { value: 'expired', label: t('parties.expired') },
          ],
        }}
        sort={{
          current: sort,
          onChange: (value) => setParam('sort', value),
          items: [
            { value: 'date', label: t('sort.date') },
            { value: 'name', label: t('sort.name') },
          ],
        }}
      />
      {workspace?.appBanner ? <AppBanner stores={workspace.appBanner.stores} /> : null}
      <main id="main" className="grid grid-cols-1 gap-6 px-4 py-6 sm:px-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-label={tab === 'active' ? t('parties.active') : t('parties.expired')}>
          <Notice
            text={result?.ok ? t(`parties.${result.intent === 'create' ? 'created' : result.intent === 'update' ? 'saved' : 'deleted'}`) : null}
            className="mb-4"
          />
          {shown.length === 0 ? (
            <p className="text-slate-600">{parties.length === 0 ? t('parties.empty') : tab === 'active' ? t('parties.noActive') : t('parties.noExpired')}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="party-cards">
              {shown.map((party) => (
                <PartyCard
                  key={party.id}
                  party={party}
                  onEdit={() => setDialog({ kind: 'edit', party })}
                  onDelete={() => setDialog({ kind: 'delete', party })}
                />
              ))}
            </ul>
          )}
        </section>
        <aside aria-labelledby="quick-links" className="self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center justify-between gap-2">
            <h2 id="quick-links" className="font-semibold">
              {t('parties.quickLinks')}
            </h2>
            <button
              type="button"
              aria-pressed={alphabetical}
              onClick={() => setAlphabetical((value) => !value)}
              className="rounded-full px-2 py-1 text-sm font-medium ring-1 ring-slate-300 aria-pressed:bg-slate-800 aria-pressed:text-white"
            >
              {t('parties.sortAZ')}
            </button>
          </div>
          {links.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t(tab === 'active' ? 'parties.noActive' : 'parties.noExpired')}</p>
          ) : (
            <ul className="mt-2 space-y-1" data-testid="quick-links">
              {links.map((party) => (
                <li key={party.id}>
                  <Link to={`/${party.shortId}`} className="block truncate rounded px-1 py-1 text-primary-dark hover:bg-slate-100 hover:underline">
                    {party.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </main>
      {dialog?.kind === 'edit' ? (
        <PartyDialog
          party={dialog.party}
          profiles={profiles}
          selectedProfileId={selectedProfileId}
          error={result && !result.ok && result.intent !== 'delete' ? result.code : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('parties.deleteTitle')}
          confirmLabel={t('parties.delete')}
          destructive
          onCancel={() => setDialog(null)}
          onConfirm={() => submit({ intent: 'delete', id: dialog.party.id }, { method: 'post' })}
        >
          <p>{t('parties.deleteText', { title: dialog.party.title })}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function PartyCard({ party, onEdit, onDelete }: { party: Party; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  return (
    // A long unbroken title or host wraps anywhere rather than widening the card (and a phone's page).
    <li className="relative min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere" data-testid="party-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold">{party.title}</h2>
        <div className="flex shrink-0 items-center gap-1">
          {party.unread ? (
            <span className="rounded-full bg-secondary-dark px-2 py-0.5 text-xs font-medium text-white" data-testid="unread">
              {t('party.newMessages')}
            </span>
          ) : null}
          <Menu
            label={t('parties.menu', { title: party.title })}
            buttonContent={<DotsIcon vertical className="h-5 w-5" />}
            items={[
              { key: 'open', label: t('parties.openNewTab'), href: `/${party.shortId}`, newTab: true },
              { key: 'edit', label: t('parties.edit'), onSelect: onEdit },
              { key: 'delete', label: t('parties.delete'), onSelect: onDelete, destructive: true },
            ]}
            listClassName="w-52"
            buttonClassName="rounded-full p-1.5 text-slate-600 hover:bg-slate-100"
          />
        </div>
      </div>
      {party.host ? <p className="text-slate-600">{t('parties.hostedBy', { host: party.host })}</p> : null}
      {party.passwordProtected ? (
        <p className="flex items-center gap-1 text-sm text-slate-600" data-testid="password-protected">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <rect x="5" y="11" width="14" height="9" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          {t('parties.passwordProtected')}
        </p>
      ) : null}
      {party.manager ? (
        <p className="text-sm text-slate-600">{t('party.managedBy', { name: `${party.manager.firstName} ${party.manager.lastName}` })}</p>
      ) : null}
      {party.start ? <p className="text-sm text-slate-600">{t('party.startsAt', { date: format(party.start) })}</p> : null}
      <p className="mt-1 text-sm text-slate-600">
        {party.expiration === null
          ? t('parties.neverExpires')
          : t(party.expired ? 'parties.expiredAt' : 'parties.expiringAt', { date: format(party.expiration) })}
      </p>
      {party.latestMessage ? (
        <p className="mt-1 text-sm text-slate-600">
          {t('parties.latestMessage', { name: party.latestMessage.senderName, date: format(party.latestMessage.timestamp) })}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/${party.shortId}`} className="rounded-full bg-primary-dark px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-dark/90">
          {t('parties.open')}
          <span className="sr-only">: {party.title}</span>
        </Link>
        <CopyLinkButton path={`/${party.shortId}`} />
      </div>
    </li>
  );
}
