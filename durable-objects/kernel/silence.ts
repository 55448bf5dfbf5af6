import { TIMINGS } from '#core/limits';

/**
 * The page pings as soon as its socket opens. A socket that has not pinged this long after
 * connecting is a client without the heartbeat (the app's older builds, tests): only its close
 * tells that it left.
 */
export const FIRST_PING_WINDOW_MS = 3000;
/** A socket without the heartbeat is looked at again this seldom, in case it starts (it never makes the alarm ring). */
const NO_HEARTBEAT_RECHECK_MS = 60_000;

/** What the watch needs of the runtime, so it stays a plain class (unit tests give it their own). */
export interface SocketClock {
  /** Every socket the object holds (the runtime's list: after a wake, the watch knows none). */
  all(): WebSocket[];
  open(ws: WebSocket): boolean;
  /** When the socket last pinged (the runtime answered it), or null if it never has. */
  lastPing(ws: WebSocket): number | null;
  /** When the socket connected, if known. */
  since(ws: WebSocket): number | undefined;
}

/**
 * When each socket is next worth a look for silence (ADR 035). A socket's silence cannot pass the
 * limit before its last known ping plus the limit, so a look reads only the sockets whose time has
 * come; it used to read every socket's ping time and attachment on each look, a walk over the whole
 * room every half second during a join storm. In memory: a room woken from sleep knows nothing,
 * and its first look takes every socket from the runtime.
 */
export class SilenceWatch {
  /** Sockets with a heartbeat, or still in their first-ping window: when to look next. */
  private readonly dueOf = new Map<WebSocket, number>();
  /** Sockets that never pinged past their window: when to look again (never a reason to wake). */
  private readonly recheckOf = new Map<WebSocket, number>();
  private complete = false;

  /** Whether this instance has looked yet (a woken room's first alarm must). */
  get looked(): boolean {
    return this.complete;
  }

  connected(ws: WebSocket, since: number): void {
    this.dueOf.set(ws, since + FIRST_PING_WINDOW_MS);
  }

  closed(ws: WebSocket): void {
    this.dueOf.delete(ws);
    this.recheckOf.delete(ws);
  }

  /** The sockets silent for longer than the limit (forgotten here), and when the next look is due (null: nothing to look at). */
  look(now: number, clock: SocketClock): { silent: WebSocket[]; due: number | null } {
    if (!this.complete) {
      for (const ws of clock.all()) if (!this.recheckOf.has(ws)) this.dueOf.set(ws, now);
      this.complete = true;
    }
    const silent: WebSocket[] = [];
    let due: number | null = null;
    for (const [ws, at] of this.recheckOf) {
      if (at > now) continue;
      this.recheckOf.delete(ws);
      this.dueOf.set(ws, now);
    }
    for (const [ws, at] of this.dueOf) {
      let next = at;
      if (at <= now) {
        const state = this.examine(ws, now, clock);
        if (state === 'silent') silent.push(ws);
        if (typeof state !== 'number') continue;
        next = state;
        this.dueOf.set(ws, next);
      }
      due = due === null ? next : Math.min(due, next);
    }
    return { silent, due };
  }

  /** A due socket: silent, gone, without a heartbeat (moved to the rechecks), or when to look again. */
  private examine(ws: WebSocket, now: number, clock: SocketClock): 'silent' | 'gone' | 'noHeartbeat' | number {
    if (!clock.open(ws)) {
      this.dueOf.delete(ws);
      return 'gone';
    }
    const pinged = clock.lastPing(ws);
    if (pinged !== null) {
      if (now - pinged <= TIMINGS.silentAfterMs) return pinged + TIMINGS.silentAfterMs + 1;
      this.dueOf.delete(ws);
      return 'silent';
    }
    const since = clock.since(ws);
    if (since !== undefined && now - since < FIRST_PING_WINDOW_MS) return since + FIRST_PING_WINDOW_MS;
    this.dueOf.delete(ws);
    this.recheckOf.set(ws, now + NO_HEARTBEAT_RECHECK_MS);
    return 'noHeartbeat';
  }
}

/** Presence checks never come closer together than this. */
const PRESENCE_CHECK_MIN_MS = 500;
/**
 * A room nobody has written to, joined or called for this long is quiet: its presence check comes
 * only this often, so its object sleeps while the runtime answers the sockets' pings (ADR 035). A
 * phone that vanished from a quiet party shows offline within a minute instead of seconds.
 */
const QUIET_AFTER_MS = 60_000;
const QUIET_CHECK_MS = 60_000;

/**
 * The alarm's look for silent sockets, a duty of the room's one alarm (kernel/alarm.ts). A phone
 * that dropped off the network leaves a half-open socket that never closes by itself: one silent
 * for longer than the limit is closed (`drop`), and its member is offline for the others.
 */
export class SilentSockets {
  /** Which sockets a look reads, and when. */
  private readonly watch = new SilenceWatch();
  /** When the alarm next looks (null: no socket to look at); set by each look and each connect. */
  private checkAt: number | null = null;
  /** The last write, join, connect or call; a room past QUIET_AFTER_MS of it is quiet. In memory: a room woken from sleep starts quiet. */
  private activeAt = 0;

  constructor(
    private readonly clock: SocketClock,
    private readonly drop: (ws: WebSocket) => void,
    private readonly arm: () => void,
  ) {}

  /** A socket connected: its first ping should come within FIRST_PING_WINDOW_MS. */
  connected(ws: WebSocket, since: number): void {
    this.watch.connected(ws, since);
    this.touched();
    const at = since + FIRST_PING_WINDOW_MS;
    if (this.checkAt === null || at < this.checkAt) this.checkAt = at;
  }

  closed(ws: WebSocket): void {
    this.watch.closed(ws);
  }

  /** A write, join, connect or call: awake again after quiet, silent sockets are looked for within seconds, not a minute. */
  touched(): void {
    const now = Date.now();
    this.activeAt = now;
    const soon = now + TIMINGS.silentAfterMs;
    if (this.checkAt === null || this.checkAt > soon) {
      this.checkAt = soon;
      this.arm();
    }
  }

  due(): number | null {
    return this.checkAt;
  }

  /** Only when due (a look reads the sockets whose time has come); the mirror's alarm comes every 2 s while people write. */
  run(now: number): void {
    if (this.watch.looked && (this.checkAt === null || now < this.checkAt)) return;
    const { silent, due } = this.watch.look(now, this.clock);
    for (const ws of silent) this.drop(ws);
    if (due === null) {
      this.checkAt = null;
      return;
    }
    const quiet = now - this.activeAt > QUIET_AFTER_MS;
    this.checkAt = Math.max(due, now + (quiet ? QUIET_CHECK_MS : PRESENCE_CHECK_MIN_MS));
  }
}
