import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../app/core/protocol';
import { ROSTER } from '../../app/core/roster';
import {
  ORIGIN,
  TestSocket,
  api,
  basic,
  connect,
  connected,
  createConsultant,
  createParty,
  expectError,
  joinGuest,
  json,
  spoken,
  textMessage,
} from './fixtures';
import type { Consultant } from './fixtures';

/** The raw response to a socket upgrade, so a refusal's body can be checked. */
async function upgrade(partyId: string, headers: Record<string, string> = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/parties/${partyId}/socket`, { headers: { Upgrade: 'websocket', ...headers } });
}

/** A refused request: the status, the one error shape, and no prose or stack trace in the body. */
/** A refused upgrade: no socket, and the API's one error shape. */
async function expectRefused(response: Response, status: number, code: string): Promise<void> {
  expect(response.webSocket).toBeFalsy();
  await expectError(response, status, code);
}

async function history(partyId: string, headers: Record<string, string>): Promise<any[]> {
  const response = await api(`/parties/${partyId}/chat`, { headers });
  expect(response.status).toBe(200);
  return spoken((await json(response)).messages);
}

async function setup(options: { restrictedMessaging?: boolean } = {}) {
  const consultant = await createConsultant({ name: 'Clara' });
  const party = await createParty(consultant, options);
  const guest = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  const manager = await connected(party.id, consultant.headers);
  const maria = await connected(party.id, guest.headers);
  return { consultant, party, guest, manager: manager.socket, maria: maria.socket };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function editParty(consultant: Consultant, partyId: string, body: Record<string, unknown>): Promise<void> {
  const response = await api(`/parties/${partyId}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', ...body } });
  expect(response.status).toBe(200);
}

describe('who may open a socket', () => {
  it('without credentials: 401 unauthorized; with a wrong secret: 401', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    await expectRefused(await upgrade(party.id), 401, 'unauthorized');
    await expectRefused(await upgrade(party.id, basic(guest.guestId, 'wrong-secret')), 401, 'unauthorized');
    await expectRefused(await upgrade(party.id, basic(crypto.randomUUID(), guest.secretKey)), 401, 'unauthorized');
    await expectRefused(await upgrade(party.id, { Authorization: 'Bearer garbage' }), 401, 'unauthorized');
  });

  it('a guest of another party, or another consultant: 403 notMember', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const outsider = await joinGuest((await createParty(consultant)).id);
    const stranger = await createConsultant();
    await expectRefused(await upgrade(party.id, outsider.headers), 403, 'notMember');
    await expectRefused(await upgrade(party.id, stranger.headers), 403, 'notMember');
  });

  it('an unknown party: 404 partyNotFound; a plain GET without Upgrade: 400 badRequest', async () => {
    const consultant = await createConsultant();
    await expectRefused(await upgrade(crypto.randomUUID(), consultant.headers), 404, 'partyNotFound');
    const party = await createParty(consultant);
    await expectRefused(await api(`/parties/${party.id}/socket`, { headers: consultant.headers }), 400, 'badRequest');
  });

  it('a cross-site Origin is refused even with valid credentials; our own Origin is fine', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    await expectRefused(await upgrade(party.id, { ...guest.headers, Origin: 'https://evil.test' }), 403, 'badOrigin');
    await expectRefused(await upgrade(party.id, { ...consultant.headers, Origin: 'https://evil.test' }), 403, 'badOrigin');
    await expectRefused(await upgrade(party.id, { ...guest.headers, Origin: 'http://salon.test' }), 403, 'badOrigin');

    const socket = await connect(party.id, { ...guest.headers, Origin: ORIGIN });
    expect(socket).toBeInstanceOf(TestSocket);
    const own = socket as TestSocket;
    own.join();
    expect((await own.next('welcome')).me.id).toBe(guest.guestId);
    own.close();
  });

  it('with the guest cookie from a cross-site page: refused; from our own page: accepted', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const joined = await api(`/parties/${party.id}/join`, { method: 'PUT', headers: { Origin: ORIGIN }, body: { firstName: 'Lena', lastName: 'Busch' } });
    const cookie = joined.headers.getSetCookie()[0]!.split(';')[0]!;
    await expectRefused(await upgrade(party.id, { Cookie: cookie, Origin: 'https://evil.test' }), 403, 'badOrigin');
    const socket = await connect(party.id, { Cookie: cookie, Origin: ORIGIN });
    expect(socket).toBeInstanceOf(TestSocket);
    (socket as TestSocket).close();
  });
});

describe('frames the room refuses', () => {
  it('answers each bad frame with an error code and stores nothing', async () => {
    const { party, guest, manager, maria } = await setup();

    maria.send('this is not json');
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'invalidFrame' });
    maria.send('{"type":"sendMessage"');
    expect((await maria.next('error')).code).toBe('invalidFrame');
    maria.send({ type: 'dance' });
    expect((await maria.next('error')).code).toBe('unknownEvent');
    maria.send({ noType: true });
    expect((await maria.next('error')).code).toBe('unknownEvent');
    maria.send('null');
    expect(['invalidFrame', 'unknownEvent']).toContain((await maria.next('error')).code);

    const big = textMessage('x'.repeat(17 * 1024));
    maria.send(big);
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'frameTooLarge' });
    // Over 16 KiB as UTF-8 although under 16 Ki characters.
    maria.send(textMessage('ä'.repeat(8300)));
    expect((await maria.next('error')).code).toBe('frameTooLarge');

    for (const [text, code] of [
      ['', 'messageEmpty'],
      ['   \n\t  ', 'messageEmpty'],
      ['x'.repeat(4001), 'messageTooLong'],
      ['kaputt \uD800', 'invalidText'],
      ['\uDC00 kaputt', 'invalidText'],
      ['mit\u0000NUL', 'invalidText'],
      ['mit \u202E Umkehr', 'invalidText'],
    ] as const) {
      const frame = textMessage(text);
      maria.send(frame);
      expect(await maria.next('error'), JSON.stringify(text)).toEqual({ type: 'error', code, tempId: frame.tempId });
    }

    // A bad tempId: the frame is invalid and no tempId is echoed.
    maria.send({ type: 'sendMessage', tempId: 'not-a-uuid', messageType: 'text', message: 'Hallo' });
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'invalidFrame' });

    // The socket still works, and exactly 4000 characters is allowed.
    maria.send(textMessage('y'.repeat(4000)));
    // seq 1 is the notice that Maria joined.
    const ack = await maria.next('ack');
    expect(ack.seq).toBe(2);
    expect((await manager.next('newMessage')).seq).toBe(2);
    expect(manager.all('newMessage')).toHaveLength(0);
    expect((await history(party.id, guest.headers)).map((m) => m.message.length)).toEqual([4000]);
  });

  it('sendMessage before join: notMember; a join with the wrong protocol version: protocolVersion, still not joined', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const socket = (await connect(party.id, guest.headers)) as TestSocket;
    const frame = textMessage('zu früh');
    socket.send(frame);
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'notMember' });

    socket.send({ type: 'join', protocolVersion: PROTOCOL_VERSION + 1 });
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'protocolVersion' });
    socket.send({ type: 'updateSeen', seq: 0 });
    expect((await socket.next('error')).code).toBe('notMember');
    socket.send(textMessage('immer noch zu früh'));
    expect((await socket.next('error')).code).toBe('notMember');
    expect(socket.all('welcome')).toHaveLength(0);

    socket.join();
    const welcome = await socket.next('welcome');
    expect(welcome.seq).toBe(1); // the notice that the guest joined
    expect(await history(party.id, guest.headers)).toEqual([]);
    socket.close();
  });

  it('ignores forged sender, role, seq, timestamp and id in a sendMessage frame', async () => {
    const { consultant, party, guest, manager, maria } = await setup();
    const tempId = crypto.randomUUID();
    const forgedId = crypto.randomUUID();
    const before = Date.now();
    maria.send({
      type: 'sendMessage',
      tempId,
      messageType: 'text',
      message: 'Ich bin die Chefin',
      sender: consultant.userId,
      senderType: 'manager',
      senderName: 'Clara Berater',
      role: 'manager',
      seq: 999,
      timestamp: 1,
      id: forgedId,
      editedAt: 5,
      deleted: true,
    });
    const ack = await maria.next('ack');
    const after = Date.now();
    const expected = {
      tempId,
      sender: guest.guestId,
      senderType: 'guest',
      senderName: 'Maria Klein',
      messageType: 'text',
      message: 'Ich bin die Chefin',
      seq: 2,
      replyingTo: null,
      editedAt: null,
      deleted: false,
    };
    expect(ack.message).toMatchObject(expected);
    expect(ack.seq).toBe(2);
    expect(ack.message.id).not.toBe(forgedId);
    expect(ack.message.timestamp).toBeGreaterThanOrEqual(before);
    expect(ack.message.timestamp).toBeLessThanOrEqual(after);
    expect((await manager.next('newMessage')).message).toEqual(ack.message);

    const stored = await history(party.id, consultant.headers);
    expect(stored).toEqual([ack.message]);

    // The next message takes the next seq, not one after the forged 999.
    manager.send(textMessage('Nein, ich'));
    expect((await manager.next('ack')).seq).toBe(3);
  });

  it('a guest cannot send a heading; the manager can', async () => {
    const { party, guest, manager, maria } = await setup();
    for (const messageType of ['heading', 'heading2', 'heading3']) {
      const tempId = crypto.randomUUID();
      maria.send({ type: 'sendMessage', tempId, messageType, message: 'Überschrift' });
      expect(await maria.next('error')).toEqual({ type: 'error', code: 'forbidden', tempId });
    }
    const tempId = crypto.randomUUID();
    manager.send({ type: 'sendMessage', tempId, messageType: 'heading', message: 'Willkommen' });
    const ack = await manager.next('ack');
    expect(ack.message).toMatchObject({ messageType: 'heading', message: 'Willkommen', senderType: 'manager' });
    expect((await maria.next('newMessage')).message.id).toBe(ack.message.id);
    expect((await history(party.id, guest.headers)).map((m) => [m.messageType, m.message])).toEqual([['heading', 'Willkommen']]);

    // The same rule over the API.
    const viaApi = await api(`/parties/${party.id}/chat`, { method: 'POST', headers: guest.headers, body: { messageType: 'heading', message: 'Auch nicht' } });
    await expectRefused(viaApi, 403, 'forbidden');
    expect(await history(party.id, guest.headers)).toHaveLength(1);
  });
});

describe('editing messages (updateMessage)', () => {
  it('edits an own text message: updatedMessage to everyone with editedAt and a new seq', async () => {
    const { party, guest, manager, maria } = await setup();
    maria.send(textMessage('Hallo zusamen'));
    const original = (await maria.next('ack')).message;
    await manager.next('newMessage');

    maria.send({ type: 'updateMessage', messageId: original.id, message: 'Hallo zusammen' });
    const seen = await manager.next('updatedMessage');
    const own = await maria.next('updatedMessage');
    expect(own).toEqual(seen);
    expect(seen.seq).toBe(original.seq + 1);
    expect(seen.message).toMatchObject({ id: original.id, seq: original.seq, message: 'Hallo zusammen', sender: guest.guestId, timestamp: original.timestamp });
    expect(seen.message.editedAt).toBeGreaterThanOrEqual(original.timestamp);

    const [stored] = await history(party.id, guest.headers);
    expect(stored).toMatchObject({ id: original.id, message: 'Hallo zusammen', editedAt: seen.message.editedAt });
    const chat = await json(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    expect(chat.seq).toBe(seen.seq);
  });

  it("another member's message: forbidden and unchanged, for the manager too", async () => {
    const { party, guest, manager, maria } = await setup();
    manager.send(textMessage('Vom Chef'));
    const bossMessage = (await manager.next('ack')).message;
    maria.send(textMessage('Von Maria'));
    const guestMessage = (await maria.next('ack')).message;
    await pause(20);

    maria.send({ type: 'updateMessage', messageId: bossMessage.id, message: 'Gefälscht' });
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'forbidden' });
    manager.send({ type: 'updateMessage', messageId: guestMessage.id, message: 'Zensiert' });
    expect(await manager.next('error')).toEqual({ type: 'error', code: 'forbidden' });

    await pause(50);
    expect(manager.all('updatedMessage')).toHaveLength(0);
    expect(maria.all('updatedMessage')).toHaveLength(0);
    const stored = await json(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    expect(spoken(stored.messages).map((m: any) => [m.message, m.editedAt])).toEqual([
      ['Vom Chef', null],
      ['Von Maria', null],
    ]);
    expect(stored.seq).toBe(3);
  });

  it('a nonexistent message: messageNotFound; replying to a nonexistent message: messageNotFound', async () => {
    const { party, guest, maria } = await setup();
    maria.send({ type: 'updateMessage', messageId: crypto.randomUUID(), message: 'Wo bist du?' });
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'messageNotFound' });

    const frame = { ...textMessage('Antwort ins Leere'), replyingTo: crypto.randomUUID() };
    maria.send(frame);
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'messageNotFound', tempId: frame.tempId });
    expect(await history(party.id, guest.headers)).toEqual([]);

    // A reply to a message that exists works.
    maria.send(textMessage('Frage'));
    const question = (await maria.next('ack')).message;
    maria.send({ ...textMessage('Antwort'), replyingTo: question.id });
    expect((await maria.next('ack')).message.replyingTo).toBe(question.id);
  });
});

describe('restricted messaging', () => {
  it('the manager restricts: sockets get updateRestriction, a guest is refused with restricted, the manager still sends', async () => {
    const { consultant, party, guest, manager, maria } = await setup();
    maria.send(textMessage('vorher'));
    const before = (await maria.next('ack')).message;

    await editParty(consultant, party.id, { restrictedMessaging: true });
    expect(await maria.next('updateRestriction')).toEqual({ type: 'updateRestriction', partyId: party.id, restrictedMessaging: true });
    expect(await manager.next('updateRestriction')).toEqual({ type: 'updateRestriction', partyId: party.id, restrictedMessaging: true });

    const frame = textMessage('darf ich?');
    maria.send(frame);
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'restricted', tempId: frame.tempId });
    maria.send({ type: 'updateMessage', messageId: before.id, message: 'nachträglich' });
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'restricted' });
    const viaApi = await api(`/parties/${party.id}/chat`, { method: 'POST', headers: guest.headers, body: { message: 'über die API' } });
    await expectRefused(viaApi, 403, 'restricted');

    manager.send(textMessage('Nur ich spreche'));
    const ack = await manager.next('ack');
    expect((await maria.next('newMessage')).message.id).toBe(ack.message.id);

    expect((await history(party.id, guest.headers)).map((m) => m.message)).toEqual(['vorher', 'Nur ich spreche']);
    const welcome = (await connected(party.id, guest.headers)).welcome;
    expect(welcome.restrictedMessaging).toBe(true);

    // Lifting it lets the guest write again.
    await editParty(consultant, party.id, { restrictedMessaging: false });
    expect((await maria.next('updateRestriction')).restrictedMessaging).toBe(false);
    maria.send(textMessage('endlich'));
    expect((await maria.next('ack')).message.message).toBe('endlich');
  });

  it('a party created restricted refuses guest messages from the start', async () => {
    const { party, guest, manager, maria } = await setup({ restrictedMessaging: true });
    expect((await connected(party.id, guest.headers)).welcome.restrictedMessaging).toBe(true);
    const frame = textMessage('Hallo?');
    maria.send(frame);
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'restricted', tempId: frame.tempId });
    manager.send(textMessage('Willkommen'));
    await manager.next('ack');
    expect((await history(party.id, guest.headers)).map((m) => m.message)).toEqual(['Willkommen']);
  });

  it('an edit that does not change the restriction sends no updateRestriction', async () => {
    const { consultant, party, manager } = await setup();
    await editParty(consultant, party.id, { title: 'Neuer Titel' });
    await pause(50);
    expect(manager.all('updateRestriction')).toHaveLength(0);
  });
});

describe('updateSeen', () => {
  it("moves forward only, is capped at the latest seq, and reaches the manager and the reader herself in a presence frame's seen", async () => {
    const { consultant, party, guest, manager, maria } = await setup();
    const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
    const tomSocket = (await connected(party.id, tom.headers)).socket;
    let latest = 0;
    for (const text of ['eins', 'zwei', 'drei']) {
      manager.send(textMessage(text));
      latest = (await manager.next('ack')).seq;
      await maria.next('newMessage');
    }
    const seen = (socket: TestSocket) => socket.next('presence', 3000, (event) => event.seen !== undefined);
    const told = (socket: TestSocket) => socket.all('presence').filter((event) => event.seen !== undefined);

    maria.send({ type: 'updateSeen', seq: 2 });
    expect((await seen(manager)).seen).toEqual({ [guest.guestId]: 2 });
    expect((await seen(maria)).seen).toEqual({ [guest.guestId]: 2 });
    // Receipts are the manager's: another guest is not told how far Maria read.
    await pause(ROSTER.flushMs * 3);
    expect(told(tomSocket)).toEqual([]);

    maria.send({ type: 'updateSeen', seq: 1 });
    maria.send({ type: 'updateSeen', seq: 2 });
    await pause(ROSTER.flushMs * 3);
    expect(told(manager)).toHaveLength(0);

    maria.send({ type: 'updateSeen', seq: 1000 });
    expect((await seen(manager)).seen).toEqual({ [guest.guestId]: latest });
    maria.send({ type: 'updateSeen', seq: 1001 });
    await pause(ROSTER.flushMs * 3);
    expect(told(manager)).toHaveLength(0);
    tomSocket.close();

    maria.send({ type: 'updateSeen', seq: -1 });
    expect((await maria.next('error')).code).toBe('invalidFrame');

    const { welcome } = await connected(party.id, consultant.headers);
    expect(welcome.seen[guest.guestId]).toBe(latest);
    expect(welcome.seen[consultant.userId]).toBe(0);
  });
});

describe('guestUpdate (rename)', () => {
  it('renames: broadcast guestUpdate, and the D1 guests list shows the new name', async () => {
    const { consultant, party, guest, manager, maria } = await setup();
    maria.send({ type: 'guestUpdate', firstName: '  Marie ', lastName: 'Groß' });
    const expected = { type: 'guestUpdate', member: { id: guest.guestId, firstName: 'Marie', lastName: 'Groß', role: 'guest' } };
    expect(await manager.next('guestUpdate')).toEqual(expected);
    expect(await maria.next('guestUpdate')).toEqual(expected);

    // Written to D1 in the background.
    let guests: any[] = [];
    for (let i = 0; i < 50; i++) {
      guests = await json(await api(`/parties/${party.id}/guests`, { headers: consultant.headers }));
      if (guests[0]?.firstName === 'Marie') break;
      await pause(20);
    }
    expect(guests).toEqual([expected.member]);

    // New messages carry the new name.
    maria.send(textMessage('Jetzt als Marie'));
    expect((await maria.next('ack')).message.senderName).toBe('Marie Groß');
  });

  it('refuses an invalid name and a rename by the manager', async () => {
    const { consultant, party, guest, manager, maria } = await setup();
    maria.send({ type: 'guestUpdate', firstName: 'Ma\nria', lastName: 'Klein' });
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'invalidName' });
    maria.send({ type: 'guestUpdate', firstName: '', lastName: 'Klein' });
    expect(await maria.next('error')).toEqual({ type: 'error', code: 'invalidName' });
    manager.send({ type: 'guestUpdate', firstName: 'Neue', lastName: 'Chefin' });
    expect(await manager.next('error')).toEqual({ type: 'error', code: 'forbidden' });
    await pause(50);
    expect(manager.all('guestUpdate')).toHaveLength(0);
    const guests = await json(await api(`/parties/${party.id}/guests`, { headers: consultant.headers }));
    expect(guests).toEqual([{ id: guest.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' }]);
  });
});

describe('the send rate limit', () => {
  it('30 messages at once: some are rateLimited (with their tempId), every acked one is stored exactly once', async () => {
    const { party, guest, maria } = await setup();
    const frames = Array.from({ length: 30 }, (_, i) => textMessage(`Nachricht ${i}`));
    for (const frame of frames) maria.send(frame);

    const end = Date.now() + 5000;
    while (maria.all('ack').length + maria.all('error').length < frames.length && Date.now() < end) await pause(10);
    const acks = maria.all('ack');
    const errors = maria.all('error');
    expect(acks.length + errors.length).toBe(frames.length);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    for (const error of errors) expect(error.code).toBe('rateLimited');
    expect(acks.length).toBeGreaterThanOrEqual(20);

    const tempIds = new Set(frames.map((f) => f.tempId));
    const limited = errors.map((e) => e.tempId);
    for (const tempId of limited) expect(tempIds.has(tempId!)).toBe(true);
    const acked = acks.map((a) => a.tempId);
    expect(new Set([...acked, ...limited]).size).toBe(frames.length);

    const stored = await history(party.id, guest.headers);
    expect(stored.map((m) => m.tempId).sort()).toEqual([...acked].sort());
    expect(stored.map((m) => m.seq)).toEqual(acks.map((_, i) => i + 2)); // after the join notice
    for (const ack of acks) expect(stored.find((m) => m.tempId === ack.tempId)).toEqual(ack.message);
  });
});
