import { Hono } from 'hono';
import document from '../../docs/openapi.json';
import { newNonce, pageHeaders } from '../http/page-headers';
import type { ApiEnv } from './context';
import { doc } from './openapi';

/** Where the client build keeps the reference page's script (vite.config.ts `apiReference`): our origin, no CDN. */
export const REFERENCE_SCRIPT = '/api-docs/scalar.js';

/**
 * The page's own look: the system's fonts (Scalar's theme names web fonts on its own host, which
 * the policy refuses), and, in the light theme, the faint text and the methods' colours darkened to
 * WCAG AA contrast (4.5:1 on its white and grey; axe found #8e8e8e, #00935d and #ff5700 below it).
 */
const PAGE_STYLE = `:root, body, .scalar-app, .light-mode, .dark-mode {
  --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif !important;
  --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace !important;
}
.light-mode {
  --scalar-color-3: #666666 !important;
  --scalar-color-green: #00704a !important;
  --scalar-color-orange: #ad3f00 !important;
  --scalar-color-blue: #0a5d9c !important;
  --scalar-color-red: #c01f1f !important;
  --scalar-color-purple: #6e44c2 !important;
  --scalar-color-yellow: #7a6000 !important;
}`;

/** Scalar's settings: nothing leaves our origin (no fonts, proxy or telemetry of theirs), no AI or client app of theirs. */
const REFERENCE_CONFIG = {
  customCss: PAGE_STYLE,
  url: '/api/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideDarkModeToggle: false,
  documentDownloadType: 'json',
  defaultOpenAllTags: false,
  metaData: { title: 'Salon API' },
};

/**
 * The reference page: Scalar's standalone bundle served by us, started by a script with the page's
 * nonce (on an element not named `api-reference`, which the bundle would take up by itself, with
 * its defaults). Its bundled zod is told first not to compile parsers (its probe for that is an eval, which
 * the policy refuses and reports), as app/core/zod.ts tells ours.
 */
function referencePage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Salon API reference</title>
</head>
<body>
<div id="salon-api-reference"></div>
<noscript><h1>Salon API reference</h1><p>The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p></noscript>
<script nonce="${nonce}">globalThis.__zod_globalConfig = { jitless: true };</script>
<script src="${REFERENCE_SCRIPT}" nonce="${nonce}"></script>
<script nonce="${nonce}">Scalar.createApiReference('#salon-api-reference', ${JSON.stringify(REFERENCE_CONFIG)});</script>
</body>
</html>`;
}

/**
 * The API's contract for developers (ADR 056): the OpenAPI 3.1 document, which is the checked-in
 * docs/openapi.json (written by `npm run openapi` from the routes; a test fails when it is stale),
 * and a reference page for reading it. Public, like the API's shape.
 */
export const docsApi = new Hono<ApiEnv>()
  .get(
    '/openapi.json',
    doc({
      summary: 'This document (OpenAPI 3.1)',
      caller: 'public',
      ok: {
        description: 'The OpenAPI document',
        schema: { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { type: 'string', const: '3.1.0' } } },
      },
    }),
    (c) => c.json(document, 200, { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' }),
  )
  .get('/docs', doc({ summary: 'The reference page for this document', caller: 'public', ok: { content: 'text/html', schema: { type: 'string' } } }), (c) => {
    const nonce = newNonce();
    const headers = Object.fromEntries(pageHeaders(c.req.raw, c.env, { nonce, microphone: false }));
    return c.html(referencePage(nonce), 200, { ...headers, 'Cache-Control': 'no-store' });
  });
