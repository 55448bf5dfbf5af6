import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorBanner } from '~/components/error-banner';
import { useDateFormatter } from '~/components/local-time';
import { ProfileAvatar } from '~/components/profile/profile-avatar';
import { PublicPage } from '~/components/public/public-page';
import type { ErrorCode } from '~/core/errors';
import type { GuestParty } from '~/core/guest-account';
import { fullName } from '~/core/text';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';
import { apiFetch } from '~/lib/api';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = withWorkspaceTexts;

/**
 * A guest's own page: who she is and every party she is a member of. Anyone who is not a guest
 * (a visitor, a consultant) is sent to the sign-in, where a guest signs in with her address.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const guest = context.identity.guest;
  if (!guest) throw redirect('/login');
  const { guestAccounts } = context.services;
  const [account, parties] = await Promise.all([
    guestAccounts.guestAccount(context.db, guest.guestId),
    guestAccounts.guestParties(context.env, context.db, guest.guestId),
  ]);
  return { account, parties };
}

const ACTION = 'inline-block rounded-full px-4 py-2 text-sm font-medium ring-1';

export default function MyParties() {
  const { t } = useTranslation();
  const { account, parties } = useLoaderData<typeof loader>();
  const active = parties.filter((party) => !party.expired);
  const ended = parties.filter((party) => party.expired);
  const claimed = account.email !== null;
  return (
    <PublicPage mainClassName="mx-auto w-full max-w-2xl px-4 pb-16 pt-4">
      <section aria-labelledby="me" className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center">
        <ProfileAvatar person={account} src={account.picture} size="md" />
        <div className="min-w-0 flex-1 wrap-anywhere">
          <p id="me" className="text-lg font-semibold">
            {fullName(account)}
          </p>
          {account.email ? <p className="text-sm text-slate-600">{account.email}</p> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <Link to={`/guest-profile/${account.id}`} className={`${ACTION} ring-slate-300 hover:bg-slate-100`}>
              {t('guestAccount.editProfile')}
            </Link>
            {claimed ? (
              <Link to="/export" className={`${ACTION} ring-slate-300 hover:bg-slate-100`}>
                {t('dataExport.menuItem')}
              </Link>
            ) : null}
            {claimed ? null : (
              <Link to="/claim" className={`${ACTION} bg-primary-dark text-white ring-primary-dark hover:bg-primary-dark/90`}>
                {t('guestAccount.claim')}
              </Link>
            )}
          </div>
          {claimed ? null : <p className="mt-2 text-sm text-slate-600">{t('guestAccount.claimHint')}</p>}
        </div>
      </section>

      <h1 className="mt-8 text-2xl font-semibold">{t('guestAccount.title')}</h1>
      {parties.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-white p-5 text-slate-600 ring-1 ring-slate-200">{t('guestAccount.empty')}</p>
      ) : (
        <>
          {active.length > 0 ? <PartyGroup title={t('guestAccount.active')} parties={active} /> : null}
          {ended.length > 0 ? <PartyGroup title={t('guestAccount.ended')} parties={ended} /> : null}
        </>
      )}
      {/* Without an address she could not sign in again: this device's key is all she has. */}
      {claimed ? <SignOutEverywhere /> : null}
    </PublicPage>
  );
}

function PartyGroup({ title, parties }: { title: string; parties: GuestParty[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-5">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h2>
      <ul className="mt-2 space-y-2">
        {parties.map((party) => (
          <PartyRow key={party.id} party={party} />
        ))}
      </ul>
    </section>
  );
}

function PartyRow({ party }: { party: GuestParty }) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const people = [party.host ? t('party.host', { host: party.host }) : null, t('party.managedBy', { name: party.managerName })].filter(Boolean).join(' · ');
  const when = party.expired
    ? party.expiresAt !== null
      ? t('guestAccount.endedAt', { date: format(party.expiresAt, 'date') })
      : null
    : party.startAt !== null
      ? t('party.startsAt', { date: format(party.startAt) })
      : party.latestAt !== null
        ? t('guestAccount.latest', { date: format(party.latestAt) })
        : null;
  return (
    <li data-testid="guest-party">
      <Link
        to={`/${party.shortId}`}
        className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 wrap-anywhere hover:ring-primary-dark focus-visible:ring-2 focus-visible:ring-primary-dark"
      >
        <span className="flex items-center gap-2">
          <span className={`min-w-0 text-lg ${party.unread ? 'font-bold' : 'font-semibold'}`}>{party.title}</span>
          {party.unread ? (
            <span className="flex shrink-0 items-center" data-testid="unread">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-secondary-dark" />
              <span className="sr-only">{t('party.newMessages')}</span>
            </span>
          ) : null}
        </span>
        <span className="block text-sm text-slate-600">{people}</span>
        {when ? <span className="block text-sm text-slate-600">{when}</span> : null}
      </Link>
    </li>
  );
}

/** Every device's key of hers is deleted; this one's too, so she signs in again here as well. */
function SignOutEverywhere() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  const signOut = async () => {
    const result = await apiFetch<null>('/api/guests/logout', { method: 'POST' });
    if (!result.ok) {
      setAsking(false);
      setError(result.code);
      return;
    }
    window.location.assign('/login');
  };
  return (
    <div className="mt-10 border-t border-slate-200 pt-6">
      <ErrorBanner code={error} className="mb-3" />
      <button type="button" onClick={() => setAsking(true)} className={`${ACTION} text-red-800 ring-red-300 hover:bg-red-50`}>
        {t('guestAccount.signOutAll')}
      </button>
      {asking ? (
        <ConfirmDialog
          title={t('guestAccount.signOutTitle')}
          confirmLabel={t('guestAccount.signOutAll')}
          destructive
          onCancel={() => setAsking(false)}
          onConfirm={() => void signOut()}
        >
          {t('guestAccount.signOutText')}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
