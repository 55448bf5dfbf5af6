import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../app/core/protocol';
import type { FollowUp } from '../../app/core/follow-up';
import { BOM } from '../../app/core/csv';
import { raffleNotice } from '../../app/core/raffle';
import type { RandomSource } from '../../app/core/raffle';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { Consultant, PartyRecord, TestSocket } from './fixtures';
import {
  api,
  connected,
  createConsultant,
  createParty,
  expectError,
  joinGuest,
  json,
  libraryPhoto,
  page,
  sessionCookie,
  textMessage,
  partyRoom,
} from './fixtures';

/**
 * The raffle and the follow-up list (ADR 045) through the real Worker, room and D1: who may draw
 * and read; each pool's entrants; a resent draw drawn once; an empty pool refused and changing
 * nothing; the room's draw fair over many draws; the list's content and its CSV (BOM, formula
 * starts made inert); both gone with the party.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const QUIZ = { question: 'Welche Creme ist vegan?', options: ['Rosenblüte', 'Aloe Vera', 'Honig'], multiple: false, correct: [1] };
const PRODUCT = { title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' };

function stub(partyId: string) {
  return partyRoom(partyId);
}

async function sendCard(consultant: Consultant, party: PartyRecord, messageType: 'poll' | 'product'): Promise<ChatMessage> {
  const media = messageType === 'product' ? { mediaAttachment: await libraryPhoto(consultant) } : {};
  return ok<ChatMessage>(
    await api(`/parties/${party.id}/chat`, {
      method: 'POST',
      headers: consultant.headers,
      body: { tempId: crypto.randomUUID(), messageType, message: JSON.stringify(messageType === 'poll' ? QUIZ : PRODUCT), ...media },
    }),
    201,
  );
}

async function choose(socket: TestSocket, messageId: string, options: number[]): Promise<void> {
  socket.send({ type: 'cardChoice', messageId, options });
  await socket.next('cardTally', 3000, (event) => event.tally.messageId === messageId && event.tally.mine !== undefined);
}

const draw = (pool: 'joined' | 'poll' | 'product', cardId: string | null = null, excludeWinners = true) => ({
  type: 'drawRaffle',
  drawId: crypto.randomUUID(),
  pool,
  cardId,
  excludeWinners,
});

async function setup() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
  const ida = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Host' });
  await ok(await api(`/parties/${party.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: ida.guestId } }), 204);
  return { consultant, party, maria, tom, ida };
}

describe('the raffle', () => {
  it('draws among the chosen pool, tells everyone with a notice, and draws a resent frame once', async () => {
    const { consultant, party, maria, tom, ida } = await setup();
    const quiz = await sendCard(consultant, party, 'poll');
    const product = await sendCard(consultant, party, 'product');
    let manager = await connected(party.id, consultant.headers);
    const mariaPage = await connected(party.id, maria.headers);
    const tomPage = await connected(party.id, tom.headers);
    const idaPage = await connected(party.id, ida.headers);
    await choose(mariaPage.socket, quiz.id, [1]);
    // The host votes and wants, but is no entrant (ADR 045).
    await choose(idaPage.socket, quiz.id, [0]);
    await choose(idaPage.socket, product.id, [0]);
    await choose(tomPage.socket, product.id, [0]);

    const frame = draw('poll', quiz.id);
    manager.socket.send(frame);
    const answer = await manager.socket.next('raffleDrawn');
    const heard = await tomPage.socket.next('newMessage', 3000, (event) => raffleNotice(event.message) !== null);
    const notice = raffleNotice(heard.message)!;
    expect(notice).toEqual({ drawId: frame.drawId, pool: 'poll', cardId: quiz.id, entrants: 1, winnerId: maria.guestId, winnerName: 'Maria Klein' });
    expect(answer).toEqual({ type: 'raffleDrawn', drawId: frame.drawId, messageId: heard.message.id, seq: heard.message.seq });
    // The asking page hears the notice too (its place in the order).
    await manager.socket.next('newMessage', 3000, (event) => event.message.id === heard.message.id);

    // The same frame again: the same draw, no new message for anyone.
    manager.socket.send(frame);
    expect(await manager.socket.next('raffleDrawn', 3000, (event) => event !== answer)).toEqual(answer);
    // And from the manager's page after a reconnect (the dialog sends it again on rejoining).
    manager.socket.close();
    const again = await connected(party.id, consultant.headers);
    again.socket.send(frame);
    expect(await again.socket.next('raffleDrawn')).toEqual(answer);
    manager = again;
    // The same id with another pool is no resend.
    manager.socket.send({ ...frame, pool: 'joined', cardId: null });
    expect((await manager.socket.next('error')).code).toBe('tempIdConflict');
    // Nor is a draw under the tempId of a message the manager sent (the page hears no draw).
    const said = textMessage('Gleich wird gelost');
    manager.socket.send(said);
    await manager.socket.next('ack');
    manager.socket.send({ ...draw('joined'), drawId: said.tempId });
    expect((await manager.socket.next('error')).code).toBe('tempIdConflict');

    const product1 = draw('product', product.id);
    manager.socket.send(product1);
    const second = raffleNotice((await mariaPage.socket.next('newMessage', 3000, (event) => raffleNotice(event.message)?.drawId === product1.drawId)).message)!;
    expect(second).toMatchObject({ pool: 'product', entrants: 1, winnerId: tom.guestId });

    // Everyone who joined, without the two earlier winners and the host: nobody is left.
    manager.socket.send(draw('joined'));
    expect((await manager.socket.next('error')).code).toBe('raffleEmpty');
    // With the earlier winners: Maria or Tom.
    const joined = draw('joined', null, false);
    manager.socket.send(joined);
    await manager.socket.next('raffleDrawn', 3000, (event) => event.drawId === joined.drawId);

    const draws = await runInDurableObject(stub(party.id), (room: PartyRoom) => room.raffles.store.all());
    expect(draws.map((row) => [row.pool, row.entrants])).toEqual([
      ['poll', [maria.guestId]],
      ['product', [tom.guestId]],
      ['joined', [maria.guestId, tom.guestId].sort()],
    ]);
    // Tom heard each draw once (the first he took above): the resend told nobody.
    await tomPage.socket.next('newMessage', 3000, (event) => raffleNotice(event.message)?.drawId === joined.drawId);
    expect(tomPage.socket.all('newMessage').flatMap((event) => raffleNotice(event.message)?.drawId ?? [])).toEqual([product1.drawId]);

    // A late joiner finds the notices in the history.
    const history = await ok<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: maria.headers }));
    expect(history.messages.filter((message) => raffleNotice(message)).length).toBe(3);
    for (const page of [manager, mariaPage, tomPage, idaPage]) page.socket.close();
  });

  it('is the manager’s alone, refuses a card of the wrong kind and an empty pool, and changes nothing then', async () => {
    const { consultant, party, maria, ida } = await setup();
    const quiz = await sendCard(consultant, party, 'poll');
    const mariaPage = await connected(party.id, maria.headers);
    const idaPage = await connected(party.id, ida.headers);
    mariaPage.socket.send(draw('joined'));
    expect((await mariaPage.socket.next('error')).code).toBe('forbidden');
    idaPage.socket.send(draw('joined'));
    expect((await idaPage.socket.next('error')).code).toBe('forbidden');

    const manager = await connected(party.id, consultant.headers);
    const before = await runInDurableObject(stub(party.id), (room: PartyRoom) => room.store.seq);
    manager.socket.send(draw('poll', quiz.id));
    expect((await manager.socket.next('error')).code).toBe('raffleEmpty');
    manager.socket.send(draw('product', quiz.id));
    expect((await manager.socket.next('error')).code).toBe('invalidInput');
    manager.socket.send(draw('poll', crypto.randomUUID()));
    expect((await manager.socket.next('error')).code).toBe('messageNotFound');
    // The joined pool names no card (the frame's schema).
    manager.socket.send({ ...draw('joined'), cardId: quiz.id });
    expect((await manager.socket.next('error')).code).toBe('invalidFrame');
    expect(await runInDurableObject(stub(party.id), (room: PartyRoom) => [room.store.seq, room.raffles.store.all().length])).toEqual([before, 0]);

    await ok(
      await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', expiration: Date.now() - 1000 } }),
    );
    manager.socket.send(draw('joined'));
    expect((await manager.socket.next('error', 3000, (event) => event.code === 'partyExpired')).code).toBe('partyExpired');
    for (const page of [manager, mariaPage, idaPage]) page.socket.close();
  });

  it('gives every entrant the same chance: the room draws with crypto random (chi-square over 3,000 draws among 3)', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guests = await Promise.all(['Ada', 'Bea', 'Cleo'].map((firstName) => joinGuest(party.id, { firstName, lastName: 'Gast' })));
    // The room knows its manager once she opened the party.
    (await connected(party.id, consultant.headers)).socket.close();
    const counts = await runInDurableObject(stub(party.id), (room: PartyRoom) => {
      const manager = [...room.store.members.values()].find((member) => member.role === 'manager')!;
      const tally: Record<string, number> = {};
      for (let i = 0; i < 3000; i++) {
        const result = room.raffles.draw(manager, { type: 'drawRaffle', drawId: crypto.randomUUID(), pool: 'joined', cardId: null, excludeWinners: false });
        if (!result.ok) throw new Error(result.code);
        tally[result.value.draw.winnerId] = (tally[result.value.draw.winnerId] ?? 0) + 1;
      }
      return tally;
    });
    const expected = 1000;
    const chiSquare = guests.reduce((sum, guest) => sum + ((counts[guest.guestId] ?? 0) - expected) ** 2 / expected, 0);
    // 2 degrees of freedom: above 27.6 happens by chance with probability 1e-6.
    expect(chiSquare).toBeLessThan(27.6);
  });

  it('draws the winner the random source names, from the sorted entrants (the pure draw is the room’s)', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guests = await Promise.all(['Ada', 'Bea', 'Cleo'].map((firstName) => joinGuest(party.id, { firstName, lastName: 'Gast' })));
    // The room knows its manager once she opened the party.
    (await connected(party.id, consultant.headers)).socket.close();
    const sorted = guests.map((guest) => guest.guestId).sort();
    const third: RandomSource = (into) => {
      into[0] = 2;
      return into;
    };
    const winner = await runInDurableObject(stub(party.id), (room: PartyRoom) => {
      const manager = [...room.store.members.values()].find((member) => member.role === 'manager')!;
      const result = room.raffles.draw(manager, { type: 'drawRaffle', drawId: crypto.randomUUID(), pool: 'joined', cardId: null, excludeWinners: true }, third);
      return result.ok ? result.value.draw : null;
    });
    expect(winner).toMatchObject({ entrants: sorted, winnerId: sorted[2] });
  });
});

describe('the follow-up list', () => {
  it('lists each guest with her wants, votes, wins and last activity; the CSV starts with a BOM and makes formula starts inert', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id, { firstName: '=HYPERLINK("http://evil.example")', lastName: 'Klein' });
    const tom = await joinGuest(party.id, { firstName: '@SUM(A1)', lastName: 'Berg' });
    const quiz = await sendCard(consultant, party, 'poll');
    const product = await sendCard(consultant, party, 'product');
    const mariaPage = await connected(party.id, maria.headers);
    const tomPage = await connected(party.id, tom.headers);
    await choose(mariaPage.socket, quiz.id, [1]);
    await choose(tomPage.socket, quiz.id, [2]);
    await choose(mariaPage.socket, product.id, [0]);
    const manager = await connected(party.id, consultant.headers);
    const frame = draw('poll', quiz.id);
    manager.socket.send(frame);
    const drawn = await manager.socket.next('raffleDrawn');

    const list = await ok<FollowUp>(await api(`/parties/${party.id}/follow-up`, { headers: consultant.headers }));
    expect(list.cards).toEqual([
      { id: quiz.id, kind: 'poll', title: QUIZ.question, options: QUIZ.options, correct: [1] },
      { id: product.id, kind: 'product', title: PRODUCT.title, options: [], correct: null },
    ]);
    const winnerId = (await runInDurableObject(stub(party.id), (room: PartyRoom) => room.raffles.store.all()))[0]!.winnerId;
    const byId = Object.fromEntries(list.guests.map((guest) => [guest.id, guest]));
    expect(byId[maria.guestId]).toMatchObject({
      name: '=HYPERLINK("http://evil.example") Klein',
      role: 'guest',
      gone: false,
      wanted: [product.id],
      votes: { [quiz.id]: [1] },
    });
    expect(byId[tom.guestId]).toMatchObject({ wanted: [], votes: { [quiz.id]: [2] } });
    expect(byId[winnerId]!.won).toEqual([frame.drawId]);
    for (const guest of list.guests) expect(guest.lastActivity).toBeGreaterThan(0);
    expect(list.draws).toMatchObject([{ drawId: frame.drawId, pool: 'poll', entrants: 2, winnerId }]);
    expect(drawn.drawId).toBe(frame.drawId);

    // The file, in German: semicolons, the BOM, CRLF, and the hostile names as text.
    const cookies = { ...sessionCookie(consultant), Cookie: `${sessionCookie(consultant).Cookie}; lng=de` };
    const response = await page(`/parties/${party.id}/follow-up.csv?tz=Europe%2FBerlin`, { headers: cookies });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('Content-Disposition')).toContain('attachment');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(BOM)).toBe(true);
    const rows = text.slice(1).split('\r\n');
    expect(rows[0]).toBe(`Name;Rolle;Möchte;${QUIZ.question};Gewonnen;Zuletzt aktiv`);
    const mariaRow = rows.find((row) => row.includes('HYPERLINK'))!;
    expect(mariaRow.startsWith(`"'=HYPERLINK(""http://evil.example"") Klein";Gast;${PRODUCT.title};Aloe Vera (richtig);`)).toBe(true);
    const tomRow = rows.find((row) => row.includes('SUM'))!;
    expect(tomRow.startsWith(`'@SUM(A1) Berg;Gast;;Honig (falsch);`)).toBe(true);
    expect(rows.find((row) => row.includes(winnerId === maria.guestId ? 'HYPERLINK' : 'SUM'))).toMatch(/;ja;\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(rows.at(-1)).toBe('');

    // The page lists them too.
    const html = await (await page(`/parties/${party.id}/follow-up`, { headers: sessionCookie(consultant) })).text();
    expect(html).toContain('Aloe Vera');
    for (const socket of [manager, mariaPage, tomPage]) socket.socket.close();
  });

  it('is the manager’s alone: not a guest’s, the host’s or another consultant’s', async () => {
    const { consultant, party, maria, ida } = await setup();
    await expectError(await api(`/parties/${party.id}/follow-up`, { headers: maria.headers }), 403, 'forbidden');
    await expectError(await api(`/parties/${party.id}/follow-up`, { headers: ida.headers }), 403, 'forbidden');
    const other = await createConsultant();
    await expectError(await api(`/parties/${party.id}/follow-up`, { headers: other.headers }), 403, 'notMember');
    expect((await page(`/parties/${party.id}/follow-up.csv`, { headers: sessionCookie(other) })).status).toBe(404);
    expect((await page(`/parties/${party.id}/follow-up`, { headers: sessionCookie(other) })).status).toBe(404);
    expect((await page(`/parties/${party.id}/follow-up.csv`)).status).toBe(302);
    await ok(await api(`/parties/${party.id}/follow-up`, { headers: consultant.headers }));
  });

  it('goes with the party: the room keeps no draws, choices or cards', async () => {
    const { consultant, party, maria } = await setup();
    const quiz = await sendCard(consultant, party, 'poll');
    const mariaPage = await connected(party.id, maria.headers);
    await choose(mariaPage.socket, quiz.id, [1]);
    const manager = await connected(party.id, consultant.headers);
    manager.socket.send(draw('poll', quiz.id));
    await manager.socket.next('raffleDrawn');
    const tables = () =>
      runInDurableObject(stub(party.id), (_room: PartyRoom, state) =>
        state.storage.sql
          .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('raffles', 'card_choices', 'cards', 'messages')")
          .toArray()
          .map((row) => row.name)
          .sort(),
      );
    expect(await tables()).toEqual(['card_choices', 'cards', 'messages', 'raffles']);
    await ok(await api(`/parties/${party.id}`, { method: 'DELETE', headers: consultant.headers }), 204);
    expect(await tables()).toEqual([]);
    await expectError(await api(`/parties/${party.id}/follow-up`, { headers: consultant.headers }), 404, 'partyNotFound');
    for (const page of [manager, mariaPage]) page.socket.close();
  });
});
