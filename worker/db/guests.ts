import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { guests } from './schema';

/** `guests`: guest identities as worker/auth/guests.ts creates and verifies them (the secret stored as a hash only). */

export async function insertGuest(db: Db, row: typeof guests.$inferInsert): Promise<void> {
  await db.insert(guests).values(row);
}

/** The hash of the guest's secret; undefined for an unknown guest. */
export async function guestSecretHash(db: Db, guestId: string): Promise<string | undefined> {
  const row = await db.query.guests.findFirst({ columns: { secretHash: true }, where: eq(guests.id, guestId) });
  return row?.secretHash;
}
