import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useActionData, useLoaderData, useNavigation, useRevalidator, useRouteLoaderData, useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '~/components/notice';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { CopyLinkButton } from '~/components/copy-link-button';
import { useDateFormatter } from '~/components/local-time';
import { DotsIcon, Menu } from '~/components/menu';
import { PartyDialog } from '~/components/parties/party-dialog';
import { LibraryBreadcrumb } from '~/components/library/library-breadcrumb';
import { LibraryCard } from '~/components/library/library-card';
import { dragSource } from '~/components/library/library-drag';
import { MoveDialog } from '~/components/library/move-dialog';
import { TitleDialog } from '~/components/library/title-dialog';
import { useFolderPlace } from '~/components/library/use-folder-place';
import { MediaIcon, PlusIcon } from '~/components/media/media-icons';
import { AppBanner } from '~/components/shell/app-banner';
import { PageHeader } from '~/components/shell/page-header';
import { useWorkspaceSearch } from '~/components/shell/workspace-search';
import type { DashboardSort, DashboardTab } from '~/core/dashboard';
import { dashboardPlace, isDashboardSort, isDashboardTab, offersMove, quickLinks } from '~/core/dashboard';
import { readWallTime } from '~/core/dates';
import { TIMINGS } from '~/core/limits';
import type { LibraryFolder } from '~/core/media-library';
import { apiPath, folderOfPath } from '~/core/media-library';
import { isSearch } from '~/core/search';
import { isAppError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import { NewPartySchema, PartyEditSchema, firstErrorCode } from '~/core/schemas';
import { apiFetch, signInAgain } from '~/lib/api';
import type { ApiResult } from '~/lib/api';
import { requireConsultant } from '~/lib/auth.server';
import { useTimedNotice } from '~/lib/use-timed-notice';
import type { WorkspaceData } from './_app';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  // The profiles and the selected one come with the layout's data (routes/_app).
  const [parties, folders] = await Promise.all([
    context.services.parties.listParties(context.db, userId),
    context.services.partyFolders.listPartyFolders(context.db, userId),
  ]);
  return { parties, folders };
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
      const party = await context.services.parties.createParty(context.env, context.db, userId, parsed.data, context.services.regionOf(request));
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

/** What the move-to dialog moves: a party or a folder, and where it lies. */
interface Movable {
  id: string;
  title: string;
  isFolder: boolean;
  folderId: string | null;
}

type Dialog =
  | { kind: 'edit'; party?: Party }
  | { kind: 'delete'; party: Party }
  | { kind: 'newFolder' }
  | { kind: 'renameFolder'; folder: LibraryFolder }
  | { kind: 'deleteFolder'; folder: LibraryFolder }
  | { kind: 'move'; entry: Movable };

export default function Parties() {
  const { t, i18n } = useTranslation();
  const { parties, folders } = useLoaderData<typeof loader>();
  const workspace = useRouteLoaderData<WorkspaceData>('routes/_app');
  const profiles = workspace?.profiles ?? [];
  const selectedProfileId = workspace?.user.selectedProfile?.id ?? null;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [params, setParams] = useSearchParams();
  const tab: DashboardTab = isDashboardTab(params.get('tab')) ? (params.get('tab') as DashboardTab) : 'active';
  const sort: DashboardSort = isDashboardSort(params.get('sort')) ? (params.get('sort') as DashboardSort) : 'date';
  // The one dialog open (ADR 026): the party form (a new party, or one to edit), deleting one, or a folder's.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [alphabetical, setAlphabetical] = useState(true);
  const place = useFolderPlace(folders, t('parties.root'));
  const { query } = useWorkspaceSearch();
  const searching = isSearch(query);
  // Folders are places of the Active tab; the Expired tab and a search list parties wherever they lie (ADR 037).
  const inFolders = tab === 'active' && !searching;
  const shown = dashboardPlace(parties, { tab, folderId: place.folderId, query }, sort, i18n.language);
  const folderCards = inFolders
    ? folders.filter((folder) => folder.parentId === place.folderId).sort((a, b) => a.title.localeCompare(b.title, i18n.language))
    : [];
  const links = quickLinks(parties, tab, alphabetical, i18n.language);
  const revalidator = useRevalidator();
  const notices = useTimedNotice<string>(TIMINGS.successNoticeMs);
  const [busy, setBusy] = useState(false);
  const [folderError, setFolderError] = useState<ErrorCode | null>(null);
  const openDialog = (next: Dialog) => {
    setFolderError(null);
    setDialog(next);
  };
  /** A folder change through the API (worker/services/party-folders.ts): on success the dialog closes and the notice says what was done. */
  const change = async (call: Promise<ApiResult<unknown>>, success: string) => {
    setBusy(true);
    const answer = await call;
    setBusy(false);
    if (!answer.ok) {
      if (answer.status === 401) return signInAgain(true);
      setFolderError(answer.code);
      return;
    }
    setDialog(null);
    setFolderError(null);
    notices.show(success);
    revalidator.revalidate();
  };
  const move = (entry: Movable, target: string | null) =>
    change(
      apiFetch('/api/parties/folder', { method: 'PUT', body: { partyId: entry.id, path: apiPath(target, place.tree) } }),
      t('media.moved', { title: entry.title, place: place.titleOf(target) }),
    );
  const movable = (id: string): Movable | null => {
    const folder = folders.find((each) => each.id === id);
    if (folder) return { id, title: folder.title, isFolder: true, folderId: folder.parentId };
    const party = parties.find((each) => each.id === id);
    return party && offersMove(party) ? { id, title: party.title, isFolder: false, folderId: folderOfPath(party.path) } : null;
  };
  // A party or folder card dropped on a folder or a breadcrumb entry: moved there, as from the move-to dialog.
  const dropped = (id: string, target: string | null | 'trash') => {
    const entry = movable(id);
    if (entry && target !== 'trash' && target !== entry.folderId) void move(entry, target);
  };
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
      setDialog((open) => (open?.kind === 'edit' || open?.kind === 'delete' ? null : open));
    }
  }, [result, navigation.state]);

  return (
    <div>
      <PageHeader
        title={t('parties.title')}
        actions={[
          { label: t('parties.newParty'), onClick: () => openDialog({ kind: 'edit' }) },
          ...(tab === 'active'
            ? [
                {
                  label: t('media.newFolder'),
                  onClick: () => openDialog({ kind: 'newFolder' }),
                  icon: <PlusIcon className="h-5 w-5" />,
                  style: 'inherit' as const,
                },
              ]
            : []),
        ]}
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
        <section aria-labelledby="parties-place" className="min-w-0">
          {inFolders ? (
            <div className="mb-3">
              <LibraryBreadcrumb
                rootLabel={t('parties.root')}
                hidden={place.hidden}
                shown={place.shown}
                inTrash={false}
                trash={false}
                linkTo={place.to}
                onOpen={place.open}
                onDrop={dropped}
              />
            </div>
          ) : null}
          <h2 id="parties-place" className={searching || place.folderId !== null ? 'mb-3 text-lg font-semibold wrap-anywhere' : 'sr-only'}>
            {searching ? t('media.results', { query: query.trim() }) : tab === 'active' ? place.titleOf(place.folderId) : t('parties.expired')}
          </h2>
          <Notice
            text={
              notices.notice ?? (result?.ok ? t(`parties.${result.intent === 'create' ? 'created' : result.intent === 'update' ? 'saved' : 'deleted'}`) : null)
            }
            onHold={notices.hold}
            className="mb-4"
          />
          {place.folderGone && inFolders ? <Notice text={t('parties.folderGone')} tone="warning" className="mb-4" /> : null}
          {folderError && !dialog ? (
            <p role="alert" className="mb-4 text-sm font-medium text-red-800">
              {t(`errors.${folderError}`)}
            </p>
          ) : null}
          {folderCards.length > 0 ? (
            <ul className="mb-4 grid grid-cols-[repeat(auto-fill,minmax(min(100%,250px),1fr))] gap-3" data-testid="party-folders">
              {folderCards.map((folder) => (
                <LibraryCard
                  key={folder.id}
                  id={folder.id}
                  title={folder.title}
                  type="folder"
                  testId="party-folder"
                  isFolder
                  trashed={false}
                  picture={<MediaIcon type="folder" className="h-10 w-10" />}
                  link={place.to(folder.id)}
                  onDropInto={(id) => dropped(id, folder.id)}
                  menuItems={[
                    { key: 'move', label: t('media.move'), onSelect: () => openDialog({ kind: 'move', entry: movable(folder.id)! }) },
                    { key: 'rename', label: t('media.rename'), onSelect: () => openDialog({ kind: 'renameFolder', folder }) },
                    { key: 'delete', label: t('parties.deleteFolder'), onSelect: () => openDialog({ kind: 'deleteFolder', folder }), destructive: true },
                  ]}
                />
              ))}
            </ul>
          ) : null}
          {shown.length === 0 ? (
            folderCards.length > 0 ? null : (
              <p className="text-slate-600">
                {searching
                  ? t('parties.noResults', { query: query.trim() })
                  : parties.length === 0
                    ? t('parties.empty')
                    : inFolders && place.folderId !== null
                      ? t('media.emptyFolder')
                      : tab === 'active'
                        ? t('parties.noActive')
                        : t('parties.noExpired')}
              </p>
            )
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" data-testid="party-cards">
              {shown.map((party) => (
                <PartyCard
                  key={party.id}
                  party={party}
                  onEdit={() => openDialog({ kind: 'edit', party })}
                  onDelete={() => openDialog({ kind: 'delete', party })}
                  onMove={offersMove(party) ? () => openDialog({ kind: 'move', entry: movable(party.id)! }) : undefined}
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
      {dialog?.kind === 'newFolder' || dialog?.kind === 'renameFolder' ? (
        <TitleDialog
          heading={dialog.kind === 'newFolder' ? t('media.newFolder') : t('media.renameTitle')}
          label={t('media.folderName')}
          confirmLabel={dialog.kind === 'newFolder' ? t('media.create') : t('common.save')}
          initial={dialog.kind === 'renameFolder' ? dialog.folder.title : ''}
          busy={busy}
          error={folderError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) =>
            void (dialog.kind === 'newFolder'
              ? change(
                  apiFetch('/api/parties/folder', { method: 'POST', body: { title, path: apiPath(place.folderId, place.tree) } }),
                  t('media.created', { title: title.trim() }),
                )
              : change(
                  apiFetch(`/api/parties/folder/${dialog.folder.id}`, { method: 'PUT', body: { name: title } }),
                  t('media.renamed', { title: title.trim() }),
                ))
          }
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          topTitle={t('parties.root')}
          entry={dialog.entry}
          currentFolderId={dialog.entry.folderId}
          folders={folders}
          busy={busy}
          error={folderError}
          onCancel={() => setDialog(null)}
          onMove={(target) => void move(dialog.entry, target)}
        />
      ) : null}
      {dialog?.kind === 'deleteFolder' ? (
        <ConfirmDialog
          title={t('parties.deleteFolderTitle')}
          confirmLabel={t('parties.deleteFolder')}
          destructive
          confirmDisabled={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void change(apiFetch(`/api/parties/folder/${dialog.folder.id}`, { method: 'DELETE' }), t('parties.folderDeleted', { title: dialog.folder.title }))
          }
        >
          <p>{t('parties.deleteFolderText', { title: dialog.folder.title })}</p>
          {folderError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800">
              {t(`errors.${folderError}`)}
            </p>
          ) : null}
        </ConfirmDialog>
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

function PartyCard({ party, onEdit, onDelete, onMove }: { party: Party; onEdit: () => void; onDelete: () => void; onMove: (() => void) | undefined }) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  return (
    // A long unbroken title or host wraps anywhere rather than widening the card (and a phone's page).
    // A party that may move can be dragged onto a folder card or a breadcrumb entry.
    <li
      className="relative min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere"
      data-testid="party-card"
      {...dragSource(party.id, onMove !== undefined)}
    >
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
              { key: 'followUp', label: t('followUp.title'), href: `/parties/${party.id}/follow-up` },
              ...(onMove ? [{ key: 'move', label: t('media.move'), onSelect: onMove }] : []),
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
