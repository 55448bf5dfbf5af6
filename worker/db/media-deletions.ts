import { DAY_MS } from '#core/limits';
import { among, inChunks } from './chunks';

/**
 * Which files are still needed, and the first step of deleting those that are not
 * (worker/media/collect.ts does both steps).
 *
 * A file is referenced by
 * - its library item, until the cron purges it from the trash (`media_items.purged_at`);
 * - every party that shows it in a message or has it offered for one (`party_media`, worker/db/party-media.ts);
 * - every template message that names it (`template_messages.media_id`).
 * A party upload (a guest's photo or voice message) has no library item: only parties hold it.
 */

/** How long an announced party upload may wait for its bytes. */
const UPLOAD_WAIT_MS = DAY_MS;

const NOT_LINKED = (id: string) => `NOT EXISTS (SELECT 1 FROM party_media WHERE party_media.media_id = ${id})`;

/** Library items purged from the trash that no party and no template shows any more. */
const UNREFERENCED_ITEMS = `FROM media_items WHERE purged_at IS NOT NULL AND ${NOT_LINKED('media_items.id')}
  AND NOT EXISTS (SELECT 1 FROM template_messages WHERE template_messages.media_id = media_items.id)`;

/** Party uploads nobody has: held by no party, or announced long ago and their bytes never came. */
const UNHELD_UPLOADS = `FROM party_uploads WHERE ((state = 'waiting' AND created_at <= ?1) OR (state = 'ready' AND ${NOT_LINKED('party_uploads.id')}))`;

/**
 * Step one, in one D1 transaction: the rows of files nobody references go, among `mediaIds` or all
 * of them (null), and their R2 keys and Stream videos are written to `media_deletions`. From then
 * on nothing can name the file (linking checks its row in the same statement). Returns how many
 * files went.
 */
export async function forgetUnreferenced(d1: D1Database, mediaIds: string[] | null, now: number): Promise<number> {
  if (mediaIds === null) return forgetChunk(d1, null, now);
  // The first statement binds the cutoff and the time besides the ids.
  const counts = await inChunks(mediaIds, (chunk) => forgetChunk(d1, chunk, now), { fixed: 2 });
  return counts.reduce((sum, count) => sum + count, 0);
}

/**
 * Raw SQL: the rows' deletion and the record of their bytes must be one transaction, and the
 * reference checks are subqueries of the same statements.
 */
async function forgetChunk(d1: D1Database, ids: string[] | null, now: number): Promise<number> {
  if (ids !== null && ids.length === 0) return 0;
  const cutoff = now - UPLOAD_WAIT_MS;
  const only = ids ?? [];
  // In the first statement ?1 is the upload cutoff, ?2 the time and the ids follow.
  const items = `${UNREFERENCED_ITEMS}${among('media_items.id', ids, 3)}`;
  const uploads = `${UNHELD_UPLOADS}${among('party_uploads.id', ids, 3)}`;
  const results = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO media_deletions (kind, target, created_at)
         SELECT 'r2', storage_key, ?2 ${items}
         UNION ALL SELECT 'r2', storage_key || '.carry', ?2 ${items}
         UNION ALL SELECT 'r2', preview_key, ?2 ${items} AND preview_key IS NOT NULL
         UNION ALL SELECT 'stream', stream_uid, ?2 ${items} AND stream_uid IS NOT NULL
         UNION ALL SELECT 'r2', storage_key, ?2 ${uploads}`,
      )
      .bind(cutoff, now, ...only),
    d1.prepare(`DELETE ${UNREFERENCED_ITEMS}${among('media_items.id', ids, 1)}`).bind(...only),
    d1.prepare(`DELETE ${UNHELD_UPLOADS}${among('party_uploads.id', ids, 2)}`).bind(cutoff, ...only),
  ]);
  return results[1]!.meta.changes + results[2]!.meta.changes;
}

export interface PendingDeletion {
  /** `r2` (a key in MEDIA) or `stream` (a video uid at Stream). */
  kind: string;
  target: string;
}

/** The oldest bytes waiting to be deleted (R2 deletes at most 1,000 keys per call). */
export async function pendingDeletions(d1: D1Database): Promise<PendingDeletion[]> {
  const { results } = await d1.prepare('SELECT kind, target FROM media_deletions ORDER BY created_at LIMIT 1000').all<PendingDeletion>();
  return results;
}

/** These bytes are gone: their records go. */
export async function forgetDeletions(d1: D1Database, done: readonly PendingDeletion[]): Promise<void> {
  await inChunks(
    done,
    (chunk) =>
      d1
        .prepare(`DELETE FROM media_deletions WHERE (kind, target) IN (VALUES ${chunk.map((_, i) => `(?${2 * i + 1}, ?${2 * i + 2})`).join(', ')})`)
        .bind(...chunk.flatMap((row) => [row.kind, row.target]))
        .run(),
    { perItem: 2 },
  );
}
