import { COUNTERS } from '#core/operator-counters';
import type { OperatorCharts } from '#core/operator';
import { OPERATOR_HOURS, chartsOf } from '#core/operator';
import type { Identity } from '../auth/identity';
import type { Db } from '../db/client';
import { userEmail } from '../db/exports';
import { openOperatorReports } from '../db/reports';
import type { Env } from '../env';

/**
 * The operator page (ADR 063): who is the operator (configuration: OPERATOR_EMAILS, the sign-in
 * addresses of consultants' accounts), and the counters of the last 24 hours, read from Analytics
 * Engine's SQL API (locally the stand-in, scripts/metrics-server.mjs).
 */

/** The dataset wrangler.toml binds as METRICS. */
const DATASET = 'salon_metrics';

/** The one query the page sends (the local stand-in answers exactly this shape). */
export const OPERATOR_QUERY = `SELECT blob1 AS counter, blob2 AS detail, toStartOfInterval(timestamp, INTERVAL '1' HOUR) AS hour, SUM(_sample_interval * double1) AS n FROM ${DATASET} WHERE timestamp > NOW() - INTERVAL '${OPERATOR_HOURS}' HOUR GROUP BY counter, detail, hour ORDER BY hour`;

export async function isOperator(env: Env, db: Db, identity: Identity): Promise<boolean> {
  if (!identity.consultant || !env.OPERATOR_EMAILS) return false;
  const email = (await userEmail(db, identity.consultant.userId))?.toLowerCase();
  const operators = env.OPERATOR_EMAILS.split(',').map((entry) => entry.trim().toLowerCase());
  return email !== undefined && operators.includes(email);
}

/** Analytics Engine's DateTime ("2026-12-07 19:00:00", UTC) as epoch ms. */
const epoch = (value: string) => Date.parse(`${value.replace(' ', 'T')}Z`);

export async function lastDay(env: Env, now = Date.now()): Promise<OperatorCharts> {
  const empty = { ...chartsOf(COUNTERS, [], now), unavailable: true };
  if (!env.ANALYTICS_API_BASE || !env.ANALYTICS_API_TOKEN) return empty;
  try {
    const response = await fetch(`${env.ANALYTICS_API_BASE}/accounts/${env.ANALYTICS_ACCOUNT_ID ?? ''}/analytics_engine/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${env.ANALYTICS_API_TOKEN}` },
      body: OPERATOR_QUERY,
    });
    if (!response.ok) return empty;
    const { data } = (await response.json()) as { data: { counter: string; detail: string; hour: string; n: number | string }[] };
    return chartsOf(
      COUNTERS,
      data.map((row) => ({ counter: row.counter, detail: row.detail, hour: epoch(row.hour), n: Number(row.n) })),
      now,
    );
  } catch {
    return empty;
  }
}

/** Reports of parties' managers (ADR 064), the open ones, newest first. */
export const managerReports = (db: Db) => openOperatorReports(db);
