import { describe, expect, it } from 'vitest';
import { TIMINGS } from '../../app/core/limits';
import type { SocketClock } from '../../durable-objects/kernel/silence';
import { FIRST_PING_WINDOW_MS, SilenceWatch } from '../../durable-objects/kernel/silence';

/** A room's sockets as the watch sees them: when each connected and last pinged, and how often it was read. */
function room() {
  const sockets = new Map<WebSocket, { since: number; pinged: number | null; open: boolean }>();
  const reads = new Map<WebSocket, number>();
  const clock: SocketClock = {
    all: () => [...sockets.keys()],
    open: (ws) => sockets.get(ws)?.open ?? false,
    lastPing: (ws) => {
      reads.set(ws, (reads.get(ws) ?? 0) + 1);
      return sockets.get(ws)?.pinged ?? null;
    },
    since: (ws) => sockets.get(ws)?.since,
  };
  const add = (since: number, pinged: number | null = null) => {
    const ws = {} as WebSocket;
    sockets.set(ws, { since, pinged, open: true });
    return ws;
  };
  return { sockets, reads, clock, add, totalReads: () => [...reads.values()].reduce((sum, n) => sum + n, 0) };
}

const silent = TIMINGS.silentAfterMs;

describe('the silence watch (which sockets a presence look reads)', () => {
  it('drops a socket silent past the limit, keeps one that pinged, and leaves one without a heartbeat alone', () => {
    const r = room();
    const watch = new SilenceWatch();
    const gone = r.add(0, 1000);
    const alive = r.add(0, 1000);
    const noHeartbeat = r.add(0);
    for (const ws of [gone, alive, noHeartbeat]) watch.connected(ws, 0);
    r.sockets.get(alive)!.pinged = 5000;

    const look = watch.look(1000 + silent + 1, r.clock);
    expect(look.silent).toEqual([gone]);
    // The next look is when the one that pinged would pass the limit; the one without a heartbeat never sets it.
    expect(look.due).toBe(5000 + silent + 1);
    expect(watch.look(5000 + silent + 1, r.clock).silent).toEqual([alive]);
    expect(watch.look(100_000, r.clock)).toEqual({ silent: [], due: null });
  });

  it('reads a socket only when its time has come: a storm of connects costs one read each, not one per look', () => {
    const r = room();
    const watch = new SilenceWatch();
    watch.look(0, r.clock);
    // 1,000 sockets connect over 10 s without pinging (clients without the heartbeat); the room looks every 500 ms.
    for (let t = 0; t <= 10_000; t += 10) {
      const ws = r.add(t);
      watch.connected(ws, t);
      if (t % 500 === 0) watch.look(t, r.clock);
    }
    expect(r.sockets.size).toBe(1001);
    expect(r.totalReads()).toBeLessThanOrEqual(r.sockets.size);
  });

  it('looks at a socket without a heartbeat again a minute later, and follows it once it starts pinging', () => {
    const r = room();
    const watch = new SilenceWatch();
    const late = r.add(0);
    watch.connected(late, 0);
    expect(watch.look(FIRST_PING_WINDOW_MS, r.clock)).toEqual({ silent: [], due: null });
    expect(r.reads.get(late)).toBe(1);
    r.sockets.get(late)!.pinged = 30_000;
    expect(watch.look(40_000, r.clock).due).toBeNull();
    expect(r.reads.get(late)).toBe(1);
    // A minute after it was set aside it is read again: it pings now, so it is watched again.
    r.sockets.get(late)!.pinged = 60_500;
    expect(watch.look(FIRST_PING_WINDOW_MS + 60_000, r.clock)).toEqual({ silent: [], due: 60_500 + silent + 1 });
    expect(watch.look(60_500 + silent + 1, r.clock).silent).toEqual([late]);
  });

  it('after a wake it knows no socket: its first look reads every one the runtime holds', () => {
    const r = room();
    const first = r.add(0, 9000);
    const second = r.add(0, 9500);
    const watch = new SilenceWatch();
    expect(watch.looked).toBe(false);
    const look = watch.look(10_000, r.clock);
    expect(watch.looked).toBe(true);
    expect(look).toEqual({ silent: [], due: 9000 + silent + 1 });
    expect(r.reads.get(first)).toBe(1);
    expect(r.reads.get(second)).toBe(1);
  });

  it('forgets a closed socket, and one that closed without being told', () => {
    const r = room();
    const watch = new SilenceWatch();
    const told = r.add(0, 0);
    const untold = r.add(0, 0);
    watch.connected(told, 0);
    watch.connected(untold, 0);
    expect(watch.look(0, r.clock).due).toBe(silent + 1);
    watch.closed(told);
    r.sockets.get(untold)!.open = false;
    expect(watch.look(silent + 10, r.clock)).toEqual({ silent: [], due: null });
    expect(r.reads.get(told)).toBe(1);
  });
});
