// The local OpenID Connect provider (scripts/oidc-provider.mjs), driven like a browser plus a
// relying party would: plain fetch, manual redirects, cookies carried by hand.

import { createHash, createPublicKey, randomBytes, verify, type JsonWebKey as NodeJsonWebKey } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, demoConsultants } from '../../scripts/demo-data.mjs';
import { APP_CLIENT_ID, APP_REDIRECT_URIS } from '../../scripts/oidc-clients.mjs';
import { startOidcProvider } from '../../scripts/oidc-provider.mjs';
import { CookieJar, browserFetch, followRedirects, signInAtProvider } from '../support/provider-sign-in';

const APP_ORIGIN = 'http://localhost:8787';
const REDIRECT_URI = `${APP_ORIGIN}/callback`;
const CLIENT_ID = 'salon-local';
const SCOPE = 'openid profile email offline_access';

const anna = demoConsultants.find((consultant) => consultant.sub === 'demo-anna')!;
const lumen = demoConsultants.find((consultant) => consultant.sub === 'demo-lumen')!;

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let issuer: string;

beforeAll(async () => {
  provider = await startOidcProvider({ port: 0, appOrigins: [APP_ORIGIN] });
  issuer = provider.issuer;
});

afterAll(async () => {
  await provider?.close();
});

function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeUrl(overrides: Record<string, string> = {}) {
  const { challenge, ...params } = overrides;
  const url = new URL('/auth', issuer);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: SCOPE,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge_method: 'S256',
    ...params,
    code_challenge: challenge ?? pkcePair().challenge,
  }).toString();
  return url;
}

/** Starts an authorization request in a fresh browser and returns the login page's URL. */
async function startLogin(jar: CookieJar, params: Record<string, string>): Promise<URL> {
  const response = await browserFetch(jar, authorizeUrl(params));
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!, issuer);
  expect(location.origin).toBe(issuer);
  expect(location.pathname).toMatch(/^\/interaction\/[\w-]+$/);
  return location;
}

/** Signs in with the login form and returns the authorization response at the app's callback. */
async function signIn(email: string, params: Record<string, string> = {}) {
  return signInAtProvider({ issuer, clientId: CLIENT_ID, redirectUri: REDIRECT_URI, email, password: DEMO_PASSWORD, scope: SCOPE, params });
}

async function exchangeCode(code: string, verifier: string) {
  const response = await fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function decodeJwt(jwt: string) {
  const [header = '', payload = ''] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
  };
}

/** Checks a JWT's RS256 signature against the provider's published keys. */
async function hasValidSignature(jwt: string): Promise<boolean> {
  const { keys } = (await (await fetch(new URL('/jwks', issuer))).json()) as { keys: NodeJsonWebKey[] };
  const kid = decodeJwt(jwt).header.kid;
  const jwk = keys.find((key) => key.kid === kid);
  if (!jwk) return false;
  const [header, payload, signature = ''] = jwt.split('.');
  return verify('sha256', Buffer.from(`${header}.${payload}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature, 'base64url'));
}

describe('local OIDC provider', () => {
  it('uses the real port in its issuer', () => {
    expect(provider.port).toBeGreaterThan(0);
    expect(issuer).toBe(`http://localhost:${provider.port}`);
  });

  it('publishes a discovery document with the issuer and its endpoints', async () => {
    const response = await fetch(new URL('/.well-known/openid-configuration', issuer));
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/me`,
      jwks_uri: `${issuer}/jwks`,
      end_session_endpoint: `${issuer}/session/end`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name', 'company_name']));

    const jwks = (await (await fetch(new URL('/jwks', issuer))).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('shows its own login page with the form and the demo accounts', async () => {
    const jar = new CookieJar();
    const loginPage = await startLogin(jar, {});
    const response = await browserFetch(jar, loginPage);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>Salon – Anmeldung (lokaler Demo-Anbieter)</title>');
    expect(html).toMatch(/<form method="post" action="\/interaction\/[\w-]+\/login"/);
    expect(html).toMatch(/<label for="email">E-Mail<\/label>\s*<input id="email" name="email" type="email"/);
    expect(html).toMatch(/<label for="password">Passwort<\/label>\s*<input id="password" name="password" type="password"/);
    expect(html).toContain('<button type="submit">Anmelden</button>');
    for (const consultant of demoConsultants) expect(html).toContain(consultant.email);
    expect(html).toContain(DEMO_PASSWORD);
    expect(html).not.toContain('role="alert"');
  });

  it('rejects a wrong password with 401 and a visible error', async () => {
    const jar = new CookieJar();
    const loginPage = await startLogin(jar, {});
    const response = await browserFetch(jar, `${loginPage.href}/login`, {
      form: { email: lumen.email, password: 'falsch' },
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toMatch(/<p [^>]*role="alert"[^>]*>E-Mail oder Passwort ist falsch\.<\/p>/);
    expect(html).toContain(`value="${lumen.email}"`);

    const unknown = await browserFetch(jar, `${loginPage.href}/login`, {
      form: { email: 'nobody@salon.test', password: DEMO_PASSWORD },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('E-Mail oder Passwort ist falsch.');
  });

  it('escapes what the user typed when re-rendering the form', async () => {
    const jar = new CookieJar();
    const loginPage = await startLogin(jar, {});
    const response = await browserFetch(jar, `${loginPage.href}/login`, {
      form: { email: '"><script>alert(1)</script>', password: 'x' },
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('signs in the company account and issues an ID token with its claims', async () => {
    // E-mail addresses are compared case-insensitively.
    const { verifier, state, callback } = await signIn(lumen.email.toUpperCase());
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const { status, body } = await exchangeCode(code!, verifier);
    expect(status).toBe(200);
    // offline_access only counts together with prompt=consent (OpenID Connect Core, section 11).
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile email' });
    expect(body).not.toHaveProperty('refresh_token');

    const { header, payload } = decodeJwt(body.id_token as string);
    expect(header.alg).toBe('RS256');
    expect(await hasValidSignature(body.id_token as string)).toBe(true);
    expect(payload).toMatchObject({
      iss: issuer,
      aud: CLIENT_ID,
      sub: 'demo-lumen',
      email: 'team@lumen.test',
      email_verified: true,
      given_name: 'Lumen',
      family_name: 'Wellness GmbH',
      name: 'Lumen Wellness GmbH',
      company_name: 'Lumen Wellness GmbH',
    });

    const userinfo = await fetch(new URL('/me', issuer), {
      headers: { authorization: `Bearer ${body.access_token as string}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: 'demo-lumen', company_name: 'Lumen Wellness GmbH' });

    // The code is single-use.
    const replay = await exchangeCode(code!, verifier);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });

  it('signs in the second demo account as a person without a company', async () => {
    const { verifier, callback } = await signIn(anna.email);
    const { status, body } = await exchangeCode(callback.searchParams.get('code')!, verifier);
    expect(status).toBe(200);
    const { payload } = decodeJwt(body.id_token as string);
    expect(payload).toMatchObject({
      sub: 'demo-anna',
      email: 'anna@salon.test',
      given_name: 'Anna',
      family_name: 'Becker',
      name: 'Anna Becker',
      company_name: null,
    });
  });

  it('rejects a wrong code_verifier', async () => {
    const { callback } = await signIn(anna.email);
    const { status, body } = await exchangeCode(callback.searchParams.get('code')!, pkcePair().verifier);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('requires PKCE', async () => {
    const url = authorizeUrl();
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const response = await browserFetch(new CookieJar(), url);
    // The redirect URI is registered, so the error goes back to the app.
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('rejects an unknown redirect_uri without redirecting', async () => {
    const response = await browserFetch(new CookieJar(), authorizeUrl({ redirect_uri: 'http://localhost:9999/callback' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('invalid_redirect_uri');
    expect(html).toContain('Das hat nicht geklappt');
  });

  it("the app's native client: its private-use scheme, and its loopback redirect URI on any port", async () => {
    for (const redirectUri of [APP_REDIRECT_URIS[0]!, 'http://127.0.0.1:61234/oauth/callback']) {
      const { callback, state } = await signInAtProvider({ issuer, clientId: APP_CLIENT_ID, redirectUri, email: anna.email, password: DEMO_PASSWORD });
      expect(callback.href.split('?')[0]).toBe(redirectUri);
      expect(callback.searchParams.get('state')).toBe(state);
      expect(callback.searchParams.get('iss')).toBe(issuer);
    }
    // Another path, host or scheme is refused, and the web client's loopback URI stays exact.
    for (const [clientId, redirectUri] of [
      [APP_CLIENT_ID, 'test.salon.app:/elsewhere'],
      [APP_CLIENT_ID, 'http://localhost:61234/oauth/callback'],
      [APP_CLIENT_ID, 'evil.app:/oauth/callback'],
    ]) {
      const response = await browserFetch(new CookieJar(), authorizeUrl({ client_id: clientId!, redirect_uri: redirectUri! }));
      expect(response.status, redirectUri).toBe(400);
      expect(await response.text()).toContain('invalid_redirect_uri');
    }
  });

  it('issues a refresh token for offline_access with prompt=consent (consent is still automatic)', async () => {
    const { verifier, callback } = await signIn(lumen.email, { prompt: 'consent' });
    const { body } = await exchangeCode(callback.searchParams.get('code')!, verifier);
    expect(body.scope).toBe(SCOPE);
    expect(body.refresh_token).toEqual(expect.any(String));
    const response = await fetch(new URL('/token', issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: CLIENT_ID,
        refresh_token: body.refresh_token as string,
      }),
    });
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as Record<string, unknown>;
    expect(decodeJwt(refreshed.id_token as string).payload).toMatchObject({ sub: 'demo-lumen' });
  });

  it('skips the login page while the provider session lasts', async () => {
    const { jar } = await signIn(anna.email);
    const { challenge } = pkcePair();
    const { url } = await followRedirects(jar, await browserFetch(jar, authorizeUrl({ challenge })), issuer);
    expect(url?.href).toMatch(new RegExp(`^${REDIRECT_URI}\\?code=`));
  });

  it('logs out via /session/end and returns to the app', async () => {
    const { jar, verifier, callback } = await signIn(anna.email);
    const { body } = await exchangeCode(callback.searchParams.get('code')!, verifier);

    const endSession = new URL('/session/end', issuer);
    endSession.search = new URLSearchParams({
      id_token_hint: body.id_token as string,
      post_logout_redirect_uri: `${APP_ORIGIN}/`,
      state: 'bye',
    }).toString();
    const page = await browserFetch(jar, endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The page submits oidc-provider's logout form by itself (no confirmation step for the user).
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    expect(action && xsrf).toBeTruthy();
    expect(html).toContain('name="logout" value="yes"');

    const confirmed = await browserFetch(jar, action!, { form: { xsrf: xsrf!, logout: 'yes' } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${APP_ORIGIN}/?state=bye`);

    // Signed out: a new authorization request asks for the password again.
    const again = await browserFetch(jar, authorizeUrl());
    expect(new URL(again.headers.get('location')!, issuer).pathname).toMatch(/^\/interaction\//);
  });

  it('answers an expired or unknown interaction with an error page', async () => {
    const response = await browserFetch(new CookieJar(), new URL('/interaction/does-not-exist', issuer));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
  });
});
