import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../app/core/protocol';
import type { ServerEvent } from '../../app/core/protocol';
import { connect, createConsultant, createParty, joinGuest } from './fixtures';
import type { TestSocket } from './fixtures';

/** Joins as the companion app does: the product's protocol, without asking for the compact one (ADR 035). */
async function productClient(
  partyId: string,
  headers: Record<string, string>,
): Promise<{ socket: TestSocket; welcome: Extract<ServerEvent, { type: 'welcome' }> }> {
  const socket = await connect(partyId, headers);
  if (typeof socket === 'number') throw new Error(`socket refused: ${socket}`);
  socket.send({ type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq: null });
  return { socket, welcome: await socket.next('welcome') };
}

describe("the product's protocol, for clients that do not join with batch", () => {
  it('gets userJoined, iAmOnline, userLeft and updatedSeen one per frame, every seen in its welcome, and never a batch or presence frame', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const eva = await joinGuest(party.id, { firstName: 'Eva', lastName: 'Brandt' });
    const ida = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
    const app = await productClient(party.id, ida.headers);
    expect(app.welcome.roster).toBe('full');
    // Every member's seen, not only her own (the compact welcome's).
    expect(Object.keys(app.welcome.seen).sort()).toEqual([eva.guestId, ida.guestId].sort());

    const ben = await joinGuest(party.id, { firstName: 'Ben', lastName: 'Kurz' });
    expect((await app.socket.next('userJoined')).member).toMatchObject({ id: ben.guestId, firstName: 'Ben' });
    const benApp = await productClient(party.id, ben.headers);
    expect((await app.socket.next('iAmOnline')).memberId).toBe(ben.guestId);

    benApp.socket.send({ type: 'updateSeen', seq: 1 });
    expect(await app.socket.next('updatedSeen')).toMatchObject({ memberId: ben.guestId, seq: 1 });

    benApp.socket.close();
    expect((await app.socket.next('userLeft')).memberId).toBe(ben.guestId);
    // Each event came as a frame of its own: no batch and no presence frame.
    expect(app.socket.frames.filter((frame) => frame.type === 'batch' || frame.type === 'presence')).toEqual([]);
    app.socket.close();
  });
});
