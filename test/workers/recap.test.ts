import { SELF, env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../app/core/protocol';
import type { Recap } from '../../app/core/recap';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { Consultant, PartyRecord } from './fixtures';
import { ORIGIN, api, connected, createConsultant, createParty, evictRooms, expectError, joinGuest, json, libraryPhoto, partyRoom } from './fixtures';

/**
 * Each guest's recap (ADR 046) through the real Worker, room and D1: the products she wanted (not
 * what others wanted, not what she took back, not a card deleted since), the party's headings, the
 * consultant's card with her shop link; served after the party ended and after the room slept,
 * to the guest and the host for themselves, to nobody else.
 */

const PRODUCT = { title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' };

async function post(consultant: Consultant, party: PartyRecord, body: Record<string, unknown>): Promise<ChatMessage> {
  const response = await api(`/parties/${party.id}/chat`, { method: 'POST', headers: consultant.headers, body: { tempId: crypto.randomUUID(), ...body } });
  if (response.status !== 201) throw new Error(`post: ${response.status} ${await response.text()}`);
  return json<ChatMessage>(response);
}

async function product(consultant: Consultant, party: PartyRecord, title: string): Promise<ChatMessage> {
  const photo = await libraryPhoto(consultant);
  return post(consultant, party, { messageType: 'product', message: JSON.stringify({ ...PRODUCT, title }), mediaAttachment: photo });
}

async function endParty(consultant: Consultant, party: PartyRecord): Promise<void> {
  const response = await api(`/parties/${party.id}`, {
    method: 'PUT',
    headers: consultant.headers,
    body: { title: 'Wellness-Party', expiration: Date.now() - 1000 },
  });
  expect(response.status).toBe(200);
}

async function recapOf(partyId: string, headers: Record<string, string>): Promise<Recap> {
  const response = await api(`/parties/${partyId}/recap`, { headers });
  if (response.status !== 200) throw new Error(`recap: ${response.status} ${await response.text()}`);
  return json<Recap>(response);
}

async function setup() {
  const consultant = await createConsultant();
  const profile = await api(`/profile/${consultant.profileIds[0]}`, {
    method: 'PUT',
    headers: consultant.headers,
    body: { firstName: 'Anna', lastName: 'Becker', website: 'https://anna.example', shopLink: 'https://shop.example/anna' },
  });
  expect(profile.status).toBe(200);
  const party = await createParty(consultant);
  const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
  return { consultant, party, maria, tom };
}

describe("a guest's recap", () => {
  it('holds what she wanted, the headings and the consultant with her shop; it outlives the end and the room sleeping', async () => {
    const { consultant, party, maria, tom } = await setup();
    const welcome = await post(consultant, party, { messageType: 'heading', message: 'Willkommen' });
    const rose = await product(consultant, party, 'Rosenblüten-Creme');
    const aloe = await product(consultant, party, 'Aloe-Gel');
    const gone = await product(consultant, party, 'Honig-Seife');
    const dropped = await post(consultant, party, { messageType: 'heading2', message: 'Gestrichen' });
    const outro = await post(consultant, party, { messageType: 'heading2', message: 'Zum Schluss' });

    const mariaPage = await connected(party.id, maria.headers);
    const tomPage = await connected(party.id, tom.headers);
    for (const [page, messageId, options] of [
      [mariaPage, rose.id, [0]],
      [mariaPage, aloe.id, [0]],
      [mariaPage, aloe.id, []],
      [mariaPage, gone.id, [0]],
      [tomPage, aloe.id, [0]],
    ] as const) {
      page.socket.send({ type: 'cardChoice', messageId, options: [...options] });
      await page.socket.next('cardTally', 3000, (event) => event.tally.messageId === messageId && event.tally.mine?.length === options.length);
    }
    const deleted = await api(`/parties/${party.id}/deleteMessages`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { messageIds: [gone.id, dropped.id] },
    });
    expect(deleted.status).toBe(200);
    mariaPage.socket.close();
    tomPage.socket.close();

    await endParty(consultant, party);
    // The party is over for her: the chat is closed, the recap is not.
    await expectError(await api(`/parties/${party.id}/chat`, { headers: maria.headers }), 410, 'partyExpired');
    const recap = await recapOf(party.id, maria.headers);
    expect(recap.title).toBe(party.title);
    expect(recap.products).toEqual([
      { messageId: rose.id, card: { ...PRODUCT, title: 'Rosenblüten-Creme' }, photo: rose.mediaAttachment, wantedAt: expect.any(Number) },
    ]);
    expect(recap.headings.map(({ id, level, text }) => ({ id, level, text }))).toEqual([
      { id: welcome.id, level: 'heading', text: 'Willkommen' },
      { id: outro.id, level: 'heading2', text: 'Zum Schluss' },
    ]);
    expect(recap.consultant).toMatchObject({ firstName: 'Anna', lastName: 'Becker', website: 'https://anna.example', shopLink: 'https://shop.example/anna' });
    // Her product's photo is still hers to see.
    const photo = await SELF.fetch(`${ORIGIN}/files/${rose.mediaAttachment}`, { headers: maria.headers });
    expect(photo.status).toBe(200);
    await photo.arrayBuffer();

    // Tom's is his own: the other product, never Maria's.
    expect((await recapOf(party.id, tom.headers)).products.map((p) => p.card.title)).toEqual(['Aloe-Gel']);

    // Opened again later, after the room slept: the same, from the room's storage.
    await evictRooms(party.id);
    expect(await recapOf(party.id, maria.headers)).toEqual(recap);
  });

  it('a guest who wanted nothing gets a recap without products', async () => {
    const { consultant, party, tom } = await setup();
    await product(consultant, party, 'Rosenblüten-Creme');
    await endParty(consultant, party);
    const recap = await recapOf(party.id, tom.headers);
    expect(recap.products).toEqual([]);
    expect(recap.consultant?.shopLink).toBe('https://shop.example/anna');
  });

  it('is the guest’s and the host’s own; the manager, a removed or departed guest, strangers and the signed-out get none', async () => {
    const { consultant, party, maria, tom } = await setup();
    const rose = await product(consultant, party, 'Rosenblüten-Creme');
    expect((await api(`/parties/${party.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    const tomPage = await connected(party.id, tom.headers);
    tomPage.socket.send({ type: 'cardChoice', messageId: rose.id, options: [0] });
    await tomPage.socket.next('cardTally', 3000, (event) => event.tally.mine?.length === 1);
    tomPage.socket.close();
    const rita = await joinGuest(party.id, { firstName: 'Rita', lastName: 'Raus' });
    const lena = await joinGuest(party.id, { firstName: 'Lena', lastName: 'Los' });
    expect((await api(`/parties/${party.id}/removeGuest/${rita.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    expect((await api(`/parties/${party.id}/leave`, { method: 'DELETE', headers: lena.headers })).status).toBe(204);
    await endParty(consultant, party);

    expect((await recapOf(party.id, tom.headers)).products.map((p) => p.messageId)).toEqual([rose.id]);
    expect((await recapOf(party.id, maria.headers)).products).toEqual([]);
    await expectError(await api(`/parties/${party.id}/recap`, { headers: consultant.headers }), 403, 'forbidden');
    await expectError(await api(`/parties/${party.id}/recap`, { headers: rita.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/recap`, { headers: lena.headers }), 403, 'notMember');
    const stranger = await createConsultant({ name: 'Berta' });
    await expectError(await api(`/parties/${party.id}/recap`, { headers: stranger.headers }), 403, 'notMember');
    const elsewhere = await joinGuest((await createParty(stranger)).id, { firstName: 'Otto', lastName: 'Fremd' });
    await expectError(await api(`/parties/${party.id}/recap`, { headers: elsewhere.headers }), 403, 'notMember');
    await expectError(await api(`/parties/${party.id}/recap`), 401, 'unauthorized');
    await expectError(await api(`/parties/${crypto.randomUUID()}/recap`, { headers: maria.headers }), 404, 'partyNotFound');
    // Asking adds nobody to the room.
    const members = await runInDurableObject(partyRoom(party.id), (room: PartyRoom) =>
      [...room.store.members.values()].filter((member) => !member.removed).map((member) => member.id),
    );
    expect(members).not.toContain(stranger.userId);
  });
});
