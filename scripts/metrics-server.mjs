// Local stand-in for Workers Analytics Engine, for development and tests (ADR 063). miniflare's
// Analytics Engine binding accepts writeDataPoint and drops the point, and there is no local SQL
// API, so locally the Worker also sends its data points here (METRICS_LOCAL_URL), and the operator
// page reads them back through the same SQL API client it uses against Cloudflare's
// (ANALYTICS_API_BASE):
//   POST /write                                            { points: [{ indexes, blobs, doubles }], at }
//   POST /client/v4/accounts/{id}/analytics_engine/sql     the operator page's query (SQL text), with
//                                                          `Authorization: Bearer {token}`; answers
//                                                          { meta, data, rows } as Analytics Engine does
// It understands the one query the operator page sends (worker/services/operator.ts OPERATOR_QUERY:
// hourly sums of double1 by blob1 and blob2 over the last N hours), not SQL in general; another
// query is answered 422, so a change to the page's query shows here at once.
//
// Run it with `npm run metrics` (env: METRICS_PORT, default 9096), or from code with
// `startMetricsServer()`; `npm start` starts it. Points are kept in memory for 48 hours.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { startLocalServer } from './local-server.mjs';

export const LOCAL_ANALYTICS_TOKEN = 'local-analytics-token';
export const LOCAL_ANALYTICS_ACCOUNT = 'local';
const KEEP_MS = 48 * 3_600_000;
const HOUR = 3_600_000;

/** The operator page's query, as a pattern: its window in hours is the one thing it varies. */
const QUERY =
  /^SELECT blob1 AS counter, blob2 AS detail, toStartOfInterval\(timestamp, INTERVAL '1' HOUR\) AS hour, SUM\(_sample_interval \* double1\) AS n FROM (\w+) WHERE timestamp > NOW\(\) - INTERVAL '(\d+)' HOUR GROUP BY counter, detail, hour ORDER BY hour$/;

async function body(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Analytics Engine's DateTime as its SQL API writes it: "2026-12-07 19:00:00". */
const sqlTime = (ms) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/**
 * @param {{ port?: number, host?: string, token?: string }} [options]
 */
export async function startMetricsServer({ port = 9096, host = '127.0.0.1', token = LOCAL_ANALYTICS_TOKEN } = {}) {
  /** @type {{ at: number, blobs: string[], doubles: number[] }[]} */
  const points = [];
  const listening = await startLocalServer(
    async (request, response) => {
      const send = (status, value) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'POST' && url.pathname === '/write') {
        const written = JSON.parse(await body(request));
        for (const point of written.points ?? []) points.push({ at: Number(written.at) || Date.now(), blobs: point.blobs ?? [], doubles: point.doubles ?? [] });
        const cutoff = Date.now() - KEEP_MS;
        while (points.length && points[0].at < cutoff) points.shift();
        return send(200, { ok: true });
      }
      if (request.method === 'POST' && /^\/client\/v4\/accounts\/[^/]+\/analytics_engine\/sql$/.test(url.pathname)) {
        if (request.headers.authorization !== `Bearer ${token}`) return send(401, { errors: [{ message: 'Authentication error' }] });
        const sql = (await body(request)).trim().replace(/\s+/g, ' ');
        const match = QUERY.exec(sql);
        if (!match) return send(422, { errors: [{ message: 'the local stand-in answers only the operator page’s query' }] });
        const since = Date.now() - Number(match[2]) * HOUR;
        const sums = new Map();
        for (const point of points) {
          if (point.at <= since) continue;
          const hour = Math.floor(point.at / HOUR) * HOUR;
          const key = `${point.blobs[0] ?? ''}\u0000${point.blobs[1] ?? ''}\u0000${hour}`;
          sums.set(key, (sums.get(key) ?? 0) + (point.doubles[0] ?? 0));
        }
        const data = [...sums]
          .map(([key, n]) => {
            const [counter, detail, hour] = key.split('\u0000');
            return { counter, detail, hour: sqlTime(Number(hour)), n };
          })
          .sort((a, b) => a.hour.localeCompare(b.hour));
        return send(200, {
          meta: [
            { name: 'counter', type: 'String' },
            { name: 'detail', type: 'String' },
            { name: 'hour', type: 'DateTime' },
            { name: 'n', type: 'Float64' },
          ],
          data,
          rows: data.length,
        });
      }
      send(404, { errors: [{ message: 'not found' }] });
    },
    { port, host },
  );
  return {
    port: listening.port,
    url: `http://${host}:${listening.port}`,
    apiBase: `http://${host}:${listening.port}/client/v4`,
    token,
    account: LOCAL_ANALYTICS_ACCOUNT,
    points: () => points,
    unref: () => listening.server.unref(),
    close: listening.close,
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const running = await startMetricsServer({ port: Number(process.env.METRICS_PORT ?? 9096) });
  console.log(`Analytics Engine stand-in on ${running.url} (SQL API ${running.apiBase}, token ${running.token})`);
}
