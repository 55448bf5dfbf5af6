import { DAY_MS } from '../../app/core/limits';
import type { Env } from '../env';
import { streamClient } from '../media/stream';

/**
 * Which files are still needed, and the deletion of those that are not (spec section 7: deleting
 * a message or purging the trash removes what nobody references any more).
 *
 * A file is referenced by
 * - its library item, until the cron purges it from the trash (`media_items.purged_at`);
 * - every party that shows it in a message or has it offered for one (`party_media`, which each
 *   party's room keeps in step with its messages: durable-objects/party-room.ts releaseMedia);
 * - every template message that names it (`template_messages.media_id`).
 * A party upload (a guest's photo or voice message) has no library item: only parties hold it.
 *
 * Deleting happens in two steps. First, in one D1 transaction, the rows of files nobody references
 * go and their R2 keys and Stream videos are written to `media_deletions`: from then on nothing
 * can name the file (linking a file checks its row in the same statement, `linkFiles`). Then the
 * bytes go and their `media_deletions` rows after them. Deleting a key or video twice is harmless,
 * so a run that stops anywhere is finished by the next one (the daily cron runs it all).
 */

/** How long an announced party upload may wait for its bytes. */
const UPLOAD_WAIT_MS = DAY_MS;

/** D1 binds at most 100 parameters to a statement. */
const IDS_PER_STATEMENT = 90;

const NOT_LINKED = (id: string) => `NOT EXISTS (SELECT 1 FROM party_media WHERE party_media.media_id = ${id})`;

/** Library items purged from the trash that no party and no template shows any more. */
const UNREFERENCED_ITEMS = `FROM media_items WHERE purged_at IS NOT NULL AND ${NOT_LINKED('media_items.id')}
  AND NOT EXISTS (SELECT 1 FROM template_messages WHERE template_messages.media_id = media_items.id)`;

/** Party uploads nobody has: held by no party, or announced long ago and their bytes never came. */
const UNHELD_UPLOADS = `FROM party_uploads WHERE ((state = 'waiting' AND created_at <= ?1) OR (state = 'ready' AND ${NOT_LINKED('party_uploads.id')}))`;

/**
 * Records that a party shows (or is about to show) files in messages, so its members may view
 * them. Only files that still exist are linked, in the same statement: a file deleted meanwhile
 * is never linked again. Answers the ids that are linked now.
 */
export async function linkFiles(d1: D1Database, partyId: string, mediaIds: string[], now = Date.now()): Promise<Set<string>> {
  const linked = new Set<string>();
  const unique = [...new Set(mediaIds)];
  for (let at = 0; at < unique.length; at += IDS_PER_STATEMENT) {
    const chunk = unique.slice(at, at + IDS_PER_STATEMENT);
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
  }
  return linked;
}

/** A party no longer shows these files (its messages with them were deleted). */
export async function unlinkFiles(d1: D1Database, partyId: string, mediaIds: string[]): Promise<void> {
  for (let at = 0; at < mediaIds.length; at += IDS_PER_STATEMENT) {
    const chunk = mediaIds.slice(at, at + IDS_PER_STATEMENT);
    await d1
      .prepare(`DELETE FROM party_media WHERE party_id = ?1${among('media_id', chunk, 2)}`)
      .bind(partyId, ...chunk)
      .run();
  }
}

/** The files a party shows: what its deletion may leave unreferenced. */
export async function filesOfParty(d1: D1Database, partyId: string): Promise<string[]> {
  const { results } = await d1.prepare('SELECT media_id FROM party_media WHERE party_id = ?').bind(partyId).all<{ media_id: string }>();
  return results.map((row) => row.media_id);
}

/**
 * Deletes the files nobody references: among `mediaIds` (after a message or a party went), or
 * all of them (the cron). Returns how many files went.
 */
export async function collectMedia(env: Env, mediaIds: string[] | null = null, now = Date.now()): Promise<number> {
  let collected = 0;
  if (mediaIds === null) collected = await collectChunk(env.DB, null, now);
  else for (let at = 0; at < mediaIds.length; at += IDS_PER_STATEMENT) collected += await collectChunk(env.DB, mediaIds.slice(at, at + IDS_PER_STATEMENT), now);
  await deleteBytes(env);
  return collected;
}

/** `AND column IN (?first, ...)` for the ids, or nothing for all. */
function among(column: string, ids: string[] | null, first: number): string {
  return ids === null ? '' : ` AND ${column} IN (${ids.map((_, i) => `?${first + i}`).join(', ')})`;
}

/** Step one, one transaction: the rows go, their bytes are recorded for deletion. */
async function collectChunk(d1: D1Database, ids: string[] | null, now: number): Promise<number> {
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

/** Step two: the recorded bytes go, then their records. Stream's 404 counts as gone. */
async function deleteBytes(env: Env): Promise<void> {
  const stream = streamClient(env);
  for (;;) {
    const { results } = await env.DB.prepare('SELECT kind, target FROM media_deletions ORDER BY created_at LIMIT 1000').all<{ kind: string; target: string }>();
    if (results.length === 0) return;
    const keys = results.filter((row) => row.kind === 'r2').map((row) => row.target);
    // R2 deletes at most 1,000 keys per call.
    if (keys.length > 0) await env.MEDIA.delete(keys);
    const videos = results.filter((row) => row.kind === 'stream').map((row) => row.target);
    const removed = await Promise.allSettled(videos.map((uid) => stream.remove(uid)));
    // A video Stream would not delete now stays recorded for the next run.
    const done = [...keys.map((target) => ['r2', target] as const), ...videos.flatMap((uid, i) => (removed[i]!.status === 'fulfilled' ? [['stream', uid] as const] : []))];
    for (let at = 0; at < done.length; at += 45) {
      const chunk = done.slice(at, at + 45);
      await env.DB.prepare(`DELETE FROM media_deletions WHERE (kind, target) IN (VALUES ${chunk.map((_, i) => `(?${2 * i + 1}, ?${2 * i + 2})`).join(', ')})`)
        .bind(...chunk.flat())
        .run();
    }
    // Only videos Stream refused are left: try them again on the next run.
    if (done.length < results.length) return;
  }
}
