import ReconnectingWebSocket from 'partysocket/ws';
import { reconnectDelay } from '~/core/roster';

/**
 * The party's socket: partysocket's ReconnectingWebSocket, whose every try after a drop waits
 * `reconnectDelay(attempt, memberCount, random)` (app/core/roster.ts), so the phones of a large
 * room that all lose it at once (a deploy) come back spread over memberCount / 500 seconds.
 *
 * How it plugs in, read from partysocket 1.3.0 (dist/ws.js, `_getNextDelay`): before try n (its
 * `retryCount`: 1 for the first try after a drop and counting up until a connection has lasted
 * `minUptime`; 0 for the first connect and for `reconnect()`, which never wait) it waits
 * `minReconnectionDelay * reconnectionDelayGrowFactor ** (n - 1)`, capped by `maxReconnectionDelay`,
 * reading the options object it was given afresh each time. It has no delay callback and its
 * `_getNextDelay` is private; it computes the wait inside its own close handler, before our close
 * listeners run, so setting the option from a listener would come one try late. Hence: no growth,
 * no cap, and `minReconnectionDelay` is a getter returning reconnectDelay itself.
 * test/unit/room-socket.test.ts holds partysocket to this.
 */
export class RoomSocket extends ReconnectingWebSocket {
  private readonly memberCount: () => number;
  private readonly random: () => number;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(url: () => string, memberCount: () => number, random: () => number = Math.random) {
    const self: { socket?: RoomSocket } = {};
    super(url, [], {
      maxRetries: Number.POSITIVE_INFINITY,
      connectionTimeout: 4000,
      reconnectionDelayGrowFactor: 1,
      maxReconnectionDelay: Number.POSITIVE_INFINITY,
      get minReconnectionDelay() {
        const tries = self.socket?.retryCount ?? 0;
        return tries > 0 ? reconnectDelay(tries - 1, memberCount(), random()) : 0;
      },
    });
    self.socket = this;
    this.memberCount = memberCount;
    this.random = random;
  }

  /**
   * A connection found dead (the heartbeat went unanswered) is a drop like any other: it closes
   * now, and its next try waits its turn too. Every phone of a room whose network path died sees
   * that within one heartbeat; `reconnect()` would bring them all back at once.
   */
  drop(): void {
    this.close();
    this.retry = setTimeout(() => this.reconnect(), reconnectDelay(0, this.memberCount(), this.random()));
  }

  override reconnect(code?: number, reason?: string): void {
    clearTimeout(this.retry);
    super.reconnect(code, reason);
  }

  override close(code?: number, reason?: string): void {
    clearTimeout(this.retry);
    super.close(code, reason);
  }
}
