import { describe, expect, it } from 'vitest';
import type { ChatSearchHit } from '../../app/core/social';
import { CHAT_SEARCH } from '../../app/core/social';
import { api, connected, createConsultant, createParty, evictRooms, expectError, joinGuest, json, partyWithTwoGuests as party } from './fixtures';
import type { TestSocket } from './fixtures';

/** Reactions, the pinned message and the chat's search (ADR 043), through the Worker and real sockets. */

async function send(partyId: string, author: { headers: Record<string, string> }, text: string, messageType = 'text'): Promise<string> {
  const response = await api(`/parties/${partyId}/chat`, {
    method: 'POST',
    headers: author.headers,
    body: { tempId: crypto.randomUUID(), messageType, message: text },
  });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

/** The next reaction frame about this message and emoji. */
function nextReaction(socket: TestSocket, messageId: string, emoji = '👍') {
  return socket.next('reaction', 3000, (event) => event.messageId === messageId && event.emoji === emoji);
}

/** The next reaction frame that tells the reader whether it is hers (her own sockets, the manager's). */
function ownReaction(socket: TestSocket, messageId: string, emoji = '👍') {
  return socket.next('reaction', 3000, (event) => event.messageId === messageId && event.emoji === emoji && event.mine !== undefined);
}

async function search(partyId: string, headers: Record<string, string>, q: string): Promise<ChatSearchHit[]> {
  const response = await api(`/parties/${partyId}/search?q=${encodeURIComponent(q)}`, { headers });
  expect(response.status).toBe(200);
  return json(response);
}

describe('reactions', () => {
  it('a guest reacts: everyone sees the count, the manager who, she that it is hers; a frame sent again changes nothing', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const id = await send(p.id, consultant, 'Willkommen!');
    const manager = await connected(p.id, consultant.headers);
    const mariaPage = await connected(p.id, maria.headers);
    const tomPage = await connected(p.id, tom.headers);
    const frame = { type: 'react', messageId: id, emoji: '👍', on: true };
    mariaPage.socket.send(frame);
    expect(await nextReaction(tomPage.socket, id)).toEqual({ type: 'reaction', messageId: id, emoji: '👍', count: 1 });
    const toManager = await nextReaction(manager.socket, id);
    expect(toManager.count).toBe(1);
    const managerWho = await nextReaction(manager.socket, id);
    expect(managerWho.who).toEqual([maria.guestId]);
    expect(managerWho.mine).toBe(false);
    await nextReaction(mariaPage.socket, id);
    expect((await nextReaction(mariaPage.socket, id)).mine).toBe(true);

    // Sent again (a reconnect's resend): only Maria hears, and the count stays 1.
    mariaPage.socket.send(frame);
    const again = await nextReaction(mariaPage.socket, id);
    expect(again).toMatchObject({ count: 1, mine: true });
    tomPage.socket.send({ type: 'react', messageId: id, emoji: '❤️', on: true });
    await nextReaction(tomPage.socket, id, '❤️');
    expect(tomPage.socket.all('reaction').filter((event) => event.emoji === '👍')).toEqual([]);

    // Taken back, twice: the second is no change either.
    mariaPage.socket.send({ ...frame, on: false });
    expect(await nextReaction(tomPage.socket, id)).toMatchObject({ count: 0 });
    mariaPage.socket.send({ ...frame, on: false });
    expect(await nextReaction(mariaPage.socket, id, '👍')).toMatchObject({ count: 0 });
    for (const page of [manager, mariaPage, tomPage]) page.socket.close();
  });

  it('a page that reconnects, even after the room restarted, gets every reaction as it sees them', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const id = await send(p.id, consultant, 'Neue Serie');
    const mariaPage = await connected(p.id, maria.headers);
    mariaPage.socket.send({ type: 'react', messageId: id, emoji: '😂', on: true });
    await nextReaction(mariaPage.socket, id, '😂');
    mariaPage.socket.close();
    await evictRooms(p.id);

    const again = await connected(p.id, maria.headers, mariaPage.welcome.seq);
    expect((await again.socket.next('reactions')).reactions).toEqual([{ messageId: id, emoji: '😂', count: 1, mine: true }]);
    const tomPage = await connected(p.id, tom.headers);
    expect((await tomPage.socket.next('reactions')).reactions).toEqual([{ messageId: id, emoji: '😂', count: 1 }]);
    const manager = await connected(p.id, consultant.headers);
    expect((await manager.socket.next('reactions')).reactions).toEqual([{ messageId: id, emoji: '😂', count: 1, mine: false, who: [maria.guestId] }]);
    for (const page of [again, tomPage, manager]) page.socket.close();
  });

  it('each welcome on the same instance shows the reactions as they are now (the room keeps them between changes)', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const id = await send(p.id, consultant, 'Frisch');
    const welcomeReactions = async () => {
      const page = await connected(p.id, tom.headers);
      const { reactions } = await page.socket.next('reactions');
      page.socket.close();
      return reactions;
    };
    expect(await welcomeReactions()).toEqual([]);
    const mariaPage = await connected(p.id, maria.headers);
    mariaPage.socket.send({ type: 'react', messageId: id, emoji: '❤️', on: true });
    await nextReaction(mariaPage.socket, id, '❤️');
    expect(await welcomeReactions()).toEqual([{ messageId: id, emoji: '❤️', count: 1 }]);
    mariaPage.socket.send({ type: 'react', messageId: id, emoji: '❤️', on: false });
    await nextReaction(mariaPage.socket, id, '❤️');
    expect(await welcomeReactions()).toEqual([]);
    mariaPage.socket.close();
  });

  it('guests react while writing is restricted; not to a deleted message, an unknown one, an emoji outside the set, or after the end', async () => {
    const { consultant, party: p, maria } = await party();
    const id = await send(p.id, consultant, 'Ruhe bitte');
    const gone = await send(p.id, consultant, 'weg');
    expect((await api(`/parties/${p.id}/deleteMessages`, { method: 'PUT', headers: consultant.headers, body: { messageIds: [gone] } })).status).toBe(200);
    expect((await api(`/parties/${p.id}/restriction`, { method: 'PUT', headers: consultant.headers, body: { restrictedMessaging: true } })).status).toBe(204);
    const page = await connected(p.id, maria.headers);
    page.socket.send({ type: 'react', messageId: id, emoji: '👏', on: true });
    expect(await ownReaction(page.socket, id, '👏')).toMatchObject({ count: 1, mine: true });
    page.socket.send({ type: 'react', messageId: gone, emoji: '👏', on: true });
    expect((await page.socket.next('error')).code).toBe('forbidden');
    page.socket.send({ type: 'react', messageId: crypto.randomUUID(), emoji: '👏', on: true });
    expect((await page.socket.next('error')).code).toBe('messageNotFound');
    page.socket.send({ type: 'react', messageId: id, emoji: '💩', on: true });
    expect((await page.socket.next('error')).code).toBe('invalidFrame');
    page.socket.send({ type: 'react', messageId: id, emoji: '👏' });
    expect((await page.socket.next('error')).code).toBe('invalidFrame');
    const ended = await api(`/parties/${p.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { title: 'Wellness-Party', expiration: Date.now() - 60_000 },
    });
    expect(ended.status).toBe(200);
    await page.socket.next('updateExpiry');
    page.socket.send({ type: 'react', messageId: id, emoji: '👏', on: false });
    expect((await page.socket.next('error')).code).toBe('partyExpired');
    page.socket.close();
  });
});

describe('the pinned message', () => {
  it('the manager and the host pin one message at a time, guests may not; everyone hears; a reconnect and a restart keep it; a deletion unpins', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const first = await send(p.id, consultant, 'Heute: 20 % auf alles');
    const second = await send(p.id, maria, 'Wo bestelle ich?');
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    const manager = await connected(p.id, consultant.headers);
    expect((await manager.socket.next('pinned')).message).toBeNull();
    const mariaPage = await connected(p.id, maria.headers);
    const tomPage = await connected(p.id, tom.headers);

    mariaPage.socket.send({ type: 'pin', messageId: first });
    expect((await mariaPage.socket.next('error')).code).toBe('forbidden');
    manager.socket.send({ type: 'pin', messageId: first });
    expect((await mariaPage.socket.next('pinned', 3000, (event) => event.message !== null)).message?.id).toBe(first);
    tomPage.socket.send({ type: 'pin', messageId: second });
    expect((await mariaPage.socket.next('pinned', 3000, (event) => event.message?.id === second)).message?.message).toBe('Wo bestelle ich?');
    mariaPage.socket.close();
    await evictRooms(p.id);

    const again = await connected(p.id, maria.headers);
    expect((await again.socket.next('pinned')).message?.id).toBe(second);
    expect((await api(`/parties/${p.id}/deleteMessages`, { method: 'PUT', headers: maria.headers, body: { messageIds: [second] } })).status).toBe(200);
    expect((await again.socket.next('pinned')).message).toBeNull();
    const later = await connected(p.id, tom.headers);
    expect((await later.socket.next('pinned')).message).toBeNull();
    // Unpinning when nothing is pinned is no error; a notice cannot be pinned.
    later.socket.send({ type: 'pin', messageId: null });
    expect((await later.socket.next('pinned')).message).toBeNull();
    for (const page of [manager, tomPage, again, later]) page.socket.close();
  });
});

describe('search in the chat', () => {
  it('finds words ranked, marks them in a snippet, follows edits and deletions, skips notices', async () => {
    const { consultant, party: p, maria, tom } = await party();
    await send(p.id, consultant, 'Die Lavendel-Creme ist heute im Angebot');
    const mine = await send(p.id, maria, 'Lavendel mag ich, Lavendel überall!');
    const gone = await send(p.id, tom, 'Lavendel riecht nach Oma');
    await send(p.id, consultant, 'Kapitel Lavendel', 'heading');
    expect((await api(`/parties/${p.id}/deleteMessages`, { method: 'PUT', headers: tom.headers, body: { messageIds: [gone] } })).status).toBe(200);

    const hits = await search(p.id, maria.headers, 'lavendel');
    expect(hits).toHaveLength(3);
    expect(hits.map((hit) => hit.id)).not.toContain(gone);
    expect(hits.find((hit) => hit.id === mine)?.snippet).toContainEqual({ text: 'Lavendel', mark: true });
    expect(hits[0]?.senderName).toBeTruthy();
    // A prefix finds it; umlauts and case do not matter; every word must appear.
    expect(await search(p.id, tom.headers, 'LAVEN uberall')).toHaveLength(1);
    expect(await search(p.id, tom.headers, 'Lavendel Oma')).toHaveLength(0);
    // The index follows an edit.
    const edited = await api(`/parties/${p.id}/editMessage`, {
      method: 'PUT',
      headers: maria.headers,
      body: { messageId: mine, message: 'Jetzt lieber Rosen' },
    });
    expect(edited.status).toBe(200);
    expect((await search(p.id, maria.headers, 'rosen')).map((hit) => hit.id)).toEqual([mine]);
    expect(await search(p.id, maria.headers, 'überall')).toHaveLength(0);
    // "Maria joined" notices are not what was said.
    expect(await search(p.id, consultant.headers, 'Maria')).toHaveLength(0);
  });

  it('hostile queries are inert: quotes, stars, NEAR, minus, column filters, parentheses, very long input', async () => {
    const { consultant, party: p, maria } = await party();
    await send(p.id, consultant, 'body NEAR Lavendel - "Angebot" * heute');
    for (const q of [
      '"',
      '"""',
      '*',
      'lav*',
      'NEAR(body lavendel)',
      '-lavendel',
      'body:lavendel',
      '{body}: heute',
      '(',
      ')',
      'AND',
      'OR NOT',
      '^heute',
      "'; DROP TABLE messages; --",
      '\uE000',
    ]) {
      const response = await api(`/parties/${p.id}/search?q=${encodeURIComponent(q)}`, { headers: maria.headers });
      expect(response.status, q).toBe(200);
    }
    expect(await search(p.id, maria.headers, 'NEAR(body lavendel)')).toHaveLength(1);
    expect(await search(p.id, maria.headers, '-lavendel')).toHaveLength(1);
    expect(await search(p.id, maria.headers, '"')).toEqual([]);
    expect(await search(p.id, maria.headers, 'x'.repeat(CHAT_SEARCH.queryMax))).toEqual([]);
    await expectError(await api(`/parties/${p.id}/search?q=${'x'.repeat(CHAT_SEARCH.queryMax + 1)}`, { headers: maria.headers }), 400, 'invalidInput');
    // Still there after all that.
    expect(await search(p.id, maria.headers, 'angebot')).toHaveLength(1);
  });

  it('only members search a party', async () => {
    const consultant = await createConsultant();
    const p = await createParty(consultant);
    const other = await createParty(await createConsultant());
    const stranger = await joinGuest(other.id);
    await expectError(await api(`/parties/${p.id}/search?q=hallo`, { headers: stranger.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${p.id}/search?q=hallo`), 401, 'unauthorized');
  });
});
