import { AppError } from '#core/errors';
import type { CodeSent, GuestAccount, GuestCard, GuestParty, GuestSignIn } from '#core/guest-account';
import { GUEST_CODE, GUEST_CODE_SENDS, guestPictureUrl, normaliseEmail } from '#core/guest-account';
import { isExpired } from '#core/party';
import type { GuestCodeRequest, GuestNames } from '#core/schemas';
import type { Language } from '../../app/i18n/config';
import { isLanguage } from '../../app/i18n/config';
import { addGuestKey, createGuest, guestKeySession, replaceGuestKey } from '../auth/guests';
import { randomToken, sha256, timingSafeEqual } from '../auth/crypto';
import type { Identity } from '../auth/identity';
import type { Db } from '../db/client';
import type { CodePurpose, GuestCodeRow } from '../db/guest-codes';
import { countTry, forgetOldCodes, replaceCode, useCode } from '../db/guest-codes';
import type { GuestRow } from '../db/guests';
import { deleteGuestKeys, guestByEmail, guestMemberships, guestRow, mayViewGuest, takeIn, updateGuestRow } from '../db/guests';
import { countInTiers, forgetOldWindows } from '../db/rate-limits';
import type { Env } from '../env';
import { guestCodeMail } from '../mail/guest-code-mail';
import { sendMail } from '../mail/sender';
import { room } from './parties';
import type { StoredPicture } from './profiles';
import { readPicture, replacePicture } from './profiles';

/**
 * Guest accounts (ADR 034), after OWASP ASVS 5.0 chapter 6 for the mailed codes:
 * - a code is 6 digits from the secure generator, good for 10 minutes and once, stored only as a
 *   hash salted with its request's challenge (a random 128-bit value the client gets and the
 *   server keeps only hashed): the code works only with the request that asked for it;
 * - a new request replaces the earlier code; 5 wrong tries end a code; sends are limited per
 *   address, per client address and overall (`GUEST_CODE_SENDS`);
 * - asking for a login code answers the same, in the same time, whether or not a guest has the
 *   address: the same statements run either way, and the mail goes after the answer;
 * - codes, challenges and secrets are never logged.
 */

export type SendContext = Pick<ExecutionContext, 'waitUntil'>;

function toAccount(row: GuestRow): GuestAccount {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, picture: guestPictureUrl(row.id, row.pictureKey) };
}

async function existingGuest(db: Db, guestId: string): Promise<GuestRow> {
  const row = await guestRow(db, guestId);
  if (!row) throw new AppError('unauthorized');
  return row;
}

/** A uniformly drawn code of GUEST_CODE.digits digits (rejection sampling: no digit is likelier). */
export function drawCode(): string {
  const range = 10 ** GUEST_CODE.digits;
  const limit = Math.floor(0x1_0000_0000 / range) * range;
  const word = new Uint32Array(1);
  do crypto.getRandomValues(word);
  while (word[0]! >= limit);
  return String(word[0]! % range).padStart(GUEST_CODE.digits, '0');
}

const codeHash = (challenge: string, code: string) => sha256(`guest-code:${challenge}:${code}`);

/** How codes and send limits name an address (normalised): by its hash, never in the clear. */
export const addressHash = (email: string) => sha256(`guest-address:${normaliseEmail(email)}`);

/**
 * Counts the send in its three windows and refuses once any is full. The client's limit first, then
 * the address's, then the overall one: a request one limit refuses counts against none after it
 * (worker/db/rate-limits.ts `countInTiers`), so a client that floods spends only its own budget.
 */
async function checkSendLimits(db: Db, address: string, client: string, now: number): Promise<void> {
  const windowStart = Math.floor(now / GUEST_CODE_SENDS.windowMs) * GUEST_CODE_SENDS.windowMs;
  const allowed = await countInTiers(
    db,
    [
      { key: `guest-code:client:${await sha256(client)}`, limit: GUEST_CODE_SENDS.perClient },
      { key: `guest-code:address:${address}`, limit: GUEST_CODE_SENDS.perAddress },
      { key: 'guest-code:all', limit: GUEST_CODE_SENDS.overall },
    ],
    windowStart,
  );
  if (!allowed) throw new AppError('tooManyCodes');
}

/** The language a code mail speaks: the one asked for when Salon speaks it, else the request's. */
function mailLanguage(asked: string | undefined, fallback: Language): Language {
  return isLanguage(asked) ? asked : fallback;
}

/**
 * Stores a new code for the address and mails it after the answer when `mailTo` says so. The
 * statements are the same whether or not the code is mailed.
 */
async function issueCode(
  env: Env,
  ctx: SendContext,
  db: Db,
  code: { purpose: CodePurpose; email: string; address: string; guestId: string | null; mail: boolean; language: Language },
  now: number,
): Promise<CodeSent> {
  const challenge = randomToken(16);
  const secret = drawCode();
  await replaceCode(db, {
    challengeHash: await sha256(challenge),
    purpose: code.purpose,
    addressHash: code.address,
    email: code.purpose === 'claim' ? code.email : null,
    guestId: code.guestId,
    codeHash: await codeHash(challenge, secret),
    expiresAt: now + GUEST_CODE.ttlMs,
    createdAt: now,
  });
  if (code.mail) {
    // Begun on a later task, so that not even the mail's first steps run before the answer.
    const mail = guestCodeMail(code.language, code.purpose, code.email, secret);
    ctx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, 0))
        .then(() => sendMail(env, mail))
        .catch((error: unknown) => {
          // Never the code or the address: only that a mail failed.
          console.error('guest code: mailing failed', error instanceof Error ? error.name : 'unknown');
        }),
    );
  }
  return { challenge };
}

/** POST /auth/login: a code to the address, if a guest has it; the answer never tells. */
export async function requestLoginCode(
  env: Env,
  ctx: SendContext,
  db: Db,
  input: GuestCodeRequest,
  language: Language,
  client: string,
  now = Date.now(),
): Promise<CodeSent> {
  const email = normaliseEmail(input.email);
  const address = await addressHash(email);
  await checkSendLimits(db, address, client, now);
  const guest = await guestByEmail(db, email);
  return issueCode(
    env,
    ctx,
    db,
    { purpose: 'login', email, address, guestId: guest?.id ?? null, mail: guest !== undefined, language: mailLanguage(input.languageCode, language) },
    now,
  );
}

/** POST /auth/claim: a code to the address the guest wants to attach. */
export async function requestClaimCode(
  env: Env,
  ctx: SendContext,
  db: Db,
  guestId: string,
  input: GuestCodeRequest,
  language: Language,
  client: string,
  now = Date.now(),
): Promise<CodeSent> {
  await existingGuest(db, guestId);
  const email = normaliseEmail(input.email);
  const address = await addressHash(email);
  await checkSendLimits(db, address, client, now);
  return issueCode(env, ctx, db, { purpose: 'claim', email, address, guestId, mail: true, language: mailLanguage(input.languageCode, language) }, now);
}

/**
 * Checks a code against its request and uses it up. Every failure is the same `codeInvalid`: an
 * unknown, used, expired or exhausted request, another purpose or address, or a wrong code. The
 * try is counted before the comparison.
 */
async function redeemCode(
  db: Db,
  expected: { purpose: CodePurpose; address?: string; guestId?: string },
  challenge: string,
  code: string,
  now: number,
): Promise<GuestCodeRow & { guestId: string }> {
  const challengeHash = await sha256(challenge);
  const row = await countTry(db, challengeHash, GUEST_CODE.triesMax, now);
  const matches = timingSafeEqual(await codeHash(challenge, code), row?.codeHash ?? '');
  const guestId = row?.guestId;
  if (!row || !matches || !guestId || row.purpose !== expected.purpose) throw new AppError('codeInvalid');
  if ((expected.address !== undefined && row.addressHash !== expected.address) || (expected.guestId !== undefined && guestId !== expected.guestId)) {
    throw new AppError('codeInvalid');
  }
  if (!(await useCode(db, challengeHash, now))) throw new AppError('codeInvalid');
  return { ...row, guestId };
}

/**
 * POST /auth/verify: the code signs this device in as the guest with the address. A name-only
 * identity the device held (`held`: the request's own guest) is taken into the account, with its
 * parties, rather than left on no device (ADR 052).
 */
export async function verifyLoginCode(
  db: Db,
  input: { email: string; verificationCode: string; challenge: string },
  held: string | null,
  now = Date.now(),
): Promise<GuestSignIn> {
  const email = normaliseEmail(input.email);
  const row = await redeemCode(db, { purpose: 'login', address: await addressHash(email) }, input.challenge, input.verificationCode, now);
  const guest = await guestRow(db, row.guestId);
  // The address may have left her since the code was asked for.
  if (!guest || guest.email !== email) throw new AppError('codeInvalid');
  if (held) await takeIn(db, held, guest.id);
  const credentials = await addGuestKey(db, guest.id, now);
  return { ...credentials, guest: toAccount(guest) };
}

/**
 * PUT /auth/claim/{code}: the address becomes the guest's. An address another guest already has is
 * refused (`emailTaken`), not merged: ADR 034.
 */
export async function confirmClaim(db: Db, guestId: string, input: { code: string; challenge: string }, now = Date.now()): Promise<GuestAccount> {
  const row = await redeemCode(db, { purpose: 'claim', guestId }, input.challenge, input.code, now);
  const email = row.email;
  if (!email) throw new AppError('codeInvalid');
  const holder = await guestByEmail(db, email);
  if (holder && holder.id !== guestId) throw new AppError('emailTaken');
  try {
    const updated = await updateGuestRow(db, guestId, { email });
    if (!updated) throw new AppError('unauthorized');
    return toAccount(updated);
  } catch (error) {
    // Another guest took the address between the check and the write (the unique index).
    if (error instanceof Error && /UNIQUE/i.test(String(error.cause ?? error.message))) throw new AppError('emailTaken');
    throw error;
  }
}

/** POST /guests/me/deletion: a code to her address that confirms her account's deletion (ADR 053); without one, `noAddress`. */
export async function requestDeletionCode(
  env: Env,
  ctx: SendContext,
  db: Db,
  guestId: string,
  languageCode: string | undefined,
  language: Language,
  client: string,
  now = Date.now(),
): Promise<CodeSent> {
  const { email } = await existingGuest(db, guestId);
  if (!email) throw new AppError('noAddress');
  const address = await addressHash(email);
  await checkSendLimits(db, address, client, now);
  return issueCode(env, ctx, db, { purpose: 'delete', email, address, guestId, mail: true, language: mailLanguage(languageCode, language) }, now);
}

/**
 * Whether the guest may delete her account now: with an address, only with the code mailed to it
 * for her (used up here, `codeInvalid` otherwise); without one, her key is all there is of her.
 */
export async function confirmDeletion(
  db: Db,
  guestId: string,
  input: { code?: string | undefined; challenge?: string | undefined },
  now = Date.now(),
): Promise<void> {
  const guest = await existingGuest(db, guestId);
  if (guest.email === null) return;
  if (!input.code || !input.challenge) throw new AppError('codeInvalid');
  await redeemCode(db, { purpose: 'delete', guestId }, input.challenge, input.code, now);
}

/**
 * POST /guests/register: a new guest and this device's credentials. A device that holds a
 * name-only guest (`held`: the request's own guest and her key) registers her instead, under the
 * names given, with a new key for the one it held: the address she claims next then keeps her
 * parties (ADR 052). A device signed in with an address registers someone new.
 */
export async function registerGuest(db: Db, names: GuestNames, held: { guestId: string; keyId: string } | null, now = Date.now()): Promise<GuestSignIn> {
  const heldRow = held ? await guestRow(db, held.guestId) : undefined;
  if (held && heldRow && heldRow.email === null) {
    const renamed = await updateGuestRow(db, held.guestId, names);
    const credentials = await replaceGuestKey(db, held.guestId, held.keyId, now);
    return { ...credentials, guest: toAccount(renamed ?? heldRow) };
  }
  const credentials = await createGuest(db, names, now);
  return { ...credentials, guest: toAccount(await existingGuest(db, credentials.id)) };
}

export async function guestAccount(db: Db, guestId: string): Promise<GuestAccount> {
  return toAccount(await existingGuest(db, guestId));
}

/** GET /guests/{id}: what the guest herself, her parties' managers and fellow members may see; anyone else learns nothing. */
export async function guestCard(db: Db, viewer: Identity, guestId: string): Promise<GuestCard> {
  const row = await viewableGuest(db, viewer, guestId);
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, picture: guestPictureUrl(row.id, row.pictureKey) };
}

async function viewableGuest(db: Db, viewer: Identity, guestId: string): Promise<GuestRow> {
  if (!viewer.consultant && !viewer.guest) throw new AppError('unauthorized');
  const allowed = await mayViewGuest(db, guestId, { userId: viewer.consultant?.userId ?? null, guestId: viewer.guest?.guestId ?? null });
  const row = allowed ? await guestRow(db, guestId) : undefined;
  if (!row) throw new AppError('notFound');
  return row;
}

export async function updateGuestProfile(db: Db, guestId: string, names: GuestNames): Promise<GuestAccount> {
  const row = await updateGuestRow(db, guestId, names);
  if (!row) throw new AppError('unauthorized');
  return toAccount(row);
}

/** A new picture under `guests/{id}/{random}` (replacePicture: the guest never points at a missing object). */
export async function setGuestPicture(env: Env, db: Db, guestId: string, bytes: Uint8Array, claimedType: string | null): Promise<GuestAccount> {
  const before = await existingGuest(db, guestId);
  const row = await replacePicture(
    env,
    { folder: `guests/${guestId}`, bytes, claimedType, previousKey: before.pictureKey },
    (stored) => updateGuestRow(db, guestId, stored),
    'unauthorized',
  );
  return toAccount(row);
}

export async function removeGuestPicture(env: Env, db: Db, guestId: string): Promise<GuestAccount> {
  const before = await existingGuest(db, guestId);
  const row = await updateGuestRow(db, guestId, { pictureKey: null, pictureType: null });
  if (before.pictureKey) await env.MEDIA.delete(before.pictureKey);
  return toAccount(row!);
}

/** The picture's bytes, for those who may see the guest. */
export async function guestPicture(env: Env, db: Db, viewer: Identity, guestId: string, version: string | null): Promise<StoredPicture> {
  return readPicture(env, await viewableGuest(db, viewer, guestId), version);
}

/**
 * "My parties": every party she is a member of, with an unread marker where the latest message is
 * someone else's and newer than what she has read (the room knows how far; asked only then).
 */
export async function guestParties(env: Env, db: Db, guestId: string, now = Date.now()): Promise<GuestParty[]> {
  const rows = await guestMemberships(db, guestId);
  const parties = await Promise.all(
    rows.map(async ({ party, manager, member }): Promise<GuestParty> => {
      // Who she is there: herself, or an identity her account took in (ADR 052).
      const someoneElses = party.latestSeq > 0 && party.latestSenderId !== member.id;
      const unread = someoneElses && (await room(env, party).seenSeqOf(member.id)) < party.latestSeq;
      return {
        id: party.id,
        shortId: party.shortId,
        title: party.title,
        host: party.host,
        managerName: manager ? `${manager.firstName} ${manager.lastName}` : '',
        firstName: member.firstName,
        lastName: member.lastName,
        startAt: party.startAt,
        expiresAt: party.expiresAt,
        expired: isExpired(party.expiresAt, now),
        latestAt: party.latestAt,
        unread,
      };
    }),
  );
  // Active parties first; within each group, the order of the query (latest activity first).
  return [...parties.filter((party) => !party.expired), ...parties.filter((party) => party.expired)];
}

/**
 * POST /guests/logout: every device of the guest is signed out. Her keys go, and the sockets they
 * opened close in each of her parties.
 */
export async function signOutEverywhere(env: Env, db: Db, guestId: string): Promise<void> {
  const keyIds = await deleteGuestKeys(db, guestId);
  if (keyIds.length === 0) return;
  const sessions = keyIds.map(guestKeySession);
  const memberships = await guestMemberships(db, guestId);
  await Promise.all(memberships.map(({ party }) => room(env, party).endSessions(sessions)));
}

/** The cron: codes that expired or were used, and send counters of past windows, are forgotten. */
export async function forgetSpentCodes(db: Db, now = Date.now()): Promise<void> {
  await forgetOldCodes(db, now);
  await forgetOldWindows(db, now - GUEST_CODE_SENDS.windowMs);
}
