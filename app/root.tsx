import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import './load-context';
import './tailwind.css';
import { DEFAULT_LANGUAGE } from './i18n/config';
import { localeOf } from './i18n/i18n.server';
import { StatePanel } from './components/state-panel';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'theme-color', content: '#00bdf2' }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { locale: await localeOf(request) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { t } = useTranslation();
  return (
    <html lang={data?.locale ?? DEFAULT_LANGUAGE} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          {t('app.skipToContent')}
        </a>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatePanel title={notFound ? t('notFound.title') : t('errors.generic')}>
      <a href="/" className="font-medium text-primary-dark underline">
        {t('notFound.back')}
      </a>
    </StatePanel>
  );
}
