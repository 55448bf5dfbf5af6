import type { Counter } from './operator-counters';

/**
 * The operator page's charts (ADR 063): each counter's last 24 hours, an hour a bar, with its
 * details (push by service, errors by code) summed over the day.
 */
export interface OperatorChart {
  counter: Counter;
  /** 24 values, the oldest hour first. */
  hours: number[];
  total: number;
  /** Detail → its count over the day, largest first (an empty detail is left out). */
  details: [string, number][];
}

export interface OperatorCharts {
  /** Epoch ms of the first hour's start. */
  from: number;
  charts: OperatorChart[];
  /** The counters could not be read (the SQL API unreachable or refusing). */
  unavailable: boolean;
}

export const OPERATOR_HOURS = 24;
export const HOUR_MS = 3_600_000;

/** The rows of the operator query (counter, detail, hour, n) as one chart per counter. */
export function chartsOf(
  counters: readonly Counter[],
  rows: readonly { counter: string; detail: string; hour: number; n: number }[],
  now: number,
): OperatorCharts {
  const from = Math.floor(now / HOUR_MS) * HOUR_MS - (OPERATOR_HOURS - 1) * HOUR_MS;
  const charts = counters.map((counter) => {
    const hours = new Array<number>(OPERATOR_HOURS).fill(0);
    const details = new Map<string, number>();
    for (const row of rows) {
      if (row.counter !== counter) continue;
      const slot = Math.floor((row.hour - from) / HOUR_MS);
      if (slot < 0 || slot >= OPERATOR_HOURS) continue;
      hours[slot]! += row.n;
      if (row.detail) details.set(row.detail, (details.get(row.detail) ?? 0) + row.n);
    }
    return { counter, hours, total: hours.reduce((sum, n) => sum + n, 0), details: [...details].sort((a, b) => b[1] - a[1]) };
  });
  return { from, charts, unavailable: false };
}
