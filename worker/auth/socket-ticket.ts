import type { Member } from '#core/protocol';
import { JURISDICTIONS, isLocationHint } from '#core/data-location';
import { SOCKET_TICKET_TTL_MS } from '../../app/core/limits';
import type { PartyRow } from '../db/schema';
import { COOKIE } from './cookies';
import { hmacSign, hmacVerify, sha256 } from './crypto';
import type { GuestCredentials, NewGuestCredentials } from './guests';
import { parseGuestCookie } from './guests';
import type { PresentedCredentials } from './identity';
import { consultantCookies, presentedCredentials } from './identity';

/**
 * A guest's socket ticket (ADR 047): what a join or a page load that has just checked a guest's key
 * and membership against D1 hands her, so that her socket, opened within the minute, need not read
 * D1 again. `issuedAt.keyId.place.mac` (issuedAt in base 36; place is where the party's room lives,
 * `jurisdiction_hint`, either part empty when there is none, ADR 050, so the room is reached
 * without reading the party), where mac is an HMAC-SHA256 with SOCKET_TICKET_SECRET over the party,
 * the guest, her key's id, the hash of her key's secret, the room's place and the time. The ticket
 * alone opens nothing: the socket must carry the same credentials (cookie or Basic), whose secret
 * the MAC binds. Anything wrong with a ticket is no error: the socket is then checked against D1 as
 * any other.
 */

/** The party a ticket is for: its id and where its room lives. */
export type TicketParty = Pick<PartyRow, 'id' | 'roomJurisdiction' | 'roomLocation'>;

const placeText = (party: TicketParty) => `${party.roomJurisdiction ?? ''}_${party.roomLocation ?? ''}`;

/** The room's place a ticket names, when it names one Salon makes; else null. */
function placeFrom(text: string): Omit<TicketParty, 'id'> | null {
  const [jurisdiction, hint, ...rest] = text.split('_');
  if (jurisdiction === undefined || hint === undefined || rest.length > 0) return null;
  if (jurisdiction !== '' && !(JURISDICTIONS as readonly string[]).includes(jurisdiction)) return null;
  if (hint !== '' && !isLocationHint(hint)) return null;
  return { roomJurisdiction: jurisdiction || null, roomLocation: hint || null };
}

/** A clock a little ahead elsewhere (Workers on two machines) still accepts a fresh ticket. */
const CLOCK_SLACK_MS = 5_000;

const signedText = (party: TicketParty, guestId: string, keyId: string, secretHash: string, issuedAt: number) =>
  `socket-ticket|${party.id}|${guestId}|${keyId}|${secretHash}|${placeText(party)}|${issuedAt}`;

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

async function sign(secret: string, party: TicketParty, guest: NewGuestCredentials, issuedAt: number): Promise<string> {
  const mac = await hmacSign(secret, signedText(party, guest.id, guest.keyId, await sha256(guest.secretKey), issuedAt));
  return `${issuedAt.toString(36)}.${guest.keyId}.${placeText(party)}.${mac}`;
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
  party: TicketParty,
  member: Pick<Member, 'id' | 'role'>,
  keys: { fresh: NewGuestCredentials | null; checked: { guestId: string; keyId: string } | null },
  now = Date.now(),
): Promise<string | null> {
  if (!secret || member.role === 'manager') return null;
  const presented = presentedCredentials(request);
  if (carriesConsultant(presented)) return null;
  if (keys.fresh?.id === member.id) return sign(secret, party, keys.fresh, now);
  if (keys.checked?.guestId !== member.id) return null;
  const credentials = guestOnlyCredentials(presented);
  if (credentials?.id !== member.id) return null;
  return sign(secret, party, { ...credentials, keyId: keys.checked.keyId }, now);
}

/**
 * Who a socket's ticket vouches for: the guest and her key, when the ticket is ours, for this party,
 * younger than SOCKET_TICKET_TTL_MS and bound to the credentials the request carries, with the
 * party's room's place; else null (the socket is then checked against D1). The room still refuses a
 * member it knows removed or gone, and a session it knows ended (durable-objects/party-room.ts).
 */
export async function redeemSocketTicket(
  secret: string | undefined,
  ticket: string,
  partyId: string,
  request: Request,
  now = Date.now(),
): Promise<{ guestId: string; keyId: string; party: TicketParty } | null> {
  if (!secret) return null;
  const [issued, keyId, placed, mac, ...rest] = ticket.split('.');
  if (!issued || !keyId || placed === undefined || !mac || rest.length > 0 || !/^[0-9a-z]{1,11}$/.test(issued) || !/^[A-Za-z0-9-]{1,64}$/.test(keyId))
    return null;
  const place = placeFrom(placed);
  if (!place) return null;
  const party = { id: partyId, ...place };
  const issuedAt = parseInt(issued, 36);
  if (issuedAt > now + CLOCK_SLACK_MS || now - issuedAt >= SOCKET_TICKET_TTL_MS) return null;
  const credentials = guestOnlyCredentials(presentedCredentials(request));
  if (!credentials) return null;
  const bound = await hmacVerify(secret, signedText(party, credentials.id, keyId, await sha256(credentials.secretKey), issuedAt), mac);
  return bound ? { guestId: credentials.id, keyId, party } : null;
}
