import { AppError } from '#core/errors';
import { IdSchema } from '#core/schemas';
import type { Db } from '../db/client';
import { ownMediaItem } from '../db/media';
import type { MediaItemRow, MediaUploadRow } from '../db/schema';
import { insertUpload, newUpload, uploadOf } from '../db/uploads';
import type { Env } from '../env';
import { appendToUpload } from '../media/tus';

/**
 * A library item's resumable upload (the tus endpoint, worker/api/tus.ts): whose it is, where it
 * stands, and which bytes it takes. The storage is worker/media/tus.ts.
 */

/** The owner's item and its upload; another consultant's item is not found, like a missing one. */
export async function ownUpload(db: Db, userId: string, id: string): Promise<{ item: MediaItemRow; upload: MediaUploadRow }> {
  if (!IdSchema.safeParse(id).success) throw new AppError('mediaNotFound');
  const item = await ownMediaItem(db, userId, id);
  if (!item) throw new AppError('mediaNotFound');
  let upload = await uploadOf(db, id);
  if (!upload) {
    // An item from before uploads had rows: nothing of it was stored unless it is past waiting.
    upload = { ...newUpload(id, Date.now()), offset: item.state === 'waiting' ? 0 : item.size };
    await insertUpload(db, upload);
  }
  return { item, upload };
}

/** The offset HEAD reports: a failed upload has none to resume from. */
export function uploadOffset(item: MediaItemRow, upload: MediaUploadRow): number {
  if (item.state === 'failed') throw new AppError('uploadFailed');
  return item.state === 'waiting' ? upload.offset : item.size;
}

/**
 * A PATCH's bytes at `offset`, which must be where the upload stands and short of its end; a body
 * whose declared length (NaN: none) would pass the item's size is refused before it is read.
 * Answers the new offset.
 */
export async function appendUpload(
  env: Env,
  db: Db,
  { item, upload }: { item: MediaItemRow; upload: MediaUploadRow },
  offset: number,
  declared: number,
  body: ReadableStream<Uint8Array> | null,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<number> {
  if (uploadOffset(item, upload) !== offset || offset === item.size) throw new AppError('uploadConflict');
  if (Number.isFinite(declared) && offset + declared > item.size) throw new AppError('fileTooLarge');
  return appendToUpload(env, db, item, upload, offset, body, waitUntil);
}
