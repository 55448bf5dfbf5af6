import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/core/limits';
import { MARKERS } from '../../app/core/markers';
import { api, connected, createConsultant, createParty, expectError, joinGuest, json, spoken, textMessage, evictRooms, partyRoom } from './fixtures';
import type { Guest } from './fixtures';

function post(partyId: string, headers: Record<string, string>, body: unknown): Promise<Response> {
  return api(`/parties/${partyId}/chat`, { method: 'POST', headers, body });
}

async function page(partyId: string, headers: Record<string, string>, from?: number | string): Promise<{ messages: any[]; hasMore: boolean; seq: number }> {
  const response = await api(`/parties/${partyId}/chat${from === undefined ? '' : `?from=${from}`}`, { headers });
  expect(response.status).toBe(200);
  return json(response);
}

/**
 * Sends "Nachricht 1".."Nachricht count" in order. A member may send a burst of 20, so every 20
 * messages come from another guest; each burst is acked before the next starts. The senders join
 * first (each join is a notice in the log), so "Nachricht n" has the seq `base + n`; returns base.
 */
async function fill(partyId: string, count: number): Promise<number> {
  const senders: Guest[] = [];
  for (let start = 1; start <= count; start += 20) senders.push(await joinGuest(partyId, { firstName: `Gast${start}` }));
  const base = (await page(partyId, senders[0]!.headers)).seq;
  for (let start = 1; start <= count; start += 20) {
    const sender = senders[(start - 1) / 20]!;
    const { socket } = await connected(partyId, sender.headers);
    const end = Math.min(count, start + 19);
    for (let n = start; n <= end; n++) socket.send(textMessage(`Nachricht ${n}`));
    for (let n = start; n <= end; n++) expect((await socket.next('ack')).message.message).toBe(`Nachricht ${n}`);
    socket.close();
  }
  return base;
}

async function setup() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const guest = await joinGuest(party.id);
  return { consultant, party, guest };
}

describe('GET /api/parties/:id/chat', () => {
  it('a new party holds only the notice that the guest joined: seq 1', async () => {
    const { party, guest } = await setup();
    const first = await page(party.id, guest.headers);
    expect(first).toMatchObject({ hasMore: false, seq: 1 });
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatchObject({ seq: 1, sender: guest.guestId, senderName: 'Maria Klein', messageType: 'text', message: MARKERS.guestJoined });
  });

  it('the newest page: 50 messages, oldest first, hasMore, and the party seq', async () => {
    const { party, guest } = await setup();
    const base = await fill(party.id, 120);
    const newest = await page(party.id, guest.headers);
    expect(newest.seq).toBe(base + 120);
    expect(newest.hasMore).toBe(true);
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => base + 71 + i));
    expect(newest.messages.map((m) => m.message)).toEqual(Array.from({ length: 50 }, (_, i) => `Nachricht ${71 + i}`));

    const before = await page(party.id, guest.headers, base + 71);
    expect(before.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => base + 21 + i));
    expect(before.hasMore).toBe(true);
    expect(before.seq).toBe(base + 120);

    // Walking back from the newest page yields every message exactly once, in order.
    const all = [...newest.messages];
    let current = newest;
    let pages = 1;
    while (current.hasMore) {
      current = await page(party.id, guest.headers, current.messages[0].seq);
      all.unshift(...current.messages);
      pages++;
    }
    expect(pages).toBe(3);
    expect(current.messages).toHaveLength(base + 20);
    expect(all.map((m) => m.seq)).toEqual(Array.from({ length: base + 120 }, (_, i) => i + 1));
    expect(spoken(all).map((m) => m.message)).toEqual(Array.from({ length: 120 }, (_, i) => `Nachricht ${i + 1}`));
    expect(new Set(all.map((m) => m.id)).size).toBe(base + 120);

    // Exactly 50 left: no more after them.
    const last = await page(party.id, guest.headers, 51);
    expect(last.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(last.hasMore).toBe(false);
    expect(await page(party.id, guest.headers, 1)).toMatchObject({ messages: [], hasMore: false });
    // A from beyond the end is the newest page.
    expect((await page(party.id, guest.headers, 10_000)).messages.map((m) => m.seq)).toEqual(newest.messages.map((m) => m.seq));
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('from=%j is invalidInput', async (from) => {
    const { party, guest } = await setup();
    await expectError(await api(`/parties/${party.id}/chat?from=${from}`, { headers: guest.headers }), 400, 'invalidInput');
  });

  it('requires membership: 403 notMember for outsiders, 401 without credentials, 404 for an unknown party', async () => {
    const { consultant, party, guest } = await setup();
    await post(party.id, guest.headers, { message: 'geheim' });
    const outsider = await joinGuest((await createParty(consultant)).id);
    const stranger = await createConsultant();
    await expectError(await api(`/parties/${party.id}/chat`, { headers: outsider.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/chat`, { headers: stranger.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/chat`), 401, 'unauthorized');
    await expectError(await api(`/parties/${crypto.randomUUID()}/chat`, { headers: guest.headers }), 404, 'partyNotFound');
  });

  it('the manager reads the history after opening a socket', async () => {
    const { consultant, party, guest } = await setup();
    await post(party.id, guest.headers, { message: 'Hallo' });
    const { socket } = await connected(party.id, consultant.headers);
    const history = await page(party.id, consultant.headers);
    expect(spoken(history.messages).map((m) => m.message)).toEqual(['Hallo']);
    socket.close();
  });

  it('the manager reads and posts through the API without ever opening a socket', async () => {
    const { consultant, party, guest } = await setup();
    await post(party.id, guest.headers, { message: 'Hallo' });
    const response = await api(`/parties/${party.id}/chat`, { headers: consultant.headers });
    expect(response.status).toBe(200);
    expect(spoken((await json(response)).messages).map((m: any) => m.message)).toEqual(['Hallo']);
    const sent = await post(party.id, consultant.headers, { message: 'Willkommen' });
    expect(sent.status).toBe(201);
  });

  it('a guest of an expired party cannot read its history through the API (410 partyExpired)', async () => {
    const { consultant, party, guest } = await setup();
    await post(party.id, guest.headers, { message: 'vor dem Ende' });
    const edit = await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Vorbei', expiration: Date.now() - DAY_MS } });
    expect(edit.status).toBe(200);
    await expectError(await api(`/parties/${party.shortId}`, { headers: guest.headers }), 410, 'partyExpired');
    await expectError(await api(`/parties/${party.id}/chat`, { headers: guest.headers }), 410, 'partyExpired');
  });
});

describe('POST /api/parties/:id/chat', () => {
  it('stores through the same path as the socket: 201, newMessage to sockets, the next seq', async () => {
    const { consultant, party, guest } = await setup();
    const manager = await connected(party.id, consultant.headers);
    const own = await connected(party.id, guest.headers);
    manager.socket.send(textMessage('zuerst'));
    await manager.socket.next('ack');
    await own.socket.next('newMessage');

    const tempId = crypto.randomUUID();
    const before = Date.now();
    const response = await post(party.id, guest.headers, { tempId, message: 'über die API\r\nzweite Zeile', sender: consultant.userId, senderType: 'manager' });
    expect(response.status).toBe(201);
    const message = await json(response);
    expect(message).toMatchObject({
      seq: 3,
      tempId,
      sender: guest.guestId,
      senderType: 'guest',
      senderName: 'Maria Klein',
      messageType: 'text',
      message: 'über die API\nzweite Zeile',
      replyingTo: null,
      editedAt: null,
      deleted: false,
    });
    expect(message.timestamp).toBeGreaterThanOrEqual(before);

    expect(await manager.socket.next('newMessage')).toEqual({ type: 'newMessage', seq: 3, message });
    // The poster's own sockets hear of it too: the API call has no socket to ack.
    expect(await own.socket.next('newMessage')).toEqual({ type: 'newMessage', seq: 3, message });

    // A repeat with the same tempId: 200 and the same message, no new event.
    const again = await post(party.id, guest.headers, { tempId, message: 'über die API\r\nzweite Zeile' });
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(message);
    // The same tempId with another body: 409 tempIdConflict.
    await expectError(await post(party.id, guest.headers, { tempId, message: 'anders' }), 409, 'tempIdConflict');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(manager.socket.all('newMessage')).toHaveLength(0);
    const history = await page(party.id, guest.headers);
    expect(history.seq).toBe(3);
    expect(spoken(history.messages).map((m) => m.message)).toEqual(['zuerst', 'über die API\nzweite Zeile']);
    manager.socket.close();
    own.socket.close();
  });

  it('validates the body like the socket does, storing nothing', async () => {
    const { party, guest } = await setup();
    const before = await page(party.id, guest.headers);
    for (const [body, status, code] of [
      [{}, 400, 'invalidInput'],
      [{ message: '' }, 400, 'messageEmpty'],
      [{ message: ' \n ' }, 400, 'messageEmpty'],
      [{ message: 'x'.repeat(4001) }, 400, 'messageTooLong'],
      [{ message: 'a\u0000b' }, 400, 'invalidText'],
      [{ message: 'a\uD800b' }, 400, 'invalidText'],
      [{ message: 'hi', tempId: 'nope' }, 400, 'invalidInput'],
      [{ message: 'hi', messageType: 'sticker' }, 400, 'invalidInput'],
      [{ message: 'hi', replyingTo: 'nope' }, 400, 'invalidInput'],
      [{ message: 'hi', replyingTo: crypto.randomUUID() }, 404, 'messageNotFound'],
    ] as const) {
      await expectError(await post(party.id, guest.headers, body), status, code);
    }
    expect(await page(party.id, guest.headers)).toEqual(before);
  });

  it('a guest of an expired party cannot post: 410 partyExpired, nothing stored', async () => {
    const { consultant, party, guest } = await setup();
    await post(party.id, guest.headers, { message: 'vor dem Ende' });
    const edit = await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Vorbei', expiration: Date.now() - DAY_MS } });
    expect(edit.status).toBe(200);
    await expectError(await post(party.id, guest.headers, { message: 'nach dem Ende' }), 410, 'partyExpired');
    const { socket } = await connected(party.id, consultant.headers);
    expect(spoken((await page(party.id, consultant.headers)).messages).map((m) => m.message)).toEqual(['vor dem Ende']);
    socket.close();
  });

  it('non-members: 403 notMember; anonymous: 401 unauthorized; nothing stored', async () => {
    const { consultant, party, guest } = await setup();
    const before = await page(party.id, guest.headers);
    const outsider = await joinGuest((await createParty(consultant)).id);
    await expectError(await post(party.id, outsider.headers, { message: 'Hallo?' }), 403, 'notMember');
    await expectError(await post(party.id, (await createConsultant()).headers, { message: 'Hallo?' }), 403, 'notMember');
    await expectError(await post(party.id, {}, { message: 'Hallo?' }), 401, 'unauthorized');
    expect(await page(party.id, guest.headers)).toEqual(before);
  });
});

describe('the newest page, shared by every welcome until the next change', () => {
  it('a snapshot after a message, an edit and a deletion shows each at once (the same instance, no eviction)', async () => {
    const { consultant, party, guest } = await setup();
    const snapshot = async () => {
      const { socket, welcome } = await connected(party.id, guest.headers);
      socket.close();
      expect(welcome.mode).toBe('snapshot');
      return spoken(welcome.messages).map((m) => [m.message, m.deleted]);
    };
    expect(await snapshot()).toEqual([]);
    const writer = await connected(party.id, guest.headers);
    writer.socket.send(textMessage('eins'));
    const one = (await writer.socket.next('ack')).message;
    expect(await snapshot()).toEqual([['eins', false]]);
    writer.socket.send(textMessage('zwei'));
    const two = (await writer.socket.next('ack')).message;
    writer.socket.close();
    expect(await snapshot()).toEqual([
      ['eins', false],
      ['zwei', false],
    ]);
    expect(
      (await api(`/parties/${party.id}/editMessage`, { method: 'PUT', headers: guest.headers, body: { messageId: two.id, message: 'geändert' } })).status,
    ).toBe(200);
    expect(await snapshot()).toEqual([
      ['eins', false],
      ['geändert', false],
    ]);
    expect((await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: one.id } })).status).toBe(200);
    expect(await snapshot()).toEqual([
      ['', true],
      ['geändert', false],
    ]);
    // The API's newest page is the same shared page.
    expect(spoken((await page(party.id, guest.headers)).messages).map((m) => [m.message, m.deleted])).toEqual([
      ['', true],
      ['geändert', false],
    ]);
    // The contents, shared the same way, follow a heading, its edit and its deletion.
    const contents = async () => {
      const { socket, welcome } = await connected(party.id, guest.headers);
      socket.close();
      return welcome.headings.map((h) => [h.text, h.deleted]);
    };
    expect(await contents()).toEqual([]);
    const manager = await connected(party.id, consultant.headers);
    manager.socket.send({ type: 'sendMessage', tempId: crypto.randomUUID(), messageType: 'heading', message: 'Kapitel' });
    const heading = (await manager.socket.next('ack')).message;
    manager.socket.close();
    expect(await contents()).toEqual([['Kapitel', false]]);
    expect(
      (await api(`/parties/${party.id}/editMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: heading.id, message: 'Kapitel 1' } }))
        .status,
    ).toBe(200);
    expect(await contents()).toEqual([['Kapitel 1', false]]);
    expect((await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: heading.id } })).status).toBe(200);
    expect((await contents())[0]?.[1]).toBe(true);
  });
});

describe('resuming a socket', () => {
  it('a lastSeq from the future gets a snapshot, not a replay', async () => {
    const { party, guest } = await setup();
    const base = await fill(party.id, 3);
    const { socket, welcome } = await connected(party.id, guest.headers, base + 10);
    expect(welcome.mode).toBe('snapshot');
    expect(welcome.events).toEqual([]);
    expect(welcome.seq).toBe(base + 3);
    expect(spoken(welcome.messages).map((m) => m.message)).toEqual(['Nachricht 1', 'Nachricht 2', 'Nachricht 3']);
    socket.close();
  });

  it('a small gap is replayed; lastSeq equal to the seq replays nothing', async () => {
    const { party, guest } = await setup();
    const base = await fill(party.id, 5);
    const gap = await connected(party.id, guest.headers, base + 2);
    expect(gap.welcome.mode).toBe('replay');
    expect(gap.welcome.messages).toEqual([]);
    expect(gap.welcome.events.map((e) => [e.type, e.seq, e.message.message])).toEqual([
      ['newMessage', base + 3, 'Nachricht 3'],
      ['newMessage', base + 4, 'Nachricht 4'],
      ['newMessage', base + 5, 'Nachricht 5'],
    ]);
    const current = await connected(party.id, guest.headers, base + 5);
    expect(current.welcome).toMatchObject({ mode: 'replay', events: [], messages: [], seq: base + 5 });
    gap.socket.close();
    current.socket.close();
  });

  it('replays new messages, edits and deletions in one order, also after the object was evicted', async () => {
    const { consultant, party, guest } = await setup();
    const base = (await page(party.id, guest.headers)).seq;
    const writer = await connected(party.id, guest.headers);
    for (const text of ['Nachricht 1', 'Nachricht 2', 'Nachricht 3']) writer.socket.send(textMessage(text));
    const [one, two] = [(await writer.socket.next('ack')).message, (await writer.socket.next('ack')).message];
    await writer.socket.next('ack');
    writer.socket.close();
    const edited = await api(`/parties/${party.id}/editMessage`, { method: 'PUT', headers: guest.headers, body: { messageId: two!.id, message: 'geändert' } });
    expect(edited.status).toBe(200);
    const deleted = await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: one!.id } });
    expect(deleted.status).toBe(200);
    // The last change is an edit: the next seq must follow it after a restart, not the last message.
    await evictRooms(party.id);
    expect((await page(party.id, guest.headers)).seq).toBe(base + 5);

    const { socket, welcome } = await connected(party.id, guest.headers, base);
    expect(welcome.mode).toBe('replay');
    // Each event carries the message as it is now.
    expect(welcome.events.map((e) => [e.type, e.seq, e.message.message])).toEqual([
      ['newMessage', base + 1, ''],
      ['newMessage', base + 2, 'geändert'],
      ['newMessage', base + 3, 'Nachricht 3'],
      ['updatedMessage', base + 4, 'geändert'],
      ['updatedMessage', base + 5, ''],
    ]);
    socket.send(textMessage('danach'));
    expect((await socket.next('ack')).seq).toBe(base + 6);
    socket.close();
  });

  it('a log written before new messages stopped writing event rows replays each message once', async () => {
    const { party, guest } = await setup();
    const base = await fill(party.id, 2);
    // Such a log holds an event row (seq = message_seq) for every message.
    await runInDurableObject(partyRoom(party.id), (_room, state) => {
      state.storage.sql.exec('INSERT INTO events (seq, message_seq) SELECT seq, seq FROM messages');
    });
    const { socket, welcome } = await connected(party.id, guest.headers, base);
    expect(welcome.events.map((e) => [e.type, e.seq])).toEqual([
      ['newMessage', base + 1],
      ['newMessage', base + 2],
    ]);
    socket.close();
  });

  it('a resume from more than 500 events back gets a snapshot; from exactly 500 back, a replay', async () => {
    const { party, guest } = await setup();
    // 520 messages: seq base+1..base+520.
    const base = await fill(party.id, 520);
    const tooFar = await connected(party.id, guest.headers, base + 19);
    expect(tooFar.welcome.mode).toBe('snapshot');
    expect(tooFar.welcome.events).toEqual([]);
    expect(tooFar.welcome.seq).toBe(base + 520);
    expect(tooFar.welcome.hasMore).toBe(true);
    expect(tooFar.welcome.messages.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => base + 471 + i));

    const edge = await connected(party.id, guest.headers, base + 20);
    expect(edge.welcome.mode).toBe('replay');
    expect(edge.welcome.messages).toEqual([]);
    expect(edge.welcome.events.map((e) => e.seq)).toEqual(Array.from({ length: 500 }, (_, i) => base + 21 + i));
    tooFar.socket.close();
    edge.socket.close();
  });
});
