import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RoomSocket } from '../../app/components/party/room-socket';
import { reconnectDelay } from '../../app/core/roster';

/**
 * partysocket's ReconnectingWebSocket is held to what RoomSocket relies on (its comment): the wait
 * before each try after a drop is reconnectDelay's, with the room's size and the random draw.
 */

/** The browser's WebSocket, as far as partysocket uses it: each one made is kept for the test to open or drop. */
class FakeWebSocket extends EventTarget {
  static made: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
    FakeWebSocket.made.push(this);
  }
  send() {}
  close(code = 1000) {
    this.lose(code);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  lose(code = 1006) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason: '' }));
  }
}

const latest = () => FakeWebSocket.made.at(-1)!;
/** partysocket counts a connection as lasting once it has been open this long (its `minUptime`). */
const MIN_UPTIME_MS = 5000;

/** Advances the clock by `ms` and says whether a new connection was made meanwhile. */
async function triedWithin(ms: number): Promise<boolean> {
  const before = FakeWebSocket.made.length;
  await vi.advanceTimersByTimeAsync(ms);
  return FakeWebSocket.made.length > before;
}

describe('RoomSocket', () => {
  let memberCount = 1000;
  const random = () => 0.5;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeWebSocket.made = [];
    memberCount = 1000;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  async function connected(): Promise<RoomSocket> {
    const socket = new RoomSocket(
      () => 'ws://party/socket',
      () => memberCount,
      random,
    );
    // The first connect does not wait.
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.made).toHaveLength(1);
    latest().open();
    await vi.advanceTimersByTimeAsync(MIN_UPTIME_MS);
    return socket;
  }

  it("after a drop, the first try waits reconnectDelay's first wait for the room's size, and the next ones back off", async () => {
    const socket = await connected();
    latest().lose();
    const first = reconnectDelay(0, 1000, 0.5);
    expect(first).toBeGreaterThan(0);
    expect(await triedWithin(first - 1)).toBe(false);
    expect(await triedWithin(1)).toBe(true);

    // That try fails too: the next one waits attempt 1's wait, for the size the room has now.
    memberCount = 5000;
    latest().lose();
    const second = reconnectDelay(1, 5000, 0.5);
    expect(await triedWithin(second - 1)).toBe(false);
    expect(await triedWithin(1)).toBe(true);
    expect(socket.retryCount).toBe(2);
    socket.close();
  });

  it('a connection that lasts starts counting again: its next drop is a first try', async () => {
    const socket = await connected();
    latest().lose();
    await vi.advanceTimersByTimeAsync(reconnectDelay(0, 1000, 0.5));
    latest().open();
    await vi.advanceTimersByTimeAsync(MIN_UPTIME_MS);
    latest().lose();
    expect(await triedWithin(reconnectDelay(0, 1000, 0.5) - 1)).toBe(false);
    expect(await triedWithin(1)).toBe(true);
    socket.close();
  });

  it('a connection found dead closes at once and waits its turn; reconnect() goes at once and ends the wait', async () => {
    const socket = await connected();
    const closes: number[] = [];
    socket.addEventListener('close', (event) => closes.push(event.code));
    const dead = latest();
    socket.drop();
    expect(closes).toHaveLength(1);
    expect(dead.readyState).toBe(3);
    expect(await triedWithin(reconnectDelay(0, 1000, 0.5) - 1)).toBe(false);
    // reconnect() then takes partysocket's own wait of 0 ms, which a (fake) timer makes 1.
    expect(await triedWithin(2)).toBe(true);

    latest().open();
    socket.drop();
    // The browser says the network is back: no waiting, and the wait left behind makes no second try.
    socket.reconnect();
    expect(await triedWithin(1)).toBe(true);
    latest().open();
    expect(await triedWithin(60_000)).toBe(false);
    socket.close();
  });
});
