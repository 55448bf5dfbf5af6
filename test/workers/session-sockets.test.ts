import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../app/core/protocol';
import { SOCKET_CLOSE } from '../../app/core/protocol-version';
import { ROSTER } from '../../app/core/roster';
import type { PartyRoom } from '../../durable-objects/party-room';
import { createSession } from '../../worker/auth/sessions';
import { database } from '../../worker/db/client';
import { deleteAccount } from '../../worker/services/account-deletion';
import { endExpiredSessions, recordSocket } from '../../worker/services/session-end';
import type { Consultant, TestSocket } from './fixtures';
import {
  ORIGIN,
  api,
  connect,
  connected,
  createConsultant,
  createParty,
  guestCookie,
  joinGuest,
  json,
  nextPresence,
  page,
  sessionCookie,
  spoken,
  tells,
  textMessage,
  partyRoom,
} from './fixtures';

/**
 * A consultant's socket lives no longer than her session (ADR 020): signing out on the page or
 * through the API, and deleting the account, close the sockets opened with that session within a
 * second, with an error frame and a close code the page understands; the room's alarm closes a
 * socket once the access token it was opened with expires, and the refreshed session reconnects.
 * Her other sessions (another device) and the guests' sockets go on.
 */

function stub(partyId: string) {
  return partyRoom(partyId);
}

/** A second sign-in of the same consultant (another device), as bearer headers. */
async function anotherDevice(consultant: Consultant): Promise<Record<string, string>> {
  const tokens = await createSession(database(env.DB), consultant.userId, null);
  return { Authorization: `Bearer ${tokens.accessToken}` };
}

async function world() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const guest = await joinGuest(party.id);
  const laptop = (await connected(party.id, sessionCookie(consultant))).socket;
  const phone = (await connected(party.id, await anotherDevice(consultant))).socket;
  const ida = (await connected(party.id, guest.headers)).socket;
  return { consultant, party, guest, laptop, phone, ida };
}

/** Waits for the socket to close; the time it took counts from `since`. */
async function closedWithin(socket: TestSocket, since: number, ms: number) {
  const closed = await socket.closedWith(ms);
  expect(Date.now() - since, 'closed within the time the product promises').toBeLessThanOrEqual(ms);
  return closed;
}

/** The socket closed for a session that ended: nothing sent on it afterwards is taken. */
async function signedOut(socket: TestSocket, since: number, partyId: string, headers: Record<string, string>) {
  expect(await closedWithin(socket, since, 1000)).toMatchObject({ code: SOCKET_CLOSE.signedOut });
  expect(socket.all('error').map((event) => event.code)).toContain('unauthorized');
  try {
    socket.send(textMessage('Noch da?'));
  } catch {
    // A closed socket may refuse the send itself; either way the room must not take it.
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(socket.all('ack')).toEqual([]);
  const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${partyId}/chat`, { headers }));
  expect(spoken(history.messages).map((message) => message.message)).not.toContain('Noch da?');
}

/** Another device of the manager and a guest go on: a message from one reaches the other. */
async function goOn(phone: TestSocket, ida: TestSocket, text: string) {
  const tempId = crypto.randomUUID();
  phone.send(textMessage(text, tempId));
  expect((await phone.next('ack', 3000, (event) => event.tempId === tempId)).message.message).toBe(text);
  expect((await ida.next('newMessage', 3000, (event) => event.message.message === text)).message.senderType).toBe('manager');
  expect(phone.closed).toBeNull();
  expect(ida.closed).toBeNull();
}

describe('ending a session closes the sockets opened with it', () => {
  it("signing out through the page's /logout closes that session's socket within a second; her other device and the guest go on", async () => {
    const { consultant, party, guest, laptop, phone, ida } = await world();
    const since = Date.now();
    const response = await page('/logout', { method: 'POST', headers: { ...sessionCookie(consultant), Origin: ORIGIN } });
    expect(response.status).toBe(302);
    await signedOut(laptop, since, party.id, guest.headers);
    await goOn(phone, ida, 'Vom Telefon');
    // The ended session opens nothing any more.
    expect(await connect(party.id, sessionCookie(consultant))).toBe(401);
    // Guests see the manager still online (her phone).
    await new Promise((resolve) => setTimeout(resolve, ROSTER.flushMs * 3));
    expect(ida.all('presence').filter((event) => tells(event, 'offline', consultant.userId))).toEqual([]);
  });

  it('signing out through the API does the same for a bearer session', async () => {
    const { consultant, party, guest, laptop, phone, ida } = await world();
    const since = Date.now();
    expect((await api('/auth/logout', { method: 'POST', headers: consultant.headers })).status).toBe(204);
    // The API's session is the one the laptop's cookie holds too (one sign-in, two ways to send it).
    await signedOut(laptop, since, party.id, guest.headers);
    await goOn(phone, ida, 'Noch da');
  });

  it('the last socket of the manager closing tells the guests she is offline', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const laptop = (await connected(party.id, consultant.headers)).socket;
    const ida = (await connected(party.id, guest.headers)).socket;
    expect((await api('/auth/logout', { method: 'POST', headers: consultant.headers })).status).toBe(204);
    await laptop.closedWith();
    expect(await nextPresence(ida, 'offline', consultant.userId)).toMatchObject({ memberCount: 2, onlineCount: 1 });
  });

  it('deleting the account signs out every session of it, in every party, before its parties go', async () => {
    const { consultant, party, laptop, phone, ida } = await world();
    const other = await createParty(consultant, { title: 'Zweite Party' });
    const elsewhere = (await connected(other.id, consultant.headers)).socket;
    const since = Date.now();
    await deleteAccount(env, database(env.DB), consultant.userId);
    for (const socket of [laptop, phone, elsewhere]) expect(await closedWithin(socket, since, 1000)).toMatchObject({ code: SOCKET_CLOSE.signedOut });
    // The guest's socket closes as the party goes (deleted), not as a signed-out one.
    expect((await ida.closedWith()).code).toBe(SOCKET_CLOSE.partyDeleted);
    const left = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM users WHERE id = ?1) AS users, (SELECT COUNT(*) FROM sessions WHERE user_id = ?1) AS sessions',
    )
      .bind(consultant.userId)
      .first<{ users: number; sessions: number }>();
    expect(left).toEqual({ users: 0, sessions: 0 });
  });

  it("a consultant's socket as a guest of someone else's party is no session's: signing out leaves it open", async () => {
    const { party } = await world();
    const berta = await createConsultant({ name: 'Berta' });
    const asGuest = await joinGuest(party.id, { firstName: 'Berta', lastName: 'Gast' });
    // One browser: her own session's cookies and her guest cookie for Anna's party.
    const cookies = { Cookie: `${sessionCookie(berta).Cookie}; ${guestCookie(asGuest).Cookie}` };
    const { socket, welcome } = await connected(party.id, cookies);
    expect(welcome.me.role).toBe('guest');
    expect((await page('/logout', { method: 'POST', headers: { ...cookies, Origin: ORIGIN } })).status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.closed).toBeNull();
    const tempId = crypto.randomUUID();
    socket.send(textMessage('Als Gast noch da', tempId));
    expect((await socket.next('ack', 3000, (event) => event.tempId === tempId)).message.message).toBe('Als Gast noch da');
    socket.close();
  });
});

describe("the session a socket belongs to is the Worker's word", () => {
  it("a session header sent by the client is not passed on: a guest's socket is no session's", async () => {
    const { consultant, party, guest } = await world();
    const row = await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at LIMIT 1').bind(consultant.userId).first<{ id: string }>();
    const forged = { 'X-Salon-Session': encodeURIComponent(JSON.stringify({ id: row!.id, expiresAt: Date.now() - 1000 })) };
    const { socket } = await connected(party.id, { ...guest.headers, ...forged });
    const tempId = crypto.randomUUID();
    socket.send(textMessage('Ganz normal', tempId));
    expect((await socket.next('ack', 3000, (event) => event.tempId === tempId)).message.message).toBe('Ganz normal');
    expect(await runInDurableObject(stub(party.id), (_room: PartyRoom, state: DurableObjectState) => state.getWebSockets(`session:${row!.id}`).length)).toBe(1);
    socket.close();
  });
});

describe('a session whose access token expires', () => {
  it("has its socket closed by the room's alarm; the refreshed session reconnects", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    // The access token expires in one to two seconds.
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    await env.DB.prepare('UPDATE sessions SET access_expires_at = ? WHERE user_id = ?').bind(expiresAt, consultant.userId).run();
    const laptop = (await connected(party.id, consultant.headers)).socket;
    const ida = (await connected(party.id, guest.headers)).socket;
    // The room's one alarm is set for the expiry at the latest.
    const alarm = await runInDurableObject(stub(party.id), (_room: PartyRoom, state: DurableObjectState) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm!).toBeLessThanOrEqual(expiresAt * 1000);

    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 10));
    // Whether the runtime's alarm came first or this one: the socket is closed for its expiry.
    await runDurableObjectAlarm(stub(party.id));
    expect(await laptop.closedWith(1000)).toMatchObject({ code: SOCKET_CLOSE.sessionExpired });
    expect(laptop.all('error').map((event) => event.code)).toEqual(['sessionExpired']);
    expect(ida.closed).toBeNull();

    // The token has expired: the upgrade is refused until the session is refreshed.

    const refreshed = await json<{ accessToken: string }>(await api('/auth/refresh', { method: 'POST', body: { refreshToken: consultant.refreshToken } }));
    const again = await connected(party.id, { Authorization: `Bearer ${refreshed.accessToken}` });
    const tempId = crypto.randomUUID();
    again.socket.send(textMessage('Wieder da', tempId));
    expect((await again.socket.next('ack', 3000, (event) => event.tempId === tempId)).message.message).toBe('Wieder da');
    for (const socket of [again.socket, ida]) socket.close();
  });

  it('the cron ends sessions whose refresh token expired, and their records of parties go with them', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    (await connected(party.id, consultant.headers)).socket.close();
    const keep = await anotherDevice(consultant);
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM session_parties WHERE party_id = ?').bind(party.id).first<{ n: number }>();
    expect(before?.n).toBe(1);
    const now = Math.floor(Date.now() / 1000);
    await env.DB.prepare(
      'UPDATE sessions SET access_expires_at = ?, refresh_expires_at = ? WHERE access_hash = (SELECT access_hash FROM sessions WHERE user_id = ? ORDER BY created_at LIMIT 1)',
    )
      .bind(now - 100, now - 10, consultant.userId)
      .run();
    await endExpiredSessions(env);
    const after = await env.DB.prepare(
      'SELECT (SELECT COUNT(*) FROM sessions WHERE user_id = ?1) AS sessions, (SELECT COUNT(*) FROM session_parties WHERE party_id = ?2) AS records',
    )
      .bind(consultant.userId, party.id)
      .first<{ sessions: number; records: number }>();
    expect(after).toEqual({ sessions: 1, records: 0 });
    expect((await api('/parties', { headers: keep })).status).toBe(200);
  });
});

describe('a socket opened while its session ends', () => {
  it('records its party only while the session exists, so one of the two always finds the other', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const { socket } = await connected(party.id, consultant.headers);
    const row = await env.DB.prepare('SELECT session_id AS id FROM session_parties WHERE party_id = ?').bind(party.id).first<{ id: string }>();
    expect(row).not.toBeNull();
    // Recording again is harmless while the session lives.
    expect(await recordSocket(env, row!.id, party.id)).toBe(true);
    // Ended meanwhile (here: directly in D1, as if between the handshake's check and its record):
    await env.DB.prepare('DELETE FROM sessions WHERE id = ?').bind(row!.id).run();
    expect(await recordSocket(env, row!.id, party.id)).toBe(false);
    // What the handshake then does: the room closes that session's sockets.
    await stub(party.id).endSessions([row!.id]);
    expect((await socket.closedWith()).code).toBe(SOCKET_CLOSE.signedOut);
  });
});
