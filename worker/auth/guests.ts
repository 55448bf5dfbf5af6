import type { Db } from '../db/client';
import { guestSecretHash, insertGuest } from '../db/guests';
import { COOKIE, serializeCookie } from './cookies';
import { randomToken, sha256, timingSafeEqual } from './crypto';

/**
 * A guest is an id and a random secret (256 bits); only the secret's hash is stored. Browsers keep
 * `id.secret` in an HttpOnly cookie, the mobile app sends it as Basic credentials.
 */
export interface GuestCredentials {
  id: string;
  secretKey: string;
}

export async function createGuest(db: Db, names: { firstName: string; lastName: string }): Promise<GuestCredentials> {
  const id = crypto.randomUUID();
  const secretKey = randomToken();
  await insertGuest(db, { id, secretHash: await sha256(secretKey), ...names, createdAt: Date.now() });
  return { id, secretKey };
}

export async function verifyGuest(db: Db, credentials: GuestCredentials): Promise<boolean> {
  const stored = await guestSecretHash(db, credentials.id);
  // Hash even when the guest is unknown, so timing does not tell which ids exist.
  const hash = await sha256(credentials.secretKey);
  return stored !== undefined && timingSafeEqual(hash, stored);
}

const GUEST_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The browser's copy of a guest's credentials: an HttpOnly cookie, out of reach of scripts. */
export function guestCookie(request: Request, credentials: GuestCredentials): string {
  return serializeCookie(request, COOKIE.guest, `${credentials.id}.${credentials.secretKey}`, { maxAge: GUEST_COOKIE_MAX_AGE });
}

export function parseGuestCookie(value: string): GuestCredentials | null {
  const dot = value.indexOf('.');
  if (dot < 1) return null;
  return { id: value.slice(0, dot), secretKey: value.slice(dot + 1) };
}

export function parseBasic(header: string): GuestCredentials | null {
  if (!header.startsWith('Basic ')) return null;
  let decoded: string;
  try {
    decoded = atob(header.slice(6).trim());
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { id: decoded.slice(0, colon), secretKey: decoded.slice(colon + 1) };
}
