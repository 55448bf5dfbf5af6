import { and, eq, inArray } from 'drizzle-orm';
import { inChunks } from './chunks';
import { database } from './client';
import { partyMedia } from './schema';

/**
 * `party_media`: which files each party shows in a message or has offered for one, so its members
 * may view them. Each party's room keeps its rows in step with its messages
 * (durable-objects/party-room.ts releaseMedia); worker/media/collect.ts deletes what no row holds.
 */

/**
 * Records that a party shows (or is about to show) files in messages. Only files that still exist
 * are linked. Raw SQL: one statement checks the file's row and links it, so a file deleted
 * meanwhile is never linked again. Answers the ids that are linked now.
 */
export async function linkFiles(d1: D1Database, partyId: string, mediaIds: string[], now = Date.now()): Promise<Set<string>> {
  const db = database(d1);
  const linked = new Set<string>();
  await inChunks(
    [...new Set(mediaIds)],
    async (chunk) => {
      await d1.batch(
        chunk.map((mediaId) =>
          d1
            .prepare(
              `INSERT OR IGNORE INTO party_media (party_id, media_id, created_at)
               SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM media_items WHERE id = ?2) OR EXISTS (SELECT 1 FROM party_uploads WHERE id = ?2)`,
            )
            .bind(partyId, mediaId, now),
        ),
      );
      const rows = await db
        .select({ mediaId: partyMedia.mediaId })
        .from(partyMedia)
        .where(and(eq(partyMedia.partyId, partyId), inArray(partyMedia.mediaId, chunk)));
      for (const row of rows) linked.add(row.mediaId);
    },
    { fixed: 1 },
  );
  return linked;
}

/** A party no longer shows these files (its messages with them were deleted). */
export async function unlinkFiles(d1: D1Database, partyId: string, mediaIds: string[]): Promise<void> {
  const db = database(d1);
  await inChunks(mediaIds, (chunk) => db.delete(partyMedia).where(and(eq(partyMedia.partyId, partyId), inArray(partyMedia.mediaId, chunk))), { fixed: 1 });
}

/** The files a party shows: what its deletion may leave unreferenced. */
export async function filesOfParty(d1: D1Database, partyId: string): Promise<string[]> {
  const rows = await database(d1).select({ mediaId: partyMedia.mediaId }).from(partyMedia).where(eq(partyMedia.partyId, partyId));
  return rows.map((row) => row.mediaId);
}
