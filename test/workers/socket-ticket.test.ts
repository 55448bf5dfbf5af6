import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SOCKET_TICKET_TTL_MS } from '../../app/core/limits';
import { socketTicketFor } from '../../worker/auth/socket-ticket';
import type { Guest, PartyRecord } from './fixtures';
import {
  ORIGIN,
  TestSocket,
  api,
  basic,
  connect,
  connected,
  createConsultant,
  createParty,
  evictRooms,
  fetchInPlace,
  guestCookie,
  joinGuest,
  json,
  page,
  sessionCookie,
  partyRoom,
  roomPlace,
} from './fixtures';

/**
 * A guest's socket ticket (ADR 047): her join and her page load hand her one; her socket, opened
 * within the minute with the same credentials, is let in by the room's own copy of her, without a
 * D1 read. A ticket that is stale, forged, for another party or without its credentials is no
 * error: the socket is checked against D1 as any other. What D1 would refuse and the room knows
 * (removed, left, the party ended, signed out everywhere) the ticket does not open either.
 */

const socketUrl = (partyId: string, ticket?: string) => `${ORIGIN}/api/parties/${partyId}/socket${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`;

/** Opens the party's socket through the Worker, with a ticket; the HTTP status when refused. */
async function connectWith(partyId: string, ticket: string, headers: Record<string, string>): Promise<TestSocket | number> {
  const response = await SELF.fetch(socketUrl(partyId, ticket), { headers: { Upgrade: 'websocket', ...headers } });
  return response.webSocket ? new TestSocket(response.webSocket) : response.status;
}

/** Joined through the API as the app does: the answer carries the ticket. */
async function joinWithTicket(partyId: string, firstName = 'Maria'): Promise<Guest & { ticket: string }> {
  const response = await api(`/parties/${partyId}/join`, { method: 'PUT', body: { firstName, lastName: 'Klein' } });
  expect(response.status).toBe(200);
  const body = await json<{ guestId: string; secretKey: string; socketTicket?: string }>(response);
  expect(body.socketTicket, 'the join answers a socket ticket').toEqual(expect.any(String));
  return { guestId: body.guestId, secretKey: body.secretKey, headers: basic(body.guestId, body.secretKey), ticket: body.socketTicket! };
}

/** The welcome a socket opened with a ticket receives, and who it says the socket is. */
async function welcomed(socket: TestSocket | number) {
  expect(typeof socket, 'the socket opened').not.toBe('number');
  (socket as TestSocket).join();
  return (socket as TestSocket).next('welcome');
}

/** Her key goes from D1 behind everyone's back: only a socket D1 does not check can still open. */
async function dropKeysInD1(guestId: string): Promise<void> {
  await env.DB.prepare('DELETE FROM guest_keys WHERE guest_id = ?').bind(guestId).run();
}

async function party(): Promise<{ consultant: Awaited<ReturnType<typeof createConsultant>>; party: PartyRecord }> {
  const consultant = await createConsultant();
  return { consultant, party: await createParty(consultant) };
}

describe('socket tickets', () => {
  it("the join answers a ticket that opens her socket by the room's copy of her, without asking D1", async () => {
    const { party: p } = await party();
    const maria = await joinWithTicket(p.id);
    // D1 no longer knows her key: without the ticket the socket is refused; with it, the room lets her in.
    await dropKeysInD1(maria.guestId);
    expect(await connect(p.id, maria.headers)).toBe(401);
    const welcome = await welcomed(await connectWith(p.id, maria.ticket, maria.headers));
    expect(welcome.me).toMatchObject({ id: maria.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' });
  });

  it("a browser's join: the ticket with her cookie (and our Origin) opens her socket", async () => {
    const { party: p } = await party();
    const response = await api(`/parties/${p.id}/join`, { method: 'PUT', headers: { Origin: ORIGIN }, body: { firstName: 'Tom', lastName: 'Berg' } });
    const body = await json<{ guestId: string; secretKey?: string; socketTicket: string }>(response);
    expect(body.secretKey, 'a browser keeps its secret in the cookie only').toBeUndefined();
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith('salon_guest='))!
      .split(';')[0]!;
    await dropKeysInD1(body.guestId);
    const welcome = await welcomed(await connectWith(p.id, body.socketTicket, { Cookie: cookie, Origin: ORIGIN }));
    expect(welcome.me.id).toBe(body.guestId);
    // From another site the socket is refused before any ticket is read.
    expect(await connectWith(p.id, body.socketTicket, { Cookie: cookie, Origin: 'https://evil.test' })).toBe(403);
  });

  it("a ticket is no key: without its credentials, with another guest's, or for another party, the socket is checked against D1", async () => {
    const { party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    const tom = await joinGuest(p.id, { firstName: 'Tom', lastName: 'Berg' });
    expect(await connectWith(p.id, maria.ticket, {})).toBe(401);
    // Tom with Maria's ticket is Tom, as D1 says.
    expect((await welcomed(await connectWith(p.id, maria.ticket, tom.headers))).me.id).toBe(tom.guestId);
    // Maria's ticket on another party where she is no member: refused as without a ticket.
    const { party: other } = await party();
    expect(await connectWith(other.id, maria.ticket, maria.headers)).toBe(403);
    // A forged ticket, or one past its minute, is no ticket either (her key gone from D1 shows which path was taken).
    const stale = await socketTicketFor(
      env.SOCKET_TICKET_SECRET,
      new Request(ORIGIN),
      roomPlace(p.id),
      { id: maria.guestId, role: 'guest' },
      {
        fresh: { id: maria.guestId, secretKey: maria.secretKey, keyId: maria.ticket.split('.')[1]! },
        checked: null,
      },
      Date.now() - SOCKET_TICKET_TTL_MS - 1,
    );
    await dropKeysInD1(maria.guestId);
    expect(await connectWith(p.id, stale!, maria.headers)).toBe(401);
    expect(await connectWith(p.id, `${maria.ticket.slice(0, -2)}AA`, maria.headers)).toBe(401);
    expect(await connectWith(p.id, 'not-a-ticket', maria.headers)).toBe(401);
    expect((await welcomed(await connectWith(p.id, maria.ticket, maria.headers))).me.id).toBe(maria.guestId);
  });

  it("a header the client sends under the room's names is never passed on", async () => {
    const { party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    const tom = await joinWithTicket(p.id, 'Tom');
    const forged = { 'X-Salon-Known': encodeURIComponent(JSON.stringify(maria.guestId)), 'X-Salon-Member': 'x' };
    // Without a ticket, Tom claiming to be Maria is Tom; with his ticket, too.
    expect((await welcomed(await connect(p.id, { ...tom.headers, ...forged }))).me.id).toBe(tom.guestId);
    expect((await welcomed(await connectWith(p.id, tom.ticket, { ...tom.headers, ...forged }))).me.id).toBe(tom.guestId);
  });

  it("removed, left, or the party ended within the minute: the ticket opens nothing, and the refusal is D1's", async () => {
    const { consultant, party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    const tom = await joinWithTicket(p.id, 'Tom');
    const eva = await joinWithTicket(p.id, 'Eva');
    expect((await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    expect(await connectWith(p.id, maria.ticket, maria.headers)).toBe(await connect(p.id, maria.headers));
    expect(await connectWith(p.id, maria.ticket, maria.headers)).toBe(403);
    expect((await api(`/parties/${p.id}/leave`, { method: 'DELETE', headers: tom.headers })).status).toBe(204);
    expect(await connectWith(p.id, tom.ticket, tom.headers)).toBe(403);
    const ended = await api(`/parties/${p.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { title: 'Wellness-Party', expiration: Date.now() - 60_000 },
    });
    expect(ended.status).toBe(200);
    expect(await connectWith(p.id, eva.ticket, eva.headers)).toBe(410);
  });

  it('a guest who left within the minute stays out by her ticket, even when a call checked before she went admits her again', async () => {
    const { party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    expect((await api(`/parties/${p.id}/leave`, { method: 'DELETE', headers: maria.headers })).status).toBe(204);
    // A history request D1 let through before the leave reaches the room after it.
    const member = { id: maria.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' as const };
    await partyRoom(p.id).history(member, undefined);
    expect(await connectWith(p.id, maria.ticket, maria.headers)).toBe(403);
    // Back through a new join, her new ticket is refused for the rest of the time, and the D1 way lets her in.
    const again = await json<{ socketTicket: string }>(
      await api(`/parties/${p.id}/join`, { method: 'PUT', headers: maria.headers, body: { firstName: 'Maria', lastName: 'Klein' } }),
    );
    await dropKeysInD1(maria.guestId);
    expect(await connectWith(p.id, again.socketTicket, maria.headers)).toBe(401);
  });

  it('only a GET upgrade is taken by its ticket, as by the socket route', async () => {
    const { party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    // In place: a socket's handshake through SELF is always a GET.
    const response = await fetchInPlace(socketUrl(p.id, maria.ticket), { method: 'POST', headers: { Upgrade: 'websocket', ...maria.headers } });
    expect(response.webSocket).toBeNull();
    expect(response.status).toBe(404);
  });

  it('signed out everywhere within the minute: her tickets open nothing, also after the room slept', async () => {
    const { party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    const { socket } = await connected(p.id, maria.headers);
    expect((await api('/guests/logout', { method: 'POST', headers: { ...maria.headers } })).status).toBe(204);
    await socket.closedWith(1000);
    expect(await connectWith(p.id, maria.ticket, maria.headers)).toBe(401);
    await evictRooms(p.id);
    expect(await connectWith(p.id, maria.ticket, maria.headers)).toBe(401);
  });

  it('a room that forgot everything (deleted and made again) sends the socket to D1', async () => {
    const { consultant, party: p } = await party();
    const maria = await joinWithTicket(p.id, 'Maria');
    expect((await api(`/parties/${p.id}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    expect(await connectWith(p.id, maria.ticket, maria.headers)).toBe(404);
  });

  it('the party page hands a member guest a ticket; not the manager, nor a visitor', async () => {
    const { consultant, party: p } = await party();
    const maria = await joinGuest(p.id);
    const ticketIn = async (headers: Record<string, string>) => {
      // The loader's data is in the page as Remix streams it: the ticket is found by its shape.
      const text = await (await page(`/${p.shortId}`, { headers })).text();
      const ticket = /[0-9a-z]{1,11}\.[0-9a-f-]{36}\.[a-z-]*_[a-z]*\.[A-Za-z0-9_-]{43}/.exec(text)?.[0] ?? null;
      expect(ticket !== null, 'the ticket comes with its name').toBe(text.includes('socketTicket'));
      return ticket;
    };
    const ticket = await ticketIn(guestCookie(maria));
    expect(ticket).not.toBeNull();
    await dropKeysInD1(maria.guestId);
    expect((await welcomed(await connectWith(p.id, ticket!, guestCookie(maria)))).me.id).toBe(maria.guestId);
    expect(await ticketIn(sessionCookie(consultant))).toBeNull();
    expect(await ticketIn({})).toBeNull();
  });
});
