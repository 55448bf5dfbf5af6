import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton } from '~/components/copy-link-button';
import { useDateFormatter } from '~/components/local-time';
import { fromLocalInput, toLocalInput } from '~/core/dates';
import { isAppError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { defaultExpiration } from '~/core/party';
import { PartyInputSchema, firstErrorCode } from '~/core/schemas';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  const [parties, profiles] = await Promise.all([
    context.services.parties.listParties(context.db, userId),
    context.services.profiles.listProfiles(context.db, userId),
  ]);
  return { parties: parties.reverse(), profiles };
}

type ActionResult = { ok: true; shortId: string } | { ok: false; code: ErrorCode };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionResult> {
  const { userId } = requireConsultant(context, request);
  const form = await request.formData();
  const offset = Number(form.get('tzOffset') ?? 0) || 0;
  const text = (name: string) => String(form.get(name) ?? '');
  const date = (name: string) => (text(name) ? fromLocalInput(text(name), offset) : null);
  const parsed = PartyInputSchema.safeParse({
    title: text('title'),
    host: text('host') || null,
    start: date('start'),
    expiration: form.get('neverExpires') === 'on' ? null : (date('expiration') ?? undefined),
    manager: text('manager') || null,
    password: text('password') || null,
    restrictedMessaging: form.get('restrictedMessaging') === 'on',
  });
  if (!parsed.success) return { ok: false, code: firstErrorCode(parsed.error) };
  try {
    const party = await context.services.parties.createParty(context.db, userId, parsed.data);
    return { ok: true, shortId: party.shortId };
  } catch (error) {
    if (isAppError(error)) return { ok: false, code: error.code };
    throw error;
  }
}

export default function Parties() {
  const { t } = useTranslation();
  const { parties, profiles } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const formatDate = useDateFormatter();
  const [formOpen, setFormOpen] = useState(parties.length === 0);
  useEffect(() => {
    if (result?.ok) setFormOpen(false);
  }, [result]);

  return (
    <div className="min-h-full">
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-semibold">{t('parties.title')}</h1>
          <button
            type="button"
            onClick={() => setFormOpen((open) => !open)}
            aria-expanded={formOpen}
            aria-controls="new-party"
            className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90"
          >
            {t('parties.newParty')}
          </button>
        </div>
        {result?.ok ? (
          <p role="status" className="mt-4 rounded-lg bg-green-50 px-3 py-2 text-green-800">
            {t('parties.created')}
          </p>
        ) : null}
        {formOpen ? <NewPartyForm profiles={profiles} error={result && !result.ok ? result.code : null} onCancel={() => setFormOpen(false)} /> : null}
        {parties.length === 0 ? (
          <p className="mt-8 text-slate-600">{t('parties.empty')}</p>
        ) : (
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {parties.map((party) => (
              <li key={party.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold">{party.title}</h2>
                  {party.unread ? (
                    <span className="shrink-0 rounded-full bg-secondary-dark px-2 py-0.5 text-xs font-medium text-white" data-testid="unread">
                      {t('party.newMessages')}
                    </span>
                  ) : null}
                </div>
                {party.host ? <p className="text-slate-600">{t('parties.hostedBy', { host: party.host })}</p> : null}
                <p className="mt-1 text-sm text-slate-600">
                  {party.expiration === null
                    ? t('parties.neverExpires')
                    : t(party.expired ? 'parties.expiredAt' : 'parties.expiringAt', { date: formatDate(party.expiration) })}
                </p>
                {party.latestMessage ? (
                  <p className="mt-1 text-sm text-slate-600">{t('parties.latestMessage', { name: party.latestMessage.senderName, date: formatDate(party.latestMessage.timestamp) })}</p>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link to={`/${party.shortId}`} className="rounded-full bg-primary-dark px-3 py-1.5 text-sm font-medium text-white hover:bg-primary-dark/90">
                    {t('parties.open')}
                    <span className="sr-only">: {party.title}</span>
                  </Link>
                  <CopyLinkButton path={`/${party.shortId}`} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function NewPartyForm({ profiles, error, onCancel }: { profiles: { id: string; firstName: string; lastName: string }[]; error: ErrorCode | null; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [offset, setOffset] = useState('');
  const [expiration, setExpiration] = useState('');
  const [neverExpires, setNeverExpires] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Wall times need the browser's zone; the default expiration is 3 days from now.
    const minutes = new Date().getTimezoneOffset();
    setOffset(String(minutes));
    setExpiration(toLocalInput(defaultExpiration(Date.now()), minutes));
    titleRef.current?.focus();
  }, []);
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark';
  return (
    <Form method="post" id="new-party" className="mt-4 grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
      <h2 className="text-lg font-semibold sm:col-span-2">{t('partyForm.title')}</h2>
      <input type="hidden" name="tzOffset" value={offset} />
      <label className="block sm:col-span-2">
        <span className="font-medium">{t('partyForm.partyType')}</span>
        <input ref={titleRef} name="title" required maxLength={LIMITS.partyTitleMax} placeholder={t('partyForm.partyTypeHint')} className={field} />
      </label>
      <label className="block">
        <span className="font-medium">{t('partyForm.host')}</span>
        <input name="host" maxLength={LIMITS.hostNameMax} className={field} />
      </label>
      {profiles.length > 1 ? (
        <label className="block">
          <span className="font-medium">{t('partyForm.manager')}</span>
          <select name="manager" required defaultValue="" className={field}>
            <option value="" disabled>
              {t('partyForm.chooseManager')}
            </option>
            {profiles.map((profile) => (
              <option key={profile.id} value={profile.id}>
                {profile.firstName} {profile.lastName}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="block">
        <span className="font-medium">{t('partyForm.start')}</span>
        <input type="datetime-local" name="start" className={field} />
      </label>
      <div>
        <label className="block">
          <span className="font-medium">{t('partyForm.expiration')}</span>
          <input type="datetime-local" name="expiration" value={expiration} onChange={(e) => setExpiration(e.target.value)} disabled={neverExpires} className={`${field} disabled:bg-slate-100`} />
        </label>
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" name="neverExpires" checked={neverExpires} onChange={(e) => setNeverExpires(e.target.checked)} className="h-4 w-4" />
          {t('partyForm.neverExpires')}
        </label>
      </div>
      <label className="block">
        <span className="font-medium">{t('partyForm.password')}</span>
        <input type="password" name="password" autoComplete="new-password" maxLength={LIMITS.passwordMax} className={field} />
      </label>
      <label className="flex items-center gap-2 self-end pb-2">
        <input type="checkbox" name="restrictedMessaging" className="h-4 w-4" />
        {t('partyForm.restricted')}
      </label>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800 sm:col-span-2">
          {t(`errors.${error}`)}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <button type="submit" disabled={navigation.state === 'submitting'} className="rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90 disabled:opacity-60">
          {t('partyForm.submit')}
        </button>
        <button type="button" onClick={onCancel} className="rounded-full px-5 py-2.5 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('partyForm.cancel')}
        </button>
      </div>
    </Form>
  );
}
