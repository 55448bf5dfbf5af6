import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './client';
import type { PartyRow } from './schema';
import { parties, profiles } from './schema';

/**
 * `parties`: the party records (worker/services/parties.ts holds the rules). The room mirrors its
 * summary into them through worker/db/room-writes.ts.
 */

/** A party with its managing profile's names; null when the profile is gone. */
export interface PartyWithManager {
  party: PartyRow;
  manager: { id: string; firstName: string; lastName: string } | null;
}

function withManager(db: Db) {
  return db
    .select({ party: parties, manager: { id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName } })
    .from(parties)
    .leftJoin(profiles, eq(profiles.id, parties.profileId));
}

/** The owner's parties and their managers' names in one query, oldest first. */
export async function partiesWithManagers(db: Db, userId: string): Promise<PartyWithManager[]> {
  return withManager(db).where(eq(parties.userId, userId)).orderBy(asc(parties.createdAt));
}

export async function partyWithManager(db: Db, userId: string, partyId: string): Promise<PartyWithManager | undefined> {
  const [row] = await withManager(db).where(and(eq(parties.id, partyId), eq(parties.userId, userId)));
  return row;
}

export async function partyRow(db: Db, partyId: string): Promise<PartyRow | undefined> {
  const query = prepared(db, 'partyRow', (d) => d.query.parties.findFirst({ where: eq(parties.id, sql.placeholder('partyId')) }).prepare());
  return query.execute({ partyId });
}

/** The party, if this user owns it. */
export async function ownedPartyRow(db: Db, userId: string, partyId: string): Promise<PartyRow | undefined> {
  return db.query.parties.findFirst({ where: and(eq(parties.id, partyId), eq(parties.userId, userId)) });
}

export async function partyRowByShortId(db: Db, shortId: string): Promise<PartyRow | undefined> {
  return db.query.parties.findFirst({ where: eq(parties.shortId, shortId) });
}

/** The ids of the user's parties. */
export async function partyIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: parties.id }).from(parties).where(eq(parties.userId, userId));
  return rows.map((row) => row.id);
}

export async function insertParty(db: Db, row: PartyRow): Promise<void> {
  await db.insert(parties).values(row);
}

/** Answers the party as changed; undefined when it is gone. */
export async function updatePartyRow(db: Db, partyId: string, changes: Partial<Omit<PartyRow, 'id'>>): Promise<PartyRow | undefined> {
  const [row] = await db.update(parties).set(changes).where(eq(parties.id, partyId)).returning();
  return row;
}

/** The party's row goes, taking its memberships, its links to files and its other rows with it (foreign keys). */
export async function deletePartyRow(db: Db, partyId: string): Promise<void> {
  await db.delete(parties).where(eq(parties.id, partyId));
}

/** When the manager last opened the party; only the owner's visits count. */
export async function markManagerEntered(db: Db, partyId: string, userId: string, now: number): Promise<void> {
  await db
    .update(parties)
    .set({ managerEnteredAt: now })
    .where(and(eq(parties.id, partyId), eq(parties.userId, userId)));
}
