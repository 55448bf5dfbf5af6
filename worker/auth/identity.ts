import { REFRESH_TOKEN_TTL_S } from '../../app/core/limits';
import type { Db } from '../db/client';
import type { PartyPageRows } from '../db/party-page';
import { partyPageRows } from '../db/party-page';
import { COOKIE, clearCookie, readCookies, serializeCookie } from './cookies';
import type { GuestCredentials, PartyRead } from './guests';
import { parseBasic, parseGuestCookie, verifyGuest, verifyGuestInParty } from './guests';
import { sha256 } from './crypto';
import type { ConsultantSession, SessionTokens } from './sessions';
import { checkAccessToken, recentlyRotatedSession, refreshSession } from './sessions';

/**
 * Who is asking, resolved once per request from cookies or the Authorization header. A browser
 * whose access token expired is refreshed here, transparently; a failed refresh signs it out.
 */
export interface Identity {
  consultant: ConsultantSession | null;
  /** A guest, and which of her keys the request came with. */
  guest: { guestId: string; keyId: string } | null;
  /** Bearer credentials were sent but have expired: the app should refresh. */
  consultantExpired: boolean;
  /** Set-Cookie headers the response must carry. */
  setCookies: string[];
  /** For a guest's request to a party: the party and her membership, read with her key (one query). */
  partyRead: PartyRead | null;
  /** For a guest opening a party's link: what the page needs, read with her key (one round trip, ADR 049). */
  partyPage: PartyPageRows | null;
}

export function sessionCookies(request: Request, tokens: SessionTokens): string[] {
  // The access cookie outlives the token so an expired one can be recognised and refreshed.
  return [
    serializeCookie(request, COOKIE.access, tokens.accessToken, { maxAge: REFRESH_TOKEN_TTL_S }),
    serializeCookie(request, COOKIE.refresh, tokens.refreshToken, { maxAge: REFRESH_TOKEN_TTL_S }),
  ];
}

export function clearSessionCookies(request: Request): string[] {
  return [clearCookie(request, COOKIE.access), clearCookie(request, COOKIE.refresh)];
}

/** Nobody: what a request gets whose credentials are not even read (a refused cross-site write). */
export function anonymous(): Identity {
  return { consultant: null, guest: null, consultantExpired: false, setCookies: [], partyRead: null, partyPage: null };
}

/**
 * The credentials that decide who a request is: a Bearer token (a consultant's app), else Basic
 * credentials (a guest's app), else the cookies (a browser: a consultant's session, a guest's key,
 * or both). An Authorization header wins over any cookie.
 */
export type PresentedCredentials =
  { via: 'bearer'; token: string } | { via: 'basic'; guest: GuestCredentials | null } | { via: 'cookies'; cookies: Map<string, string> };

export function presentedCredentials(request: Request): PresentedCredentials {
  const authorization = request.headers.get('Authorization');
  if (authorization?.startsWith('Bearer ')) return { via: 'bearer', token: authorization.slice(7).trim() };
  if (authorization?.startsWith('Basic ')) return { via: 'basic', guest: parseBasic(authorization) };
  return { via: 'cookies', cookies: readCookies(request) };
}

/** Whether the cookies carry a consultant's session (its access or refresh token). */
export function consultantCookies(cookies: Map<string, string>): boolean {
  return Boolean(cookies.get(COOKIE.access) || cookies.get(COOKIE.refresh));
}

/**
 * Whether the request's credentials are cookies, which a browser adds by itself to requests that
 * other sites start, rather than an Authorization header, which only our own client sets.
 */
export function credentialsFromCookies(request: Request): boolean {
  const presented = presentedCredentials(request);
  return presented.via === 'cookies' && (consultantCookies(presented.cookies) || Boolean(presented.cookies.get(COOKIE.guest)));
}

/** The party a request is about: by its id (the API's paths) or by its link's short id (its page). */
export type AboutParty = { partyId: string } | { shortId: string };

/**
 * `about`: the party the request is about, if any; a guest's key is then checked in the same round
 * trip that reads the party and her membership (`partyRead`, `partyPage`), one instead of two.
 */
export async function resolveIdentity(db: Db, request: Request, about?: AboutParty): Promise<Identity> {
  const identity = anonymous();
  const guestKey = async (credentials: GuestCredentials): Promise<string | null> => {
    if (!about) return verifyGuest(db, credentials);
    if ('shortId' in about) {
      const page = await partyPageRows(db, about.shortId, { id: credentials.id, secretHash: await sha256(credentials.secretKey) });
      if (page.keyId) identity.partyPage = page;
      return page.keyId;
    }
    const read = await verifyGuestInParty(db, credentials, about.partyId);
    if (!read) return null;
    const { keyId, ...partyRead } = read;
    identity.partyRead = partyRead;
    return keyId;
  };
  const presented = presentedCredentials(request);

  if (presented.via === 'bearer') {
    const check = await checkAccessToken(db, presented.token);
    if (check.status === 'valid') identity.consultant = { userId: check.userId, sessionId: check.sessionId, expiresAt: check.expiresAt };
    identity.consultantExpired = check.status === 'expired';
    return identity;
  }
  if (presented.via === 'basic') {
    const credentials = presented.guest;
    const keyId = credentials && (await guestKey(credentials));
    if (credentials && keyId) identity.guest = { guestId: credentials.id, keyId };
    return identity;
  }

  const { cookies } = presented;
  const access = cookies.get(COOKIE.access);
  const refresh = cookies.get(COOKIE.refresh);
  if (access || refresh) {
    const check = access ? await checkAccessToken(db, access) : ({ status: 'invalid' } as const);
    if (check.status === 'valid') {
      identity.consultant = { userId: check.userId, sessionId: check.sessionId, expiresAt: check.expiresAt };
    } else if (request.headers.get('Upgrade') === 'websocket') {
      // A 101 response cannot carry the rotated cookies, so an upgrade never refreshes: it is
      // refused, and the page's next ordinary request refreshes before it reconnects.
      identity.consultantExpired = true;
    } else {
      const tokens = refresh ? await refreshSession(db, refresh) : null;
      const rotated = !tokens && refresh ? await recentlyRotatedSession(db, refresh) : null;
      if (tokens) {
        identity.consultant = { userId: tokens.userId, sessionId: tokens.sessionId, expiresAt: tokens.expiresAt };
        identity.setCookies.push(...sessionCookies(request, tokens));
      } else if (rotated) {
        identity.consultant = rotated;
      } else {
        identity.setCookies.push(...clearSessionCookies(request));
      }
    }
  }

  const guestCookie = cookies.get(COOKIE.guest);
  if (guestCookie) {
    const credentials = parseGuestCookie(guestCookie);
    const keyId = credentials && (await guestKey(credentials));
    if (credentials && keyId) identity.guest = { guestId: credentials.id, keyId };
    else identity.setCookies.push(clearCookie(request, COOKIE.guest));
  }
  return identity;
}
