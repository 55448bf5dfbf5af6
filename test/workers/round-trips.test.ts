import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import budget from '../fixtures/round-trip-budget.json';
import type { KindBudget, KindCount, KindRequest } from '../support/request-kinds';
import { budgetOf, countKind, overBudget, prepareKinds } from '../support/request-kinds';
import { ORIGIN } from './fixtures';

/**
 * The round trips each request kind makes (issue 40, ADR 049), counted with the bindings wrapped
 * (test/support/distance.ts), never timed: sequential trips to D1's primary, to a replica and to
 * the party's room, and in all. Each stays at or below the budget the bench recorded
 * (`npm run bench -- --only distance --write-budget` writes test/fixtures/round-trip-budget.json);
 * a change that adds a sequential trip fails here until the budget is raised on purpose.
 */

const BUDGET = budget.kinds as Record<string, KindBudget>;

/** The guest's paths the issue bounds: at most one sequential trip to the primary each. */
const GUEST_PATHS = ['page-new', 'page-member', 'page-data', 'join-page', 'join-app'];

let kinds: KindRequest[];
const counts = new Map<string, KindCount>();

async function count(kind: KindRequest): Promise<KindCount> {
  const ctx = createExecutionContext();
  const counted = await countKind(worker.fetch! as never, env, ORIGIN, kind, ctx);
  await waitOnExecutionContext(ctx);
  return counted;
}

describe('round trips per request kind', () => {
  beforeAll(async () => {
    kinds = await prepareKinds(env, ORIGIN);
    for (const kind of kinds) counts.set(kind.kind, await count(kind));
  });

  it('every kind answers as it should', () => {
    for (const counted of counts.values())
      expect(counted.status, counted.kind).toBe(counted.kind.startsWith('socket') ? 101 : counted.kind === 'rest-send' ? 201 : 200);
  });

  it('stay within the recorded budget', () => {
    const over = [...counts.values()].flatMap((counted) => overBudget(counted, BUDGET[counted.kind]));
    const measured = Object.fromEntries([...counts.values()].map((counted) => [counted.kind, budgetOf(counted)]));
    expect(over, `measured: ${JSON.stringify(measured)}`).toEqual([]);
  });

  it("a far guest's page load and join need at most one sequential trip to the primary; her page's reads none", () => {
    for (const kind of GUEST_PATHS) {
      const counted = counts.get(kind)!;
      expect(counted.counts.primary.sequential, kind).toBeLessThanOrEqual(1);
      if (kind.startsWith('page')) expect(counted.counts.primary.total, kind).toBe(0);
    }
  });

  it('every kind has a budget and every budget a kind', () => {
    expect(Object.keys(BUDGET).sort()).toEqual(kinds.map((kind) => kind.kind).sort());
  });
});
