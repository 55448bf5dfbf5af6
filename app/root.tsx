import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react';
import { isbot } from 'isbot';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isErrorCode } from '~/core/errors';
import { storesFor } from '~/core/site-config';
import type { VisitorChoice, VisitorPage } from '~/core/visitor';
import { visitorOffers } from '~/core/visitor';
import { configuredStores } from '~/lib/site.server';
import { useNonce } from '~/lib/nonce';
import { useVisitor } from '~/lib/use-visitor';
import { afterLoad } from '~/lib/when-idle';
import { errorKeys } from '~/i18n/error-keys';
import './load-context';
import './tailwind.css';
import { StatePanel } from './components/state-panel';

// The update bar loads only when a new version waits.
const UpdateBar = lazy(() => import('./components/update-bar').then((module) => ({ default: module.UpdateBar })));

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icon-192.png' },
];

/**
 * What the page offers beside itself (app/core/visitor.ts), decided here from the request so the
 * server renders it in place: nothing appears or moves after the page is shown.
 */
export function loader({ request, context }: LoaderFunctionArgs): VisitorPage {
  const { COOKIE, readCookies } = context.services.cookies;
  const cookies = readCookies(request);
  const userAgent = request.headers.get('User-Agent');
  const chosen = new Set<VisitorChoice>();
  if (cookies.has(COOKIE.cookiesNoted)) chosen.add('cookies');
  if (cookies.has(COOKIE.inBrowser)) chosen.add('browser');
  const { identity } = context;
  const offers = visitorOffers({ userAgent, chosen, hasSession: Boolean(identity.consultant ?? identity.guest), bot: isbot(userAgent ?? '') });
  return { ...offers, stores: offers.appSwitch ? storesFor(offers.appSwitch, configuredStores(context.env.SITE)) : [], requestId: context.requestId };
}

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'theme-color', content: '#00bdf2' }];

export function Layout({ children }: { children: React.ReactNode }) {
  // The language comes from the i18n instance the page is rendered with (entry.server detects it;
  // entry.client reads it back from this attribute), not from a loader: for a URL that matches no
  // route Remix runs no loader, and a fallback here would hydrate German over English text.
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
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
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {t('app.skipToContent')}
        </a>
        <OldBrowserWarning />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Firefox below 81 cannot run Salon properly: said on every page, the party page included. It lies
 * over the top of the page, since a line in the flow would push the full-height layouts (the
 * party's input bar) off the screen, and closes without the page's script, which such a browser may
 * not run: the close button is a checkbox's label.
 */
function OldBrowserWarning() {
  const { t } = useTranslation();
  if (!useVisitor()?.oldFirefox) return null;
  return (
    <>
      <input id="old-browser-close" type="checkbox" className="peer sr-only" aria-label={t('common.close')} />
      <div
        role="alert"
        className="fixed inset-x-0 top-0 z-50 flex items-start justify-center gap-3 bg-amber-100 px-4 py-2 text-sm text-amber-950 shadow peer-checked:hidden"
      >
        <p>{t('browser.oldFirefox')}</p>
        <label htmlFor="old-browser-close" aria-hidden="true" className="cursor-pointer rounded px-2 font-semibold hover:bg-amber-200">
          ×
        </label>
      </div>
    </>
  );
}

export default function App() {
  // The service worker's side loads after the page: nothing of it is in a guest's first load, and
  // its registration (which fetches the files it keeps) waits until the page has loaded and the
  // browser is idle (ADR 051).
  const [updateWaiting, setUpdateWaiting] = useState(false);
  useEffect(
    () => afterLoad(() => void import('~/lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker(() => setUpdateWaiting(true)))),
    [],
  );
  return (
    <>
      {updateWaiting ? (
        <Suspense fallback={null}>
          <UpdateBar />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refusal in the API's error shape (worker/http/page-refusal.ts) says what it was.
  const code: unknown = isRouteErrorResponse(error) ? error.data?.error?.code : undefined;
  // A failure of ours: the id that finds its log line, for support (ADR 063).
  const root = useRouteLoaderData<typeof loader>('root');
  const requestId = !notFound && !isErrorCode(code) ? root?.requestId : undefined;
  // Out of reach for now (worker/db/client.ts): the same address again is the way on.
  const retry = code === 'dataUnavailable';
  const here = useLocation();
  return (
    <StatePanel title={notFound ? t('notFound.title') : isErrorCode(code) ? t(errorKeys(code)) : t('errors.generic')}>
      {requestId ? <p className="mb-2 text-sm text-slate-600">{t('errors.requestId', { id: requestId })}</p> : null}
      <a href={retry ? `${here.pathname}${here.search}` : '/'} className="font-medium text-primary-dark underline">
        {retry ? t('notFound.retry') : t('notFound.back')}
      </a>
    </StatePanel>
  );
}
