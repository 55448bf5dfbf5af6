import type { Member } from '#core/protocol';
import { SOCKET_TICKET_TTL_MS } from '../../app/core/limits';
import { COOKIE } from './cookies';
import { hmacSign, hmacVerify, sha256 } from './crypto';
import type { GuestCredentials, NewGuestCredentials } from './guests';
import { parseGuestCookie } from './guests';
import type { PresentedCredentials } from './identity';
import { consultantCookies, presentedCredentials } from './identity';

/**
 * A guest's socket ticket (ADR 047): what a join or a page load that has just checked a guest's key
 * and membership against D1 hands her, so that her socket, opened within the minute, need not read
 * D1 again. `issuedAt.keyId.mac` (issuedAt in base 36), where mac is an HMAC-SHA256 with
 * SOCKET_TICKET_SECRET over the party, the guest, her key's id, the hash of her key's secret and
 * the time. The ticket alone opens nothing: the socket must carry the same credentials (cookie or
 * Basic), whose secret the MAC binds. Anything wrong with a ticket is no error: the socket is then
 * checked against D1 as any other.
 */

/** A clock a little ahead elsewhere (Workers on two machines) still accepts a fresh ticket. */
const CLOCK_SLACK_MS = 5_000;

const signedText = (partyId: string, guestId: string, keyId: string, secretHash: string, issuedAt: number) =>
  `socket-ticket|${partyId}|${guestId}|${keyId}|${secretHash}|${issuedAt}`;

/** Whether the request carries a consultant's session, by the identity's precedence (`presentedCredentials`). */
function carriesConsultant(presented: PresentedCredentials): boolean {
  return presented.via === 'bearer' || (presented.via === 'cookies' && consultantCookies(presented.cookies));
}

/**
 * The guest credentials a request carries when it carries no consultant's: the app's Basic header,
 * else the browser's guest cookie. A request with a consultant's session gets no ticket and
 * redeems none: who it is in a party is the D1 check's to say (it may be the party's manager).
 */
function guestOnlyCredentials(presented: PresentedCredentials): GuestCredentials | null {
  if (carriesConsultant(presented)) return null;
  if (presented.via === 'basic') return presented.guest;
  const value = presented.via === 'cookies' ? presented.cookies.get(COOKIE.guest) : undefined;
  return value ? parseGuestCookie(value) : null;
}

async function sign(secret: string, partyId: string, guest: NewGuestCredentials, issuedAt: number): Promise<string> {
  const mac = await hmacSign(secret, signedText(partyId, guest.id, guest.keyId, await sha256(guest.secretKey), issuedAt));
  return `${issuedAt.toString(36)}.${guest.keyId}.${mac}`;
}

/**
 * The ticket for `member` after a join or a page load has checked her against D1: a guest (or the
 * host) whose key is the one just made (`fresh`) or the one the request came with (`checked`, as
 * the identity verified it). Null without a secret, for the manager, and for a request that also
 * carries a consultant's session.
 */
export async function socketTicketFor(
  secret: string | undefined,
  request: Request,
  partyId: string,
  member: Pick<Member, 'id' | 'role'>,
  keys: { fresh: NewGuestCredentials | null; checked: { guestId: string; keyId: string } | null },
  now = Date.now(),
): Promise<string | null> {
  if (!secret || member.role === 'manager') return null;
  const presented = presentedCredentials(request);
  if (carriesConsultant(presented)) return null;
  if (keys.fresh?.id === member.id) return sign(secret, partyId, keys.fresh, now);
  if (keys.checked?.guestId !== member.id) return null;
  const credentials = guestOnlyCredentials(presented);
  if (credentials?.id !== member.id) return null;
  return sign(secret, partyId, { ...credentials, keyId: keys.checked.keyId }, now);
}

/**
 * Who a socket's ticket vouches for: the guest and her key, when the ticket is ours, for this party,
 * younger than SOCKET_TICKET_TTL_MS and bound to the credentials the request carries; else null
 * (the socket is then checked against D1). The room still refuses a member it knows removed or
 * gone, and a session it knows ended (durable-objects/party-room.ts).
 */
export async function redeemSocketTicket(
  secret: string | undefined,
  ticket: string,
  partyId: string,
  request: Request,
  now = Date.now(),
): Promise<{ guestId: string; keyId: string } | null> {
  if (!secret) return null;
  const [issued, keyId, mac, ...rest] = ticket.split('.');
  if (!issued || !keyId || !mac || rest.length > 0 || !/^[0-9a-z]{1,11}$/.test(issued) || !/^[A-Za-z0-9-]{1,64}$/.test(keyId)) return null;
  const issuedAt = parseInt(issued, 36);
  if (issuedAt > now + CLOCK_SLACK_MS || now - issuedAt >= SOCKET_TICKET_TTL_MS) return null;
  const credentials = guestOnlyCredentials(presentedCredentials(request));
  if (!credentials) return null;
  const bound = await hmacVerify(secret, signedText(partyId, credentials.id, keyId, await sha256(credentials.secretKey), issuedAt), mac);
  return bound ? { guestId: credentials.id, keyId } : null;
}
