import { Hono } from 'hono';
import document from '../../docs/openapi.json';
import { newNonce, pageHeaders } from '../http/page-headers';
import type { ApiEnv } from './context';
import { doc } from './openapi';

/** Where the client build keeps the reference page's script (vite.config.ts `apiReference`): our origin, no CDN. */
export const REFERENCE_SCRIPT = '/api-docs/scalar.js';

/** Scalar's settings: nothing leaves our origin (no fonts, proxy or telemetry of theirs), no AI or client app of theirs. */
const REFERENCE_CONFIG = {
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

/** The reference page: Scalar's standalone bundle served by us, started by one script with the page's nonce. */
function referencePage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Salon API reference</title>
</head>
<body>
<main id="api-reference"><h1>Salon API reference</h1><p>The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p></main>
<script src="${REFERENCE_SCRIPT}" nonce="${nonce}"></script>
<script nonce="${nonce}">Scalar.createApiReference('#api-reference', ${JSON.stringify(REFERENCE_CONFIG)});</script>
</body>
</html>`;
}

/**
 * The API's contract for developers (ADR 056): the OpenAPI 3.1 document, which is the checked-in
 * docs/openapi.json (written by `npm run openapi` from the routes; a test fails when it is stale),
 * and a reference page for reading it. Public, like the API's shape.
 */
export const docsApi = new Hono<ApiEnv>()
  .get('/openapi.json', doc({ summary: 'This document (OpenAPI 3.1)', caller: 'public', ok: { description: 'The OpenAPI document' } }), (c) =>
    c.json(document, 200, { 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' }),
  )
  .get('/docs', doc({ summary: 'The reference page for this document', caller: 'public', ok: { content: 'text/html', schema: { type: 'string' } } }), (c) => {
    const nonce = newNonce();
    const headers = Object.fromEntries(pageHeaders(c.req.raw, c.env, { nonce, microphone: false }));
    return c.html(referencePage(nonce), 200, { ...headers, 'Cache-Control': 'no-store' });
  });
