import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { guestCodes } from './schema';

/** `guest_codes`: the codes mailed to sign in or to claim an address (worker/services/guest-accounts.ts holds the rules). */

export type GuestCodeRow = typeof guestCodes.$inferSelect;
export type CodePurpose = GuestCodeRow['purpose'];

/**
 * Stores a new code and, in the same batch, forgets the earlier ones it replaces: a login code
 * replaces the address's earlier login codes, a claim code the claiming guest's earlier ones.
 */
export async function replaceCode(db: Db, row: typeof guestCodes.$inferInsert): Promise<void> {
  const earlier =
    row.purpose === 'claim'
      ? and(eq(guestCodes.purpose, 'claim'), eq(guestCodes.guestId, row.guestId ?? ''))
      : and(eq(guestCodes.purpose, 'login'), eq(guestCodes.addressHash, row.addressHash));
  await db.batch([db.delete(guestCodes).where(earlier), db.insert(guestCodes).values(row)]);
}

/**
 * Counts a try at the code before it is compared, in one statement, so that parallel guesses
 * cannot pass the limit: answers the row when the code is unused, unexpired and had tries left.
 */
export async function countTry(db: Db, challengeHash: string, triesMax: number, now: number): Promise<GuestCodeRow | undefined> {
  const [row] = await db
    .update(guestCodes)
    .set({ tries: sql`${guestCodes.tries} + 1` })
    .where(and(eq(guestCodes.challengeHash, challengeHash), isNull(guestCodes.usedAt), gt(guestCodes.expiresAt, now), lt(guestCodes.tries, triesMax)))
    .returning();
  return row;
}

/** Uses the code up; false when another request used it first. */
export async function useCode(db: Db, challengeHash: string, now: number): Promise<boolean> {
  const rows = await db
    .update(guestCodes)
    .set({ usedAt: now })
    .where(and(eq(guestCodes.challengeHash, challengeHash), isNull(guestCodes.usedAt)))
    .returning({ challengeHash: guestCodes.challengeHash });
  return rows.length > 0;
}

/** Forgets codes that expired or were used (the cron). */
export async function forgetOldCodes(db: Db, now: number): Promise<void> {
  await db.delete(guestCodes).where(or(lt(guestCodes.expiresAt, now), lt(guestCodes.usedAt, now)));
}
