import { and, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { MediaItemRow, MediaUploadRow } from './schema';
import { mediaItems, mediaUploadParts, mediaUploads } from './schema';

/**
 * The state of a media item's resumable upload (worker/media/tus.ts): `media_uploads` (R2's
 * multipart id, offset, parts, the lease) and `media_upload_parts` (each part's etag). Every write
 * of a PATCH names its lease's token in the same statement, so a request that lost the upload
 * writes nothing (ADR 021).
 */

/** A PATCH's hold on an upload: its token in the upload's row. */
export interface LeaseKey {
  mediaId: string;
  token: string;
}

/** An item in flight, with its upload. */
export interface ItemUpload {
  item: MediaItemRow;
  upload: MediaUploadRow;
}

/** The upload row of a new item: nothing stored yet. */
export function newUpload(mediaId: string, now: number): MediaUploadRow {
  return { mediaId, multipartId: null, offset: 0, parts: 0, lockedUntil: null, lease: null, updatedAt: now };
}

export function uploadOf(db: Db, mediaId: string): Promise<MediaUploadRow | undefined> {
  return db.query.mediaUploads.findFirst({ where: eq(mediaUploads.mediaId, mediaId) });
}

/** Adds the row unless one is there already. */
export async function insertUpload(db: Db, row: MediaUploadRow): Promise<void> {
  await db.insert(mediaUploads).values(row).onConflictDoNothing();
}

/** The lease still holds the upload. */
const held = (lease: LeaseKey) => and(eq(mediaUploads.mediaId, lease.mediaId), eq(mediaUploads.lease, lease.token));

/** The same, for statements on other tables. */
const heldHere = (db: Db, lease: LeaseKey) => exists(db.select({ mediaId: mediaUploads.mediaId }).from(mediaUploads).where(held(lease)));

/** Takes the upload at `offset` until `until`, unless another lease holds it still. False when not taken. */
export async function takeLease(db: Db, lease: LeaseKey, offset: number, until: number, now: number): Promise<boolean> {
  const taken = await db
    .update(mediaUploads)
    .set({ lease: lease.token, lockedUntil: until })
    .where(
      and(
        eq(mediaUploads.mediaId, lease.mediaId),
        eq(mediaUploads.offset, offset),
        sql`(${mediaUploads.lockedUntil} IS NULL OR ${mediaUploads.lockedUntil} < ${now})`,
      ),
    )
    .returning({ mediaId: mediaUploads.mediaId });
  return taken.length > 0;
}

/** Keeps the upload until `until`. False when the lease was lost. */
export async function extendLease(db: Db, lease: LeaseKey, until: number): Promise<boolean> {
  const kept = await db.update(mediaUploads).set({ lockedUntil: until }).where(held(lease)).returning({ mediaId: mediaUploads.mediaId });
  return kept.length > 0;
}

export async function releaseLease(db: Db, lease: LeaseKey): Promise<void> {
  await db.update(mediaUploads).set({ lease: null, lockedUntil: null }).where(held(lease));
}

/** A part stored in R2. */
export interface StoredPart {
  partNumber: number;
  etag: string;
}

/**
 * Records a part written to R2 and the upload's progress past it, in one transaction; both
 * statements ask for the lease. False when it was lost (nothing is written then).
 */
export async function recordPart(
  db: Db,
  lease: LeaseKey,
  part: StoredPart,
  progress: { multipartId: string; parts: number; offset: number; lockedUntil: number },
  now: number,
): Promise<boolean> {
  const [, moved] = await db.batch([
    db
      .insert(mediaUploadParts)
      .select(
        db
          .select({
            mediaId: mediaUploads.mediaId,
            partNumber: sql<number>`${part.partNumber}`.as('part_number'),
            etag: sql<string>`${part.etag}`.as('etag'),
          })
          .from(mediaUploads)
          .where(held(lease)),
      )
      .onConflictDoUpdate({ target: [mediaUploadParts.mediaId, mediaUploadParts.partNumber], set: { etag: part.etag } }),
    db
      .update(mediaUploads)
      .set({ ...progress, updatedAt: now })
      .where(held(lease))
      .returning({ mediaId: mediaUploads.mediaId }),
  ]);
  return moved.length > 0;
}

/** The offset moves past a new carry-over. False when the lease was lost. */
export async function recordOffset(db: Db, lease: LeaseKey, offset: number, lockedUntil: number, now: number): Promise<boolean> {
  const moved = await db.update(mediaUploads).set({ offset, lockedUntil, updatedAt: now }).where(held(lease)).returning({ mediaId: mediaUploads.mediaId });
  return moved.length > 0;
}

/** The parts stored so far. */
export function uploadParts(db: Db, mediaId: string): Promise<StoredPart[]> {
  return db
    .select({ partNumber: mediaUploadParts.partNumber, etag: mediaUploadParts.etag })
    .from(mediaUploadParts)
    .where(eq(mediaUploadParts.mediaId, mediaId));
}

/**
 * The last byte arrived and the file was judged: its parts' rows go, the item takes `state`, and
 * the upload ends at `size` without a lease, in one transaction, while the lease holds. The
 * upload's row last: the statements before it ask for the lease it gives up.
 */
export async function finishUpload(db: Db, lease: LeaseKey, size: number, state: string, now: number): Promise<void> {
  await db.batch([
    db.delete(mediaUploadParts).where(and(eq(mediaUploadParts.mediaId, lease.mediaId), heldHere(db, lease))),
    db
      .update(mediaItems)
      .set({ state, updatedAt: now })
      .where(and(eq(mediaItems.id, lease.mediaId), heldHere(db, lease))),
    db.update(mediaUploads).set({ offset: size, parts: 0, multipartId: null, lockedUntil: null, lease: null, updatedAt: now }).where(held(lease)),
  ]);
}

/** Uploads still waiting for bytes that have not moved since `before` and that no lease holds at `now`. */
export function staleUploads(db: Db, before: number, now: number): Promise<ItemUpload[]> {
  return db
    .select({ item: mediaItems, upload: mediaUploads })
    .from(mediaUploads)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaUploads.mediaId))
    .where(
      and(
        eq(mediaItems.state, 'waiting'),
        sql`${mediaUploads.offset} < ${mediaItems.size}`,
        sql`${mediaUploads.updatedAt} < ${before}`,
        sql`(${mediaUploads.lockedUntil} IS NULL OR ${mediaUploads.lockedUntil} < ${now})`,
      ),
    );
}

/** An upload given up: its item fails, its parts' rows go, and nothing of it is in R2 any more. */
export async function failUpload(db: Db, mediaId: string, now: number): Promise<void> {
  await db.batch([
    db.update(mediaItems).set({ state: 'failed', updatedAt: now }).where(eq(mediaItems.id, mediaId)),
    db.delete(mediaUploadParts).where(eq(mediaUploadParts.mediaId, mediaId)),
    db.update(mediaUploads).set({ multipartId: null, parts: 0, lockedUntil: null, lease: null, updatedAt: now }).where(eq(mediaUploads.mediaId, mediaId)),
  ]);
}

/** An owner's uploads with a multipart upload open in R2. */
export function multipartUploadsOf(db: Db, userId: string): Promise<ItemUpload[]> {
  return db
    .select({ item: mediaItems, upload: mediaUploads })
    .from(mediaUploads)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaUploads.mediaId))
    .where(and(eq(mediaItems.userId, userId), isNotNull(mediaUploads.multipartId)));
}
