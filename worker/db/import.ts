import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from './client';
import { importItems, importRuns, mediaItems } from './schema';

export type ImportRunRow = typeof importRuns.$inferSelect;
export type ImportKind = 'file' | 'media' | 'message' | 'party';

/** The consultant's run by its id; another consultant's is not there. */
export async function ownImportRun(db: Db, userId: string, id: string): Promise<ImportRunRow | undefined> {
  const [row] = await db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.id, id), eq(importRuns.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Opens the run of this consultant and older account, or continues the one there is with the new
 * token (a second sign-in resumes it). Answers the run as stored.
 */
export async function openImportRun(db: Db, row: ImportRunRow): Promise<ImportRunRow> {
  const [stored] = await db
    .insert(importRuns)
    .values(row)
    .onConflictDoUpdate({
      target: [importRuns.userId, importRuns.sourceEmail],
      set: { accessToken: row.accessToken, tokenExpiresAt: row.tokenExpiresAt, updatedAt: row.updatedAt },
    })
    .returning();
  return stored!;
}

export async function setImportFolder(db: Db, id: string, folderId: string, now: number): Promise<void> {
  await db.update(importRuns).set({ folderId, updatedAt: now }).where(eq(importRuns.id, id));
}

/** What the run copied of one kind: the older id → what it became. */
export async function copiedItems(db: Db, importId: string, kind: ImportKind): Promise<Map<string, string>> {
  const rows = await db
    .select({ sourceId: importItems.sourceId, targetId: importItems.targetId })
    .from(importItems)
    .where(and(eq(importItems.importId, importId), eq(importItems.kind, kind)));
  return new Map(rows.map((row) => [row.sourceId, row.targetId]));
}

export async function copiedItem(db: Db, importId: string, kind: ImportKind, sourceId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ targetId: importItems.targetId })
    .from(importItems)
    .where(and(eq(importItems.importId, importId), eq(importItems.kind, kind), eq(importItems.sourceId, sourceId)))
    .limit(1);
  return row?.targetId;
}

/** Records an item as copied; one recorded before stays as it was. */
export async function recordCopied(db: Db, importId: string, kind: ImportKind, sourceId: string, targetId: string, now: number): Promise<void> {
  await db.insert(importItems).values({ importId, kind, sourceId, targetId, createdAt: now }).onConflictDoNothing();
}

/** Whether a library item already stands over these bytes (an older file two items share). */
export async function itemOverKey(db: Db, storageKey: string): Promise<boolean> {
  const [row] = await db.select({ id: mediaItems.id }).from(mediaItems).where(eq(mediaItems.storageKey, storageKey)).limit(1);
  return row !== undefined;
}

/** Longer than a conversion's start takes (a copy handed to Stream): a video waiting longer was left by a call cut off. */
const VIDEO_START_MAX_MS = 15_000;

/**
 * Whether this call may start the conversion of an imported video another call made: only of one
 * left waiting, unconverted, for longer than a start takes, and then only one call may (it marks
 * the row in the statement that checks it).
 */
export async function claimStaleVideo(db: Db, id: string, now: number): Promise<boolean> {
  const claimed = await db
    .update(mediaItems)
    .set({ updatedAt: now })
    .where(and(eq(mediaItems.id, id), eq(mediaItems.state, 'waiting'), isNull(mediaItems.streamUid), lt(mediaItems.updatedAt, now - VIDEO_START_MAX_MS)))
    .returning({ id: mediaItems.id });
  return claimed.length > 0;
}
