import { describe, expect, it } from 'vitest';
import { ROSTER } from '../../app/core/roster';
import { api, connected, createConsultant, createParty, joinGuest, nextPresence, spoken, tells, textMessage, evictRooms } from './fixtures';

describe('the core party loop', () => {
  it('delivers a message to every client: ack to the sender, newMessage to the others', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const manager = await connected(party.id, consultant.headers);
    const maria = await connected(party.id, guest.headers);

    maria.socket.send(textMessage('Hallo zusammen!'));
    const ack = await maria.socket.next('ack');
    const received = await manager.socket.next('newMessage');

    expect(ack.message).toMatchObject({ message: 'Hallo zusammen!', sender: guest.guestId, senderType: 'guest', senderName: 'Maria Klein' });
    expect(received.message).toEqual(ack.message);
    expect(received.seq).toBe(ack.seq);
    expect(maria.socket.all('newMessage')).toHaveLength(0);

    manager.socket.send(textMessage('Willkommen!'));
    const back = await maria.socket.next('newMessage');
    expect(back.message).toMatchObject({ message: 'Willkommen!', sender: consultant.userId, senderType: 'manager' });
    expect(back.seq).toBe(ack.seq + 1);
  });

  it('answers a burst from several sockets in arrival order: every frame once, seqs without gaps', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const manager = await connected(party.id, consultant.headers);
    const eva = await connected(party.id, guest.headers);
    const observer = await connected(party.id, guest.headers);
    const base = observer.welcome.seq;

    // Sent without waiting, so the room takes most of them in batches (group commit).
    for (let n = 1; n <= 15; n++) {
      manager.socket.send(textMessage(`Anna ${n}`));
      eva.socket.send(n === 8 ? '{"type":"sendMessage"' : textMessage(`Eva ${n}`));
    }
    const replies = async (socket: typeof eva.socket, count: number) => {
      while (socket.events.filter((e) => e.type === 'ack' || e.type === 'error').length < count) await new Promise((resolve) => setTimeout(resolve, 10));
      return socket.events.filter((e) => e.type === 'ack' || e.type === 'error');
    };
    const annas = await replies(manager.socket, 15);
    const evas = await replies(eva.socket, 15);
    // Each sender hears back in the order it sent, the broken frame in its place.
    expect(annas.map((e) => (e.type === 'ack' ? e.message.message : e.code))).toEqual(Array.from({ length: 15 }, (_, i) => `Anna ${i + 1}`));
    expect(evas.map((e) => (e.type === 'ack' ? e.message.message : e.code))).toEqual(
      Array.from({ length: 15 }, (_, i) => (i === 7 ? 'invalidFrame' : `Eva ${i + 1}`)),
    );

    // 29 messages, seqs base+1..base+29 in the order everyone sees them.
    const seen = [];
    for (let n = 0; n < 29; n++) seen.push(await observer.socket.next('newMessage'));
    expect(seen.map((e) => e.seq)).toEqual(Array.from({ length: 29 }, (_, i) => base + i + 1));
    const acked = [...annas, ...evas].flatMap((e) => (e.type === 'ack' ? [[e.seq, e.message.message]] : []));
    expect(seen.map((e) => [e.seq, e.message.message])).toEqual(acked.sort((a, b) => (a[0] as number) - (b[0] as number)));
  });

  it('stores a resent tempId once and answers with the original message', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const other = await connected(party.id, consultant.headers);
    const { socket } = await connected(party.id, guest.headers);
    const tempId = crypto.randomUUID();

    socket.send(textMessage('Nur einmal', tempId));
    const first = await socket.next('ack');
    socket.send(textMessage('Nur einmal', tempId));
    const second = await socket.next('ack');
    expect(second.message).toEqual(first.message);
    expect(second.seq).toBe(first.seq);

    // The same tempId with another body is refused and stores nothing.
    socket.send(textMessage('Etwas anderes', tempId));
    expect((await socket.next('error')).code).toBe('tempIdConflict');

    await other.socket.next('newMessage');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.socket.all('newMessage')).toHaveLength(0);
    const { welcome } = await connected(party.id, guest.headers);
    expect(spoken(welcome.messages).map((m) => m.message)).toEqual(['Nur einmal']);
  });

  it('answers a resend with the original even when the room would refuse the message now, and stores a refused one never', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const manager = await connected(party.id, consultant.headers);
    const { socket } = await connected(party.id, guest.headers);
    const restrict = async (restrictedMessaging: boolean) => {
      expect((await api(`/parties/${party.id}/restriction`, { method: 'PUT', headers: consultant.headers, body: { restrictedMessaging } })).status).toBe(204);
      await socket.next('updateRestriction');
    };
    const sent = crypto.randomUUID();
    socket.send(textMessage('Vor der Sperre', sent));
    const first = await socket.next('ack');
    await manager.socket.next('newMessage');

    await restrict(true);
    // Its ack was lost on the way: the page sends it again, and hears what the room stored then.
    socket.send(textMessage('Vor der Sperre', sent));
    expect(await socket.next('ack')).toEqual(first);
    // The same tempId with another body is still a conflict, not a restriction.
    socket.send(textMessage('Etwas anderes', sent));
    expect((await socket.next('error')).code).toBe('tempIdConflict');
    // A new message is refused, and its tempId stays free: sent again once allowed, it is stored.
    const refused = crypto.randomUUID();
    socket.send(textMessage('Nach der Sperre', refused));
    expect(await socket.next('error')).toMatchObject({ code: 'restricted', tempId: refused });

    await restrict(false);
    socket.send(textMessage('Nach der Sperre', refused));
    expect((await socket.next('ack')).seq).toBe(first.seq + 1);
    expect((await manager.socket.next('newMessage')).message.message).toBe('Nach der Sperre');
    expect(manager.socket.all('newMessage')).toHaveLength(0);
  });

  it('replays every event missed while a socket was away, once and in order', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const manager = await connected(party.id, consultant.headers);
    const first = await connected(party.id, guest.headers);

    manager.socket.send(textMessage('eins'));
    const seen = await first.socket.next('newMessage');
    first.socket.close();

    for (const text of ['zwei', 'drei', 'vier']) {
      manager.socket.send(textMessage(text));
      await manager.socket.next('ack');
    }

    const again = await connected(party.id, guest.headers, seen.seq);
    expect(again.welcome.mode).toBe('replay');
    expect(again.welcome.events.map((e) => [e.type, e.seq, e.message.message])).toEqual([
      ['newMessage', seen.seq + 1, 'zwei'],
      ['newMessage', seen.seq + 2, 'drei'],
      ['newMessage', seen.seq + 3, 'vier'],
    ]);
    expect(again.welcome.seq).toBe(seen.seq + 3);
  });

  it('keeps messages and presence after the object is evicted', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id, { firstName: 'Eva', lastName: 'Stein' });
    const manager = await connected(party.id, consultant.headers);
    const eva = await connected(party.id, guest.headers);
    eva.socket.send(textMessage('vor dem Neustart'));
    await eva.socket.next('ack');

    await evictRooms(party.id);
    expect((await eva.socket.closedWith()).code).toBeGreaterThan(0);
    manager.socket.close();

    const back = await connected(party.id, guest.headers, 0);
    expect(spoken(back.welcome.events.map((e) => e.message)).map((m) => m.message)).toEqual(['vor dem Neustart']);
    const boss = await connected(party.id, consultant.headers);
    expect(spoken(boss.welcome.messages).map((m) => m.message)).toEqual(['vor dem Neustart']);
    expect(new Set(boss.welcome.online)).toEqual(new Set([guest.guestId, consultant.userId]));
    expect(boss.welcome.members.map((m) => m.firstName).sort()).toEqual(['Anna', 'Eva']);

    boss.socket.send(textMessage('nach dem Neustart'));
    const delivered = await back.socket.next('newMessage');
    expect(delivered.seq).toBe(3); // after the join notice and the first message
  });

  it('announces presence: online when a member arrives, offline when their last socket closes', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const manager = await connected(party.id, consultant.headers);
    const one = await connected(party.id, guest.headers);
    expect(await nextPresence(manager.socket, 'online', guest.guestId)).toMatchObject({ memberCount: 2, onlineCount: 2 });
    const two = await connected(party.id, guest.headers);
    one.socket.close();
    await new Promise((resolve) => setTimeout(resolve, ROSTER.flushMs * 3));
    expect(manager.socket.all('presence').filter((event) => tells(event, 'offline', guest.guestId))).toHaveLength(0);
    two.socket.close();
    expect(await nextPresence(manager.socket, 'offline', guest.guestId)).toMatchObject({ memberCount: 2, onlineCount: 1 });
  });
});
