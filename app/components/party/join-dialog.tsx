import { useFetcher } from '@remix-run/react';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { Dialog } from '~/components/dialog';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { filled, TEXT_FIELD, useFormValid } from '~/lib/use-form-valid';

/** A guest signed in on this device who is not yet a member: her account's names, and whether it has an address. */
export interface SignedInGuest {
  firstName: string;
  lastName: string;
  claimed: boolean;
}

/**
 * The guest's way in: first and last name (trimmed, both required), and the party's password when
 * it has one. The server's answer (wrong password, too many attempts) is shown in the dialog. A
 * guest signed in here joins with her account's names, filled in and folded away in a native
 * disclosure until she opens it to change them: the form sends them either way, and it works
 * before the page is interactive.
 */
export function JoinDialog({ title, passwordProtected, guest }: { title: string; passwordProtected: boolean; guest: SignedInGuest | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: false; code: ErrorCode } | { ok: true }>();
  const complete = useCallback(
    (values: FormData) => filled(values, 'firstName') && filled(values, 'lastName') && (!passwordProtected || String(values.get('password') ?? '') !== ''),
    [passwordProtected],
  );
  // Her account's names fill the form in: she may join at once, and the focus waits on the button.
  const { form, valid } = useFormValid(complete, guest !== null && !passwordProtected);
  const submit = useRef<HTMLButtonElement>(null);

  const busy = fetcher.state !== 'idle';
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.code : null;
  const names = (
    <>
      <label className="block">
        <span className="font-medium">{t('join.firstName')}</span>
        <input name="firstName" defaultValue={guest?.firstName} autoComplete="given-name" maxLength={LIMITS.nameMax} className={TEXT_FIELD} />
      </label>
      <label className="block">
        <span className="font-medium">{t('join.lastName')}</span>
        <input name="lastName" defaultValue={guest?.lastName} autoComplete="family-name" maxLength={LIMITS.nameMax} className={TEXT_FIELD} />
      </label>
    </>
  );
  return (
    <Dialog aria-labelledby="join-title" size="md" className="p-6" initialFocus={submit}>
      <p className="text-sm font-medium text-primary-dark">{title}</p>
      <h1 id="join-title" className="mt-1 text-xl font-semibold">
        {t('join.title')}
      </h1>
      <p className="mt-1 text-slate-600">{guest ? t('join.joinAs', { name: `${guest.firstName} ${guest.lastName}` }) : t('join.intro')}</p>
      <fetcher.Form ref={form} method="post" className="mt-4 space-y-3" noValidate>
        {guest ? (
          <details className="space-y-3">
            <summary className="font-medium text-primary-dark underline">{t('guestMenu.rename')}</summary>
            {names}
          </details>
        ) : (
          names
        )}
        {passwordProtected ? (
          <label className="block">
            <span className="font-medium">{t('join.password')}</span>
            <input type="password" name="password" autoComplete="current-password" className={TEXT_FIELD} />
          </label>
        ) : null}
        <ErrorBanner code={error} />
        <button
          ref={submit}
          type="submit"
          disabled={!valid || busy}
          className="w-full rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('join.submit')}
        </button>
        <p className="text-xs text-slate-600">
          {t('join.privacy')} {/* A new tab: what the guest typed here stays. */}
          <a href="/privacy" target="_blank" rel="noopener" className="text-primary-dark underline underline-offset-2">
            {t('join.privacyLink')}
          </a>
        </p>
      </fetcher.Form>
    </Dialog>
  );
}
