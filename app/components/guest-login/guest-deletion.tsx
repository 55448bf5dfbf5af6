import { Link } from '@remix-run/react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorBanner } from '~/components/error-banner';
import { ProfileSection } from '~/components/profile/profile-section';
import type { ErrorCode } from '~/core/errors';
import type { CodeSent } from '~/core/guest-account';
import { apiFetch } from '~/lib/api';
import { useFormValid } from '~/lib/use-form-valid';
import { CodeField, ResendButton, codeValid } from './guest-login-forms';

const DANGER_BUTTON = 'rounded-full bg-red-700 px-5 py-2.5 font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50';
const OUTLINE_DANGER = 'rounded-full px-5 py-2.5 font-medium text-red-800 ring-1 ring-red-800 hover:bg-red-50 disabled:opacity-50';

/**
 * Her account's deletion, on her profile page (ADR 053): what goes and what stays, then a code to
 * her address (`POST /api/guests/me/deletion`) that she types in to delete (`PUT`); a guest
 * without an address confirms in a dialog instead. Deleted, the page says so (her cookie is gone).
 */
export function GuestDeletion({ email, onDeleted }: { email: string | null; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [step, setStep] = useState<'start' | 'code' | 'confirm'>('start');
  const [busy, setBusy] = useState<'send' | 'delete' | null>(null);
  const [error, setError] = useState<ErrorCode | null>(null);

  const sendCode = async () => {
    setBusy('send');
    setError(null);
    const sent = await apiFetch<CodeSent>('/api/guests/me/deletion', { method: 'POST', body: { languageCode: i18n.language } });
    setBusy(null);
    if (sent.ok) setStep('code');
    else setError(sent.code);
  };
  const remove = async (code: string | null) => {
    setBusy('delete');
    setError(null);
    const deleted = await apiFetch('/api/guests/me/deletion', { method: 'PUT', body: code ? { code } : {} });
    setBusy(null);
    if (deleted.ok) return onDeleted();
    setStep(email ? 'code' : 'start');
    setError(deleted.code);
  };
  return (
    <ProfileSection id={`${ids}-title`} title={t('guestAccount.deleteTitle')} level={2}>
      <p className="mt-2 text-slate-700">{t('guestAccount.deleteIntro')}</p>
      <a href="/privacy" target="_blank" rel="noopener" className="mt-2 inline-block text-sm font-medium text-primary-dark underline underline-offset-2">
        {t('guestAccount.deletePrivacy')}
      </a>
      {step === 'code' && email ? (
        <CodeForm
          id={ids}
          email={email}
          error={error}
          busy={busy}
          onEdit={() => setError(null)}
          onDelete={(code) => void remove(code)}
          onResend={() => void sendCode()}
        />
      ) : (
        <div className="mt-4 space-y-3">
          <ErrorBanner id={`${ids}-error`} code={error} />
          <button type="button" disabled={busy !== null} onClick={() => (email ? void sendCode() : setStep('confirm'))} className={OUTLINE_DANGER}>
            {busy === 'send' ? t('guestLogin.sending') : email ? t('guestAccount.deleteSendCode') : t('guestAccount.deleteTitle')}
          </button>
        </div>
      )}
      {step === 'confirm' ? (
        <ConfirmDialog
          title={t('guestAccount.deleteDialogTitle')}
          confirmLabel={busy === 'delete' ? t('guestAccount.deleting') : t('guestAccount.deleteTitle')}
          confirmDisabled={busy !== null}
          destructive
          onCancel={() => setStep('start')}
          onConfirm={() => void remove(null)}
        >
          {t('guestAccount.deleteDialogText')}
        </ConfirmDialog>
      ) : null}
    </ProfileSection>
  );
}

/**
 * The mailed code and the button that deletes with it, which waits for six digits. A component of
 * its own: `useFormValid` reads its form once it is there.
 */
function CodeForm({
  id,
  email,
  error,
  busy,
  onEdit,
  onDelete,
  onResend,
}: {
  id: string;
  email: string;
  error: ErrorCode | null;
  busy: 'send' | 'delete' | null;
  onEdit: () => void;
  onDelete: (code: string) => void;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const { form, valid } = useFormValid(codeValid);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (valid && !busy) onDelete(String(new FormData(event.currentTarget).get('code') ?? '').trim());
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-3" data-testid="deletion-code">
      <p className="text-slate-700 wrap-anywhere">{t('guestAccount.deleteCodeSent', { email })}</p>
      <div>
        <CodeField id={`${id}-code`} error={error} onEdit={onEdit} className="max-w-60" />
      </div>
      <ErrorBanner layout="field" id={`${id}-code-error`} code={error} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={!valid || busy !== null} className={DANGER_BUTTON}>
          {busy === 'delete' ? t('guestAccount.deleting') : t('guestAccount.deleteConfirm')}
        </button>
        <ResendButton sending={busy === 'send'} disabled={busy !== null} onClick={onResend} />
      </div>
    </form>
  );
}

/** What the profile page shows once her account is gone. */
export function GuestDeleted() {
  const { t } = useTranslation();
  return (
    <div className="mt-6 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200" role="status" data-testid="guest-deleted">
      <h1 className="text-2xl font-semibold">{t('guestAccount.deleted')}</h1>
      <p className="mt-2 text-slate-700">{t('guestAccount.deletedHint')}</p>
      <Link to="/" className="mt-4 inline-block font-medium text-primary-dark underline underline-offset-2">
        {t('guestAccount.toStart')}
      </Link>
    </div>
  );
}
