import type { Env } from '../env';
import type { PendingDeletion } from '../db/media-deletions';
import { forgetDeletions, forgetUnreferenced, pendingDeletions } from '../db/media-deletions';
import { streamClient } from './stream';

/**
 * The deletion of files nobody references (deleting a message or purging the trash removes what
 * nobody references any more; worker/db/media-deletions.ts says what references a file).
 *
 * Deleting happens in two steps. First, in one D1 transaction, the rows of files nobody references
 * go and their R2 keys and Stream videos are written to `media_deletions`. Then the bytes go and
 * their `media_deletions` rows after them. Deleting a key or video twice is harmless, so a run that
 * stops anywhere is finished by the next one (the daily cron runs it all).
 */

/**
 * Deletes the files nobody references: among `mediaIds` (after a message or a party went), or
 * all of them (the cron). Returns how many files went.
 */
export async function collectMedia(env: Env, mediaIds: string[] | null = null, now = Date.now()): Promise<number> {
  const collected = await forgetUnreferenced(env.DB, mediaIds, now);
  await deleteBytes(env);
  return collected;
}

/** Step two: the recorded bytes go, then their records. Stream's 404 counts as gone. */
async function deleteBytes(env: Env): Promise<void> {
  const stream = streamClient(env);
  for (;;) {
    const results = await pendingDeletions(env.DB);
    if (results.length === 0) return;
    const keys = results.filter((row) => row.kind === 'r2').map((row) => row.target);
    // R2 deletes at most 1,000 keys per call.
    if (keys.length > 0) await env.MEDIA.delete(keys);
    const videos = results.filter((row) => row.kind === 'stream').map((row) => row.target);
    const removed = await Promise.allSettled(videos.map((uid) => stream.remove(uid)));
    // A video Stream would not delete now stays recorded for the next run.
    const done: PendingDeletion[] = [
      ...keys.map((target) => ({ kind: 'r2', target })),
      ...videos.flatMap((target, i) => (removed[i]!.status === 'fulfilled' ? [{ kind: 'stream', target }] : [])),
    ];
    await forgetDeletions(env.DB, done);
    // Only videos Stream refused are left: try them again on the next run.
    if (done.length < results.length) return;
  }
}
