import { and, eq } from 'drizzle-orm';
import type { Db } from './client';
import { insertFolder } from './library';
import type { MediaItemRow } from './schema';
import { mediaFolders, mediaItems } from './schema';

/**
 * A live show's recording in the consultant's library (ADR 060): a video item of her "Live" folder,
 * which the room writes when Stream has the recording (durable-objects/features/live.ts). Both ids
 * are derived (the folder's from her, the item's from Stream's video), so a poll that runs again
 * writes nothing twice.
 */

/**
 * Her "Live" folder at the library's root, made if absent; null (the root) when she has put it in
 * the trash, so a new recording is not hidden there.
 */
export async function liveFolder(db: Db, userId: string, id: string, title: string, now: number): Promise<string | null> {
  await insertFolder(db, 'media', { id, userId, parentId: null, title, createdAt: now, updatedAt: now, trashedAt: null }, { ifAbsent: true });
  const [folder] = await db
    .select({ trashedAt: mediaFolders.trashedAt })
    .from(mediaFolders)
    .where(and(eq(mediaFolders.id, id), eq(mediaFolders.userId, userId)));
  return folder && folder.trashedAt === null ? id : null;
}

/**
 * The recording's item, written if absent. It has no original in R2 (Stream holds the only copy) and
 * so no upload row; it is `converting` until the first look at it finds Stream's video ready
 * (worker/services/media-convert.ts followConversion), as an imported video is.
 */
export async function insertRecording(db: Db, row: MediaItemRow): Promise<void> {
  await db.insert(mediaItems).values(row).onConflictDoNothing();
}
