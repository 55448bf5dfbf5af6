import { and, asc, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';
import type { ProfileRow } from './schema';
import { parties, profiles } from './schema';

/** `profiles`: consultants' profiles (bio cards); worker/services/profiles.ts holds the rules. */

const byAge = [asc(profiles.createdAt), asc(profiles.lastName)];

/** The user's profiles' ids and names, oldest first. */
export async function profileOptions(db: Db, userId: string): Promise<{ id: string; firstName: string; lastName: string }[]> {
  return db
    .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(...byAge);
}

/** The user's profiles with all their fields, oldest first. */
export async function profileRows(db: Db, userId: string): Promise<ProfileRow[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .orderBy(...byAge);
}

export async function countProfiles(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId));
  return row?.n ?? 0;
}

/** The profile, if this user owns it. */
export async function ownedProfileRow(db: Db, userId: string, profileId: string): Promise<ProfileRow | undefined> {
  return db.query.profiles.findFirst({ where: and(eq(profiles.id, profileId), eq(profiles.userId, userId)) });
}

export async function profileRowByShortId(db: Db, shortId: string): Promise<ProfileRow | undefined> {
  return db.query.profiles.findFirst({ where: eq(profiles.shortId, shortId) });
}

export async function profileNames(db: Db, profileId: string): Promise<{ firstName: string; lastName: string; shortId: string | null } | undefined> {
  return db.query.profiles.findFirst({ columns: { firstName: true, lastName: true, shortId: true }, where: eq(profiles.id, profileId) });
}

export async function insertProfile(db: Db, row: ProfileRow): Promise<void> {
  await db.insert(profiles).values(row);
}

/** Answers the profile as changed; undefined when it is gone. */
export async function updateProfileRow(db: Db, profileId: string, changes: Partial<Omit<ProfileRow, 'id' | 'userId'>>): Promise<ProfileRow | undefined> {
  const [row] = await db.update(profiles).set(changes).where(eq(profiles.id, profileId)).returning();
  return row;
}

/** The profile goes and the parties it managed pass to `heir`, in one transaction, so every party keeps a manager. */
export async function deleteProfileRow(db: Db, userId: string, profileId: string, heir: string): Promise<void> {
  await db.batch([
    db
      .update(parties)
      .set({ profileId: heir })
      .where(and(eq(parties.userId, userId), eq(parties.profileId, profileId))),
    db.delete(profiles).where(eq(profiles.id, profileId)),
  ]);
}

/** `%`, `_` and the escape itself are LIKE's syntax: in a visitor's query they are letters. */
function containing(text: SQL, part: string): SQL {
  return sql`${text} LIKE ${`%${part.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} ESCAPE '\\'`;
}

/**
 * Public profiles (those with a short id) whose "first last" name holds, for every group of
 * `words`, one of its spellings; by last name, at most `limit`. SQLite's LIKE folds only ASCII
 * letters, so the caller gives each word the spellings to try.
 */
export async function searchProfileRows(db: Db, words: string[][], limit: number): Promise<ProfileRow[]> {
  const name = sql<string>`${profiles.firstName} || ' ' || ${profiles.lastName}`;
  return db
    .select()
    .from(profiles)
    .where(and(isNotNull(profiles.shortId), ...words.map((spellings) => or(...spellings.map((spelling) => containing(name, spelling))))))
    .orderBy(asc(profiles.lastName), asc(profiles.firstName), asc(profiles.shortId))
    .limit(limit);
}
