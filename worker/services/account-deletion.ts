import { eq, isNotNull } from 'drizzle-orm';
import type { DeletionRequestAnswer } from '../../app/core/account-deletion';
import { DELETION_LINK_TTL_MS, DELETION_TOKEN_PATTERN, deletionRequestCutoff, nextDeletionRequestAt } from '../../app/core/account-deletion';
import type { Language } from '../../app/i18n/config';
import { randomToken, sha256 } from '../auth/crypto';
import type { Db } from '../db/client';
import { database } from '../db/client';
import { parties, users } from '../db/schema';
import type { Env } from '../env';
import { accountDeletionMail } from '../mail/account-deletion-mail';
import { sendMail } from '../mail/sender';
import { abortUploadsOf } from '../media/tus';
import { collectMedia } from '../media/collect';
import { deleteParty } from './parties';
import { endSessionsOf } from './session-end';
import { withdrawTemplatesOf } from './templates';

/**
 * Account deletion by e-mail (spec: /delete-account, POST /moderation/delete-account {email}).
 *
 * 1. Someone gives an address. The answer comes at once and is the same whether a consultant's
 *    account has that address or not: it rests only on when the address last asked (a hash of it
 *    is kept for every address, ten minutes), and the lookup, the link and the mail happen after
 *    it (`waitUntil`), so neither its content nor its timing tells.
 * 2. The mail holds a single-use link that works for a day; only the token's hash is stored.
 * 3. Opening the link shows a confirm page; confirming marks the account for deletion.
 * 4. The daily cron deletes every marked account with everything in it (`deleteDueAccounts`).
 */

/** The rate limit's key: the address as the lookup compares it (lower case), hashed. */
function addressKey(email: string): Promise<string> {
  return sha256(`account-deletion:${email.toLowerCase()}`);
}

/**
 * The public request. One statement decides whether the address may ask now (so two requests at
 * once cannot both go on); if it may, the rest runs after the answer. Otherwise the answer says
 * when it may ask again.
 */
export async function requestDeletion(
  env: Env,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  email: string,
  language: Language,
  origin: string,
  now = Date.now(),
): Promise<DeletionRequestAnswer> {
  const key = await addressKey(email);
  const taken = await env.DB.prepare(
    `INSERT INTO account_deletion_requests (address_hash, requested_at) VALUES (?1, ?2)
     ON CONFLICT (address_hash) DO UPDATE SET requested_at = excluded.requested_at WHERE account_deletion_requests.requested_at <= ?3
     RETURNING requested_at`,
  )
    .bind(key, now, deletionRequestCutoff(now))
    .first();
  if (!taken) {
    const last = await env.DB.prepare('SELECT requested_at FROM account_deletion_requests WHERE address_hash = ?1').bind(key).first<number>('requested_at');
    return { sent: false, againAt: nextDeletionRequestAt(last ?? now) };
  }
  ctx.waitUntil(
    mailDeletionLinks(env, email, key, language, origin, now).catch((error: unknown) => {
      console.error('account deletion: mailing the link failed', error instanceof Error ? error.message : error);
    }),
  );
  return { sent: true };
}

/** Every account with this address gets its own link; requests older than the interval are forgotten. */
async function mailDeletionLinks(env: Env, email: string, key: string, language: Language, origin: string, now: number): Promise<void> {
  await forgetOldRequests(env, now);
  const { results } = await env.DB.prepare('SELECT id, email FROM users WHERE lower(email) = lower(?1)').bind(email).all<{ id: string; email: string }>();
  for (const account of results) {
    const token = randomToken();
    const tokenHash = await sha256(token);
    await env.DB.prepare('INSERT INTO account_deletion_tokens (token_hash, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)')
      .bind(tokenHash, account.id, now, now + DELETION_LINK_TTL_MS)
      .run();
    try {
      await sendMail(env, accountDeletionMail(language, account.email, `${origin}/delete-account/${token}`));
    } catch (error) {
      // A link nobody received must not hold back the next request.
      await env.DB.batch([
        env.DB.prepare('DELETE FROM account_deletion_tokens WHERE token_hash = ?1').bind(tokenHash),
        env.DB.prepare('DELETE FROM account_deletion_requests WHERE address_hash = ?1 AND requested_at = ?2').bind(key, now),
      ]);
      throw error;
    }
  }
}

/** The hashes of addresses are kept no longer than they hold a request back. */
function forgetOldRequests(env: Env, now: number) {
  return env.DB.prepare('DELETE FROM account_deletion_requests WHERE requested_at <= ?1').bind(deletionRequestCutoff(now)).run();
}

/** Whether a mailed link still works: known, unused and unexpired. */
export async function deletionLinkWorks(env: Env, token: string, now = Date.now()): Promise<boolean> {
  if (!DELETION_TOKEN_PATTERN.test(token)) return false;
  const row = await env.DB.prepare('SELECT 1 FROM account_deletion_tokens WHERE token_hash = ?1 AND expires_at > ?2').bind(await sha256(token), now).first();
  return row !== null;
}

/**
 * The owner confirms: the account is marked for the cron, and this link and every other one mailed
 * for it stop working, in one transaction. False when the link does not work (unknown, used, expired).
 */
export async function confirmDeletion(env: Env, token: string, now = Date.now()): Promise<boolean> {
  if (!DELETION_TOKEN_PATTERN.test(token)) return false;
  const tokenHash = await sha256(token);
  const owner = 'SELECT user_id FROM account_deletion_tokens WHERE token_hash = ?1 AND expires_at > ?2';
  const [marked] = await env.DB.batch([
    env.DB.prepare(`UPDATE users SET deletion_requested_at = COALESCE(deletion_requested_at, ?2) WHERE id = (${owner})`).bind(tokenHash, now),
    env.DB.prepare(`DELETE FROM account_deletion_tokens WHERE user_id = (${owner})`).bind(tokenHash, now),
  ]);
  return marked!.meta.changes === 1;
}

/**
 * The cron: deletes every account whose owner confirmed, and forgets expired links and old
 * requests. One account
 * that fails does not hold back the others; it is tried again on the next run.
 */
export async function deleteDueAccounts(env: Env, now = Date.now()): Promise<number> {
  await env.DB.prepare('DELETE FROM account_deletion_tokens WHERE expires_at <= ?1').bind(now).run();
  await forgetOldRequests(env, now);
  const db = database(env.DB);
  const due = await db.select({ id: users.id }).from(users).where(isNotNull(users.deletionRequestedAt));
  let deleted = 0;
  for (const { id } of due) {
    try {
      if (await deleteAccount(env, db, id, now)) deleted += 1;
    } catch (error) {
      console.error('account deletion: deleting an account failed', error instanceof Error ? error.message : error);
    }
  }
  return deleted;
}

/**
 * An account and everything in it, through the paths that delete each thing elsewhere:
 * - its sessions first, as signing out ends one: her open pages are signed out at once;
 * - its parties, each as its owner deletes one: guests still connected are told it is over, and
 *   the files only it showed go;
 * - its templates, with the copies recipients added (a shared template stops working for them,
 *   also where one of them plays it in a party);
 * - its library, even files another party still shows (its owner wants them gone): marked purged
 *   as the trash purge marks them, unlinked from every party, then deleted with their bytes in R2
 *   and their videos at Stream by the media cleanup; uploads in flight are aborted first;
 * - then, in one transaction, its profile pictures are recorded for deletion and the account row
 *   goes, taking its profiles, settings, folders, sessions and links with it (foreign keys). The
 *   row goes only once no library item is left, so no file can lose its row before its bytes.
 * Returns whether the account is gone; a run that stops halfway is finished by the next one.
 */
export async function deleteAccount(env: Env, db: Db, userId: string, now = Date.now()): Promise<boolean> {
  await endSessionsOf(env, userId, now);
  const owned = await db.select({ id: parties.id }).from(parties).where(eq(parties.userId, userId));
  for (const party of owned) await deleteParty(env, db, userId, party.id);

  await withdrawTemplatesOf(env, userId);
  await env.DB.prepare('DELETE FROM templates WHERE user_id = ?1').bind(userId).run();

  await abortUploadsOf(env, db, userId);
  const files = `SELECT id FROM media_items WHERE user_id = ?1 UNION SELECT id FROM party_uploads WHERE uploader_id = ?1`;
  const { results } = await env.DB.prepare(files).bind(userId).all<{ id: string }>();
  await env.DB.batch([
    env.DB.prepare('UPDATE media_items SET purged_at = COALESCE(purged_at, ?2), folder_id = NULL WHERE user_id = ?1').bind(userId, now),
    env.DB.prepare(`DELETE FROM party_media WHERE media_id IN (${files})`).bind(userId),
  ]);
  await collectMedia(env, results.map((row) => row.id), now);

  const noItemsLeft = 'NOT EXISTS (SELECT 1 FROM media_items WHERE user_id = ?1)';
  const [, gone] = await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO media_deletions (kind, target, created_at)
       SELECT 'r2', picture_key, ?2 FROM profiles WHERE user_id = ?1 AND picture_key IS NOT NULL AND ${noItemsLeft}`,
    ).bind(userId, now),
    env.DB.prepare(`DELETE FROM users WHERE id = ?1 AND ${noItemsLeft}`).bind(userId),
  ]);
  // No files of its own left to collect: this deletes the pictures' bytes recorded above.
  await collectMedia(env, [], now);
  return gone!.meta.changes === 1;
}
