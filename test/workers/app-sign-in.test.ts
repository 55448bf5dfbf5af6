import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';
import { APP_CLIENT_ID, APP_REDIRECT_URIS, CLIENT_ID } from '../../scripts/oidc-clients.mjs';
import { signInAtProvider } from '../support/provider-sign-in';
import type { ProviderSignIn } from '../support/provider-sign-in';
import { api, expectError, json } from './fixtures';

/**
 * The companion app's sign-in, end to end: the test plays the app against the real local provider
 * (scripts/oidc-provider.mjs, started by vitest.config.ts; OIDC_ISSUER names it): an authorization
 * request with PKCE for the app's native client, the provider's login form, the redirect to the
 * app's redirect URI with code, state and iss (RFC 9207, which the provider announces), then
 * `POST /api/auth/token` with what the app received, the API with Bearer, refresh and logout.
 * The Worker reaches the provider over loopback as it would a real one (its outbound fetches go
 * out unchanged: test/workers/stream-stand-in.ts).
 */

const [SCHEME_REDIRECT, LOOPBACK_REDIRECT] = APP_REDIRECT_URIS as [string, string];

interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  userId: string;
}

function signIn(email: string, redirectUri = SCHEME_REDIRECT, clientId = APP_CLIENT_ID): Promise<ProviderSignIn> {
  return signInAtProvider({ issuer: env.OIDC_ISSUER, clientId, redirectUri, email, password: DEMO_PASSWORD });
}

/** The app's exchange: every parameter of the redirect as it arrived, its redirect URI and verifier. */
function exchange(signedIn: ProviderSignIn, redirectUri = SCHEME_REDIRECT, extra: Record<string, unknown> = {}): Promise<Response> {
  const { callback } = signedIn;
  return api('/auth/token', {
    method: 'POST',
    body: {
      code: callback.searchParams.get('code'),
      iss: callback.searchParams.get('iss'),
      state: callback.searchParams.get('state'),
      redirect_uri: redirectUri,
      code_verifier: signedIn.verifier,
      nonce: signedIn.nonce,
      ...extra,
    },
  });
}

describe('the app signs in with code + PKCE and POST /api/auth/token', () => {
  it('the provider sends code, state and iss; the exchange gives tokens; Bearer, refresh, logout work', async () => {
    const signedIn = await signIn('anna@salon.test');
    expect(signedIn.callback.href.split('?')[0]).toBe(SCHEME_REDIRECT);
    expect(signedIn.callback.searchParams.get('state')).toBe(signedIn.state);
    expect(signedIn.callback.searchParams.get('iss')).toBe(env.OIDC_ISSUER);

    const response = await exchange(signedIn);
    expect(response.status).toBe(200);
    const tokens = await json<Tokens>(response);
    expect(tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), userId: expect.any(String) });
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() / 1000);

    // The user is the provider's: the demo consultant, with a first profile made at this sign-in.
    const row = await env.DB.prepare('SELECT oidc_issuer, oidc_sub, email FROM users WHERE id = ?').bind(tokens.userId).first();
    expect(row).toEqual({ oidc_issuer: env.OIDC_ISSUER, oidc_sub: 'demo-anna', email: 'anna@salon.test' });
    const bearer = { Authorization: `Bearer ${tokens.accessToken}` };
    const user = await api('/profile/user', { headers: bearer });
    expect(user.status).toBe(200);
    expect(await json(user)).toMatchObject({ profile: { firstName: 'Anna', lastName: 'Becker' } });
    expect((await api('/media', { headers: bearer })).status).toBe(200);

    const refreshed = await api('/auth/refresh', { method: 'POST', body: { refreshToken: tokens.refreshToken } });
    expect(refreshed.status).toBe(200);
    const next = await json<Tokens>(refreshed);
    expect(next.accessToken).not.toBe(tokens.accessToken);
    expect(next.userId).toBe(tokens.userId);
    const nextBearer = { Authorization: `Bearer ${next.accessToken}` };
    expect((await api('/media', { headers: nextBearer })).status).toBe(200);
    // The refresh token rotates: the old one is spent.
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: tokens.refreshToken } }), 401, 'sessionExpired');

    expect((await api('/auth/logout', { method: 'POST', headers: nextBearer })).status).toBe(204);
    await expectError(await api('/media', { headers: nextBearer }), 401, 'unauthorized');
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: next.refreshToken } }), 401, 'sessionExpired');
  });

  it('a loopback redirect URI on any port (RFC 8252), and the same user on a second sign-in', async () => {
    const redirectUri = LOOPBACK_REDIRECT.replace('127.0.0.1', '127.0.0.1:53117');
    const first = await json<Tokens>(await exchange(await signIn('team@lumen.test', redirectUri), redirectUri));
    const second = await json<Tokens>(await exchange(await signIn('team@lumen.test'), SCHEME_REDIRECT));
    expect(second.userId).toBe(first.userId);
    const user = await json(await api('/profile/user', { headers: { Authorization: `Bearer ${second.accessToken}` } }));
    // A company account (the provider's company_name claim) works with several profiles.
    expect(user).toMatchObject({ companyMode: true });
  });

  it('only as the app received it: another iss, verifier or nonce, a spent code, another redirect URI fail', async () => {
    const cases: [string, (signedIn: ProviderSignIn) => Promise<Response>][] = [
      ['another issuer', (s) => exchange(s, SCHEME_REDIRECT, { iss: 'https://evil.test' })],
      ['no iss (the provider always sends one)', (s) => exchange(s, SCHEME_REDIRECT, { iss: undefined })],
      ['another verifier', (s) => exchange(s, SCHEME_REDIRECT, { code_verifier: 'x'.repeat(43) })],
      ['another nonce', (s) => exchange(s, SCHEME_REDIRECT, { nonce: 'not-the-nonce' })],
      ['another redirect URI', (s) => exchange(s, LOOPBACK_REDIRECT)],
    ];
    for (const [name, attempt] of cases) {
      const signedIn = await signIn('anna@salon.test');
      const response = await attempt(signedIn);
      expect(response.status, name).toBe(502);
      expect(await json(response), name).toEqual({ error: { code: 'signInFailed' } });
    }
    const signedIn = await signIn('anna@salon.test');
    expect((await exchange(signedIn)).status).toBe(200);
    await expectError(await exchange(signedIn), 502, 'signInFailed');
  });

  it("a code of the web app's client is not the app's", async () => {
    const signedIn = await signIn('anna@salon.test', 'https://salon.test/callback', CLIENT_ID);
    await expectError(await exchange(signedIn, 'https://salon.test/callback'), 502, 'signInFailed');
  });
});
