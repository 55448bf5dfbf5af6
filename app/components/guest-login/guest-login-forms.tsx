import { useNavigate } from '@remix-run/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailField } from '~/components/email-field';
import { ErrorBanner } from '~/components/error-banner';
import type { ErrorCode } from '~/core/errors';
import { GUEST_CODE_PATTERN } from '~/core/guest-account';
import { LIMITS } from '~/core/limits';
import { isEmailAddress } from '~/core/schemas';
import { apiFetch } from '~/lib/api';
import type { CodeMode } from '~/lib/guest-sign-in';
import { codePagePath, requestCode } from '~/lib/guest-sign-in';
import { filled, TEXT_FIELD, useFormValid } from '~/lib/use-form-valid';

/** The card the guest's sign-in screens sit on, inside the public page frame. */
export const GUEST_CARD = 'w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8';
export const PRIMARY_BUTTON =
  'w-full rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90 disabled:cursor-not-allowed disabled:opacity-50';

const emailValid = (values: FormData) => isEmailAddress(String(values.get('email') ?? ''));
const registrationValid = (values: FormData) => filled(values, 'firstName') && filled(values, 'lastName') && emailValid(values);

/**
 * An address and a send-code button, which waits for a valid address (the rule the API applies,
 * `isEmailAddress`). Sent, the reader goes on to the code entry page. `mode` login: any address
 * (the answer is the same whether or not it has an account); claim: for the guest of this browser.
 */
export function EmailCodeForm({ mode, id }: { mode: CodeMode; id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { form, valid } = useFormValid(emailValid);
  const [error, setError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || busy) return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    setError(null);
    const sent = await requestCode(mode, email, i18n.language);
    if (sent.ok) return navigate(codePagePath(mode, email));
    setBusy(false);
    setError(sent.code);
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-3">
      <EmailField id={id} label={t('guestLogin.email')} error={error} onEdit={() => setError(null)} />
      <button type="submit" disabled={!valid || busy} className={PRIMARY_BUTTON}>
        {busy ? t('guestLogin.sending') : t('guestLogin.sendCode')}
      </button>
    </form>
  );
}

type RegistrationError = { field: 'names' | 'email'; code: ErrorCode };

/**
 * A new guest: first and last name (trimmed, both required) and her address. Registering makes the
 * guest of this browser; claiming mails the code that attaches the address to her. If the claim is
 * refused (too many codes), the guest made stays, and the next try only claims again (after
 * renaming her, if the names were changed meanwhile).
 */
export function RegisterForm({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { form, valid } = useFormValid(registrationValid);
  const [error, setError] = useState<RegistrationError | null>(null);
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState<{ firstName: string; lastName: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || busy) return;
    const values = new FormData(event.currentTarget);
    const names = { firstName: String(values.get('firstName') ?? '').trim(), lastName: String(values.get('lastName') ?? '').trim() };
    const email = String(values.get('email') ?? '');
    setBusy(true);
    setError(null);
    const fail = (field: RegistrationError['field'], code: ErrorCode) => {
      setBusy(false);
      setError({ field, code });
    };
    if (registered?.firstName !== names.firstName || registered.lastName !== names.lastName) {
      const made = registered
        ? await apiFetch('/api/guests/profile', { method: 'PUT', body: names })
        : await apiFetch('/api/guests/register', { method: 'POST', body: names });
      if (!made.ok) return fail('names', made.code);
      setRegistered(names);
    }
    const sent = await requestCode('claim', email, i18n.language);
    if (!sent.ok) return fail('email', sent.code);
    navigate(codePagePath('claim', email));
  };

  const namesErrorId = `${id}-names-error`;
  const namesError = error?.field === 'names' ? error.code : null;
  const nameField = (name: 'firstName' | 'lastName', autoComplete: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block font-medium">
        {t(`guestLogin.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        autoComplete={autoComplete}
        required
        maxLength={LIMITS.nameMax}
        aria-invalid={namesError ? true : undefined}
        aria-describedby={namesError ? namesErrorId : undefined}
        onChange={() => setError(null)}
        className={TEXT_FIELD}
      />
    </div>
  );
  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {nameField('firstName', 'given-name')}
        {nameField('lastName', 'family-name')}
      </div>
      <ErrorBanner layout="field" id={namesErrorId} code={namesError} />
      <EmailField id={`${id}-email`} label={t('guestLogin.email')} error={error?.field === 'email' ? error.code : null} onEdit={() => setError(null)} />
      <button type="submit" disabled={!valid || busy} className={PRIMARY_BUTTON}>
        {busy ? t('guestLogin.sending') : t('guestLogin.register')}
      </button>
    </form>
  );
}

/** Whether a form's `code` field holds a code's digits. */
export const codeValid = (values: FormData) => GUEST_CODE_PATTERN.test(String(values.get('code') ?? '').trim());

/**
 * A mailed code's field, labelled, named `code`: the phone's number keyboard and its offer of the
 * code from the mail (`one-time-code`); `error` marks it and names the banner (`{id}-error`) that
 * says why. `autoFocus` where the page is there to take the code.
 */
export function CodeField({
  id,
  error,
  onEdit,
  autoFocus = false,
  className = '',
}: {
  id: string;
  error: ErrorCode | null;
  onEdit: () => void;
  autoFocus?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="block font-medium">
        {t('guestLogin.code')}
      </label>
      <input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus={autoFocus}
        pattern={GUEST_CODE_PATTERN.source.slice(1, -1)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onEdit}
        className={`${TEXT_FIELD} text-center font-mono text-2xl tracking-[0.5em] ${className}`}
      />
    </>
  );
}

/** "Send a new code", as a link: "sending" while it goes. */
export function ResendButton({ sending, disabled, onClick, className = '' }: { sending: boolean; disabled: boolean; onClick: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={`text-sm font-medium text-primary-dark underline underline-offset-2 disabled:opacity-50 ${className}`}
    >
      {sending ? t('guestLogin.sending') : t('guestLogin.resend')}
    </button>
  );
}
