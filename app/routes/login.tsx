import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { PublicPage } from '~/components/public/public-page';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = context.services.returnTo.safeReturnTo(url.searchParams.get('returnTo'), request);
  if (context.identity.consultant) return redirect(returnTo);
  return { returnTo, failed: url.searchParams.has('failed') };
}

export default function Login() {
  const { t } = useTranslation();
  const { returnTo, failed } = useLoaderData<typeof loader>();
  return (
    <PublicPage appSwitch mainClassName="flex items-start justify-center px-4 py-8 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold">{t('login.title')}</h1>
        <p className="mt-2 text-slate-600">{t('login.intro')}</p>
        <ErrorBanner className="mt-4">{failed ? t('login.failed') : null}</ErrorBanner>
        {/* A plain form: the sign-in leaves the app for the provider's page. */}
        <form method="get" action="/sso" className="mt-6">
          <input type="hidden" name="returnTo" value={returnTo} />
          <button type="submit" className="w-full rounded-full bg-primary-dark px-5 py-3 font-medium text-white hover:bg-primary-dark/90">
            {t('login.sso')}
          </button>
        </form>
        <p className="mt-6 text-sm text-slate-600">{t('login.guestHint')}</p>
        {/* The privacy notice opens in a new tab, so a sign-in half done is not lost. */}
        <a href="/privacy" target="_blank" rel="noopener" className="mt-4 inline-block text-sm text-primary-dark underline underline-offset-2">
          {t('login.privacy')}
        </a>
      </div>
    </PublicPage>
  );
}
