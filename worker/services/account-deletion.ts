import type { DeletionRequestAnswer } from '#core/account-deletion';
import { DELETION_LINK_TTL_MS, DELETION_TOKEN_PATTERN, deletionRequestCutoff, nextDeletionRequestAt } from '#core/account-deletion';
import type { Language } from '../../app/i18n/config';
import { randomToken, sha256 } from '../auth/crypto';
import type { Db } from '../db/client';
import { database } from '../db/client';
import {
  accountsByAddress,
  accountsMarkedForDeletion,
  claimDeletionRequest,
  deleteAccountRow,
  deleteTemplatesOf,
  deletionTokenWorks,
  forgetDeletionLink,
  forgetDeletionRequests,
  forgetExpiredDeletionTokens,
  lastDeletionRequest,
  markForDeletion,
  purgeFilesOf,
  storeDeletionToken,
} from '../db/account-deletion';
import { partyIdsOf } from '../db/parties';
import type { Env } from '../env';
import { accountDeletionMail } from '../mail/account-deletion-mail';
import { sendMail } from '../mail/sender';
import { abortUploadsOf } from '../media/tus';
import { collectMedia } from '../media/collect';
import { deleteParty } from './parties';
import { listProfileDetails } from './profiles';
import { purgePage } from '../http/edge-cache';
import { endSessionsOf } from './session-end';
import { withdrawTemplatesOf } from './templates';

/**
 * Account deletion by e-mail (/delete-account, POST /moderation/delete-account {email}).
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
  if (!(await claimDeletionRequest(env.DB, key, now, deletionRequestCutoff(now)))) {
    const last = await lastDeletionRequest(env.DB, key);
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
  await forgetDeletionRequests(env.DB, deletionRequestCutoff(now));
  for (const account of await accountsByAddress(env.DB, email)) {
    const token = randomToken();
    const tokenHash = await sha256(token);
    await storeDeletionToken(env.DB, { tokenHash, userId: account.id, createdAt: now, expiresAt: now + DELETION_LINK_TTL_MS });
    try {
      await sendMail(env, accountDeletionMail(language, account.email, `${origin}/delete-account/${token}`));
    } catch (error) {
      // A link nobody received must not hold back the next request.
      await forgetDeletionLink(env.DB, tokenHash, key, now);
      throw error;
    }
  }
}

/** Whether a mailed link still works: known, unused and unexpired. */
export async function deletionLinkWorks(env: Env, token: string, now = Date.now()): Promise<boolean> {
  if (!DELETION_TOKEN_PATTERN.test(token)) return false;
  return deletionTokenWorks(env.DB, await sha256(token), now);
}

/**
 * The owner confirms: the account is marked for the cron, and this link and every other one mailed
 * for it stop working, in one transaction. False when the link does not work (unknown, used, expired).
 */
export async function confirmDeletion(env: Env, token: string, now = Date.now()): Promise<boolean> {
  if (!DELETION_TOKEN_PATTERN.test(token)) return false;
  return markForDeletion(env.DB, await sha256(token), now);
}

/**
 * The cron: deletes every account whose owner confirmed, and forgets expired links and old
 * requests. One account
 * that fails does not hold back the others; it is tried again on the next run.
 */
export async function deleteDueAccounts(env: Env, now = Date.now()): Promise<number> {
  await forgetExpiredDeletionTokens(env.DB, now);
  await forgetDeletionRequests(env.DB, deletionRequestCutoff(now));
  const db = database(env.DB);
  let deleted = 0;
  for (const id of await accountsMarkedForDeletion(env.DB)) {
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
  for (const partyId of await partyIdsOf(db, userId)) await deleteParty(env, db, userId, partyId);

  await withdrawTemplatesOf(env, userId);
  await deleteTemplatesOf(env.DB, userId);

  await abortUploadsOf(env, db, userId);
  await collectMedia(env, await purgeFilesOf(env.DB, userId, now), now);

  // Its public pages' copies go from this data center's edge cache; elsewhere they expire within a minute.
  for (const profile of await listProfileDetails(db, userId)) if (profile.shortId) await purgePage(`/p/${profile.shortId}`);
  const gone = await deleteAccountRow(env.DB, userId, now);
  // No files of its own left to collect: this deletes the pictures' bytes recorded above.
  await collectMedia(env, [], now);
  return gone;
}
