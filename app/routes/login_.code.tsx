import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, useLoaderData, useNavigate } from '@remix-run/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { CodeField, GUEST_CARD, PRIMARY_BUTTON, ResendButton, codeValid } from '~/components/guest-login/guest-login-forms';
import { Notice } from '~/components/notice';
import { PublicPage } from '~/components/public/public-page';
import type { ErrorCode } from '~/core/errors';
import { GUEST_CODE } from '~/core/guest-account';
import { isEmailAddress } from '~/core/schemas';
import type { CodeMode } from '~/lib/guest-sign-in';
import { MY_PARTIES_PATH, redeemCode, requestCode } from '~/lib/guest-sign-in';
import { useFormValid } from '~/lib/use-form-valid';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/**
 * The code entry page, after a code was mailed to `email`: `mode=claim` attaches the address to the
 * guest of this browser, otherwise the code signs this browser in as the address's guest. Without a
 * valid address (or, to claim, without a guest) there is nothing to enter a code for.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const email = (url.searchParams.get('email') ?? '').trim();
  const mode: CodeMode = url.searchParams.get('mode') === 'claim' ? 'claim' : 'login';
  if (!isEmailAddress(email) || (mode === 'claim' && !context.identity.guest)) return redirect('/login');
  return { email, mode };
}

export default function LoginCode() {
  const { t, i18n } = useTranslation();
  const { email, mode } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { form, valid } = useFormValid(codeValid);
  const [error, setError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  // Says so until the next try: the page has no timer (its modules stay those of the sign-in, ADR 027).
  const [resent, setResent] = useState<string | null>(null);

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy('verify');
    setError(null);
    const redeemed = await redeemCode(mode, email, String(new FormData(event.currentTarget).get('code') ?? ''));
    if (redeemed.ok) return navigate(MY_PARTIES_PATH);
    setBusy(null);
    setError(redeemed.code);
  };
  const resend = async () => {
    setBusy('resend');
    setError(null);
    setResent(null);
    const sent = await requestCode(mode, email, i18n.language);
    setBusy(null);
    if (sent.ok) setResent(t('guestLogin.resent'));
    else setError(sent.code);
  };

  return (
    <PublicPage mainClassName="flex items-start justify-center px-4 py-8 sm:items-center">
      <div className={GUEST_CARD}>
        <h1 className="text-2xl font-semibold">{t('guestLogin.codeTitle')}</h1>
        <p className="mt-2 text-slate-700 wrap-anywhere">{t('guestLogin.codeSent', { digits: GUEST_CODE.digits, email })}</p>
        <p className="mt-2 text-sm text-slate-600">
          {t('guestLogin.codeHint', { minutes: GUEST_CODE.ttlMs / 60_000 })}
          {mode === 'login' ? ` ${t('guestLogin.loginHint')}` : null}
        </p>
        <form ref={form} onSubmit={verify} noValidate className="mt-6">
          {/* The page is there to take the code: the phone's keyboard (and its offer of the mailed code) comes at once. */}
          <CodeField id="guest-code" error={error} onEdit={() => setError(null)} autoFocus />
          <ErrorBanner layout="field" id="guest-code-error" code={error} className="mt-2" />
          <div className="mt-4 flex gap-3">
            <Link
              to="/login"
              className="flex-1 rounded-full px-5 py-3 text-center font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light"
            >
              {t('guestLogin.back')}
            </Link>
            <button type="submit" disabled={!valid || busy !== null} className={`flex-1 ${PRIMARY_BUTTON}`}>
              {busy === 'verify' ? t('guestLogin.verifying') : t('guestLogin.verify')}
            </button>
          </div>
        </form>
        <ResendButton sending={busy === 'resend'} disabled={busy !== null} onClick={() => void resend()} className="mt-4" />
        <Notice text={resent} className="mt-3" />
      </div>
    </PublicPage>
  );
}
