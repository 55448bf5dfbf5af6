import type { MetricsEnv } from '../../worker/observability/metrics';
import { count, flushMetrics } from '../../worker/observability/metrics';
import { logLine } from '../../worker/observability/log';
import type { Duty } from './feature';

/** How long the room gathers before it writes its lines and counters. */
export const TALLY_WINDOW_MS = 60_000;

/**
 * The room's log and counters (ADR 063): one JSON line per class of client event it handled in the
 * last minute (how many, how many refused by which code, the time they took), and the counters of
 * messages stored and sockets opened and closed, written once a minute (a duty of the one alarm)
 * rather than per frame: the send path does no I/O for them.
 */
export class Tally implements Duty {
  private readonly classes = new Map<string, { n: number; ms: number; refused: Record<string, number> }>();
  private counters = { send: 0, socketOpen: 0, socketClose: 0 };
  private since: number | null = null;

  constructor(
    private readonly env: MetricsEnv,
    private readonly arm: () => void,
  ) {}

  private started(): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.arm();
  }

  /** A client event of `type` handled in `ms`; `refused` names the code it was refused with. */
  event(type: string, ms: number, refused?: string): void {
    let entry = this.classes.get(type);
    if (!entry) this.classes.set(type, (entry = { n: 0, ms: 0, refused: {} }));
    entry.n += 1;
    entry.ms += ms;
    if (refused) entry.refused[refused] = (entry.refused[refused] ?? 0) + 1;
    this.started();
  }

  add(counter: keyof Tally['counters']): void {
    this.counters[counter] += 1;
    this.started();
  }

  due(): number | null {
    return this.since === null ? null : this.since + TALLY_WINDOW_MS;
  }

  async run(now: number): Promise<void> {
    if (this.since === null || now < this.since + TALLY_WINDOW_MS) return;
    for (const [event, entry] of this.classes) logLine({ kind: 'room', event, n: entry.n, ms: Math.round(entry.ms), refused: entry.refused });
    for (const [counter, n] of Object.entries(this.counters)) count(this.env, counter as keyof Tally['counters'], '', n);
    this.classes.clear();
    this.counters = { send: 0, socketOpen: 0, socketClose: 0 };
    this.since = null;
    await flushMetrics(this.env);
  }
}
