import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { GuestDeleted, GuestDeletion } from '~/components/guest-login/guest-deletion';
import { Notice } from '~/components/notice';
import { PictureField, usePictureChoice } from '~/components/profile/picture-field';
import { ProfileSection, SaveButton } from '~/components/profile/profile-section';
import { PublicPage } from '~/components/public/public-page';
import type { ErrorCode } from '~/core/errors';
import type { GuestAccount } from '~/core/guest-account';
import { LIMITS } from '~/core/limits';
import { GuestNamesSchema, firstErrorCode } from '~/core/schemas';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';
import { apiFetch } from '~/lib/api';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = withWorkspaceTexts;

/**
 * A guest's own profile, for her alone. Without a guest session the sign-in is the way here; a
 * guest asking for another guest's id is told the page does not exist, exactly as for an unknown
 * id, so the page says nothing about who else is a guest. Below the form she deletes her account
 * (ADR 053).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const guest = context.identity.guest;
  if (!guest) throw redirect('/login');
  if (guest.guestId !== params.id) throw new Response(null, { status: 404 });
  return { account: await context.services.guestAccounts.guestAccount(context.db, guest.guestId) };
}

export default function GuestProfilePage() {
  const { account } = useLoaderData<typeof loader>();
  const [deleted, setDeleted] = useState(false);
  return deleted ? (
    <PublicPage mainClassName="mx-auto w-full max-w-2xl px-4 pb-16 pt-4">
      <GuestDeleted />
    </PublicPage>
  ) : (
    <GuestProfile initial={account} onDeleted={() => setDeleted(true)} />
  );
}

type Field = 'firstName' | 'lastName';

/**
 * Names and picture, saved together by the guest API (PUT /api/guests/profile, and the picture's
 * own PUT or DELETE); each answer is the account as it is now, which the form then shows.
 */
function GuestProfile({ initial, onDeleted }: { initial: GuestAccount; onDeleted: () => void }) {
  const { t } = useTranslation();
  const ids = useId();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState({ firstName: initial.firstName, lastName: initial.lastName });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: true } | { ok: false; code: ErrorCode; field: Field | null } | null>(null);
  const choice = usePictureChoice(() => setResult(null));
  const namesChanged = values.firstName !== saved.firstName || values.lastName !== saved.lastName;
  const dirty = namesChanged || choice.picture !== null || choice.removed;
  const error = choice.error ?? (result && !result.ok ? result.code : null);
  const invalid = result && !result.ok ? result.field : null;

  const change = (field: Field, value: string) => {
    setResult(null);
    setValues((current) => ({ ...current, [field]: value }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const names = GuestNamesSchema.safeParse(values);
    if (!names.success) {
      const field = (names.error.issues[0]?.path[0] as Field | undefined) ?? null;
      setResult({ ok: false, code: firstErrorCode(names.error), field });
      if (field) document.getElementById(`${ids}-${field}`)?.focus();
      return;
    }
    setBusy(true);
    const fail = (code: ErrorCode, account: GuestAccount) => {
      // What was saved before a refusal stays saved, and the form shows it.
      setSaved(account);
      setBusy(false);
      setResult({ ok: false, code, field: null });
    };
    const renamed = namesChanged ? await apiFetch<GuestAccount>('/api/guests/profile', { method: 'PUT', body: names.data }) : null;
    if (renamed && !renamed.ok) return fail(renamed.code, saved);
    let account = renamed?.data ?? saved;
    const pictured = choice.picture
      ? await apiFetch<GuestAccount>('/api/guests/profile/picture', { method: 'PUT', body: choice.picture.file })
      : choice.removed
        ? await apiFetch<GuestAccount>('/api/guests/profile/picture', { method: 'DELETE' })
        : null;
    if (pictured && !pictured.ok) {
      setValues({ firstName: account.firstName, lastName: account.lastName });
      return fail(pictured.code, account);
    }
    account = pictured?.data ?? account;
    setSaved(account);
    setValues({ firstName: account.firstName, lastName: account.lastName });
    choice.reset();
    setBusy(false);
    setResult({ ok: true });
  };

  const field = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark aria-[invalid=true]:border-red-700';
  const nameField = (name: Field, autoComplete: string) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className="font-medium">
        {t(`join.${name}`)}
        <span className="text-red-800">
          <span aria-hidden="true"> *</span>
          <span className="sr-only"> ({t('profiles.required')})</span>
        </span>
      </label>
      <input
        id={`${ids}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        required
        maxLength={LIMITS.nameMax}
        autoComplete={autoComplete}
        aria-invalid={invalid === name || undefined}
        aria-describedby={invalid === name ? `${ids}-error` : undefined}
        className={field}
      />
    </div>
  );

  return (
    <PublicPage mainClassName="mx-auto w-full max-w-2xl px-4 pb-16 pt-4">
      <Link to="/my-parties" className="inline-flex items-center gap-1 font-medium text-primary-dark underline-offset-2 hover:underline">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m15 18-6-6 6-6" />
        </svg>
        {t('guestAccount.back')}
      </Link>
      <h1 className="mt-4 text-2xl font-semibold">{t('guestAccount.profileTitle')}</h1>
      <form onSubmit={(event) => void save(event)} noValidate className="mt-4 space-y-5">
        <ProfileSection id={`${ids}-picture`} title={t('profiles.picture')} level={2}>
          <PictureField id={ids} choice={choice} person={values} saved={saved.picture} />
        </ProfileSection>
        <ProfileSection id={`${ids}-name`} title={t('guestAccount.name')} level={2}>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            {nameField('firstName', 'given-name')}
            {nameField('lastName', 'family-name')}
          </div>
        </ProfileSection>
        <ProfileSection id={`${ids}-email`} title={t('guestAccount.email')} level={2}>
          {saved.email ? (
            <>
              <p className="mt-2 font-medium wrap-anywhere" data-testid="guest-email">
                {saved.email}
              </p>
              <p className="text-sm text-slate-600">{t('guestAccount.emailHint')}</p>
            </>
          ) : (
            <>
              <p className="mt-2 text-slate-600">{t('guestAccount.noEmail')}</p>
              <Link to="/claim" className="mt-2 inline-block font-medium text-primary-dark underline underline-offset-2">
                {t('guestAccount.claim')}
              </Link>
            </>
          )}
        </ProfileSection>
        <ErrorBanner id={`${ids}-error`} code={error} />
        <Notice text={result?.ok && !dirty ? t('guestAccount.saved') : null} />
        <SaveButton dirty={dirty} busy={busy} />
      </form>
      <div className="mt-8">
        <GuestDeletion email={saved.email} onDeleted={onDeleted} />
      </div>
    </PublicPage>
  );
}

/** Someone else's id (or an unknown one): "Page not found", with the way back to her own parties. */
export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PublicPage>
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold">{notFound ? t('notFound.title') : t('errors.generic')}</h1>
        <Link to="/my-parties" className="mt-4 inline-block font-medium text-primary-dark underline">
          {t('guestAccount.back')}
        </Link>
      </div>
    </PublicPage>
  );
}
