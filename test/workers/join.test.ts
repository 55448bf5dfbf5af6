import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MARKERS, markerOf } from '../../app/core/markers';
import { ROSTER } from '../../app/core/roster';
import {
  ORIGIN,
  api,
  basic,
  connected,
  createConsultant,
  createParty,
  expectError,
  joinGuest,
  json,
  nextPresence,
  tells,
  textMessage,
  cookieNames,
} from './fixtures';
import type { Consultant } from './fixtures';
import { createGuest } from '../../worker/auth/guests';
import { database } from '../../worker/db/client';
import { partyRow } from '../../worker/db/parties';
import { room, roomFacts } from '../../worker/services/parties';

function join(partyId: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return api(`/parties/${partyId}/join`, { method: 'PUT', headers, body });
}

async function guestsOf(partyId: string, consultant: Consultant): Promise<any[]> {
  const response = await api(`/parties/${partyId}/guests`, { headers: consultant.headers });
  expect(response.status).toBe(200);
  return json<any[]>(response);
}

describe('PUT /api/parties/:id/join', () => {
  it('joins a party without a password: guest id, names, role and (for the app) the secret', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const response = await join(party.id, { firstName: 'Maria', lastName: 'Klein' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({
      guestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'Maria',
      lastName: 'Klein',
      role: 'guest',
      secretKey: expect.any(String),
      // Her socket opened within the minute skips its D1 read (ADR 047; socket-ticket.test.ts).
      socketTicket: expect.any(String),
    });
    expect(body.secretKey.length).toBeGreaterThanOrEqual(43);
    expect(await guestsOf(party.id, consultant)).toEqual([{ id: body.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' }]);

    // The credentials work.
    const me = await json(await api(`/parties/${party.shortId}`, { headers: basic(body.guestId, body.secretKey) }));
    expect(me.me).toMatchObject({ id: body.guestId, role: 'guest' });
    const wrong = await json(await api(`/parties/${party.shortId}`, { headers: basic(body.guestId, 'not-the-secret') }));
    expect(wrong.me).toBeNull();
  });

  it('trims names', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const body = await json(await join(party.id, { firstName: '  Maria ', lastName: '\tKlein  ' }));
    expect(body).toMatchObject({ firstName: 'Maria', lastName: 'Klein' });
    expect((await guestsOf(party.id, consultant))[0]).toMatchObject({ firstName: 'Maria', lastName: 'Klein' });
  });

  it('accepts names of exactly 50 characters and non-Latin letters', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const body = await json(await join(party.id, { firstName: 'M'.repeat(50), lastName: 'Özdemir-Łukasz 李' }));
    expect(body).toMatchObject({ firstName: 'M'.repeat(50), lastName: 'Özdemir-Łukasz 李' });
  });

  it.each([
    ['a blank first name', { firstName: '   ', lastName: 'Klein' }],
    ['an empty last name', { firstName: 'Maria', lastName: '' }],
    ['a missing last name', { firstName: 'Maria' }],
    ['a first name of 51 characters', { firstName: 'M'.repeat(51), lastName: 'Klein' }],
    ['a newline in the name', { firstName: 'Maria\nAdmin', lastName: 'Klein' }],
    ['a carriage return in the name', { firstName: 'Maria', lastName: 'Kl\rein' }],
    ['a control character', { firstName: 'Ma\u0007ria', lastName: 'Klein' }],
    ['a bidi override', { firstName: 'Maria', lastName: '\u202Enielk' }],
    ['a number as name', { firstName: 42, lastName: 'Klein' }],
  ])('refuses %s with invalidName and adds no one', async (_name, body) => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const manager = await connected(party.id, consultant.headers);
    const before = await guestsOf(party.id, consultant);
    await expectError(await join(party.id, body), 400, 'invalidName');
    expect(await guestsOf(party.id, consultant)).toEqual(before);
    expect(before).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, ROSTER.flushMs * 3));
    expect(manager.socket.all('presence').filter((event) => (event.joined ?? []).length > 0)).toHaveLength(0);
    manager.socket.close();
  });

  it('announces a new guest to open sockets in a presence frame, a rename with guestUpdate', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const manager = await connected(party.id, consultant.headers);
    const guest = await joinGuest(party.id, { firstName: 'Eva', lastName: 'Stein' });
    const joined = await nextPresence(manager.socket, 'joined', guest.guestId);
    expect(joined.joined).toEqual([{ id: guest.guestId, firstName: 'Eva', lastName: 'Stein', role: 'guest' }]);
    expect(joined).toMatchObject({ memberCount: 2, onlineCount: 1 });

    const renamed = await join(party.id, { firstName: 'Evi', lastName: 'Stein' }, guest.headers);
    expect(renamed.status).toBe(200);
    expect(await manager.socket.next('guestUpdate')).toEqual({
      type: 'guestUpdate',
      member: { id: guest.guestId, firstName: 'Evi', lastName: 'Stein', role: 'guest' },
    });
    await new Promise((resolve) => setTimeout(resolve, ROSTER.flushMs * 3));
    expect(manager.socket.all('presence').filter((event) => tells(event, 'joined', guest.guestId))).toHaveLength(0);
    manager.socket.close();
  });

  it("keeps a new guest's arrival in the conversation as a notice, once, which nobody can fake, edit, delete, reply to or forward", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const manager = await connected(party.id, consultant.headers);
    const guest = await joinGuest(party.id, { firstName: 'Eva', lastName: 'Stein' });
    const notice = await manager.socket.next('newMessage');
    expect(notice.message).toMatchObject({
      sender: guest.guestId,
      senderType: 'guest',
      senderName: 'Eva Stein',
      messageType: 'text',
      message: MARKERS.guestJoined,
      tempId: null,
    });
    expect(markerOf(notice.message)).toBe('guestJoined');

    // A rename, a second join and the manager joining add no notice.
    expect((await join(party.id, { firstName: 'Evi', lastName: 'Stein' }, guest.headers)).status).toBe(200);
    const eva = await connected(party.id, guest.headers);
    expect(eva.welcome.messages.map((m) => m.id)).toEqual([notice.message.id]);

    // Nobody can type a marker, edit, delete or reply to a notice, or forward one.
    eva.socket.send(textMessage(MARKERS.guestJoined));
    expect((await eva.socket.next('error')).code).toBe('invalidText');
    eva.socket.send({ type: 'updateMessage', messageId: notice.message.id, message: 'Hallo' });
    expect((await eva.socket.next('error')).code).toBe('forbidden');
    await expectError(
      await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: notice.message.id } }),
      403,
      'forbidden',
    );
    await expectError(
      await api(`/parties/${party.id}/chat`, { method: 'POST', headers: guest.headers, body: { message: 'Hallo', replyingTo: notice.message.id } }),
      403,
      'forbidden',
    );
    const other = await createParty(consultant);
    const forwarded = await api(`/parties/${party.id}/forward`, {
      method: 'POST',
      headers: consultant.headers,
      body: { messageIds: [notice.message.id], targetPartyId: other.id },
    });
    expect(await json(forwarded)).toEqual({ forwarded: 0 });

    const history = await json(await api(`/parties/${party.id}/chat`, { headers: consultant.headers }));
    expect(history.messages).toEqual([notice.message]);
    manager.socket.close();
    eva.socket.close();
  });

  it('a guest whose socket reaches the room before her join does (ADR 049) is admitted and announced once, not twice', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const manager = await connected(party.id, consultant.headers);
    // Her join written in D1 only: the room has not heard of her yet (its word is still on the way).
    const db = database(env.DB);
    const names = { firstName: 'Lea', lastName: 'Spät' };
    const lea = await createGuest(db, names, Date.now(), { partyId: party.id, isHost: false, joinedAt: Date.now() });
    const leaSocket = await connected(party.id, basic(lea.id, lea.secretKey));
    const joined = await nextPresence(manager.socket, 'joined', lea.id);
    expect(joined.joined).toEqual([{ id: lea.id, ...names, role: 'guest' }]);
    const notice = await manager.socket.next('newMessage');
    expect(notice.message).toMatchObject({ sender: lea.id, message: MARKERS.guestJoined });

    // The join's word arrives late: she is known, so no second arrival and no second notice.
    const row = await partyRow(db, party.id);
    await room(env, row!).addMember({ id: lea.id, ...names, role: 'guest' }, roomFacts(row!));
    leaSocket.socket.send(textMessage('Hallo'));
    // The next message the manager sees is hers, not a second notice; nor does a second arrival come.
    const hello = await manager.socket.next('newMessage');
    expect(hello.message).toMatchObject({ sender: lea.id, message: 'Hallo' });
    await new Promise((resolve) => setTimeout(resolve, ROSTER.flushMs * 3));
    expect(manager.socket.all('presence').filter((event) => tells(event, 'joined', lea.id))).toHaveLength(0);
    const again = await connected(party.id, consultant.headers);
    expect(again.welcome.messages.filter((m) => m.message === MARKERS.guestJoined)).toHaveLength(1);
    again.socket.close();
    manager.socket.close();
    leaSocket.socket.close();
  });

  it('a second join with the same credentials renames the guest instead of adding one', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const response = await join(party.id, { firstName: 'Marie', lastName: 'Groß' }, guest.headers);
    expect(response.status).toBe(200);
    // No credentials: at most the database's bookmark after the write (ADR 049).
    expect(cookieNames(response).filter((name) => name !== 'salon_bm')).toEqual([]);
    expect(await json(response)).toEqual({ guestId: guest.guestId, firstName: 'Marie', lastName: 'Groß', role: 'guest', socketTicket: expect.any(String) });
    expect(await guestsOf(party.id, consultant)).toEqual([{ id: guest.guestId, firstName: 'Marie', lastName: 'Groß', role: 'guest' }]);
    const info = await json(await api(`/parties/${party.shortId}`, { headers: guest.headers }));
    expect(info.me).toEqual({ id: guest.guestId, firstName: 'Marie', lastName: 'Groß', role: 'guest' });
  });

  it('the same guest may join a second party with the same identity', async () => {
    const consultant = await createConsultant();
    const first = await createParty(consultant);
    const second = await createParty(consultant);
    const guest = await joinGuest(first.id);
    const body = await json(await join(second.id, { firstName: 'Maria', lastName: 'Klein' }, guest.headers));
    expect(body).toEqual({ guestId: guest.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest', socketTicket: expect.any(String) });
    expect((await guestsOf(second.id, consultant)).map((g) => g.id)).toEqual([guest.guestId]);
  });

  it('from a browser (Origin header): an HttpOnly cookie and no secret in the body; the cookie alone authenticates', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const response = await join(party.id, { firstName: 'Lena', lastName: 'Busch' }, { Origin: ORIGIN });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).not.toHaveProperty('secretKey');
    expect(body).toMatchObject({ firstName: 'Lena', lastName: 'Busch', role: 'guest' });

    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const cookie = cookies[0]!;
    expect(cookie).toMatch(/^salon_guest=[^;]+;/);
    const attributes = cookie.split(';').map((part) => part.trim());
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('Secure');
    expect(attributes).toContain('SameSite=Lax');
    expect(attributes).toContain('Path=/');

    const pair = cookie.split(';')[0]!;
    expect(decodeURIComponent(pair.slice('salon_guest='.length))).toMatch(new RegExp(`^${body.guestId}\\.`));
    const info = await api(`/parties/${party.shortId}`, { headers: { Cookie: pair } });
    expect(info.status).toBe(200);
    expect((await json(info)).me).toEqual({ id: body.guestId, firstName: 'Lena', lastName: 'Busch', role: 'guest' });
    const guests = await api(`/parties/${party.id}/guests`, { headers: { Cookie: pair } });
    expect(guests.status).toBe(200);

    // A forged cookie is no one, and is cleared.
    const forged = await api(`/parties/${party.shortId}`, { headers: { Cookie: `salon_guest=${body.guestId}.forged` } });
    expect((await json(forged)).me).toBeNull();
    expect(forged.headers.getSetCookie().join('\n')).toMatch(/salon_guest=;.*Max-Age=0/);
  });

  it('a cookie-authenticated write from another site, or without Origin, is refused with badOrigin', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const response = await join(party.id, { firstName: 'Lena', lastName: 'Busch' }, { Origin: ORIGIN });
    const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
    const guestId = (await json(response)).guestId;

    await expectError(await join(party.id, { firstName: 'Böse', lastName: 'Seite' }, { Cookie: cookie, Origin: 'https://evil.test' }), 403, 'badOrigin');
    await expectError(await join(party.id, { firstName: 'Ohne', lastName: 'Origin' }, { Cookie: cookie }), 403, 'badOrigin');
    expect(await guestsOf(party.id, consultant)).toEqual([{ id: guestId, firstName: 'Lena', lastName: 'Busch', role: 'guest' }]);

    const same = await join(party.id, { firstName: 'Lene', lastName: 'Busch' }, { Cookie: cookie, Origin: ORIGIN });
    expect(same.status).toBe(200);
    expect(await guestsOf(party.id, consultant)).toEqual([{ id: guestId, firstName: 'Lene', lastName: 'Busch', role: 'guest' }]);
  });

  it('the manager joining their own party is the manager and gets no credentials', async () => {
    const consultant = await createConsultant({ name: 'Clara' });
    const party = await createParty(consultant);
    const response = await join(party.id, { firstName: 'Irgend', lastName: 'Wer' }, consultant.headers);
    expect(response.status).toBe(200);
    expect(cookieNames(response).filter((name) => name !== 'salon_bm')).toEqual([]);
    expect(await json(response)).toEqual({ guestId: consultant.userId, firstName: 'Clara', lastName: 'Berater', role: 'manager' });
    expect(await guestsOf(party.id, consultant)).toEqual([]);
  });

  it('a refused join writes nothing: no guest, key or membership for an ended party, a wrong password or no party', async () => {
    const rows = async () => {
      const counts = await env.DB.batch(['guests', 'guest_keys', 'party_members'].map((table) => env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`)));
      return counts.map((result) => (result.results[0] as { n: number }).n);
    };
    const consultant = await createConsultant();
    const ended = await createParty(consultant);
    const end = await api(`/parties/${ended.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { title: 'Wellness-Party', expiration: Date.now() - 60_000 },
    });
    expect(end.status).toBe(200);
    const locked = await createParty(consultant, { password: 'Rosenduft' });
    const before = await rows();
    await expectError(await join(ended.id, { firstName: 'Maria', lastName: 'Klein' }), 410, 'partyExpired');
    await expectError(await join(locked.id, { firstName: 'Maria', lastName: 'Klein', password: 'falsch' }), 403, 'wrongPassword');
    await expectError(await join(crypto.randomUUID(), { firstName: 'Maria', lastName: 'Klein' }), 404, 'partyNotFound');
    expect(await rows()).toEqual(before);
    // The same party, once it is open again, takes her (the refusal left nothing half-written).
    const reopened = await api(`/parties/${ended.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', expiration: null } });
    expect(reopened.status).toBe(200);
    const guest = await joinGuest(ended.id, { firstName: 'Maria', lastName: 'Klein' });
    expect(await guestsOf(ended.id, consultant)).toEqual([{ id: guest.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' }]);
    expect((await connected(ended.id, guest.headers)).welcome).toMatchObject({ expired: false });
  });

  it('a nonexistent party: 404 partyNotFound', async () => {
    await expectError(await join(crypto.randomUUID(), { firstName: 'Maria', lastName: 'Klein' }), 404, 'partyNotFound');
    await expectError(await join('not-a-party', { firstName: 'Maria', lastName: 'Klein' }), 404, 'partyNotFound');
  });
});

describe('joining a password-protected party', () => {
  it('a missing or wrong password: 403 wrongPassword, no one added; the right one: 200', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Rosenduft' });
    await expectError(await join(party.id, { firstName: 'Maria', lastName: 'Klein' }), 403, 'wrongPassword');
    await expectError(await join(party.id, { firstName: 'Maria', lastName: 'Klein', password: 'rosenduft' }), 403, 'wrongPassword');
    await expectError(await join(party.id, { firstName: 'Maria', lastName: 'Klein', password: '' }), 403, 'wrongPassword');
    expect(await guestsOf(party.id, consultant)).toEqual([]);

    const response = await join(party.id, { firstName: 'Maria', lastName: 'Klein', password: 'Rosenduft' });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(await guestsOf(party.id, consultant)).toEqual([{ id: body.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' }]);
  });

  it('a changed password keeps the guests who already joined (ADR 020); it applies to new joins', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Rosenduft' });
    const maria = await joinGuest(party.id, { password: 'Rosenduft' });
    const { socket } = await connected(party.id, maria.headers);
    const changed = await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', password: 'Lavendel' } });
    expect(changed.status).toBe(200);

    // Maria stays in: her open socket, her calls and the party's page know her.
    const tempId = crypto.randomUUID();
    socket.send(textMessage('Noch drin', tempId));
    expect((await socket.next('ack', 3000, (event) => event.tempId === tempId)).message.message).toBe('Noch drin');
    expect((await api(`/parties/${party.id}/chat`, { method: 'POST', headers: maria.headers, body: { message: 'Per API' } })).status).toBe(201);
    expect((await json(await api(`/parties/${party.shortId}`, { headers: maria.headers }))).me).toMatchObject({ id: maria.guestId, role: 'guest' });
    expect(socket.closed).toBeNull();

    // Newcomers need the new one.
    await expectError(await join(party.id, { firstName: 'Eva', lastName: 'Stein', password: 'Rosenduft' }), 403, 'wrongPassword');
    expect((await join(party.id, { firstName: 'Eva', lastName: 'Stein', password: 'Lavendel' })).status).toBe(200);
    socket.close();
  });

  it('after 5 wrong passwords the 6th attempt, even with the right password, gets 429 tooManyAttempts', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Rosenduft' });
    const client = { 'CF-Connecting-IP': '198.51.100.7' };
    for (let i = 0; i < 5; i++) {
      await expectError(await join(party.id, { firstName: 'Max', lastName: 'Probe', password: `falsch${i}` }, client), 403, 'wrongPassword');
    }
    await expectError(await join(party.id, { firstName: 'Max', lastName: 'Probe', password: 'Rosenduft' }, client), 429, 'tooManyAttempts');
    await expectError(await join(party.id, { firstName: 'Max', lastName: 'Probe', password: 'falsch' }, client), 429, 'tooManyAttempts');
    expect(await guestsOf(party.id, consultant)).toEqual([]);

    // Counted per client and per party: someone else, and the same client elsewhere, still get in.
    const other = await join(party.id, { firstName: 'Eva', lastName: 'Stein', password: 'Rosenduft' }, { 'CF-Connecting-IP': '198.51.100.8' });
    expect(other.status).toBe(200);
    const elsewhere = await createParty(consultant, { password: 'Rosenduft' });
    expect((await join(elsewhere.id, { firstName: 'Max', lastName: 'Probe', password: 'Rosenduft' }, client)).status).toBe(200);
  });
  it('20 concurrent wrong passwords from one client: at most 5 are checked, the rest get 429', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Rosenduft' });
    const client = { 'CF-Connecting-IP': '198.51.100.66' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => join(party.id, { firstName: 'Max', lastName: 'Probe', password: `falsch${i}` }, client)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 403).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
  });
});

describe('GET /api/parties/:id/guests', () => {
  it('requires membership: a guest of another party gets 403 notMember, anonymous 401 unauthorized', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const member = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const outsider = await joinGuest((await createParty(consultant)).id);
    const otherConsultant = await createConsultant();

    await expectError(await api(`/parties/${party.id}/guests`, { headers: outsider.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/guests`, { headers: otherConsultant.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/guests`), 401, 'unauthorized');
    await expectError(await api(`/parties/${party.id}/guests`, { headers: basic(member.guestId, 'wrong') }), 401, 'unauthorized');
    await expectError(await api(`/parties/${crypto.randomUUID()}/guests`, { headers: consultant.headers }), 404, 'partyNotFound');

    const asMember = await api(`/parties/${party.id}/guests`, { headers: member.headers });
    expect(asMember.status).toBe(200);
    expect(await json(asMember)).toEqual([{ id: member.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' }]);
  });

  it('lists guests in the order they joined', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const names = ['Anna', 'Berta', 'Carla'];
    const ids: string[] = [];
    for (const firstName of names) {
      ids.push((await joinGuest(party.id, { firstName, lastName: 'Gast' })).guestId);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect((await guestsOf(party.id, consultant)).map((g) => [g.id, g.firstName])).toEqual(ids.map((id, i) => [id, names[i]]));
  });
});
