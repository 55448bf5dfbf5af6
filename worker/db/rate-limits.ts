import { lt, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rateCounters } from './schema';

/** `rate_counters`: fixed-window counters shared by every isolate (worker/services/guest-accounts.ts). */

/** Counts one more for each key in the window, in one batch; answers the counts, in the keys' order. */
export async function countInWindow(db: Db, keys: readonly string[], windowStart: number): Promise<number[]> {
  const [first, ...rest] = keys.map((key) =>
    db
      .insert(rateCounters)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
      .returning({ count: rateCounters.count }),
  );
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]?.count ?? 0);
}

/** Forgets windows that began before `before` (the cron). */
export async function forgetOldWindows(db: Db, before: number): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, before));
}
