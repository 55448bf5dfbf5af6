import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import { database } from './client';
import { accountDeletionRequests, accountDeletionTokens, templates, users } from './schema';

/**
 * The rows of account deletion (worker/services/account-deletion.ts): when an address last asked,
 * the mailed links' hashes, the mark the cron deletes by, and the account's last rows.
 */

/**
 * Records that the address asks now, unless it asked after `cutoff`; true when it may go on. Raw
 * SQL: one statement decides, so two requests at once cannot both go on.
 */
export async function claimDeletionRequest(d1: D1Database, addressHash: string, now: number, cutoff: number): Promise<boolean> {
  const taken = await d1
    .prepare(
      `INSERT INTO account_deletion_requests (address_hash, requested_at) VALUES (?1, ?2)
       ON CONFLICT (address_hash) DO UPDATE SET requested_at = excluded.requested_at WHERE account_deletion_requests.requested_at <= ?3
       RETURNING requested_at`,
    )
    .bind(addressHash, now, cutoff)
    .first();
  return taken !== null;
}

/** When the address last asked, or null. */
export async function lastDeletionRequest(d1: D1Database, addressHash: string): Promise<number | null> {
  const [row] = await database(d1)
    .select({ requestedAt: accountDeletionRequests.requestedAt })
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.addressHash, addressHash));
  return row?.requestedAt ?? null;
}

/** The hashes of addresses are kept no longer than they hold a request back. */
export async function forgetDeletionRequests(d1: D1Database, cutoff: number): Promise<void> {
  await database(d1).delete(accountDeletionRequests).where(lte(accountDeletionRequests.requestedAt, cutoff));
}

/** The accounts with this address, whatever its case (the lookup `users_email_idx` serves). */
export async function accountsByAddress(d1: D1Database, email: string): Promise<{ id: string; email: string }[]> {
  const rows = await database(d1)
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows.flatMap((row) => (row.email === null ? [] : [{ id: row.id, email: row.email }]));
}

/** The accounts whose owners confirmed their deletion: the cron deletes them. */
export async function accountsMarkedForDeletion(d1: D1Database): Promise<string[]> {
  const rows = await database(d1).select({ id: users.id }).from(users).where(isNotNull(users.deletionRequestedAt));
  return rows.map((row) => row.id);
}

export async function storeDeletionToken(d1: D1Database, token: { tokenHash: string; userId: string; createdAt: number; expiresAt: number }): Promise<void> {
  await database(d1).insert(accountDeletionTokens).values(token);
}

/** A link nobody received: it goes, and so does the request, so it holds back no next request. */
export async function forgetDeletionLink(d1: D1Database, tokenHash: string, addressHash: string, requestedAt: number): Promise<void> {
  const db = database(d1);
  await db.batch([
    db.delete(accountDeletionTokens).where(eq(accountDeletionTokens.tokenHash, tokenHash)),
    db.delete(accountDeletionRequests).where(and(eq(accountDeletionRequests.addressHash, addressHash), eq(accountDeletionRequests.requestedAt, requestedAt))),
  ]);
}

/** Whether a link's token is known and unexpired (a used one is gone). */
export async function deletionTokenWorks(d1: D1Database, tokenHash: string, now: number): Promise<boolean> {
  const [row] = await database(d1)
    .select({ tokenHash: accountDeletionTokens.tokenHash })
    .from(accountDeletionTokens)
    .where(and(eq(accountDeletionTokens.tokenHash, tokenHash), gt(accountDeletionTokens.expiresAt, now)));
  return row !== undefined;
}

export async function forgetExpiredDeletionTokens(d1: D1Database, now: number): Promise<void> {
  await database(d1).delete(accountDeletionTokens).where(lte(accountDeletionTokens.expiresAt, now));
}

/**
 * Marks the token's account for the cron and ends every link mailed for it; true when the token
 * worked. Raw SQL: both statements find the account by the token in one transaction.
 */
export async function markForDeletion(d1: D1Database, tokenHash: string, now: number): Promise<boolean> {
  const owner = 'SELECT user_id FROM account_deletion_tokens WHERE token_hash = ?1 AND expires_at > ?2';
  const [marked] = await d1.batch([
    d1.prepare(`UPDATE users SET deletion_requested_at = COALESCE(deletion_requested_at, ?2) WHERE id = (${owner})`).bind(tokenHash, now),
    d1.prepare(`DELETE FROM account_deletion_tokens WHERE user_id = (${owner})`).bind(tokenHash, now),
  ]);
  return marked!.meta.changes === 1;
}

export async function deleteTemplatesOf(d1: D1Database, userId: string): Promise<void> {
  await database(d1).delete(templates).where(eq(templates.userId, userId));
}

const FILES_OF = `SELECT id FROM media_items WHERE user_id = ?1 UNION SELECT id FROM party_uploads WHERE uploader_id = ?1`;

/**
 * The account's files (library items and party uploads), purged as the trash purge marks them and
 * unlinked from every party; answers their ids for the cleanup. Raw SQL: the unlinking finds the
 * files in the same statement.
 */
export async function purgeFilesOf(d1: D1Database, userId: string, now: number): Promise<string[]> {
  const { results } = await d1.prepare(FILES_OF).bind(userId).all<{ id: string }>();
  await d1.batch([
    d1.prepare('UPDATE media_items SET purged_at = COALESCE(purged_at, ?2), folder_id = NULL WHERE user_id = ?1').bind(userId, now),
    d1.prepare(`DELETE FROM party_media WHERE media_id IN (${FILES_OF})`).bind(userId),
  ]);
  return results.map((row) => row.id);
}

/**
 * In one transaction, the account's profile pictures are recorded for deletion and its row goes
 * (taking its profiles, settings, folders, sessions and links with it), only once no library item
 * is left; true when it went. Raw SQL: both statements decide by the same condition at once.
 */
export async function deleteAccountRow(d1: D1Database, userId: string, now: number): Promise<boolean> {
  const noItemsLeft = 'NOT EXISTS (SELECT 1 FROM media_items WHERE user_id = ?1)';
  const [, , , gone] = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO media_deletions (kind, target, created_at)
         SELECT 'r2', picture_key, ?2 FROM profiles WHERE user_id = ?1 AND picture_key IS NOT NULL AND ${noItemsLeft}`,
      )
      .bind(userId, now),
    // Files an import copied for items it never made (a run left half way, ADR 042); the rest went with their items.
    d1
      .prepare(
        `INSERT OR IGNORE INTO media_deletions (kind, target, created_at)
         SELECT 'r2', target_id, ?2 FROM import_items WHERE kind = 'file' AND import_id IN (SELECT id FROM import_runs WHERE user_id = ?1) AND ${noItemsLeft}`,
      )
      .bind(userId, now),
    // Apart from the account row: D1 counts the rows a delete cascades to among its changes.
    d1.prepare(`DELETE FROM import_runs WHERE user_id = ?1 AND ${noItemsLeft}`).bind(userId),
    d1.prepare(`DELETE FROM users WHERE id = ?1 AND ${noItemsLeft}`).bind(userId),
  ]);
  return gone!.meta.changes === 1;
}
