import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { ExportRunRow } from './schema';
import { exportRuns, users } from './schema';

/** Self-service exports (ADR 062): the row per archive, and the reads and writes its job and link make. */

export type { ExportRunRow };

/** Whose export: a consultant's (her user id) or a guest's (her account's id). */
export type ExportOwner = { userId: string; guestId?: undefined } | { guestId: string; userId?: undefined };

const ownedBy = (owner: ExportOwner) => (owner.userId ? eq(exportRuns.userId, owner.userId) : eq(exportRuns.guestId, owner.guestId!));

/** The owner's newest export. */
export async function newestExport(db: Db, owner: ExportOwner): Promise<ExportRunRow | undefined> {
  const [row] = await db.select().from(exportRuns).where(ownedBy(owner)).orderBy(desc(exportRuns.createdAt), desc(exportRuns.id)).limit(1);
  return row;
}

export async function exportRun(db: Db, id: string): Promise<ExportRunRow | undefined> {
  const [row] = await db.select().from(exportRuns).where(eq(exportRuns.id, id)).limit(1);
  return row;
}

/**
 * Starts an export unless the owner has one running: the unique partial index decides between two
 * requests at once, so both answer the same row. Answers the running export and whether it is new.
 */
export async function startExport(db: Db, row: ExportRunRow): Promise<{ run: ExportRunRow; started: boolean }> {
  const inserted = await db.insert(exportRuns).values(row).onConflictDoNothing().returning();
  if (inserted[0]) return { run: inserted[0], started: true };
  const [running] = await db
    .select()
    .from(exportRuns)
    .where(and(ownedBy(row.userId ? { userId: row.userId } : { guestId: row.guestId! }), eq(exportRuns.state, 'running')))
    .limit(1);
  return { run: running!, started: false };
}

export type ExportChanges = Partial<Omit<ExportRunRow, 'id' | 'userId' | 'guestId' | 'createdAt'>>;

export async function updateExport(db: Db, id: string, changes: ExportChanges): Promise<void> {
  await db.update(exportRuns).set(changes).where(eq(exportRuns.id, id));
}

/** A failed export running again (a new request continues it), unless another one runs. */
export async function restartExport(db: Db, id: string, now: number): Promise<boolean> {
  try {
    const rows = await db
      .update(exportRuns)
      .set({ state: 'running', failures: 0, updatedAt: now })
      .where(and(eq(exportRuns.id, id), eq(exportRuns.state, 'failed')))
      .returning({ id: exportRuns.id });
    return rows.length > 0;
  } catch {
    // Another export of the owner's runs (the unique index): the caller joins that one.
    return false;
  }
}

/**
 * Spends the link: answers the export when `linkHash` is its link's, unused and unexpired, and
 * marks it used in the same statement, so two clicks at once download once.
 */
export async function spendLink(db: Db, id: string, linkHash: string, now: number): Promise<ExportRunRow | undefined> {
  const [row] = await db
    .update(exportRuns)
    .set({ linkUsedAt: now })
    .where(
      and(
        eq(exportRuns.id, id),
        eq(exportRuns.state, 'ready'),
        eq(exportRuns.linkHash, linkHash),
        isNull(exportRuns.linkUsedAt),
        sql`${exportRuns.linkExpiresAt} > ${now}`,
      ),
    )
    .returning();
  return row;
}

/** Exports made before `before` (their archives are deleted), and failed ones as old. */
export async function exportsFinishedBefore(db: Db, before: number): Promise<{ id: string }[]> {
  return db
    .select({ id: exportRuns.id })
    .from(exportRuns)
    .where(or(lt(exportRuns.finishedAt, before), and(eq(exportRuns.state, 'failed'), lt(exportRuns.updatedAt, before))));
}

export async function deleteExports(db: Db, ids: string[]): Promise<void> {
  for (const id of ids) await db.delete(exportRuns).where(eq(exportRuns.id, id));
}

/** The consultant's sign-in address, where her export's link goes. */
export async function userEmail(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}

/** The consultant's account as her export lists it. */
export async function accountRow(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
