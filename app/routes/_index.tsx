import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public/public-page';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export function loader({ request, context }: LoaderFunctionArgs) {
  const returnTo = new URL(request.url).searchParams.get('returnTo');
  if (context.identity.consultant) return redirect(context.services.oidc.safeReturnTo(returnTo));
  return { returnTo };
}

export default function Landing() {
  const { t } = useTranslation();
  const { returnTo } = useLoaderData<typeof loader>();
  const login = returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login';
  return (
    <PublicPage
      appSwitch
      action={
        <Link to={login} className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90">
          {t('landing.signIn')}
        </Link>
      }
      mainClassName="mx-auto w-full max-w-5xl px-4 pb-16 pt-10"
    >
      <h1 className="max-w-2xl text-3xl font-bold leading-tight sm:text-5xl">{t('landing.headline')}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700">{t('landing.intro')}</p>
      <div className="mt-10 grid gap-4 sm:grid-cols-2">
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">{t('landing.consultantTitle')}</h2>
          <p className="mt-2 text-slate-600">{t('landing.consultantText')}</p>
          <Link to={login} className="mt-4 inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90">
            {t('landing.signIn')}
          </Link>
        </section>
        <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">{t('landing.guestTitle')}</h2>
          <p className="mt-2 text-slate-600">{t('landing.guestText')}</p>
        </section>
      </div>
    </PublicPage>
  );
}
