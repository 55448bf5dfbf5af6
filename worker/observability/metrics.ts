/**
 * Counters for the operator (ADR 063): sends, joins, socket opens and closes, push sent and failed
 * by service, import and export runs, and errors by code, written to Workers Analytics Engine (the
 * METRICS binding) as one data point per count: blob1 the counter, blob2 its detail (a push
 * service, an error code, an outcome), double1 how many, index1 the counter. Never a person's id.
 *
 * Locally: miniflare's Analytics Engine binding accepts writes and drops them (its simulator's
 * writeDataPoint is empty: node_modules/miniflare/dist/src/workers/analytics-engine/), so where
 * METRICS_LOCAL_URL is set (`npm start`, the tests) the same data points also go to the local stand-in
 * (scripts/metrics-server.mjs), which answers the operator page's query as the SQL API does.
 */

import type { Counter } from '../../app/core/operator-counters';

export interface MetricsEnv {
  METRICS?: AnalyticsEngineDataset;
  METRICS_LOCAL_URL?: string;
}

interface Point {
  indexes: string[];
  blobs: string[];
  doubles: number[];
}

/** Points waiting for the local stand-in (never used in production, where METRICS_LOCAL_URL is unset). */
const waiting: Point[] = [];

/** Counts `n` of `counter` (with a detail: a push service's host, an error code). */
export function count(env: MetricsEnv, counter: Counter, detail = '', n = 1): void {
  if (n <= 0) return;
  const point: Point = { indexes: [counter], blobs: [counter, detail.slice(0, 64)], doubles: [n] };
  env.METRICS?.writeDataPoint(point);
  if (env.METRICS_LOCAL_URL) waiting.push(point);
}

/** Sends what waits to the local stand-in (a no-op in production); a failure loses the points, never the request. */
export async function flushMetrics(env: MetricsEnv): Promise<void> {
  if (!env.METRICS_LOCAL_URL || waiting.length === 0) return;
  const points = waiting.splice(0, waiting.length);
  try {
    await fetch(`${env.METRICS_LOCAL_URL}/write`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ points, at: Date.now() }),
    });
  } catch {
    // The stand-in is not running: local counters are a convenience.
  }
}
