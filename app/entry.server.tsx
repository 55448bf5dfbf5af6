import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare';
import { RemixServer } from '@remix-run/react';
import { createInstance } from 'i18next';
import { isbot } from 'isbot';
import { renderToReadableStream } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { TEXT_PARTS, i18nOptions } from './i18n/config';
import { localeOf } from './i18n/i18n.server';
import { loadTranslation } from './i18n/resources';
import type { RecordingHandle } from './lib/microphone';
import { NonceContext } from './lib/nonce';
import { VIEWER_HEADER } from './sw/messages';

const ABORT_DELAY_MS = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await localeOf(request);
  // One nonce per response, for the inline scripts of this page only (worker/http/page-headers.ts).
  const { pagePolicy } = loadContext.services;
  const nonce = pagePolicy.newNonce();
  const handles = remixContext.staticHandlerContext.matches.map((match) => match.route.handle as RecordingHandle | undefined);
  const microphone = handles.some((handle) => handle?.microphone === true);
  const camera = handles.some((handle) => handle?.camera === true);
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ ...i18nOptions, lng, resources: { [lng]: { translation: await loadTranslation(lng, TEXT_PARTS) } } });

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error('render error', error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  if (isbot(request.headers.get('user-agent') || '')) await body.allReady;

  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  for (const [name, value] of pagePolicy.pageHeaders(request, loadContext.env, { nonce, microphone, camera })) responseHeaders.set(name, value);
  responseHeaders.set(VIEWER_HEADER, await pagePolicy.viewerKey(loadContext.identity));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
