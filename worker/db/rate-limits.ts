import { lt } from 'drizzle-orm';
import type { Db } from './client';
import { rateCounters } from './schema';

/** `rate_counters`: fixed-window counters shared by every isolate (worker/services/guest-accounts.ts). */

/** One limit of a tier list: the counter's key and how many the window allows. */
export interface Tier {
  key: string;
  limit: number;
}

/** Tier `i`'s parameters: ?1 is the window's start, then each tier's limit and key. */
const limitParam = (i: number) => `?${2 * i + 2}`;
const keyParam = (i: number) => `?${2 * i + 3}`;
/** Whether tier `j` allows what its counter holds (0 before its first request). */
const allows = (j: number) => `COALESCE((SELECT count FROM rate_counters WHERE key = ${keyParam(j)} AND window_start = ?1), 0) <= ${limitParam(j)}`;

/**
 * Counts one more request against each tier, in order, and answers whether every tier allows it. A
 * tier counts the request only when every tier before it allowed it: a request refused by one
 * limit uses up none after it (a client over its own limit spends neither the addresses it names
 * nor the overall budget). In one batch, so one transaction: each statement reads the counts the
 * ones before it wrote. Raw SQL: the upsert's condition reads the earlier tiers' counters.
 */
export async function countInTiers(db: Db, tiers: readonly Tier[], windowStart: number): Promise<boolean> {
  const d1 = db.$client;
  const params = [windowStart, ...tiers.flatMap((tier) => [tier.limit, tier.key])];
  const statements = tiers.map((_, i) => {
    const earlier = tiers.slice(0, i).map((__, j) => allows(j));
    const allowed = earlier.length > 0 ? earlier.join(' AND ') : '1';
    return d1
      .prepare(
        `INSERT INTO rate_counters (key, window_start, count) SELECT ${keyParam(i)}, ?1, 1 WHERE ${allowed}
         ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 WHERE ${allowed}
         RETURNING count`,
      )
      .bind(...params.slice(0, 2 * i + 3));
  });
  const results = await d1.batch<{ count: number }>(statements);
  return results.every((result, i) => {
    const count = result.results[0]?.count;
    return count !== undefined && count <= tiers[i]!.limit;
  });
}

/** Forgets windows that began before `before` (the cron). */
export async function forgetOldWindows(db: Db, before: number): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
