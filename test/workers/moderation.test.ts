import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  api,
  connect,
  connected,
  createConsultant,
  createParty,
  expectError,
  guestCookie,
  html,
  joinGuest,
  json,
  page,
  spoken,
  textMessage,
  partyWithTwoGuests as party,
  evictRooms,
  partyRoom,
} from './fixtures';
import type { ChatMessage } from '../../app/core/protocol';
import type { PartyRoom } from '../../durable-objects/party-room';

async function history(partyId: string, headers: Record<string, string>) {
  return spoken(
    (await json<{ messages: { id: string; messageType: string; message: string; deleted: boolean }[] }>(await api(`/parties/${partyId}/chat`, { headers })))
      .messages,
  );
}

async function send(partyId: string, guest: { headers: Record<string, string> }, text: string): Promise<string> {
  const response = await api(`/parties/${partyId}/chat`, { method: 'POST', headers: guest.headers, body: { message: text } });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

describe('deleting messages', () => {
  it('a guest deletes their own message: everyone gets the placeholder as updatedMessage', async () => {
    const { consultant, party: p, maria } = await party();
    const watcher = await connected(p.id, consultant.headers);
    const id = await send(p.id, maria, 'Hoppla');
    await watcher.socket.next('newMessage');
    const response = await api(`/parties/${p.id}/deleteMessage`, { method: 'PUT', headers: maria.headers, body: { messageId: id } });
    expect(response.status).toBe(200);
    const update = await watcher.socket.next('updatedMessage');
    expect(update.message).toMatchObject({ id, deleted: true, message: '' });
    expect((await history(p.id, maria.headers))[0]).toMatchObject({ id, deleted: true, message: '' });
  });

  it("a guest cannot delete or edit another's message, by API or by a hand-made frame", async () => {
    const { party: p, maria, tom } = await party();
    const id = await send(p.id, maria, 'Von Maria');
    await expectError(await api(`/parties/${p.id}/deleteMessage`, { method: 'PUT', headers: tom.headers, body: { messageId: id } }), 403, 'forbidden');
    await expectError(
      await api(`/parties/${p.id}/editMessage`, { method: 'PUT', headers: tom.headers, body: { messageId: id, message: 'Gefälscht' } }),
      403,
      'forbidden',
    );
    const { socket } = await connected(p.id, tom.headers);
    socket.send({ type: 'updateMessage', messageId: id, message: 'Gefälscht', sender: p.id });
    expect((await socket.next('error')).code).toBe('forbidden');
    expect((await history(p.id, maria.headers))[0]).toMatchObject({ id, message: 'Von Maria', deleted: false });
  });

  it("the manager and a host delete anyone's messages; mass delete is all or nothing", async () => {
    const { consultant, party: p, maria, tom } = await party();
    const a = await send(p.id, maria, 'eins');
    const b = await send(p.id, tom, 'zwei');
    const c = await send(p.id, consultant, 'drei');
    // Tom may delete his own, not Maria's: the whole request is refused and nothing changes.
    await expectError(await api(`/parties/${p.id}/deleteMessages`, { method: 'PUT', headers: tom.headers, body: { messageIds: [b, a] } }), 403, 'forbidden');
    expect((await history(p.id, maria.headers)).every((m) => !m.deleted)).toBe(true);
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    const deleted = await api(`/parties/${p.id}/deleteMessages`, { method: 'PUT', headers: tom.headers, body: { messageIds: [a, b, c] } });
    expect(deleted.status).toBe(200);
    expect((await history(p.id, maria.headers)).map((m) => m.deleted)).toEqual([true, true, true]);
  });

  it('an unknown id or an empty list changes nothing', async () => {
    const { consultant, party: p, maria } = await party();
    await send(p.id, maria, 'bleibt');
    await expectError(
      await api(`/parties/${p.id}/deleteMessages`, { method: 'PUT', headers: consultant.headers, body: { messageIds: [] } }),
      400,
      'invalidInput',
    );
    await expectError(
      await api(`/parties/${p.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: crypto.randomUUID() } }),
      404,
      'messageNotFound',
    );
    expect((await history(p.id, maria.headers))[0]).toMatchObject({ message: 'bleibt', deleted: false });
  });

  it("another party's message id is not found here", async () => {
    const first = await party();
    const second = await party();
    const id = await send(first.party.id, first.maria, 'woanders');
    await expectError(
      await api(`/parties/${second.party.id}/deleteMessage`, { method: 'PUT', headers: second.consultant.headers, body: { messageId: id } }),
      404,
      'messageNotFound',
    );
    expect((await history(first.party.id, first.maria.headers))[0]?.deleted).toBe(false);
  });
});

describe('hosts, removal and restriction', () => {
  it('making a host clears the previous one and tells everyone', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const watcher = await connected(p.id, maria.headers);
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: maria.guestId } })).status).toBe(204);
    expect((await watcher.socket.next('guestUpdate', 3000, (e) => e.member.id === maria.guestId)).member.role).toBe('host');
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    expect((await watcher.socket.next('guestUpdate', 3000, (e) => e.member.id === maria.guestId)).member.role).toBe('guest');
    const guests = await json<{ id: string; role: string }[]>(await api(`/parties/${p.id}/guests`, { headers: consultant.headers }));
    expect(guests.filter((g) => g.role === 'host').map((g) => g.id)).toEqual([tom.guestId]);
  });

  it('only the manager makes hosts; a host cannot promote, nor remove the host', async () => {
    const { consultant, party: p, maria, tom } = await party();
    await expectError(await api(`/parties/${p.id}/host`, { method: 'PUT', headers: maria.headers, body: { guestId: tom.guestId } }), 403, 'forbidden');
    await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: maria.guestId } });
    await expectError(await api(`/parties/${p.id}/host`, { method: 'PUT', headers: maria.headers, body: { guestId: tom.guestId } }), 403, 'forbidden');
    await expectError(await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: tom.headers }), 403, 'forbidden');
    await expectError(await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: consultant.headers }), 403, 'forbidden');
  });

  it("a removed guest's open socket closes at once, and they cannot come back", async () => {
    const { consultant, party: p, maria, tom } = await party();
    const watcher = await connected(p.id, tom.headers);
    const victim = await connected(p.id, maria.headers);
    expect((await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    expect((await victim.socket.closedWith()).code).toBe(4003);
    expect((await watcher.socket.next('guestRemoved')).guestId).toBe(maria.guestId);
    expect(await connect(p.id, maria.headers)).toBe(403);
    await expectError(await api(`/parties/${p.id}/chat`, { method: 'POST', headers: maria.headers, body: { message: 'Hallo?' } }), 403, 'notMember');
    await expectError(
      await api(`/parties/${p.id}/join`, { method: 'PUT', headers: maria.headers, body: { firstName: 'Maria', lastName: 'Klein' } }),
      403,
      'removed',
    );
    // Loading the party tells her so (the page shows the removed view, not a join dialog).
    await expectError(await api(`/parties/${p.shortId}`, { headers: maria.headers }), 403, 'removed');
    expect(await html(await page(`/${p.shortId}`, { headers: guestCookie(maria) }), 403)).toContain('Du wurdest aus der Party entfernt');
  });

  it('a removed guest is offline at once: their sockets close, newcomers do not see them online, nothing more is sent to them', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const manager = await connected(p.id, consultant.headers);
    const marias = [await connected(p.id, maria.headers), await connected(p.id, maria.headers)];
    expect((await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    for (const { socket } of marias) expect((await socket.closedWith()).code).toBe(4003);

    const newcomer = await connected(p.id, tom.headers);
    expect(new Set(newcomer.welcome.online)).toEqual(new Set([consultant.userId, tom.guestId]));
    manager.socket.send(textMessage('Nach dem Entfernen'));
    await newcomer.socket.next('newMessage');
    for (const { socket } of marias) expect(socket.all('newMessage')).toHaveLength(0);
  });

  it('a host removes a guest; guests cannot remove anyone', async () => {
    const { consultant, party: p, maria, tom } = await party();
    await expectError(await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: tom.headers }), 403, 'forbidden');
    await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } });
    expect((await api(`/parties/${p.id}/removeGuest/${maria.guestId}`, { method: 'DELETE', headers: tom.headers })).status).toBe(204);
  });

  it('restriction: manager or host switch it; restricted guests cannot send or edit, even by hand-made frames', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const own = await send(p.id, maria, 'vorher');
    const guestSocket = await connected(p.id, maria.headers);
    await expectError(
      await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: maria.headers, body: { restrictedMessaging: true } }),
      403,
      'forbidden',
    );
    await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } });
    expect((await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: tom.headers, body: { restrictedMessaging: true } })).status).toBe(204);
    expect((await guestSocket.socket.next('updateRestriction')).restrictedMessaging).toBe(true);

    guestSocket.socket.send(textMessage('trotzdem'));
    expect((await guestSocket.socket.next('error')).code).toBe('restricted');
    guestSocket.socket.send({ type: 'updateMessage', messageId: own, message: 'geändert' });
    expect((await guestSocket.socket.next('error')).code).toBe('restricted');
    await expectError(await api(`/parties/${p.id}/chat`, { method: 'POST', headers: maria.headers, body: { message: 'per API' } }), 403, 'restricted');
    // The host still writes.
    await send(p.id, tom, 'Host spricht');
    expect((await history(p.id, maria.headers)).map((m) => m.message)).toEqual(['vorher', 'Host spricht']);

    const stored = await env.DB.prepare('SELECT restricted_messaging AS r FROM parties WHERE id = ?').bind(p.id).first<{ r: number }>();
    expect(stored?.r).toBe(1);
    expect((await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: consultant.headers, body: { restrictedMessaging: false } })).status).toBe(204);
    await send(p.id, maria, 'wieder frei');
  });
});

describe('one host at a time, judged by the room', () => {
  /** Who the room holds as host, and who D1 does. */
  async function hosts(partyId: string): Promise<{ room: string[]; d1: string[] }> {
    const stub = partyRoom(partyId);
    const room = await runInDurableObject(stub, (r: PartyRoom) =>
      [...r.store.members.values()].filter((m) => m.role === 'host' && !m.removed).map((m) => m.id),
    );
    const { results } = await env.DB.prepare('SELECT guest_id FROM party_members WHERE party_id = ? AND is_host = 1').bind(partyId).all<{ guest_id: string }>();
    return { room: room.sort(), d1: results.map((row) => row.guest_id).sort() };
  }

  it('two concurrent "make host" calls for different guests leave one host, in the room and in D1 alike; the other cannot write while restricted', async () => {
    const { consultant, party: p } = await party();
    expect((await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: consultant.headers, body: { restrictedMessaging: true } })).status).toBe(204);
    for (let round = 0; round < 8; round++) {
      const a = await joinGuest(p.id, { firstName: 'Anna', lastName: `Runde${round}` });
      const b = await joinGuest(p.id, { firstName: 'Bea', lastName: `Runde${round}` });
      const sockets = new Map([
        [a.guestId, (await connected(p.id, a.headers)).socket],
        [b.guestId, (await connected(p.id, b.headers)).socket],
      ]);
      const answers = await Promise.all(
        [a, b].map((guest) => api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: guest.guestId } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([204, 204]);
      const now = await hosts(p.id);
      expect(now.room, `round ${round}: one host in the room`).toHaveLength(1);
      expect(now.d1, `round ${round}: D1 agrees with the room`).toEqual(now.room);
      const host = now.room[0]!;
      expect([a.guestId, b.guestId]).toContain(host);
      const demoted = host === a.guestId ? b : a;

      // The one who is not host is a restricted guest on every path.
      const socket = sockets.get(demoted.guestId)!;
      const tempId = crypto.randomUUID();
      socket.send(textMessage('Ich bin doch Host?', tempId));
      expect(await socket.next('error', 3000, (e) => e.tempId === tempId)).toMatchObject({ code: 'restricted' });
      await expectError(await api(`/parties/${p.id}/chat`, { method: 'POST', headers: demoted.headers, body: { message: 'per API' } }), 403, 'restricted');
      await expectError(
        await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: demoted.headers, body: { restrictedMessaging: false } }),
        403,
        'forbidden',
      );
      // The host writes on both.
      const hostSocket = sockets.get(host)!;
      const hostTemp = crypto.randomUUID();
      hostSocket.send(textMessage('Ich bin Host', hostTemp));
      expect((await hostSocket.next('ack', 3000, (e) => e.tempId === hostTemp)).message.message).toBe('Ich bin Host');
      for (const open of sockets.values()) open.close();
    }
  });

  it("the room's word on a role wins over what D1 says, for a member it knows", async () => {
    const { consultant, party: p, maria } = await party();
    expect((await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: consultant.headers, body: { restrictedMessaging: true } })).status).toBe(204);
    await expectError(await api(`/parties/${p.id}/chat`, { method: 'POST', headers: maria.headers, body: { message: 'vorher' } }), 403, 'restricted');
    // D1 says host (as a stale write would leave it); the Worker reads that, the room does not follow.
    await env.DB.prepare('UPDATE party_members SET is_host = 1 WHERE party_id = ? AND guest_id = ?').bind(p.id, maria.guestId).run();
    await expectError(await api(`/parties/${p.id}/chat`, { method: 'POST', headers: maria.headers, body: { message: 'per API' } }), 403, 'restricted');
    const { socket, welcome } = await connected(p.id, maria.headers);
    expect(welcome.me.role).toBe('guest');
    socket.send(textMessage('per Socket'));
    expect((await socket.next('error')).code).toBe('restricted');
    socket.close();
  });

  it('a write of the hosts to D1 that failed is made again by the next mirror', async () => {
    const { consultant, party: p, maria } = await party();
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: maria.guestId } })).status).toBe(204);
    // As if the write had failed: D1 lost the host, and the room remembers it owes the write.
    await env.DB.prepare('UPDATE party_members SET is_host = 0 WHERE party_id = ?').bind(p.id).run();
    const stub = partyRoom(p.id);
    await runInDurableObject(stub, (_room: PartyRoom, state: DurableObjectState) => state.storage.put('hostsUnrecorded', true));
    await send(p.id, consultant, 'Der Spiegel läuft');
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await hosts(p.id)).toEqual({ room: [maria.guestId], d1: [maria.guestId] });
    expect(await runInDurableObject(stub, (_room: PartyRoom, state: DurableObjectState) => state.storage.get('hostsUnrecorded'))).toBeUndefined();
  });
});

describe('renaming and leaving', () => {
  it('a guest renames themself; others see guestUpdate; the manager cannot use it', async () => {
    const { consultant, party: p, maria } = await party();
    const watcher = await connected(p.id, consultant.headers);
    const response = await api(`/parties/${p.id}/changeName`, { method: 'PUT', headers: maria.headers, body: { firstName: ' Mia ', lastName: 'Klein' } });
    expect(await json(response)).toMatchObject({ id: maria.guestId, firstName: 'Mia' });
    expect((await watcher.socket.next('guestUpdate')).member.firstName).toBe('Mia');
    await expectError(
      await api(`/parties/${p.id}/changeName`, { method: 'PUT', headers: maria.headers, body: { firstName: '', lastName: 'Klein' } }),
      400,
      'invalidName',
    );
    await expectError(
      await api(`/parties/${p.id}/changeName`, { method: 'PUT', headers: consultant.headers, body: { firstName: 'X', lastName: 'Y' } }),
      403,
      'forbidden',
    );
  });

  it('leaving deletes the membership and closes sockets; the guest may join again', async () => {
    const { party: p, maria, tom } = await party();
    const watcher = await connected(p.id, tom.headers);
    const mine = await connected(p.id, maria.headers);
    expect((await api(`/parties/${p.id}/leave`, { method: 'DELETE', headers: maria.headers })).status).toBe(204);
    expect((await mine.socket.closedWith()).code).toBe(4001);
    expect((await watcher.socket.next('guestRemoved')).guestId).toBe(maria.guestId);
    const again = await api(`/parties/${p.id}/join`, { method: 'PUT', headers: maria.headers, body: { firstName: 'Maria', lastName: 'Klein' } });
    expect(again.status).toBe(200);
  });
});

describe('forwarding', () => {
  it('copies messages, in order and as the manager’s, into another of their parties; a repeat adds nothing', async () => {
    const { consultant, party: source, maria } = await party();
    const target = await createParty(consultant, { title: 'Nächste Party' });
    const ids = [];
    for (let i = 1; i <= 25; i++) ids.push(await send(source.id, i % 2 ? maria : consultant, `Nachricht ${i}`));
    await api(`/parties/${source.id}/deleteMessage`, { method: 'PUT', headers: consultant.headers, body: { messageId: ids[0] } });
    const watcher = await connected(target.id, consultant.headers);

    const first = await api(`/parties/${source.id}/forward`, {
      method: 'POST',
      headers: consultant.headers,
      body: { messageIds: [...ids].reverse(), targetPartyId: target.id },
    });
    expect(await json(first)).toEqual({ forwarded: 24 });
    const copied = await json<{ messages: { message: string; sender: string; senderType: string }[] }>(
      await api(`/parties/${target.id}/chat`, { headers: consultant.headers }),
    );
    expect(copied.messages.map((m) => m.message)).toEqual(Array.from({ length: 24 }, (_, i) => `Nachricht ${i + 2}`));
    expect(new Set(copied.messages.map((m) => m.senderType))).toEqual(new Set(['manager']));
    expect((await watcher.socket.next('newMessage')).message.message).toBe('Nachricht 2');

    await api(`/parties/${source.id}/forward`, { method: 'POST', headers: consultant.headers, body: { messageIds: ids, targetPartyId: target.id } });
    expect((await json<{ messages: unknown[] }>(await api(`/parties/${target.id}/chat`, { headers: consultant.headers }))).messages).toHaveLength(24);
  });

  it('marks the copies as forwarded in the live event, the history and a replay; the originals and plain sends stay unmarked', async () => {
    const { consultant, party: source, maria } = await party();
    const target = await createParty(consultant, { title: 'Nächste Party' });
    const id = await send(source.id, maria, 'Weiter damit');
    const guest = await joinGuest(target.id, { firstName: 'Lea', lastName: 'Sommer' });
    const before = await connected(target.id, guest.headers);
    before.socket.close();
    const watcher = await connected(target.id, consultant.headers);

    expect(
      await json(
        await api(`/parties/${source.id}/forward`, { method: 'POST', headers: consultant.headers, body: { messageIds: [id], targetPartyId: target.id } }),
      ),
    ).toEqual({ forwarded: 1 });
    expect((await watcher.socket.next('newMessage')).message).toMatchObject({ message: 'Weiter damit', senderType: 'manager', forwarded: true });
    await send(target.id, consultant, 'Selbst geschrieben');
    const copies = spoken((await json<{ messages: ChatMessage[] }>(await api(`/parties/${target.id}/chat`, { headers: guest.headers }))).messages);
    expect(copies.map((m) => [m.message, m.forwarded])).toEqual([
      ['Weiter damit', true],
      ['Selbst geschrieben', false],
    ]);
    const replay = await connected(target.id, guest.headers, before.welcome.seq);
    expect(replay.welcome.mode).toBe('replay');
    expect(spoken(replay.welcome.events.map((e) => e.message)).map((m) => [m.message, m.forwarded])).toEqual([
      ['Weiter damit', true],
      ['Selbst geschrieben', false],
    ]);
    expect(
      spoken((await json<{ messages: ChatMessage[] }>(await api(`/parties/${source.id}/chat`, { headers: consultant.headers }))).messages).map(
        (m) => m.forwarded,
      ),
    ).toEqual([false]);
    watcher.socket.close();
    replay.socket.close();
  });

  it('a room whose message table predates forwarding gains the column when it loads, and its messages read as not forwarded', async () => {
    const { consultant, party: p, maria } = await party();
    await send(p.id, maria, 'Alt');
    const stub = partyRoom(p.id);
    await runInDurableObject(stub, (_room, state) => {
      state.storage.sql.exec('ALTER TABLE messages DROP COLUMN forwarded');
    });
    // A new instance of the object loads the old table.
    await evictRooms(p.id);
    const messages = spoken((await json<{ messages: ChatMessage[] }>(await api(`/parties/${p.id}/chat`, { headers: consultant.headers }))).messages);
    expect(messages.map((m) => [m.message, m.forwarded])).toEqual([['Alt', false]]);
  });

  it('only the manager forwards, only into their own other parties', async () => {
    const { consultant, party: source, maria } = await party();
    const id = await send(source.id, maria, 'Hallo');
    const own = await createParty(consultant, { title: 'Eigene' });
    const stranger = await createConsultant({ name: 'Berta' });
    const foreign = await createParty(stranger);
    await expectError(
      await api(`/parties/${source.id}/forward`, { method: 'POST', headers: maria.headers, body: { messageIds: [id], targetPartyId: own.id } }),
      403,
      'forbidden',
    );
    await expectError(
      await api(`/parties/${source.id}/forward`, { method: 'POST', headers: consultant.headers, body: { messageIds: [id], targetPartyId: foreign.id } }),
      404,
      'partyNotFound',
    );
    await expectError(
      await api(`/parties/${source.id}/forward`, { method: 'POST', headers: consultant.headers, body: { messageIds: [id], targetPartyId: source.id } }),
      404,
      'partyNotFound',
    );
    await expectError(
      await api(`/parties/${source.id}/forward`, {
        method: 'POST',
        headers: consultant.headers,
        body: { messageIds: [crypto.randomUUID()], targetPartyId: own.id },
      }),
      404,
      'messageNotFound',
    );
    expect((await json<{ messages: unknown[] }>(await api(`/parties/${foreign.id}/chat`, { headers: stranger.headers }))).messages).toHaveLength(0);
    expect((await json<{ messages: unknown[] }>(await api(`/parties/${own.id}/chat`, { headers: consultant.headers }))).messages).toHaveLength(0);
  });
});
