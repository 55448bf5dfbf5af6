import * as oidc from 'openid-client';
import { AppError } from '../../app/core/errors';
import { shortId } from './crypto';
import type { Db } from '../db/client';
import { forgetAuthStatesBefore, insertAuthState, takeAuthState } from '../db/auth-states';
import { insertAccount, updateProviderFields, userIdByProvider } from '../db/users';
import type { Env } from '../env';
import type { AuthorizationResponse } from '../../app/core/schemas';
import { safeReturnTo } from '../http/return-to';

/**
 * Consultant sign-in: OpenID Connect authorization code flow with PKCE against the configured
 * issuer (the local demo provider by default). The provider only vouches for who someone is;
 * Salon then issues its own session (see sessions.ts).
 */

const configurations = new Map<string, Promise<oidc.Configuration>>();
const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * The provider's configuration for one of our clients: the web app's (OIDC_CLIENT_ID, with its
 * secret when it is confidential) or the companion app's (OIDC_APP_CLIENT_ID, a native app's
 * public client: PKCE only).
 */
function configuration(env: Env, clientId = env.OIDC_CLIENT_ID): Promise<oidc.Configuration> {
  const key = `${env.OIDC_ISSUER}|${clientId}`;
  let config = configurations.get(key);
  if (!config) {
    const secret = clientId === env.OIDC_CLIENT_ID ? env.OIDC_CLIENT_SECRET : undefined;
    const auth = secret ? oidc.ClientSecretBasic(secret) : oidc.None();
    const execute = env.OIDC_ALLOW_HTTP === 'true' ? [oidc.allowInsecureRequests] : [];
    config = oidc.discovery(new URL(env.OIDC_ISSUER), clientId, undefined, auth, { execute });
    // A failed discovery is not cached: the provider may simply not be up yet.
    config.catch(() => configurations.delete(key));
    configurations.set(key, config);
  }
  return config;
}

export function callbackUrl(request: Request): string {
  return new URL('/callback', request.url).toString();
}

/**
 * Starts a sign-in: stores the PKCE verifier and the place to return to (a path of ours, see
 * return-to.ts) under a fresh state and returns the provider URL.
 */
export async function beginSignIn(env: Env, db: Db, request: Request, returnTo: string | null): Promise<{ url: string; state: string }> {
  let config: oidc.Configuration;
  try {
    config = await configuration(env);
  } catch {
    throw new AppError('signInFailed');
  }
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await forgetAuthStatesBefore(db, Date.now() - STATE_TTL_MS);
  await insertAuthState(db, { state, codeVerifier, nonce, returnTo: safeReturnTo(returnTo, request), createdAt: Date.now() });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(request),
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.toString(), state };
}

export interface ProviderIdentity {
  sub: string;
  email: string | null;
  firstName: string;
  lastName: string;
  companyName: string | null;
  idToken: string | null;
}

function identityFrom(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): ProviderIdentity {
  const claims = tokens.claims();
  if (!claims) throw new AppError('signInFailed');
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  return {
    sub: claims.sub,
    email: text(claims.email),
    firstName: text(claims.given_name) ?? text(claims.name) ?? '',
    lastName: text(claims.family_name) ?? '',
    companyName: text(claims.company_name),
    idToken: tokens.id_token ?? null,
  };
}

/**
 * Finishes the browser flow at /callback: the state must be the one this browser started with
 * (it is also kept in a cookie), and it is used once.
 */
export async function finishSignIn(
  env: Env,
  db: Db,
  request: Request,
  browserState: string | undefined,
): Promise<{ identity: ProviderIdentity; returnTo: string }> {
  const url = new URL(request.url);
  const state = url.searchParams.get('state');
  if (!state || !browserState || state !== browserState) throw new AppError('signInFailed');
  const pending = await takeAuthState(db, state);
  if (!pending || pending.createdAt < Date.now() - STATE_TTL_MS) throw new AppError('signInFailed');
  try {
    const config = await configuration(env);
    const currentUrl = new URL(callbackUrl(request));
    currentUrl.search = url.search;
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
    });
    return { identity: identityFrom(tokens), returnTo: safeReturnTo(pending.returnTo, request) };
  } catch {
    throw new AppError('signInFailed');
  }
}

/**
 * The companion app's exchange (`POST /api/auth/token`): it ran the code flow with PKCE itself
 * (as the client OIDC_APP_CLIENT_ID, or the web app's client when that is unset) and sends what
 * its redirect URI received. openid-client judges that as it judges the browser's callback: the
 * `iss` a provider announces it sends (RFC 9207) must be there and be the issuer, the state and
 * nonce must be the app's, the verifier must fit the challenge.
 */
export async function exchangeCode(env: Env, response: AuthorizationResponse): Promise<ProviderIdentity> {
  try {
    const config = await configuration(env, env.OIDC_APP_CLIENT_ID || env.OIDC_CLIENT_ID);
    const currentUrl = new URL(response.redirect_uri);
    const parameters = new URLSearchParams({ code: response.code });
    if (response.iss !== undefined) parameters.set('iss', response.iss);
    if (response.state !== undefined) parameters.set('state', response.state);
    currentUrl.search = parameters.toString();
    const tokens = await oidc.authorizationCodeGrant(
      config,
      currentUrl,
      { pkceCodeVerifier: response.code_verifier, expectedState: response.state, expectedNonce: response.nonce, idTokenExpected: true },
      { redirect_uri: response.redirect_uri },
    );
    return identityFrom(tokens);
  } catch {
    throw new AppError('signInFailed');
  }
}

export async function endSessionUrl(env: Env, request: Request, idToken: string | null): Promise<string | null> {
  try {
    const config = await configuration(env);
    if (!config.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = { post_logout_redirect_uri: new URL('/', request.url).toString(), client_id: env.OIDC_CLIENT_ID };
    if (idToken) parameters.id_token_hint = idToken;
    return oidc.buildEndSessionUrl(config, parameters).toString();
  } catch {
    return null;
  }
}

/** The user for a provider identity; a first sign-in creates the user and a first profile. */
export async function upsertUser(env: Env, db: Db, identity: ProviderIdentity): Promise<string> {
  const provided = { email: identity.email, firstName: identity.firstName, lastName: identity.lastName, companyName: identity.companyName };
  const existing = await userIdByProvider(db, env.OIDC_ISSUER, identity.sub);
  if (existing) {
    await updateProviderFields(db, existing, provided);
    return existing;
  }
  const userId = crypto.randomUUID();
  const now = Date.now();
  await insertAccount(db, {
    user: { id: userId, oidcIssuer: env.OIDC_ISSUER, oidcSub: identity.sub, ...provided, createdAt: now },
    profile: {
      id: crypto.randomUUID(),
      shortId: shortId(),
      userId,
      firstName: identity.firstName || identity.companyName || 'Salon',
      lastName: identity.lastName,
      email: identity.email,
      createdAt: now,
    },
    // The provider says whether the account is a company (GmbH, GbR): those work with several
    // profiles from the start. A person can switch company mode on later.
    settings: { userId, companyMode: identity.companyName !== null, updatedAt: now },
  });
  return userId;
}
