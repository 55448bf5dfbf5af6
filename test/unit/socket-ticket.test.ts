import { describe, expect, it } from 'vitest';
import { SOCKET_TICKET_TTL_MS } from '../../app/core/limits';
import { redeemSocketTicket, socketTicketFor } from '../../worker/auth/socket-ticket';

/**
 * A guest's socket ticket (worker/auth/socket-ticket.ts, ADR 047): the MAC binds the party, where
 * its room lives (ADR 050), the guest, her key and her key's secret; it is good for a minute;
 * anything else is no ticket (the socket is then checked against D1). The workers test
 * socket-ticket.test.ts holds the room's side.
 */

const SECRET = 'unit-socket-ticket-secret';
const PARTY = 'party-1';
const PLACE = { id: PARTY, roomJurisdiction: 'eu', roomLocation: 'weur' };
const NOW = 1_800_000_000_000;
const maria = { id: 'guest-maria', secretKey: 'maria-secret', keyId: '0b7c2f8e-1111-4c1a-9d7e-3f2a1b0c9d8e' };
const tom = { id: 'guest-tom', secretKey: 'tom-secret', keyId: '5d4c3b2a-2222-4c1a-9d7e-3f2a1b0c9d8e' };

const basicRequest = (who: { id: string; secretKey: string }, extra: Record<string, string> = {}) =>
  new Request('https://salon.test/api/parties/party-1/socket', { headers: { Authorization: `Basic ${btoa(`${who.id}:${who.secretKey}`)}`, ...extra } });
const cookieRequest = (cookie: string) => new Request('https://salon.test/api/parties/party-1/socket', { headers: { Cookie: cookie } });
const asGuest = (who: { id: string }) => ({ id: who.id, role: 'guest' as const });

async function freshTicket(now = NOW): Promise<string> {
  const ticket = await socketTicketFor(SECRET, new Request('https://salon.test/'), PLACE, asGuest(maria), { fresh: maria, checked: null }, now);
  if (!ticket) throw new Error('no ticket');
  return ticket;
}

describe('socket tickets', () => {
  it("a fresh guest's ticket vouches for her and her key, with her Basic credentials or her cookie", async () => {
    const ticket = await freshTicket();
    expect(ticket).toMatch(/^[0-9a-z]+\.[0-9a-f-]+\.eu_weur\.[A-Za-z0-9_-]{43}$/);
    const vouched = { guestId: maria.id, keyId: maria.keyId, party: PLACE };
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest(maria), NOW)).toEqual(vouched);
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, cookieRequest(`salon_guest=${maria.id}.${maria.secretKey}`), NOW + 1000)).toEqual(vouched);
  });

  it('a checked guest gets one for the key the request came with, bound to the credentials it carries', async () => {
    const request = cookieRequest(`salon_guest=${maria.id}.${maria.secretKey}`);
    const ticket = await socketTicketFor(SECRET, request, PLACE, asGuest(maria), { fresh: null, checked: { guestId: maria.id, keyId: maria.keyId } }, NOW);
    expect(ticket).not.toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket!, PARTY, basicRequest(maria), NOW)).toEqual({ guestId: maria.id, keyId: maria.keyId, party: PLACE });
    // The host is a guest too.
    expect(
      await socketTicketFor(SECRET, request, PLACE, { id: maria.id, role: 'host' }, { fresh: null, checked: { guestId: maria.id, keyId: maria.keyId } }, NOW),
    ).not.toBeNull();
  });

  it("no ticket without a secret, for the manager, for someone the keys do not name, or beside a consultant's session", async () => {
    const checked = { guestId: maria.id, keyId: maria.keyId };
    const mine = cookieRequest(`salon_guest=${maria.id}.${maria.secretKey}`);
    expect(await socketTicketFor(undefined, mine, PLACE, asGuest(maria), { fresh: maria, checked }, NOW)).toBeNull();
    expect(await socketTicketFor('', mine, PLACE, asGuest(maria), { fresh: maria, checked }, NOW)).toBeNull();
    expect(await socketTicketFor(SECRET, mine, PLACE, { id: maria.id, role: 'manager' }, { fresh: maria, checked }, NOW)).toBeNull();
    expect(await socketTicketFor(SECRET, mine, PLACE, asGuest(tom), { fresh: maria, checked }, NOW)).toBeNull();
    // The identity checked Maria, but the request carries Tom's cookie: nothing to bind to.
    expect(
      await socketTicketFor(SECRET, cookieRequest(`salon_guest=${tom.id}.${tom.secretKey}`), PLACE, asGuest(maria), { fresh: null, checked }, NOW),
    ).toBeNull();
    const withConsultant = cookieRequest(`salon_at=token; salon_guest=${maria.id}.${maria.secretKey}`);
    expect(await socketTicketFor(SECRET, withConsultant, PLACE, asGuest(maria), { fresh: null, checked }, NOW)).toBeNull();
    // A consultant joining as a new guest: her socket is the D1 check's to place, with or without cookies.
    expect(await socketTicketFor(SECRET, withConsultant, PLACE, asGuest(maria), { fresh: maria, checked: null }, NOW)).toBeNull();
    const bearer = new Request('https://salon.test/', { headers: { Authorization: 'Bearer token' } });
    expect(await socketTicketFor(SECRET, bearer, PLACE, asGuest(maria), { fresh: maria, checked: null }, NOW)).toBeNull();
  });

  it('good for a minute, not before it was issued (beyond a few seconds of clocks) and not after', async () => {
    const ticket = await freshTicket();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest(maria), NOW + SOCKET_TICKET_TTL_MS - 1)).not.toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest(maria), NOW + SOCKET_TICKET_TTL_MS)).toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest(maria), NOW - 4000)).not.toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest(maria), NOW - 6000)).toBeNull();
  });

  it('opens nothing for another party, other credentials, another secret, or none', async () => {
    const ticket = await freshTicket();
    expect(await redeemSocketTicket(SECRET, ticket, 'party-2', basicRequest(maria), NOW)).toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest(tom), NOW)).toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, basicRequest({ id: maria.id, secretKey: 'guessed' }), NOW)).toBeNull();
    expect(await redeemSocketTicket('another-secret', ticket, PARTY, basicRequest(maria), NOW)).toBeNull();
    expect(await redeemSocketTicket(undefined, ticket, PARTY, basicRequest(maria), NOW)).toBeNull();
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, new Request('https://salon.test/'), NOW)).toBeNull();
    // A consultant's session beside her cookie: the D1 check says who the socket is.
    expect(await redeemSocketTicket(SECRET, ticket, PARTY, cookieRequest(`salon_rt=token; salon_guest=${maria.id}.${maria.secretKey}`), NOW)).toBeNull();
  });

  it("names the room's place it was made with, none when the party has none", async () => {
    const none = { id: PARTY, roomJurisdiction: null, roomLocation: null };
    const ticket = await socketTicketFor(SECRET, new Request('https://salon.test/'), none, asGuest(maria), { fresh: maria, checked: null }, NOW);
    expect(ticket!.split('.')[2]).toBe('_');
    expect(await redeemSocketTicket(SECRET, ticket!, PARTY, basicRequest(maria), NOW)).toEqual({ guestId: maria.id, keyId: maria.keyId, party: none });
  });

  it('a ticket changed anywhere is no ticket', async () => {
    const ticket = await freshTicket();
    const [issued, keyId, place, mac] = ticket.split('.') as [string, string, string, string];
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const changed = [
      `${(parseInt(issued, 36) + 1).toString(36)}.${keyId}.${place}.${mac}`,
      `${issued}.${tom.keyId}.${place}.${mac}`,
      `${issued}.${keyId}.${place}.${flip(mac, 5)}`,
      `${issued}.${keyId}.${place}.${mac}.extra`,
      `${issued}.${keyId}.${mac}`,
      `${issued}.${keyId}`,
      `${issued}..${place}.${mac}`,
      `-1.${keyId}.${place}.${mac}`,
      `${issued}.${keyId}.${place}.${mac.slice(1)}`,
      // Another place for the room, a made-up one, or none: the MAC names the place it was given.
      `${issued}.${keyId}.eu_eeur.${mac}`,
      `${issued}.${keyId}._weur.${mac}`,
      `${issued}.${keyId}._.${mac}`,
      `${issued}.${keyId}.mars_weur.${mac}`,
      `${issued}.${keyId}.eu_moon.${mac}`,
      `${issued}.${keyId}.eu_weur_x.${mac}`,
      '',
      '...',
      'x'.repeat(5000),
    ];
    for (const forged of changed) expect(await redeemSocketTicket(SECRET, forged, PARTY, basicRequest(maria), NOW), forged.slice(0, 60)).toBeNull();
  });
});
