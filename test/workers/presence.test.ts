import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../../app/core/limits';
import { PING_FRAME, PONG_FRAME } from '../../app/core/protocol';
import type { PartyRoom } from '../../durable-objects/party-room';
import { ROSTER } from '../../app/core/roster';
import { connected, createConsultant, createParty, evictRooms, joinGuest, nextPresence, tells, partyRoom } from './fixtures';
import type { TestSocket } from './fixtures';

function stub(partyId: string) {
  return partyRoom(partyId);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pings as the page does, until stopped. */
function keepPinging(socket: TestSocket): () => void {
  socket.send(PING_FRAME);
  const timer = setInterval(() => socket.send(PING_FRAME), TIMINGS.pingIntervalMs);
  return () => clearInterval(timer);
}

async function pongs(socket: TestSocket, count: number): Promise<void> {
  const end = Date.now() + 3000;
  while (socket.pongs < count) {
    if (Date.now() > end) throw new Error(`${socket.pongs} pongs, wanted ${count}`);
    await pause(10);
  }
}

describe('the heartbeat', () => {
  it('is answered by the runtime (the auto-response pair), never as a frame the room handles', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const { socket } = await connected(party.id, guest.headers);
    const pair = await runInDurableObject(stub(party.id), (_room: PartyRoom, state) => state.getWebSocketAutoResponse());
    expect({ request: pair?.request, response: pair?.response }).toEqual({ request: PING_FRAME, response: PONG_FRAME });

    for (let i = 1; i <= 3; i++) socket.send(PING_FRAME);
    await pongs(socket, 3);
    // A ping that reached webSocketMessage would be parsed as a frame and refused (invalidFrame).
    socket.send({ type: 'iAmOnline' });
    await socket.next('iAmOnline');
    expect(socket.all('error')).toEqual([]);
    // The room saw when it last answered: that is what its presence check reads.
    const last = await runInDurableObject(stub(party.id), (_room: PartyRoom, state) =>
      state.getWebSockets().map((ws) => state.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null),
    );
    expect(last.some((at) => at !== null && Date.now() - at < 5000)).toBe(true);
    socket.close();
  });
});

describe('a guest whose network drops (the socket stays open, silent)', () => {
  it('is dropped within seconds and the others see them leave; pinging and non-pinging sockets stay', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const ida = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
    const ben = await joinGuest(party.id, { firstName: 'Ben', lastName: 'Kurz' });
    const manager = await connected(party.id, consultant.headers);
    const idaSocket = (await connected(party.id, ida.headers)).socket;
    const benSocket = (await connected(party.id, ben.headers)).socket;
    const stopBen = keepPinging(benSocket);
    const stopManager = keepPinging(manager.socket);
    try {
      // Ida pings twice, then her phone loses the network: nothing more arrives from her.
      idaSocket.send(PING_FRAME);
      await pause(TIMINGS.pingIntervalMs);
      idaSocket.send(PING_FRAME);
      await pongs(idaSocket, 2);
      const silentFrom = Date.now();

      const left = await nextPresence(manager.socket, 'offline', ida.guestId, TIMINGS.silentAfterMs + 4000);
      const after = Date.now() - silentFrom;
      expect(left).toMatchObject({ memberCount: 3, onlineCount: 2 });
      expect(after).toBeGreaterThanOrEqual(TIMINGS.silentAfterMs - 100);
      expect(after).toBeLessThan(TIMINGS.silentAfterMs + 3000);
      expect((await idaSocket.closedWith(1000)).code).toBe(4008);

      // Ben kept pinging: still there. The manager's own socket too.
      await pause(1000);
      expect(benSocket.closed).toBeNull();
      expect(manager.socket.closed).toBeNull();
      expect(manager.socket.all('presence').filter((event) => tells(event, 'offline', ben.guestId))).toEqual([]);
      // A rejoin shows Ida as she is: offline, until she connects again.
      const fresh = await connected(party.id, ida.headers);
      expect(fresh.welcome.online).toEqual(expect.arrayContaining([ben.guestId, consultant.userId, ida.guestId]));
      fresh.socket.close();
    } finally {
      stopBen();
      stopManager();
      benSocket.close();
      manager.socket.close();
    }
  });

  it('a client without the heartbeat (it never pings) is left alone: only its close tells', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const manager = await connected(party.id, consultant.headers);
    const quiet = await connected(party.id, guest.headers);
    await pause(TIMINGS.silentAfterMs + 2000);
    expect(quiet.socket.closed).toBeNull();
    expect(manager.socket.all('presence').filter((event) => (event.offline ?? []).length > 0)).toEqual([]);
    quiet.socket.close();
    manager.socket.close();
  });
});

describe('the first socket a room takes after it starts', () => {
  it('goes offline when it closes, like any other: the room counts it once', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    // The next request starts the room afresh, as after a deploy or hibernation.
    await evictRooms(party.id);
    const first = await connected(party.id, guest.headers);
    expect(first.welcome).toMatchObject({ onlineCount: 1, online: [guest.guestId] });
    const manager = await connected(party.id, consultant.headers);
    expect(manager.welcome.onlineCount).toBe(2);
    first.socket.close();
    expect(await nextPresence(manager.socket, 'offline', guest.guestId)).toMatchObject({ memberCount: 2, onlineCount: 1 });
    manager.socket.close();
    await pause(ROSTER.flushMs * 3);
    const again = await connected(party.id, guest.headers);
    expect(again.welcome).toMatchObject({ onlineCount: 1, online: [guest.guestId] });
    again.socket.close();
  });
});
