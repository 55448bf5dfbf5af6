import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { describeAnomalies } from '../support/zero-loss-checker';
import type { Participant } from '../support/zero-loss-driver';
import { runZeroLoss, zeroLossOptions } from '../support/zero-loss-driver';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { TestSocket } from './fixtures';
import { api, connected, createConsultant, createParty, evictRooms, joinGuest, json, libraryPhoto, zeroLossTransport, partyRoom } from './fixtures';

/**
 * Nothing acknowledged is lost, nothing is applied twice, everyone sees one order: the
 * zero-loss run (test/support/zero-loss-driver.ts) inside workerd, sized for CI. Larger runs:
 * ZERO_LOSS_GUESTS=8 ZERO_LOSS_MESSAGES=200 ZERO_LOSS_SEED=7 npx vitest run --project workers test/workers/zero-loss.test.ts
 */

describe('zero loss under dropped sockets, evictions and repeated sends', () => {
  it('every acknowledged message is in every view exactly once, in one order', async () => {
    const variables = JSON.parse(env.ZERO_LOSS || '{}') as Record<string, string>;
    const guests = Number(variables.ZERO_LOSS_GUESTS ?? 4);
    const options = zeroLossOptions(variables, { seed: Number(variables.ZERO_LOSS_SEED ?? Date.now() % 100_000) });

    const consultant = await createConsultant({ name: 'Clara' });
    const party = await createParty(consultant);
    const participants: Participant<Record<string, string>>[] = [{ name: 'manager', memberId: consultant.userId, credentials: consultant.headers }];
    for (let n = 1; n <= guests; n++) {
      const guest = await joinGuest(party.id, { firstName: `Gast${n}`, lastName: 'Test' });
      participants.push({ name: `guest${n}`, memberId: guest.guestId, credentials: guest.headers });
    }

    const run = await runZeroLoss(zeroLossTransport(party.id), participants, options);
    const context = `seed ${options.seed} (repeat with ZERO_LOSS_SEED=${options.seed}); ${JSON.stringify(run.stats)}`;
    expect(describeAnomalies(run.result), context).toBe('');
    expect(run.unacked, `never acknowledged; ${context}`).toEqual([]);
    expect(run.behind, `views behind the server; ${context}`).toEqual([]);

    // The run did what it claims: chaos happened, and every message is in the log once.
    expect(run.stats.evictions).toBe(options.evictions);
    expect(run.stats.drops).toBeGreaterThan(0);
    expect(run.stats.repeats).toBeGreaterThan(0);
    const serverRead = run.history.events.findLast((event) => event.type === 'read' && event.client === 'server');
    expect(serverRead?.type === 'read' && serverRead.messages.length).toBe(run.stats.messages);
  }, 30_000);

  it("keeps every member's last choice on a product card and a poll, once, across drops, evictions and repeats", async () => {
    const variables = JSON.parse(env.ZERO_LOSS || '{}') as Record<string, string>;
    let seed = Number(variables.ZERO_LOSS_SEED ?? Date.now() % 100_000);
    const context = `seed ${seed} (repeat with ZERO_LOSS_SEED=${seed})`;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

    const consultant = await createConsultant({ name: 'Clara' });
    const party = await createParty(consultant);
    const post = async (body: Record<string, unknown>) =>
      (
        await json<{ id: string }>(
          await api(`/parties/${party.id}/chat`, { method: 'POST', headers: consultant.headers, body: { tempId: crypto.randomUUID(), ...body } }),
        )
      ).id;
    const product = await post({
      messageType: 'product',
      mediaAttachment: await libraryPhoto(consultant),
      message: JSON.stringify({ title: 'Creme', price: null, link: null }),
    });
    const poll = await post({ messageType: 'poll', message: JSON.stringify({ question: 'Welche?', options: ['Rose', 'Aloe', 'Honig'], multiple: true }) });
    const guests = await Promise.all([1, 2, 3, 4].map((n) => joinGuest(party.id, { firstName: `Gast${n}`, lastName: 'Test' })));

    // Each guest changes her mind many times; the page sends her whole intended choice, again after every rejoin.
    const intents = new Map<string, { product: number[]; poll: number[] }>();
    const sockets = new Map<string, TestSocket>();
    const frames = (guestId: string) => {
      const intent = intents.get(guestId)!;
      return [
        { type: 'cardChoice', messageId: product, options: intent.product },
        { type: 'cardChoice', messageId: poll, options: intent.poll },
      ];
    };
    let drops = 0;
    let repeats = 0;
    let evictions = 0;
    for (let round = 0; round < 12; round++) {
      if (round % 4 === 3) {
        await evictRooms(party.id);
        sockets.clear();
        evictions++;
      }
      for (const guest of guests) {
        let socket = sockets.get(guest.guestId);
        if (!socket || socket.closed) {
          socket = (await connected(party.id, guest.headers)).socket;
          sockets.set(guest.guestId, socket);
          if (intents.has(guest.guestId)) for (const frame of frames(guest.guestId)) socket.send(frame);
        }
        intents.set(guest.guestId, { product: random() < 0.5 ? [0] : [], poll: [0, 1, 2].filter(() => random() < 0.4) });
        for (const frame of frames(guest.guestId)) {
          socket.send(frame);
          if (random() < 0.2) {
            socket.send(frame);
            repeats++;
          }
        }
        if (random() < 0.3) {
          socket.close();
          sockets.delete(guest.guestId);
          drops++;
        }
      }
    }
    // The last rejoin: every page sends what it still means, and the room confirms it.
    for (const guest of guests) {
      sockets.get(guest.guestId)?.close();
      const { socket } = await connected(party.id, guest.headers);
      for (const frame of frames(guest.guestId)) socket.send(frame);
      const intent = intents.get(guest.guestId)!;
      const mine = (messageId: string, options: number[]) =>
        socket.next('cardTally', 5000, (event) => event.tally.messageId === messageId && JSON.stringify(event.tally.mine) === JSON.stringify(options));
      await mine(product, intent.product);
      await mine(poll, intent.poll);
      socket.close();
    }

    const rows = await runInDurableObject(partyRoom(party.id), (room: PartyRoom) => ({
      interests: room.cards.store.interests(),
      votes: room.cards.store.votes(),
    }));
    const wanted = guests.filter((guest) => intents.get(guest.guestId)!.product.length > 0).map((guest) => guest.guestId);
    expect(rows.interests.map((row) => row.memberId).sort(), context).toEqual(wanted.sort());
    const voted = guests.flatMap((guest) => intents.get(guest.guestId)!.poll.map((option) => `${guest.guestId}:${option}`));
    expect(rows.votes.map((row) => `${row.memberId}:${row.option}`).sort(), context).toEqual(voted.sort());
    expect({ drops: drops > 0, repeats: repeats > 0, evictions }, context).toEqual({ drops: true, repeats: true, evictions: 3 });
  }, 60_000);
});
