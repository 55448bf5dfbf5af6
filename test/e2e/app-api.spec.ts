import http from 'node:http';
import { expect, test } from '@playwright/test';
import { OIDC_ISSUER } from '../../playwright.config';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';
import { APP_CLIENT_ID, APP_REDIRECT_URIS } from '../../scripts/oidc-clients.mjs';
import { signInAtProvider } from '../support/provider-sign-in';

/**
 * The companion app against the app as `npm start` serves it (wrangler dev, the local provider), on
 * real connections: no page, plain HTTP from the test as an app would send it. The workers tests
 * cover the same rules in workerd (test/workers/app-sign-in.test.ts, media-upload.test.ts); what
 * only a real connection shows is here: a refused upload must leave its connection able to carry
 * the next request at once (ADR 021; the bench's `tus` scenario also checks workerd's own port).
 */

interface Answer {
  status: number | string;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

/** One request on `agent`'s connection; an error or a silence of 20 s is an answer too. */
function send(agent: http.Agent, url: string, method: string, headers: Record<string, string>, body = Buffer.alloc(0)): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(url, { agent, method, headers: { ...headers, 'Content-Length': String(body.length) } }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, ms: performance.now() - started }));
    });
    request.setTimeout(20_000, () => request.destroy(new Error('no answer in 20 s')));
    request.on('error', (error) => resolve({ status: `error: ${error.message}`, headers: {}, ms: performance.now() - started }));
    request.end(body);
  });
}

test('the app signs in with code + PKCE, and a refused upload never stalls the next request on its connection', async ({ baseURL }) => {
  const redirectUri = APP_REDIRECT_URIS[0]!;
  const signedIn = await signInAtProvider({ issuer: OIDC_ISSUER, clientId: APP_CLIENT_ID, redirectUri, email: 'anna@salon.test', password: DEMO_PASSWORD });
  const { callback } = signedIn;
  const exchange = await fetch(`${baseURL}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      code: callback.searchParams.get('code'),
      iss: callback.searchParams.get('iss'),
      state: callback.searchParams.get('state'),
      redirect_uri: redirectUri,
      code_verifier: signedIn.verifier,
      nonce: signedIn.nonce,
    }),
  });
  expect(exchange.status).toBe(200);
  const { accessToken } = (await exchange.json()) as { accessToken: string };
  const auth = { Authorization: `Bearer ${accessToken}` };

  const create = async (size: number) => {
    const response = await fetch(`${baseURL}/api/media`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Vom Handy', contentType: 'image/jpeg', mediaExtension: 'jpg', size }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { uploadUrl: string }).uploadUrl;
  };
  const tus = { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
  const body = Buffer.alloc(2 * 1024 * 1024, 7);
  const refusals: [string, number, Record<string, string>, number][] = [
    ['a wrong Tus-Resumable', 412, { ...auth, ...tus, 'Tus-Resumable': '0.2.2' }, 4_000_000],
    ['no Tus-Resumable', 412, { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, 4_000_000],
    ['another body type', 415, { ...auth, ...tus, 'Content-Type': 'application/octet-stream' }, 4_000_000],
    ['a stale offset', 409, { ...auth, ...tus, 'Upload-Offset': '7' }, 4_000_000],
    ['more than the file', 413, { ...auth, ...tus }, 1_000_000],
    ['no credentials', 401, tus, 4_000_000],
  ];
  for (const [name, status, headers, size] of refusals) {
    const url = await create(size);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send(agent, url, 'PATCH', headers, body);
    expect(refused.status, name).toBe(status);
    expect(refused.headers['tus-resumable'], name).toBe('1.0.0');
    const next = await send(agent, url, 'HEAD', { ...auth, 'Tus-Resumable': '1.0.0' });
    agent.destroy();
    expect(next.status, `the request after ${name}`).toBe(200);
    expect(next.ms, `the request after ${name}`).toBeLessThan(5000);
  }

  // An app without PATCH: creation first, then POSTs that say they are PATCHes, on one connection.
  const source = Buffer.alloc(3 * 1024 * 1024 + 77, 9);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(source);
  const url = await create(source.length);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const created = await send(agent, url, 'POST', { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(source.length) });
  expect(created.status).toBe(201);
  expect(created.headers.location).toBe(url);
  const override = { ...auth, ...tus, 'X-HTTP-Method-Override': 'PATCH' };
  expect((await send(agent, url, 'POST', override, source.subarray(0, 2_000_000))).status).toBe(204);
  const last = await send(agent, url, 'POST', { ...override, 'Upload-Offset': '2000000' }, source.subarray(2_000_000));
  agent.destroy();
  expect(last.status).toBe(204);
  expect(last.headers['upload-offset']).toBe(String(source.length));
});
