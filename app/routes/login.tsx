import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { sitePagePreview } from '~/lib/link-preview.server';
import { EmailCodeForm, GUEST_CARD, RegisterForm } from '~/components/guest-login/guest-login-forms';
import { PublicPage } from '~/components/public/public-page';
import { MY_PARTIES_PATH } from '~/lib/guest-sign-in';
import { signedInGuest } from '~/lib/guest-sign-in.server';
import { LANDING_VIDEO } from '~/lib/landing-video';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: 'Salon' }, ...(data?.preview.tags ?? [])];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/**
 * The ways in: a guest with an account asks for a code, a new guest registers, a consultant signs
 * in with the provider. Whoever is signed in already goes on: a consultant where she wanted to go,
 * a guest with an account to her parties.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = context.services.returnTo.safeReturnTo(url.searchParams.get('returnTo'), request);
  if (context.identity.consultant) return redirect(returnTo);
  const guest = await signedInGuest(context);
  if (guest?.email) return redirect(MY_PARTIES_PATH);
  // A guest of this browser without an address claims one rather than registering anew, and a
  // sign-in takes her parties into the account (ADR 052): the page says so, with her name.
  const guestName = guest ? `${guest.firstName} ${guest.lastName}` : null;
  return { returnTo, failed: url.searchParams.has('failed'), guestName, preview: await sitePagePreview(request, { title: 'Salon', key: 'login' }) };
}

export default function Login() {
  const { t } = useTranslation();
  const { returnTo, failed, guestName } = useLoaderData<typeof loader>();
  return (
    <PublicPage appSwitch mainClassName="flex items-start justify-center px-4 py-8">
      <div className="flex w-full max-w-4xl items-start justify-center gap-12">
        <div className={`${GUEST_CARD} space-y-6`}>
          <div>
            <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
            <p className="mt-2 text-slate-600">{t('login.guestHint')}</p>
          </div>
          <Part id="guest-signin-title" title={t('guestLogin.signInTitle')} intro={t('guestLogin.signInIntro')}>
            {/* What a sign-in does with the guest this browser holds: her parties join the account (ADR 052). */}
            {guestName ? (
              <p className="mt-2 rounded-lg bg-primary-light px-3 py-2 text-sm text-slate-900 wrap-anywhere" data-testid="keeps-parties">
                {t('guestLogin.keepsParties', { name: guestName })}
              </p>
            ) : null}
            <EmailCodeForm mode="login" id="guest-signin-email" />
          </Part>
          <Part
            id="guest-register-title"
            title={t('guestLogin.registerTitle')}
            intro={guestName ? t('guestLogin.alreadyGuest', { name: guestName }) : t('guestLogin.registerIntro')}
          >
            {guestName ? (
              <Link
                to="/claim"
                className="mt-4 inline-block rounded-full px-5 py-2.5 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light"
              >
                {t('guestLogin.addEmail')}
              </Link>
            ) : (
              <RegisterForm id="guest-register" />
            )}
          </Part>
          <Part id="consultant-title" title={t('guestLogin.consultantsTitle')} intro={t('login.intro')}>
            <ErrorBanner className="mt-4">{failed ? t('login.failed') : null}</ErrorBanner>
            {/* A plain form: the sign-in leaves the app for the provider's page. */}
            <form method="get" action="/sso" className="mt-4">
              <input type="hidden" name="returnTo" value={returnTo} />
              <button type="submit" className="w-full rounded-full px-5 py-3 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light">
                {t('login.sso')}
              </button>
            </form>
          </Part>
          {/* The privacy notice opens in a new tab, so a sign-in half done is not lost. */}
          <a href="/privacy" target="_blank" rel="noopener" className="inline-block text-sm text-primary-dark underline underline-offset-2">
            {t('login.privacy')}
          </a>
        </div>
        {/* A picture of a party for wide screens only; lazy, so a phone, which does not show it, never loads it. */}
        <img
          src={LANDING_VIDEO.poster}
          width={LANDING_VIDEO.width}
          height={LANDING_VIDEO.height}
          alt=""
          aria-hidden="true"
          loading="lazy"
          className="sticky top-8 hidden h-auto w-72 shrink-0 rounded-[2.5rem] border-[10px] border-slate-900 bg-slate-900 shadow-xl lg:block"
        />
      </div>
    </PublicPage>
  );
}

/** One way in, named by its heading (a region, so a screen reader can jump between them). */
function Part({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-slate-200 pt-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600 wrap-anywhere">{intro}</p>
      {children}
    </section>
  );
}
