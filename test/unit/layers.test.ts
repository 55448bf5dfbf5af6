import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Edge } from '../support/import-graph';
import { importEdges, sources } from '../support/import-graph';

/**
 * The server's layers (ADR 025, the README's map), read from the sources' imports:
 *
 *   app (pages, components, lib)  → app/core; from worker/ only the load context's types
 *   worker/api → worker/services → worker/db (all SQL), worker/media (R2, Stream bytes)
 *   worker/*                      → durable-objects/contract.ts, never the room's implementation
 *   durable-objects/*             → app/core, its own files, worker/db, worker/media, worker/observability, the env type
 *   durable-objects/kernel        → never a feature (ADR 054); features → the kernel, each other
 *
 * An exception is listed below with its reason; one that no longer occurs fails the test, so the
 * lists only shrink. The import-circle test (import-circles.test.ts) reads the same graph.
 */
const ROOT = resolve(__dirname, '../..');

const EDGES: Edge[] = importEdges();

const under = (path: string, ...folders: string[]) => folders.some((folder) => path === folder || path.startsWith(`${folder}/`));

/** An import the rule refuses, unless an exception names it: `from -> to`. */
function violations(rule: (edge: Edge) => boolean, exceptions: Record<string, string>): { broken: string[]; stale: string[] } {
  const found = EDGES.filter((edge) => !rule(edge)).map((edge) => `${edge.from} -> ${edge.to}`);
  return { broken: found.filter((edge) => !(edge in exceptions)), stale: Object.keys(exceptions).filter((edge) => !found.includes(edge)) };
}

function expectRule(rule: (edge: Edge) => boolean, exceptions: Record<string, string> = {}): void {
  const { broken, stale } = violations(rule, exceptions);
  expect(broken, 'imports across a layer the rule refuses').toEqual([]);
  expect(stale, 'exceptions that no longer occur: take them off the list').toEqual([]);
}

describe('the layers', () => {
  it('reads the imports it judges', () => {
    expect(EDGES.some((edge) => edge.from === 'durable-objects/party-room.ts' && edge.to === 'durable-objects/contract.ts')).toBe(true);
    expect(EDGES.some((edge) => edge.from === 'app/load-context.ts' && edge.to === 'worker/env.ts' && edge.typeOnly)).toBe(true);
    expect(EDGES.some((edge) => edge.from === 'durable-objects/kernel/room.ts' && edge.to === 'app/core/limits.ts')).toBe(true);
  });

  it('app/core imports only app/core', () => {
    expectRule((edge) => !under(edge.from, 'app/core') || under(edge.to, 'app/core'), {
      'app/core/faq-query.ts -> app/i18n/config.ts':
        'the list of languages lives with the texts’ configuration, a pure module the core’s tsconfig compiles too',
      'app/core/push.ts -> app/i18n/config.ts': 'a subscription names its language, one of that same list',
      'app/core/crawlers.ts -> app/i18n/config.ts': 'the sitemap names each page in every language of that same list',
    });
  });

  it('the pages import nothing from the server but the load context’s types', () => {
    expectRule((edge) => !under(edge.from, 'app') || !under(edge.to, 'worker', 'durable-objects') || (edge.from === 'app/load-context.ts' && edge.typeOnly));
  });

  it('the Worker knows the room only by its contract', () => {
    expectRule((edge) => !under(edge.from, 'worker') || !under(edge.to, 'durable-objects') || edge.to === 'durable-objects/contract.ts', {
      'worker/index.ts -> durable-objects/party-room.ts': 'the runtime finds the Durable Object class among the main module’s exports (wrangler.toml main)',
    });
  });

  // worker/observability (ADR 063): the log line's shape and the counters, which the room writes too.
  it('the room imports the core, its own files, worker/db, worker/media, worker/observability and the env type', () => {
    expectRule(
      (edge) =>
        !under(edge.from, 'durable-objects') ||
        under(edge.to, 'app/core', 'durable-objects', 'worker/db', 'worker/media', 'worker/observability') ||
        (edge.to === 'worker/env.ts' && edge.typeOnly),
    );
  });

  it('the room’s kernel imports no feature, and nothing but the class imports the room’s parts together', () => {
    expectRule((edge) => !under(edge.from, 'durable-objects/kernel') || !under(edge.to, 'durable-objects/features', 'durable-objects/party-room.ts'));
    expectRule((edge) => !under(edge.from, 'durable-objects/features') || edge.to !== 'durable-objects/party-room.ts');
  });

  it('worker/db imports only the schema’s neighbours and the core', () => {
    expectRule((edge) => !under(edge.from, 'worker/db') || under(edge.to, 'worker/db', 'app/core'));
  });

  it('worker/media sits below the services and the API', () => {
    expectRule((edge) => !under(edge.from, 'worker/media') || !under(edge.to, 'worker/services', 'worker/api'));
  });

  it('the services never reach up into the API', () => {
    expectRule((edge) => !under(edge.from, 'worker/services') || !under(edge.to, 'worker/api'));
  });
});

/**
 * SQL lives in worker/db: a query built with drizzle anywhere else hides the schema's use from the
 * layer that owns it, and a statement written by hand (`prepare(`, or a whole statement in drizzle's
 * sql`…` run by `all`, `get`, `run` or `values`) elsewhere escapes the schema's type check. The
 * files that must hold some would be listed here, each with its reason (none do).
 */
const RAW_STATEMENT = /\.prepare\(|\.(?:all|get|run|values)(?:<[^>]*>)?\(\s*sql`/;
const RAW_SQL_OUTSIDE_DB: Record<string, string> = {};

describe('SQL', () => {
  it('is built with drizzle only in worker/db', () => {
    const builders = ['app', 'worker', 'durable-objects']
      .flatMap(sources)
      .filter((file) => !under(file, 'worker/db') && /from\s*['"]drizzle-orm(\/[^'"]*)?['"]/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(builders, 'drizzle-orm imported outside worker/db').toEqual([]);
  });

  it('is written by hand only in worker/db', () => {
    const files = ['worker', 'durable-objects']
      .flatMap(sources)
      .filter((file) => !under(file, 'worker/db') && RAW_STATEMENT.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(
      files.filter((file) => !(file in RAW_SQL_OUTSIDE_DB)),
      'hand-written SQL outside worker/db',
    ).toEqual([]);
    expect(
      Object.keys(RAW_SQL_OUTSIDE_DB).filter((file) => !files.includes(file)),
      'exceptions that no longer occur: take them off the list',
    ).toEqual([]);
  });
});
