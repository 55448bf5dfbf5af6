import { among, inChunks } from './chunks';

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
      const { results } = await d1
        .prepare(`SELECT media_id FROM party_media WHERE party_id = ?1${among('media_id', chunk, 2)}`)
        .bind(partyId, ...chunk)
        .all<{ media_id: string }>();
      for (const row of results) linked.add(row.media_id);
    },
    { fixed: 1 },
  );
  return linked;
}

/** A party no longer shows these files (its messages with them were deleted). */
export async function unlinkFiles(d1: D1Database, partyId: string, mediaIds: string[]): Promise<void> {
  await inChunks(
    mediaIds,
    (chunk) =>
      d1
        .prepare(`DELETE FROM party_media WHERE party_id = ?1${among('media_id', chunk, 2)}`)
        .bind(partyId, ...chunk)
        .run(),
    { fixed: 1 },
  );
}

/** The files a party shows: what its deletion may leave unreferenced. */
export async function filesOfParty(d1: D1Database, partyId: string): Promise<string[]> {
  const { results } = await d1.prepare('SELECT media_id FROM party_media WHERE party_id = ?').bind(partyId).all<{ media_id: string }>();
  return results.map((row) => row.media_id);
}
