import type { RoomFacts } from '../contract';
import type { Duty } from './feature';

/**
 * The room's one alarm (one slot per object) serves every duty: the kernel's (silent sockets,
 * expired sessions, the party's expiry, the D1 mirror) and the features' (the start's push, the
 * autoplay). It is set to the earliest duty; when it rings, every duty runs in the order it was
 * added and does what is due by then, and the next alarm is set once, when they are done (ADR 016:
 * an alarm set during the handler for a time already past is taken as the one running and dropped
 * by the runtime).
 */
export class Alarm {
  private readonly duties: Duty[] = [];
  /** The alarm as set in storage; null when none is set. */
  private at: number | null = null;
  /** Set while the duties run: they change what is due, so the next alarm is set once, after them. */
  private ringing = false;

  constructor(private readonly ctx: DurableObjectState) {}

  add(duty: Duty): void {
    this.duties.push(duty);
  }

  async load(): Promise<void> {
    this.at = await this.ctx.storage.getAlarm();
  }

  /** Sets the alarm to the earliest due duty. One already set earlier stays (it re-arms when it rings), so no path can push a duty back. */
  arm(): void {
    if (this.ringing) return;
    let next: number | null = null;
    for (const duty of this.duties) {
      const due = duty.due();
      if (due !== null && (next === null || due < next)) next = due;
    }
    if (next === null || (this.at !== null && this.at <= next)) return;
    this.at = next;
    this.ctx.waitUntil(this.ctx.storage.setAlarm(next));
  }

  async ring(now: number): Promise<void> {
    this.at = null;
    this.ringing = true;
    try {
      for (const duty of this.duties) {
        // Only a duty that awaits makes the others wait a turn: what the rest say leaves together.
        const running = duty.run(now);
        if (running) await running;
      }
    } finally {
      this.ringing = false;
      this.arm();
    }
  }

  /** The party was deleted, with its alarm. */
  cleared(): void {
    this.at = null;
  }
}

/** How long after a write the room mirrors to D1: the delay batches writes, nothing waits for it. */
const MIRROR_DELAY_MS = 2000;
/** The storage key of the mirror's due time: kept across hibernation. */
const MIRROR_DUE = 'mirrorDue';

/**
 * The D1 mirror: what the features keep in D1 for the pages (the dashboard's summary, the hosts, the
 * files a party still shows) is written from an alarm a little after a write, never on the send
 * path. A duty that runs on any alarm once scheduled (a little early when another duty woke the
 * room: the delay only batches).
 */
export class Mirror implements Duty {
  private dueAt: number | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly waitUntil: (work: Promise<unknown>) => void,
    private readonly facts: () => RoomFacts | null,
    /** The features' writes, in their order. */
    private readonly writes: readonly ((facts: RoomFacts) => Promise<void>)[],
    private readonly arm: () => void,
  ) {}

  async load(): Promise<void> {
    this.dueAt = (await this.storage.get<number>(MIRROR_DUE)) ?? null;
  }

  schedule(): void {
    if (this.dueAt !== null) return;
    this.dueAt = Date.now() + MIRROR_DELAY_MS;
    this.waitUntil(this.storage.put(MIRROR_DUE, this.dueAt));
    this.arm();
  }

  due(): number | null {
    return this.dueAt;
  }

  run(): Promise<void> | undefined {
    return this.dueAt === null ? undefined : this.write();
  }

  private async write(): Promise<void> {
    this.dueAt = null;
    await this.storage.delete(MIRROR_DUE);
    const facts = this.facts();
    if (!facts) return;
    try {
      for (const write of this.writes) await write(facts);
    } catch (error) {
      // D1 out of reach: the next mirror writes what is latest then (issue 40).
      console.error('mirroring to D1 failed', error instanceof Error ? error.message : error);
      this.schedule();
    }
  }

  cleared(): void {
    this.dueAt = null;
  }
}
