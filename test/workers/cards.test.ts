import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../app/core/protocol';
import type { AppliedTemplate } from '../../app/core/applied-template';
import type { TemplateDetail, TemplateEntry } from '../../app/core/templates';
import { parsePollCard, parseProductCard } from '../../app/core/card-text';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { Consultant, PartyRecord, TestSocket } from './fixtures';
import { api, connected, createConsultant, createParty, expectError, joinGuest, json, libraryPhoto, partyRoom } from './fixtures';

/**
 * Product cards and polls (ADR 044) through the real Worker, room and D1: who may send, choose and
 * close; "I want this" and votes live on every page, idempotent across a resend and a reconnect;
 * a quiz's answer hidden until it closes; closed polls refusing votes; bad cards refused with
 * their codes; both played from a template; the room's read functions for who wanted and voted what.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const QUIZ = { question: 'Welche Creme ist vegan?', options: ['Rosenblüte', 'Aloe Vera', 'Honig'], multiple: false, correct: [1] };
const PRODUCT = { title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' };

async function setup() {
  const consultant = await createConsultant();
  const party = await createParty(consultant);
  const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
  return { consultant, party, maria, tom };
}

async function sendProduct(consultant: Consultant, party: PartyRecord): Promise<ChatMessage> {
  const photo = await libraryPhoto(consultant);
  return ok<ChatMessage>(
    await api(`/parties/${party.id}/chat`, {
      method: 'POST',
      headers: consultant.headers,
      body: { tempId: crypto.randomUUID(), messageType: 'product', message: JSON.stringify(PRODUCT), mediaAttachment: photo },
    }),
    201,
  );
}

async function sendQuiz(consultant: Consultant, party: PartyRecord, quiz: object = QUIZ): Promise<ChatMessage> {
  return ok<ChatMessage>(
    await api(`/parties/${party.id}/chat`, {
      method: 'POST',
      headers: consultant.headers,
      body: { tempId: crypto.randomUUID(), messageType: 'poll', message: JSON.stringify(quiz) },
    }),
    201,
  );
}

const tallyFor = (socket: TestSocket, messageId: string, where: (tally: any) => boolean = () => true) =>
  socket.next('cardTally', 3000, (event) => event.tally.messageId === messageId && where(event.tally));

function stub(partyId: string) {
  return partyRoom(partyId);
}

describe('product cards', () => {
  it('guests want a product and take it back; the manager sees who, live; a resend changes nothing', async () => {
    const { consultant, party, maria, tom } = await setup();
    const manager = await connected(party.id, consultant.headers);
    const mariaPage = await connected(party.id, maria.headers);
    const tomPage = await connected(party.id, tom.headers);
    const card = await sendProduct(consultant, party);
    expect(card).toMatchObject({ messageType: 'product', mediaAttachmentType: 'image' });
    expect(parseProductCard(card.message)).toEqual(PRODUCT);

    const want = { type: 'cardChoice', messageId: card.id, options: [0] };
    mariaPage.socket.send(want);
    expect((await tallyFor(mariaPage.socket, card.id, (t) => t.mine !== undefined)).tally).toMatchObject({ counts: [1], mine: [0] });
    expect((await tallyFor(tomPage.socket, card.id)).tally).toEqual({ messageId: card.id, counts: [1], closed: false, correct: null });
    const seen = await tallyFor(manager.socket, card.id, (t) => t.who !== undefined);
    expect(seen.tally.who).toEqual({ [maria.guestId]: [0] });
    await tallyFor(manager.socket, card.id, (t) => t.who === undefined);

    // The same frame again (a resend after a reconnect): confirmed to the sender, news to nobody.
    mariaPage.socket.send(want);
    expect((await tallyFor(mariaPage.socket, card.id, (t) => t.mine !== undefined)).tally.counts).toEqual([1]);
    tomPage.socket.send({ type: 'cardChoice', messageId: card.id, options: [0] });
    await tallyFor(manager.socket, card.id, (t) => t.who?.[tom.guestId] !== undefined);
    expect(manager.socket.all('cardTally').filter((event) => event.tally.counts[0] === 1)).toEqual([]);

    // Taken back.
    mariaPage.socket.send({ type: 'cardChoice', messageId: card.id, options: [] });
    const after = await tallyFor(manager.socket, card.id, (t) => t.who !== undefined && t.counts[0] === 1);
    expect(after.tally.who).toEqual({ [tom.guestId]: [0] });

    // A reconnecting page is told every card's state after its welcome.
    mariaPage.socket.close();
    const again = await connected(party.id, maria.headers);
    expect((await again.socket.next('cardTallies')).tallies).toEqual([{ messageId: card.id, counts: [1], closed: false, correct: null, mine: [] }]);

    const wanted = await runInDurableObject(stub(party.id), (room: PartyRoom) => room.cards.store.interests());
    expect(wanted.map(({ messageId, memberId }) => ({ messageId, memberId }))).toEqual([{ messageId: card.id, memberId: tom.guestId }]);
    for (const page of [manager, tomPage, again]) page.socket.close();
  });

  it('lets guests want while writing is restricted, never the manager, and nobody once the party is over', async () => {
    const { consultant, party, maria } = await setup();
    const card = await sendProduct(consultant, party);
    await ok(await api(`/parties/${party.id}/restriction`, { method: 'PUT', headers: consultant.headers, body: { restrictedMessaging: true } }), 204);
    const mariaPage = await connected(party.id, maria.headers);
    mariaPage.socket.send({ type: 'cardChoice', messageId: card.id, options: [0] });
    expect((await tallyFor(mariaPage.socket, card.id)).tally.counts).toEqual([1]);

    const manager = await connected(party.id, consultant.headers);
    manager.socket.send({ type: 'cardChoice', messageId: card.id, options: [0] });
    expect((await manager.socket.next('error')).code).toBe('forbidden');
    // An option a product does not have, and a message that is no card.
    mariaPage.socket.send({ type: 'cardChoice', messageId: card.id, options: [1] });
    expect((await mariaPage.socket.next('error')).code).toBe('invalidInput');
    mariaPage.socket.send({ type: 'cardChoice', messageId: crypto.randomUUID(), options: [0] });
    expect((await mariaPage.socket.next('error')).code).toBe('messageNotFound');

    await ok(
      await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Wellness-Party', expiration: Date.now() - 1000 } }),
    );
    mariaPage.socket.send({ type: 'cardChoice', messageId: card.id, options: [] });
    expect((await mariaPage.socket.next('error', 3000, (event) => event.code === 'partyExpired')).code).toBe('partyExpired');
    for (const page of [mariaPage, manager]) page.socket.close();
  });

  it('refuses a guest who sends a card, and bad cards with their codes', async () => {
    const { consultant, party, maria } = await setup();
    const send = (headers: Record<string, string>, messageType: string, message: unknown) =>
      api(`/parties/${party.id}/chat`, {
        method: 'POST',
        headers,
        body: { tempId: crypto.randomUUID(), messageType, message: typeof message === 'string' ? message : JSON.stringify(message) },
      });
    await expectError(await send(maria.headers, 'poll', QUIZ), 403, 'forbidden');
    await expectError(await send(consultant.headers, 'poll', { ...QUIZ, options: ['nur eine'] }), 400, 'pollOptions');
    await expectError(await send(consultant.headers, 'poll', { ...QUIZ, options: Array.from({ length: 11 }, (_, i) => `Option ${i}`) }), 400, 'pollOptions');
    await expectError(await send(consultant.headers, 'poll', { ...QUIZ, correct: [3] }), 400, 'invalidAnswer');
    await expectError(await send(consultant.headers, 'poll', { ...QUIZ, correct: [0, 1] }), 400, 'invalidAnswer');
    await expectError(await send(consultant.headers, 'poll', 'keine Umfrage'), 400, 'invalidCard');
    const photo = await libraryPhoto(consultant);
    const product = (card: object) =>
      api(`/parties/${party.id}/chat`, {
        method: 'POST',
        headers: consultant.headers,
        body: { tempId: crypto.randomUUID(), messageType: 'product', message: JSON.stringify(card), mediaAttachment: photo },
      });
    await expectError(await product({ ...PRODUCT, link: 'http://shop.example' }), 400, 'invalidShopLink');
    await expectError(await product({ ...PRODUCT, link: 'javascript:alert(1)' }), 400, 'invalidShopLink');
    await expectError(await product({ ...PRODUCT, price: { amount: 19.9, currency: 'EUR' } }), 400, 'invalidPrice');
    await expectError(await product({ ...PRODUCT, price: { amount: 1990, currency: 'BTC' } }), 400, 'invalidPrice');
    await expectError(await product({ ...PRODUCT, title: '   ' }), 400, 'invalidCard');
    // Over the socket, the refusal names the message it refuses.
    const manager = await connected(party.id, consultant.headers);
    const tempId = crypto.randomUUID();
    manager.socket.send({ type: 'sendMessage', tempId, messageType: 'poll', message: JSON.stringify({ ...QUIZ, options: ['eine'] }) });
    expect(await manager.socket.next('error')).toEqual({ type: 'error', code: 'pollOptions', tempId });
    const history = await ok<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: consultant.headers }));
    expect(history.messages.filter((message) => message.messageType === 'poll' || message.messageType === 'product')).toEqual([]);
    manager.socket.close();
  });
});

describe('polls and quizzes', () => {
  it('keeps a quiz answer in the room until the manager closes it; votes change until then, and are refused after', async () => {
    const { consultant, party, maria, tom } = await setup();
    const manager = await connected(party.id, consultant.headers);
    const mariaPage = await connected(party.id, maria.headers);
    const tomPage = await connected(party.id, tom.headers);
    const quiz = await sendQuiz(consultant, party);
    // Nobody's page carries the answer: not the message, not a tally.
    expect(quiz.message).not.toContain('correct');
    expect(parsePollCard(quiz.message)).toEqual({ question: QUIZ.question, options: QUIZ.options, multiple: false, quiz: true });
    const delivered = await tomPage.socket.next('newMessage');
    expect(delivered.message.message).toBe(quiz.message);

    mariaPage.socket.send({ type: 'cardChoice', messageId: quiz.id, options: [0] });
    await tallyFor(mariaPage.socket, quiz.id, (t) => t.mine?.[0] === 0);
    // One vote per member, changeable: Maria moves hers; a single-choice poll takes one option.
    mariaPage.socket.send({ type: 'cardChoice', messageId: quiz.id, options: [1] });
    await tallyFor(mariaPage.socket, quiz.id, (t) => t.mine?.[0] === 1);
    mariaPage.socket.send({ type: 'cardChoice', messageId: quiz.id, options: [0, 2] });
    expect((await mariaPage.socket.next('error')).code).toBe('invalidInput');
    tomPage.socket.send({ type: 'cardChoice', messageId: quiz.id, options: [2] });
    const live = await tallyFor(manager.socket, quiz.id, (t) => t.who?.[tom.guestId] !== undefined);
    expect(live.tally).toMatchObject({ counts: [0, 1, 1], closed: false, correct: null, who: { [maria.guestId]: [1], [tom.guestId]: [2] } });

    // Only the manager closes it.
    tomPage.socket.send({ type: 'closePoll', messageId: quiz.id });
    expect((await tomPage.socket.next('error')).code).toBe('forbidden');
    manager.socket.send({ type: 'closePoll', messageId: quiz.id });
    const closed = await tallyFor(tomPage.socket, quiz.id, (t) => t.closed);
    expect(closed.tally).toEqual({ messageId: quiz.id, counts: [0, 1, 1], closed: true, correct: [1] });
    tomPage.socket.send({ type: 'cardChoice', messageId: quiz.id, options: [1] });
    expect((await tomPage.socket.next('error')).code).toBe('pollClosed');

    const votes = await runInDurableObject(stub(party.id), (room: PartyRoom) => room.cards.store.votes());
    expect(votes.map(({ memberId, option }) => ({ memberId, option })).sort((a, b) => a.option - b.option)).toEqual([
      { memberId: maria.guestId, option: 1 },
      { memberId: tom.guestId, option: 2 },
    ]);
    for (const page of [manager, mariaPage, tomPage]) page.socket.close();
  });

  it('counts several options of a multiple-choice poll per member', async () => {
    const { consultant, party, maria } = await setup();
    const poll = await sendQuiz(consultant, party, { question: 'Was duftet gut?', options: ['Rose', 'Lavendel', 'Zitrone'], multiple: true });
    const mariaPage = await connected(party.id, maria.headers);
    mariaPage.socket.send({ type: 'cardChoice', messageId: poll.id, options: [2, 0, 2] });
    expect((await tallyFor(mariaPage.socket, poll.id, (t) => t.mine !== undefined)).tally).toMatchObject({ counts: [1, 0, 1], mine: [0, 2] });
    mariaPage.socket.close();
  });
});

describe('cards in templates', () => {
  it('prepares a product card and a quiz in the editor; playing them sends both, the answer kept in the room', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id);
    const created = await ok<TemplateEntry>(
      await api('/templates/create', { method: 'POST', headers: consultant.headers, body: { title: 'Produktabend' } }),
      201,
    );
    const add = (body: object) => api(`/templates/${created.id}/sendMessage`, { method: 'POST', headers: consultant.headers, body });
    await ok(await add({ messageType: 'product', mediaId: await libraryPhoto(consultant), message: JSON.stringify(PRODUCT) }), 201);
    await ok(await add({ messageType: 'poll', message: JSON.stringify(QUIZ) }), 201);
    await expectError(await add({ messageType: 'poll', message: JSON.stringify({ ...QUIZ, options: [] }) }), 400, 'pollOptions');
    await expectError(await add({ messageType: 'product', message: JSON.stringify(PRODUCT) }), 400, 'invalidInput');
    const detail = await ok<TemplateDetail>(await api(`/templates/${created.id}`, { headers: consultant.headers }));
    expect(detail.messages.map((message) => message.messageType)).toEqual(['product', 'poll']);
    // A card's text is not edited in the template (its choices refer to it as it was).
    await expectError(
      await api(`/templates/${created.id}/editMessage/${detail.messages[1]!.id}`, { method: 'PUT', headers: consultant.headers, body: { message: 'anders' } }),
      403,
      'forbidden',
    );

    const mariaPage = await connected(party.id, maria.headers);
    await ok(await api(`/parties/${party.id}/template`, { method: 'POST', headers: consultant.headers, body: { templateId: created.id } }), 201);
    for (const message of detail.messages) {
      await ok<{ applied: AppliedTemplate }>(
        await api(`/parties/${party.id}/template`, { method: 'PUT', headers: consultant.headers, body: { action: 'send', messageId: message.id } }),
      );
    }
    const product = (await mariaPage.socket.next('newMessage', 3000, (event) => event.message.messageType === 'product')).message;
    const quiz = (await mariaPage.socket.next('newMessage', 3000, (event) => event.message.messageType === 'poll')).message;
    expect(product).toMatchObject({ fromTemplate: true, mediaAttachmentType: 'image' });
    expect(parsePollCard(quiz.message)?.quiz).toBe(true);
    expect(quiz.message).not.toContain('correct');
    mariaPage.socket.send({ type: 'cardChoice', messageId: product.id, options: [0] });
    mariaPage.socket.send({ type: 'cardChoice', messageId: quiz.id, options: [1] });
    await tallyFor(mariaPage.socket, quiz.id, (t) => t.mine?.[0] === 1);
    const manager = await connected(party.id, consultant.headers);
    manager.socket.send({ type: 'closePoll', messageId: quiz.id });
    expect((await tallyFor(manager.socket, quiz.id, (t) => t.closed)).tally).toMatchObject({ correct: [1], counts: [0, 1, 0] });
    for (const page of [manager, mariaPage]) page.socket.close();
  });
});
