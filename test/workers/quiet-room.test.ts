import { env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../../app/core/limits';
import { PING_FRAME } from '../../app/core/protocol';
import type { PartyRoom } from '../../durable-objects/party-room';
import { connected, createConsultant, createParty, joinGuest, textMessage, partyRoom } from './fixtures';

function stub(partyId: string) {
  return partyRoom(partyId);
}

/** The room's own record of its last activity (private: the test moves it back in time). */
type Activity = { activeAt: number };

const alarmIn = async (partyId: string) => {
  const at = await runInDurableObject(stub(partyId), (_room: PartyRoom, state) => state.storage.getAlarm());
  return at === null ? null : at - Date.now();
};

describe('a quiet party sleeps', () => {
  it('after a minute without activity its presence check comes once a minute, and activity brings it back to seconds', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { expiresAt: null });
    const guest = await joinGuest(party.id);
    const { socket } = await connected(party.id, guest.headers);
    socket.send(PING_FRAME);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Active: the check follows the sockets' pings.
    expect(await alarmIn(party.id)).toBeLessThanOrEqual(TIMINGS.silentAfterMs + 1000);

    // Nothing happened for two minutes; the runtime kept answering the pings.
    await runInDurableObject(stub(party.id), (room: PartyRoom) => {
      (room.kernel as unknown as { silent: Activity }).silent.activeAt = Date.now() - 120_000;
    });
    socket.send(PING_FRAME);
    await runDurableObjectAlarm(stub(party.id));
    const quiet = await alarmIn(party.id);
    expect(quiet).not.toBeNull();
    expect(quiet as number).toBeGreaterThan(55_000);

    // Someone writes: silent sockets are looked for within seconds again.
    socket.send(textMessage('wieder da'));
    await socket.next('ack');
    expect(await alarmIn(party.id)).toBeLessThanOrEqual(TIMINGS.silentAfterMs + 1000);
    socket.close();
  });
});
