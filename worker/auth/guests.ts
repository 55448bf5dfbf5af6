import { GUEST_CODE } from '../../app/core/guest-account';
import type { Db } from '../db/client';
import type { PartyKey } from '../db/guests';
import { guestKeyId, insertGuest, insertGuestIfOpen, insertGuestKey, replaceKey } from '../db/guests';
import { guestKeyWithParty } from '../db/memberships';
import type { MemberRow, PartyRow } from '../db/schema';
import type { SocketSession } from '../../durable-objects/contract';
import { COOKIE, clearCookie, readCookies, serializeCookie } from './cookies';
import { randomToken, sha256 } from './crypto';

/**
 * A guest is an id and, per device, a key: a random secret (256 bits) of which only the hash is
 * stored (ADR 034). Browsers keep `id.secret` in an HttpOnly cookie, the mobile app sends it as
 * Basic credentials.
 */
export interface GuestCredentials {
  id: string;
  secretKey: string;
}

/** Credentials just made, with the id of their key (a socket ticket names it, ADR 047). */
export interface NewGuestCredentials extends GuestCredentials {
  keyId: string;
}

/** A new key: its id, its secret (which only the client keeps) and the secret's hash (which D1 keeps). */
async function newKey(): Promise<{ id: string; secretKey: string; secretHash: string }> {
  const secretKey = randomToken();
  return { id: crypto.randomUUID(), secretKey, secretHash: await sha256(secretKey) };
}

/** A new guest and her first key; with `membership`, she is a member of that party in the same batch. */
export async function createGuest(
  db: Db,
  names: { firstName: string; lastName: string },
  now = Date.now(),
  membership?: { partyId: string; isHost: boolean; joinedAt: number },
): Promise<NewGuestCredentials> {
  const id = crypto.randomUUID();
  const key = await newKey();
  await insertGuest(db, { id, ...names, createdAt: now }, key, membership);
  return { id, secretKey: key.secretKey, keyId: key.id };
}

/**
 * A new guest and her first key, a member of the party if anyone may join it now (no password, not
 * ended), in the batch that reads it (worker/db/guests.ts `insertGuestIfOpen`): the party as read
 * (undefined: none), and her credentials, or null when she was not added.
 */
export async function createGuestIfOpen(
  db: Db,
  names: { firstName: string; lastName: string },
  party: PartyKey,
  now = Date.now(),
): Promise<{ party: PartyRow | undefined; credentials: NewGuestCredentials | null }> {
  const id = crypto.randomUUID();
  const key = await newKey();
  const { party: read, added } = await insertGuestIfOpen(db, { id, ...names, createdAt: now }, key, { ...party, isHost: false, joinedAt: now });
  return { party: read, credentials: added ? { id, secretKey: key.secretKey, keyId: key.id } : null };
}

/** A new device's key for an existing guest (a sign-in with a mailed code). */
export async function addGuestKey(db: Db, guestId: string, now = Date.now()): Promise<GuestCredentials> {
  const { id, secretKey, secretHash } = await newKey();
  await insertGuestKey(db, { id, guestId, secretHash, createdAt: now });
  return { id: guestId, secretKey };
}

/** A new key in place of one (a registration on a device that held her): the old one stops working. */
export async function replaceGuestKey(db: Db, guestId: string, keyId: string, now = Date.now()): Promise<GuestCredentials> {
  const { id, secretKey, secretHash } = await newKey();
  await replaceKey(db, keyId, { id, guestId, secretHash, createdAt: now });
  return { id: guestId, secretKey };
}

/**
 * The id of the guest's key these credentials name, or null. The lookup is by the secret's hash
 * (256 random bits: no timing tells anything about a secret nobody can guess).
 */
export async function verifyGuest(db: Db, credentials: GuestCredentials): Promise<string | null> {
  return (await guestKeyId(db, credentials.id, await sha256(credentials.secretKey))) ?? null;
}

/**
 * `verifyGuest`, for a request to one party: the key's id with the party and the guest's active
 * membership of it, read in the same query (worker/db/memberships.ts); null when the key is not hers.
 */
export async function verifyGuestInParty(db: Db, credentials: GuestCredentials, partyId: string): Promise<(PartyRead & { keyId: string }) | null> {
  const row = await guestKeyWithParty(db, credentials.id, await sha256(credentials.secretKey), partyId);
  return row ? { keyId: row.keyId, partyId, party: row.party, membership: row.membership } : null;
}

/** A party and a guest's active membership of it, read with her key (null: no such party, or no membership). */
export interface PartyRead {
  partyId: string;
  party: PartyRow | null;
  membership: MemberRow | null;
}

/** The socket session that stands for one of a guest's keys: signing out everywhere closes its sockets. */
export function guestKeySession(keyId: string): string {
  return `guest-key:${keyId}`;
}

/** A socket opened with one of a guest's keys lives as long as the key (no expiry of its own). */
export function guestKeySocketSession(keyId: string): SocketSession {
  return { id: guestKeySession(keyId), expiresAt: Number.MAX_SAFE_INTEGER };
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

/** The challenge of the browser's last code request (POST /auth/login or /auth/claim), for the verification. */
export function codeCookie(request: Request, challenge: string): string {
  return serializeCookie(request, COOKIE.code, challenge, { maxAge: GUEST_CODE.ttlMs / 1000 });
}

export function clearCodeCookie(request: Request): string {
  return clearCookie(request, COOKIE.code);
}

export function readCodeCookie(request: Request): string | undefined {
  return readCookies(request).get(COOKIE.code);
}
