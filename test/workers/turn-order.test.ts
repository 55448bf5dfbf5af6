import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../app/core/protocol';
import type { PartyRoom } from '../../durable-objects/party-room';
import { connect, connected, createConsultant, createParty, joinGuest, partyRoom } from './fixtures';

/**
 * What one turn of the room says leaves at its end (ADR 035). A socket that joins during a turn
 * gets a welcome that holds what the turn said before the join: it must not get those events
 * again, ahead of the welcome.
 */
describe('a join in the same turn as a broadcast', () => {
  it('gets its welcome first and not what the turn broadcast before it joined; the others get the broadcast', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const ida = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
    const { socket: idaSocket } = await connected(party.id, ida.headers);
    const ben = await joinGuest(party.id, { firstName: 'Ben', lastName: 'Kurz' });
    const benSocket = await connect(party.id, ben.headers);
    if (typeof benSocket === 'number') throw new Error(`socket refused: ${benSocket}`);

    const stub = partyRoom(party.id);
    await runInDurableObject(stub, async (room: PartyRoom, state) => {
      const [socket] = state.getWebSockets(ben.guestId);
      // One turn: a rename broadcast, then Ben's join.
      room.kernel.broadcast({ type: 'guestUpdate', member: { id: ida.guestId, firstName: 'Ida', lastName: 'Sommer-Kurz', role: 'guest' } });
      await room.webSocketMessage(socket as WebSocket, JSON.stringify({ type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq: null, batch: true }));
    });

    await benSocket.next('welcome');
    expect((await idaSocket.next('guestUpdate')).member.lastName).toBe('Sommer-Kurz');
    const events = benSocket.frames.flatMap((frame) => (frame.type === 'batch' ? frame.events : [frame]));
    expect(
      events
        .slice(
          0,
          events.findIndex((event) => event.type === 'welcome'),
        )
        .map((event) => event.type),
    ).toEqual([]);
    expect(benSocket.all('guestUpdate')).toEqual([]);
    benSocket.close();
    idaSocket.close();
  });
});
