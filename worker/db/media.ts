import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from './client';
import { inFolder } from './library';
import type { LibraryFolderRow } from './library';
import type { MediaItemRow } from './schema';
import { mediaFolders, mediaItems, mediaUploads } from './schema';
import { newUpload } from './uploads';

/**
 * `media_items`: a consultant's library items (worker/services/media.ts holds the rules; the
 * folders are worker/db/library.ts's). An item purged from the trash keeps its row until its file
 * goes (worker/db/media-deletions.ts), and is no longer the owner's to see.
 */

/** A library item by id, whoever owns it, purged or not. */
export function mediaItemById(db: Db, id: string): Promise<MediaItemRow | undefined> {
  return db.query.mediaItems.findFirst({ where: eq(mediaItems.id, id) });
}

/** The owner's item, purged or not. */
export function ownedMediaItem(db: Db, userId: string, id: string): Promise<MediaItemRow | undefined> {
  return db.query.mediaItems.findFirst({ where: and(eq(mediaItems.id, id), eq(mediaItems.userId, userId)) });
}

/** The owner's item, unless it was purged from the trash. */
export function ownMediaItem(db: Db, userId: string, id: string): Promise<MediaItemRow | undefined> {
  return db.query.mediaItems.findFirst({ where: and(eq(mediaItems.id, id), eq(mediaItems.userId, userId), isNull(mediaItems.purgedAt)) });
}

/** The owner's media folder. */
export function ownMediaFolder(db: Db, userId: string, id: string): Promise<LibraryFolderRow | undefined> {
  return db.query.mediaFolders.findFirst({ where: and(eq(mediaFolders.id, id), eq(mediaFolders.userId, userId)) });
}

/** The owner's items directly in a folder (null: the top level), not trashed themselves. */
export function mediaItemsIn(db: Db, userId: string, folderId: string | null): Promise<MediaItemRow[]> {
  return db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.userId, userId), inFolder(mediaItems.folderId, folderId), isNull(mediaItems.trashedAt)));
}

/** The owner's items not trashed themselves, in any folder. */
export function untrashedMediaItems(db: Db, userId: string): Promise<MediaItemRow[]> {
  return db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.userId, userId), isNull(mediaItems.trashedAt)));
}

/** The owner's items put in the trash themselves and not yet purged. */
export function trashedMediaItems(db: Db, userId: string): Promise<MediaItemRow[]> {
  return db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.userId, userId), isNotNull(mediaItems.trashedAt), isNull(mediaItems.purgedAt)));
}

/** A new item with its empty upload (worker/db/uploads.ts), in one transaction. */
export async function insertMediaItem(db: Db, row: MediaItemRow): Promise<void> {
  await db.batch([db.insert(mediaItems).values(row), db.insert(mediaUploads).values(newUpload(row.id, row.createdAt))]);
}

/** `insertMediaItem` for an id another call may be writing at the same moment (an import's): true when this one wrote it. */
export async function insertMediaItemIfAbsent(db: Db, row: MediaItemRow): Promise<boolean> {
  const [inserted] = await db.batch([
    db.insert(mediaItems).values(row).onConflictDoNothing().returning({ id: mediaItems.id }),
    db.insert(mediaUploads).values(newUpload(row.id, row.createdAt)).onConflictDoNothing(),
  ]);
  return inserted.length > 0;
}

export type MediaItemChanges = Partial<Omit<MediaItemRow, 'id' | 'userId'>>;

export async function updateMediaItem(db: Db, id: string, changes: MediaItemChanges): Promise<void> {
  await db.update(mediaItems).set(changes).where(eq(mediaItems.id, id));
}

/** Points the item at its preview. False when the row is gone (purged meanwhile). */
export async function setPreviewKey(db: Db, id: string, previewKey: string, now: number): Promise<boolean> {
  const updated = await db.update(mediaItems).set({ previewKey, updatedAt: now }).where(eq(mediaItems.id, id)).returning({ id: mediaItems.id });
  return updated.length > 0;
}
