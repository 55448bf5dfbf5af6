import type { LinksFunction, MetaFunction } from '@remix-run/cloudflare';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import './load-context';
import './tailwind.css';
import { StatePanel } from './components/state-panel';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'theme-color', content: '#00bdf2' }];

export function Layout({ children }: { children: React.ReactNode }) {
  // The language comes from the i18n instance the page is rendered with (entry.server detects it;
  // entry.client reads it back from this attribute), not from a loader: for a URL that matches no
  // route Remix runs no loader, and a fallback here would hydrate German over English text.
  const { t, i18n } = useTranslation();
  // A route whose handle says `texts: 'party'` needs only the party's texts (app/i18n/config.ts).
  const partyTexts = useMatches().some((match) => (match.handle as { texts?: string } | undefined)?.texts === 'party');
  return (
    <html lang={i18n.language} data-texts={partyTexts ? 'party' : undefined} className="h-full">
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
