import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public/public-page';
import { StatePanel } from '~/components/state-panel';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

export const clientLoader = withWorkspaceTexts;

/**
 * Every address that no other route matches: 'Page not found', answered with 404. A signed-out
 * visitor gets it as a public page offering the landing page's ways in (any other path leads a
 * visitor to the landing page), a signed-in one the app's fallback screen. Without this route such
 * an address would have no route at all, and with lazy route discovery the browser's router would
 * start uninitialised and render nothing over the server's page.
 */
export function loader({ context }: LoaderFunctionArgs) {
  return data({ signedIn: context.identity.consultant !== null }, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  const { signedIn } = useLoaderData<typeof loader>();
  if (signedIn)
    return (
      <StatePanel title={t('notFound.title')}>
        <Link to="/" className="font-medium text-primary-dark underline">
          {t('notFound.back')}
        </Link>
      </StatePanel>
    );
  const ways = [
    ['/', t('site.home')],
    ['/login', t('site.signIn')],
    ['/faq', t('site.faq')],
  ] as const;
  return (
    <PublicPage>
      <div className="mx-auto max-w-xl rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-bold">{t('notFound.title')}</h1>
        <p className="mt-2 text-slate-700">{t('site.notFoundText')}</p>
        <ul className="mt-6 flex flex-wrap justify-center gap-3">
          {ways.map(([to, label], index) => (
            <li key={to}>
              <Link
                to={to}
                className={
                  index === 0
                    ? 'inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90'
                    : 'inline-block rounded-full px-5 py-2.5 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light'
                }
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </PublicPage>
  );
}
