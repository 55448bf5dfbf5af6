import { derivedUuid } from '../db/derived-id';
import { MEDIA_MESSAGE_KINDS, isMediaMessageType } from '#core/chat-media';
import { AppError } from '#core/errors';
import type { CopyStage, ImportMessageRef, ImportSignIn, ImportStartResult } from '#core/import';
import { LIMITS } from '#core/limits';
import { acceptedKind } from '#core/media';
import type { MediaKind } from '#core/media';
import { SNIFF_BYTES, contentMatches, extensionFits } from '#core/media-content';
import { MESSAGE_TYPES } from '#core/messages';
import type { Member, MessageType } from '#core/messages';
import { isCleanText, truncate } from '#core/text';
import type { ImportedMessage } from '../../durable-objects/contract';
import type { Db } from '../db/client';
import { claimStaleVideo, copiedItem, copiedItems, itemOverKey, openImportRun, ownImportRun, recordCopied, setImportFolder } from '../db/import';
import type { ImportKind, ImportRunRow } from '../db/import';
import { insertMediaItemIfAbsent, mediaItemById, ownMediaFolder } from '../db/media';
import { insertFolder } from '../db/library';
import { linkFiles } from '../db/party-media';
import { partyRow } from '../db/parties';
import { profileOptions } from '../db/profiles';
import { guests, parties, partyMembers } from '../db/schema';
import type { MediaItemRow, PartyRow } from '../db/schema';
import type { Env } from '../env';
import { count } from '../observability/metrics';
import { copyObject } from '../media/r2-copy';
import { newItemRow } from './media';
import { startConversion } from './media-convert';
import { olderExport, olderFile, olderMedia, olderMessage, olderParty, olderSignIn } from './older-system';
import type { OlderParty } from './older-system';
import { activeGuest, managerMember, newPartyRow, room, roomFacts } from './parties';
import { newRoomPlace } from './room-place';

/**
 * Import from an older account (ADR 042): the page signs in through us, asks what is left, then
 * copies item by item — files, media, messages, parties. Every item's new id is derived from the
 * run and its older id, and every copied item is recorded (`import_items`), so a second call for
 * an item adds nothing and a run cut off half way continues where it stopped. Nothing the
 * consultant had before is changed: everything lands in new rows, a new folder and new parties.
 */

/** R2 takes one put of at most 5 GiB; the older system's files are far smaller (ADR 042). */
const FILE_BYTES_MAX = 4 * 1024 ** 3;

/** The cutoff (wrangler.toml IMPORT_CUTOFF, a date): parties the older account made before it stay there. */
export function importCutoff(env: Pick<Env, 'IMPORT_CUTOFF'>): number {
  const at = Date.parse(env.IMPORT_CUTOFF);
  return Number.isFinite(at) ? at : 0;
}

/** A stable id of this run's copy of an older item: a UUID (version 8) from a hash of both. */
function derivedId(importId: string, kind: ImportKind | 'guest' | 'folder', sourceId: string): Promise<string> {
  return derivedUuid(importId, kind, sourceId);
}

async function ownRun(db: Db, userId: string, importId: string): Promise<ImportRunRow> {
  const run = await ownImportRun(db, userId, importId);
  if (!run) throw new AppError('importNotFound');
  return run;
}

/** POST /import/signin. The older system's token is kept with the run; the page gets the run's id only. */
export async function signInForImport(env: Env, db: Db, userId: string, input: { email: string; password: string }, now = Date.now()): Promise<ImportSignIn> {
  const email = input.email.trim().toLowerCase();
  const { token, expiresAt } = await olderSignIn(env, email, input.password, now);
  count(env, 'importRun');
  const run = await openImportRun(db, {
    id: crypto.randomUUID(),
    userId,
    sourceEmail: email,
    accessToken: token,
    tokenExpiresAt: expiresAt,
    folderId: null,
    createdAt: now,
    updatedAt: now,
  });
  return { importId: run.id };
}

/** POST /import/start. What the older account has within the cutoff, less what this run copied before. */
export async function startImport(env: Env, db: Db, userId: string, importId: string): Promise<ImportStartResult> {
  const run = await ownRun(db, userId, importId);
  const listing = await olderExport(env, run.accessToken);
  const cutoff = importCutoff(env);
  const parties = listing.parties.filter((party) => party.createdAt >= cutoff).map((party) => party.id);
  const kept = new Set(parties);
  const messages = listing.messages.filter((message) => kept.has(message.partyId));
  const [files, media, copiedMessages, copiedParties] = await Promise.all(
    (['file', 'media', 'message', 'party'] as const).map((kind) => copiedItems(db, run.id, kind)),
  );
  const left = <T>(all: T[], done: Map<string, string>, key: (item: T) => string) => all.filter((item) => !done.has(key(item)));
  const same = (id: string) => id;
  const copied: Record<CopyStage, number> = {
    files: listing.files.length - left(listing.files, files!, same).length,
    media: listing.media.length - left(listing.media, media!, same).length,
    messages: messages.length - left(messages, copiedMessages!, (message) => message.id).length,
    parties: parties.length - left(parties, copiedParties!, same).length,
  };
  return {
    files: left(listing.files, files!, same),
    media: left(listing.media, media!, same),
    messages: left<ImportMessageRef>(messages, copiedMessages!, (message) => message.id),
    parties: left(parties, copiedParties!, same),
    copied,
  };
}

/**
 * POST /import/file. The file's bytes streamed from the older system into R2 under the owner's
 * prefix, never held whole; a file whose bytes are not what its type says is not kept.
 */
export async function importFile(env: Env, db: Db, userId: string, importId: string, fileId: string, now = Date.now()): Promise<string> {
  const run = await ownRun(db, userId, importId);
  return copyFile(env, db, run, fileId, now);
}

async function copyFile(env: Env, db: Db, run: ImportRunRow, fileId: string, now: number): Promise<string> {
  const done = await copiedItem(db, run.id, 'file', fileId);
  if (done) return done;
  const key = `${run.userId}/${await derivedId(run.id, 'file', fileId)}`;
  const file = await olderFile(env, run.accessToken, fileId);
  if (!acceptedKind(file.contentType) || !Number.isSafeInteger(file.size) || file.size <= 0 || file.size > FILE_BYTES_MAX) {
    await file.body.cancel();
    throw new AppError('importFailed');
  }
  try {
    await env.MEDIA.put(key, file.body.pipeThrough(new FixedLengthStream(file.size)), { httpMetadata: { contentType: file.contentType } });
  } catch {
    throw new AppError('importFailed');
  }
  const head = await env.MEDIA.get(key, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!head || !contentMatches(file.contentType, new Uint8Array(await head.arrayBuffer()))) {
    await env.MEDIA.delete(key);
    throw new AppError('importFailed');
  }
  await recordCopied(db, run.id, 'file', fileId, key, now);
  return key;
}

/**
 * The run's library folder, named after the import; made anew when she deleted or trashed it. Its
 * id is derived from the run and the folder it replaces, so calls at the same moment make one.
 */
async function importFolder(db: Db, run: ImportRunRow, now: number): Promise<string> {
  if (run.folderId) {
    const folder = await ownMediaFolder(db, run.userId, run.folderId);
    if (folder && folder.trashedAt === null) return folder.id;
  }
  const id = await derivedId(run.id, 'folder', run.folderId ?? '');
  const title = truncate(`Import ${run.sourceEmail}`, LIMITS.mediaTitleMax);
  await insertFolder(db, 'media', { id, userId: run.userId, parentId: null, title, createdAt: now, updatedAt: now, trashedAt: null }, { ifAbsent: true });
  await setImportFolder(db, run.id, id, now);
  run.folderId = id;
  return id;
}

const OLDER_KINDS: Record<string, MediaKind> = { image: 'image', video: 'video', audio: 'audio', document: 'application' };

/**
 * POST /import/media. The item's row in the library's import folder, over its file (copied now if
 * the files stage left it out); a video goes to Stream as an upload's would.
 */
export async function importMedia(env: Env, db: Db, userId: string, importId: string, mediaId: string, origin: string, now = Date.now()): Promise<void> {
  const run = await ownRun(db, userId, importId);
  await copyMedia(env, db, run, mediaId, origin, now);
}

async function copyMedia(env: Env, db: Db, run: ImportRunRow, mediaId: string, origin: string, now: number): Promise<MediaItemRow> {
  const done = await copiedItem(db, run.id, 'media', mediaId);
  const existing = done ? await mediaItemById(db, done) : undefined;
  if (existing) return existing;
  const older = await olderMedia(env, run.accessToken, mediaId);
  const contentType = older.contentType.toLowerCase();
  const kind = acceptedKind(contentType);
  if (!kind || OLDER_KINDS[older.kind] !== kind) throw new AppError('importFailed');
  const extension = older.extension?.toLowerCase() ?? null;
  const id = await derivedId(run.id, 'media', mediaId);
  let storageKey = await copyFile(env, db, run, older.fileId, now);
  // A file two older items share gets a copy per item: each item's bytes go with it alone.
  if ((await mediaItemById(db, id)) === undefined && (await itemOverKey(db, storageKey))) {
    const copyKey = `${run.userId}/${id}`;
    if ((await copyObject(env.MEDIA, storageKey, copyKey)) === null) throw new AppError('importFailed');
    storageKey = copyKey;
  }
  const head = await env.MEDIA.head(storageKey);
  if (!head) throw new AppError('importFailed');
  const title = truncate(older.title.trim(), LIMITS.mediaTitleMax) || older.id;
  const fitting = extension && /^[a-z0-9]{1,10}$/.test(extension) && extensionFits(extension, contentType) ? extension : null;
  const row: MediaItemRow = {
    ...newItemRow(run.userId, await importFolder(db, run, now), { title, kind, contentType, extension: fitting, size: head.size }, now),
    id,
    description: older.description ? truncate(older.description, LIMITS.messageTextMax) : null,
    state: kind === 'video' ? 'waiting' : 'ready',
    storageKey,
    createdAt: older.createdAt,
  };
  // Another call may be making the same item at this moment (two pages, a retry): one row, one conversion.
  const made = await insertMediaItemIfAbsent(db, row);
  if (kind === 'video') await convertOnce(env, db, run.userId, id, made, origin);
  await recordCopied(db, run.id, 'media', mediaId, id, now);
  return row;
}

/**
 * Starts an imported video's conversion once, whichever call gets here: the call that made the row
 * starts it; another waits until that one has (the row names its Stream video), or, when the row
 * was left waiting by a call cut off, starts it itself once it claims the row (worker/db/import.ts
 * `claimStaleVideo`: one claimant, after the longest a start takes).
 */
async function convertOnce(env: Env, db: Db, userId: string, id: string, made: boolean, origin: string): Promise<void> {
  const start = () => startConversion(env, db, userId, id, { isPortrait: false, noAudio: false }, origin);
  if (made) {
    await start();
    return;
  }
  for (;;) {
    const row = await mediaItemById(db, id);
    if (!row || row.streamUid || row.state !== 'waiting') return;
    if (await claimStaleVideo(db, id, Date.now())) {
      await start();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, CONVERSION_WAIT_POLL_MS));
  }
}

const CONVERSION_WAIT_POLL_MS = 500;

/**
 * The imported party's row, its guests and their memberships, made in one batch the first time a
 * message or the party itself comes (the page sends messages before parties). The party never
 * expires: an imported party is kept for her to read and reuse (ADR 042).
 */
async function ensureParty(env: Env, db: Db, run: ImportRunRow, sourcePartyId: string, now: number): Promise<{ party: PartyRow; older: OlderParty | null }> {
  const id = await derivedId(run.id, 'party', sourcePartyId);
  const existing = await partyRow(db, id);
  if (existing) return { party: existing, older: null };
  const older = await olderParty(env, run.accessToken, sourcePartyId);
  if (older.createdAt < importCutoff(env)) throw new AppError('importNotFound');
  const [profile] = await profileOptions(db, run.userId);
  const party = newPartyRow({
    id,
    userId: run.userId,
    profileId: profile?.id ?? null,
    title: truncate(older.title.trim(), LIMITS.partyTitleMax) || older.id,
    host: older.host ? truncate(older.host.trim(), LIMITS.hostNameMax) || null : null,
    startAt: older.startAt,
    expiresAt: null,
    passwordHash: null,
    restrictedMessaging: false,
    // Where her request came from is not carried this far: the jurisdiction's first place (ADR 050).
    ...newRoomPlace(env, undefined),
    createdAt: older.createdAt,
    updatedAt: now,
  });
  await db.batch([db.insert(parties).values(party).onConflictDoNothing(), ...(await guestWrites(db, run, party, older, now))]);
  await addGuestsToRoom(env, run, party, older);
  return { party: (await partyRow(db, id)) ?? party, older };
}

/** Text with control characters is dropped whole: marker texts and direction overrides stay out of the room. */
const clean = (text: string) => (isCleanText(text) ? text : '');

/** The older party's guests as guests of the imported one: one new guest each, with no way to sign in. */
async function guestMembers(run: ImportRunRow, older: OlderParty): Promise<Member[]> {
  const name = (value: string) => truncate(clean(value).replace(/\s+/g, ' ').trim(), LIMITS.nameMax) || '–';
  return Promise.all(
    older.guests.map(async (guest) => ({
      id: await derivedId(run.id, 'guest', `${older.id}/${guest.id}`),
      firstName: name(guest.firstName),
      lastName: name(guest.lastName),
      role: 'guest' as const,
    })),
  );
}

/** The writes that make the older party's guests guests of the imported one; those made before stay as they are. */
async function guestWrites(db: Db, run: ImportRunRow, party: PartyRow, older: OlderParty, now: number) {
  return (await guestMembers(run, older)).flatMap((guest) => [
    db.insert(guests).values({ id: guest.id, firstName: guest.firstName, lastName: guest.lastName, createdAt: now }).onConflictDoNothing(),
    db
      .insert(partyMembers)
      .values({ partyId: party.id, guestId: guest.id, firstName: guest.firstName, lastName: guest.lastName, isHost: false, joinedAt: older.createdAt })
      .onConflictDoNothing(),
  ]);
}

async function writeGuests(db: Db, run: ImportRunRow, party: PartyRow, older: OlderParty, now: number): Promise<void> {
  const writes = await guestWrites(db, run, party, older, now);
  if (writes.length > 0) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);
}

async function addGuestsToRoom(env: Env, run: ImportRunRow, party: PartyRow, older: OlderParty): Promise<void> {
  await room(env, party).importMembers(roomFacts(party), await guestMembers(run, older));
}

/**
 * The copy of the guest who wrote a message, with her names from D1; one a cut-off call left
 * without a membership is made now from the older party (the room learns her with the message).
 */
async function guestSender(env: Env, db: Db, run: ImportRunRow, party: PartyRow, sourcePartyId: string, olderGuestId: string, now: number): Promise<Member> {
  const id = await derivedId(run.id, 'guest', `${sourcePartyId}/${olderGuestId}`);
  const found = await activeGuest(db, party.id, id);
  if (found) return found;
  const older = await olderParty(env, run.accessToken, sourcePartyId);
  await writeGuests(db, run, party, older, now);
  const made = await activeGuest(db, party.id, id);
  // A sender who is no guest of her party in the older data (or one she removed here since).
  if (!made) throw new AppError('importFailed');
  return made;
}

/**
 * POST /import/message. The message into its party's room at its place in the order (the page
 * sends them in the older account's order), with its time, its reply resolved to the copy of the
 * message it answered, its edit or deletion, its file from the library's import folder, and its
 * sender as the party's manager or as the copy of the guest who wrote it.
 */
export async function importMessage(
  env: Env,
  db: Db,
  userId: string,
  importId: string,
  ref: ImportMessageRef,
  origin: string,
  now = Date.now(),
): Promise<void> {
  const run = await ownRun(db, userId, importId);
  if (await copiedItem(db, run.id, 'message', ref.id)) return;
  const older = await olderMessage(env, run.accessToken, ref.partyId, ref.id);
  const { party } = await ensureParty(env, db, run, ref.partyId, now);
  const sender =
    older.sender.kind === 'consultant' ? await managerMember(db, party) : await guestSender(env, db, run, party, ref.partyId, older.sender.id, now);
  const known = (MESSAGE_TYPES as readonly string[]).includes(older.type) && older.type !== 'profile';
  let messageType = (known ? older.type : 'text') as MessageType;
  const deleted = older.deletedAt !== null;
  let media: ImportedMessage['media'];
  if (!deleted && isMediaMessageType(messageType) && older.mediaId) {
    const item = await copyMedia(env, db, run, older.mediaId, origin, now);
    if (MEDIA_MESSAGE_KINDS[messageType] !== item.mediaType) throw new AppError('importFailed');
    media = {
      mediaAttachment: item.id,
      mediaAttachmentType: item.mediaType as MediaKind,
      mediaExtension: item.extension,
      mediaAttachmentOwner: run.userId,
      contentType: item.contentType,
      mediaTitle: item.title,
    };
    await linkFiles(env.DB, party.id, [item.id], now);
  } else if (isMediaMessageType(messageType) && !deleted) {
    messageType = 'text';
  }
  const text = truncate(clean(older.text), LIMITS.messageTextMax);
  if (!deleted && !media && text.trim() === '') {
    await recordCopied(db, run.id, 'message', ref.id, '', now);
    return;
  }
  const id = await derivedId(run.id, 'message', ref.id);
  const outcome = await room(env, party).importMessage(roomFacts(party), sender, {
    id,
    timestamp: older.createdAt,
    messageType,
    message: text,
    replyingTo: older.replyTo ? await derivedId(run.id, 'message', older.replyTo) : null,
    ...(media ? { media } : {}),
    editedAt: older.editedAt,
    deleted,
  });
  if (!outcome.ok) throw new AppError(outcome.code);
  await recordCopied(db, run.id, 'message', ref.id, id, now);
}

/** POST /import/party. The party (made by its first message, or now when it had none) with all its guests. */
export async function importParty(env: Env, db: Db, userId: string, importId: string, partyId: string, now = Date.now()): Promise<void> {
  const run = await ownRun(db, userId, importId);
  if (await copiedItem(db, run.id, 'party', partyId)) return;
  const { party, older } = await ensureParty(env, db, run, partyId, now);
  // Made by a message of an earlier call: a guest missing since (a call cut off) is made now.
  if (!older) {
    const again = await olderParty(env, run.accessToken, partyId);
    await writeGuests(db, run, party, again, now);
    await addGuestsToRoom(env, run, party, again);
  }
  await recordCopied(db, run.id, 'party', partyId, party.id, now);
}
