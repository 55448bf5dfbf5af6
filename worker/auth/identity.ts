import { REFRESH_TOKEN_TTL_S } from '../../app/core/limits';
import type { Db } from '../db/client';
import { COOKIE, clearCookie, readCookies, serializeCookie } from './cookies';
import type { GuestCredentials, PartyRead } from './guests';
import { parseBasic, parseGuestCookie, verifyGuest, verifyGuestInParty } from './guests';
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
  return { consultant: null, guest: null, consultantExpired: false, setCookies: [], partyRead: null };
}

/**
 * Whether the request's credentials are cookies, which a browser adds by itself to requests that
 * other sites start, rather than an Authorization header, which only our own client sets. The same
 * precedence as `resolveIdentity`: an Authorization header wins over any cookie.
 */
export function credentialsFromCookies(request: Request): boolean {
  const authorization = request.headers.get('Authorization');
  if (authorization?.startsWith('Bearer ') || authorization?.startsWith('Basic ')) return false;
  const cookies = readCookies(request);
  return [COOKIE.access, COOKIE.refresh, COOKIE.guest].some((name) => Boolean(cookies.get(name)));
}

/**
 * `partyId`: the party the request is about, if any; a guest's key is then checked in the same query
 * that reads the party and her membership (`partyRead`), one D1 round trip instead of two.
 */
export async function resolveIdentity(db: Db, request: Request, partyId?: string): Promise<Identity> {
  const identity = anonymous();
  const guestKey = async (credentials: GuestCredentials): Promise<string | null> => {
    if (!partyId) return verifyGuest(db, credentials);
    const read = await verifyGuestInParty(db, credentials, partyId);
    if (!read) return null;
    const { keyId, ...partyRead } = read;
    identity.partyRead = partyRead;
    return keyId;
  };
  const authorization = request.headers.get('Authorization');

  if (authorization?.startsWith('Bearer ')) {
    const check = await checkAccessToken(db, authorization.slice(7).trim());
    if (check.status === 'valid') identity.consultant = { userId: check.userId, sessionId: check.sessionId, expiresAt: check.expiresAt };
    identity.consultantExpired = check.status === 'expired';
    return identity;
  }
  if (authorization?.startsWith('Basic ')) {
    const credentials = parseBasic(authorization);
    const keyId = credentials && (await guestKey(credentials));
    if (credentials && keyId) identity.guest = { guestId: credentials.id, keyId };
    return identity;
  }

  const cookies = readCookies(request);
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
