import type { MediaClaims, MediaMessageType, MessageMedia } from '#core/chat-media';
import { MEDIA_MESSAGE_KINDS, claimsAgree, libraryMessageType, isMediaMessageType, partyUploadKey, partyUploadPath, uploadFits } from '#core/chat-media';
import { AppError } from '#core/errors';
import { LIMITS } from '#core/limits';
import type { MediaKind } from '#core/media';
import { folderTree, inTrashedFolder } from '#core/folders';
import { SNIFF_BYTES, contentMatches, extensionFits } from '#core/media-content';
import { isExpired } from '#core/party';
import type { Action } from '#core/permissions';
import { can } from '#core/permissions';
import type { Member, MessageType } from '#core/protocol';
import { IdSchema } from '#core/schemas';
import { announcedUpload, insertPartyUpload, markPartyUploadReady, partyShowsFile, readyPartyUpload } from '../db/chat-media';
import type { Db } from '../db/client';
import { folderRows } from '../db/library';
import { mediaItemById, ownMediaItem } from '../db/media';
import type { PartyRow, PartyUploadRow } from '../db/schema';
import type { Env } from '../env';
import { readLimited } from '../media/body';
import { signedPlaybackUrl } from '../media/stream-signing';
import { linkFiles } from '../db/party-media';
import { room, roomFacts } from './parties';
import { followConversion } from './media-convert';

/**
 * Files for media messages: the manager sends pictures, video, audio and PDFs, a guest pictures and
 * voice. The Worker checks in D1 what the room cannot see: that a library item is the manager's and
 * ready, or that an upload's bytes are what they claim. It then records the file as shown in the
 * party (`party_media`, which is what lets the party's members view it) and offers it to the room
 * for the member's next message; the room trusts only files offered this way.
 */

function refuseUnless(party: PartyRow, member: Member, action: Action): void {
  if (can({ id: member.id, role: member.role }, action, { restrictedMessaging: party.restrictedMessaging, expired: isExpired(party.expiresAt, Date.now()) }))
    return;
  if (isExpired(party.expiresAt, Date.now())) throw new AppError('partyExpired');
  throw new AppError(party.restrictedMessaging && member.role === 'guest' ? 'restricted' : 'forbidden');
}

async function offer(env: Env, db: Db, party: PartyRow, member: Member, media: MessageMedia): Promise<MessageMedia> {
  // The room links the file (party_media) before it answers: once a message names it, every
  // member can fetch it.
  const result = await room(env, party).offerMedia(member, roomFacts(party), media);
  if (!result.ok) throw new AppError(result.code);
  return result.value;
}

/** Whether a media id names an item of the party manager's library (in or out of the trash). */
export async function isLibraryItem(db: Db, party: PartyRow, mediaId: string): Promise<boolean> {
  return (await ownMediaItem(db, party.userId, mediaId)) !== undefined;
}

/**
 * An item of the manager's library for a message of `messageType` (the kind decides when none is
 * given). Another consultant's item, or one that is not there, is not found; one in the trash or
 * not yet ready (uploading, converting) cannot be sent.
 */
export async function attachLibraryItem(
  env: Env,
  db: Db,
  party: PartyRow,
  member: Member,
  mediaId: string,
  messageType?: MessageType,
  claims: MediaClaims = {},
): Promise<MessageMedia & { messageType: MessageType }> {
  if (member.role !== 'manager') throw new AppError('forbidden');
  const item = IdSchema.safeParse(mediaId).success ? await ownMediaItem(db, party.userId, mediaId) : undefined;
  if (!item) throw new AppError('mediaNotFound');
  const kind = item.mediaType as MediaKind;
  const type = messageType ?? libraryMessageType(kind);
  if (!isMediaMessageType(type)) throw new AppError('invalidInput');
  if (MEDIA_MESSAGE_KINDS[type] !== kind) throw new AppError('mediaTypeMismatch');
  refuseUnless(party, member, { type: 'attachMedia', source: 'library', messageType: type });
  if (item.trashedAt !== null) throw new AppError('mediaTrashed');
  const folders = await folderRows(db, 'media', party.userId);
  if (inTrashedFolder(item.folderId, folderTree(folders))) throw new AppError('mediaTrashed');
  if (item.state !== 'ready') throw new AppError('mediaNotReady');
  const media: MessageMedia = {
    mediaAttachment: item.id,
    mediaAttachmentType: kind,
    mediaExtension: item.extension,
    mediaAttachmentOwner: item.userId,
    contentType: item.contentType,
    mediaTitle: item.title,
  };
  // Checked before the file is offered or linked, so a refused send changes nothing.
  if (!claimsAgree(claims, media)) throw new AppError('invalidInput');
  return { ...(await offer(env, db, party, member, media)), messageType: type };
}

export interface AnnouncedUpload extends MessageMedia {
  messageType: MediaMessageType;
  /** Where the bytes go, in one PUT. */
  uploadUrl: string;
}

function uploadMedia(row: PartyUploadRow): MessageMedia {
  return {
    mediaAttachment: row.id,
    mediaAttachmentType: row.mediaType as MediaKind,
    mediaExtension: row.extension,
    mediaAttachmentOwner: row.uploaderId,
    contentType: row.contentType,
  };
}

/**
 * A photo or voice message's file, announced before its bytes: a row waiting for one PUT. Anyone
 * who may write may send these (a guest nothing else: any other type is refused by the rights, the
 * manager's other kinds come from her library); the content type must be of the kind.
 */
export async function announceUpload(
  db: Db,
  party: PartyRow,
  member: Member,
  input: { messageType: MediaMessageType; contentType: string; mediaExtension?: string | null | undefined },
  requestUrl: string,
  now = Date.now(),
): Promise<AnnouncedUpload> {
  refuseUnless(party, member, { type: 'attachMedia', source: 'upload', messageType: input.messageType });
  const kind = MEDIA_MESSAGE_KINDS[input.messageType];
  if (!uploadFits(input.messageType, input.contentType)) throw new AppError('mediaTypeMismatch');
  if (input.mediaExtension && !extensionFits(input.mediaExtension, input.contentType)) throw new AppError('mediaTypeMismatch');
  const id = crypto.randomUUID();
  const row: PartyUploadRow = {
    id,
    partyId: party.id,
    uploaderId: member.id,
    messageType: input.messageType,
    mediaType: kind,
    contentType: input.contentType,
    extension: input.mediaExtension ?? null,
    size: null,
    state: 'waiting',
    storageKey: partyUploadKey(party.id, id),
    createdAt: now,
  };
  await insertPartyUpload(db, row);
  return { ...uploadMedia(row), messageType: input.messageType, uploadUrl: new URL(partyUploadPath(party.id, id), requestUrl).href };
}

/**
 * The bytes of an announced upload, from the member who announced it: at most
 * `partyUploadBytesMax`, and of the format its content type claims (a page or a PDF dressed as a
 * photo is refused and nothing is kept). Once stored, the file is offered to the room. A repeat
 * after success stores nothing again and answers the same.
 */
export async function receiveUpload(env: Env, db: Db, party: PartyRow, member: Member, mediaId: string, request: Request): Promise<MessageMedia> {
  const row = IdSchema.safeParse(mediaId).success ? await announcedUpload(db, party.id, member.id, mediaId) : undefined;
  if (!row) throw new AppError('mediaNotFound');
  refuseUnless(party, member, { type: 'attachMedia', source: 'upload', messageType: row.messageType as MediaMessageType });
  if (row.state === 'ready') return offer(env, db, party, member, uploadMedia(row));
  const bytes = await readLimited(request, LIMITS.partyUploadBytesMax, 'fileTooLarge');
  if (!contentMatches(row.contentType, bytes.subarray(0, SNIFF_BYTES))) throw new AppError('mediaTypeMismatch');
  await env.MEDIA.put(row.storageKey, bytes, { httpMetadata: { contentType: row.contentType } });
  // Linked before it is ready: the cleanup deletes ready uploads that no party has.
  await linkFiles(env.DB, party.id, [row.id]);
  await markPartyUploadReady(db, row.id, bytes.byteLength);
  return offer(env, db, party, member, uploadMedia(row));
}

/** What a member's page needs to show a file sent in the party: a video's stream and poster. */
export interface PartyFile extends MessageMedia {
  /** Stream's HLS master playlist and poster for a converted video; null otherwise. */
  hlsUrl: string | null;
  posterUrl: string | null;
}

/**
 * A file put into the party for a message, as its members see it (the bytes come from /files).
 * A file the party never had is not found, whoever asks, so ids of other files learn nothing.
 */
export async function partyFile(env: Env, db: Db, party: PartyRow, mediaId: string, now = Date.now()): Promise<PartyFile> {
  const linked = IdSchema.safeParse(mediaId).success && (await partyShowsFile(db, party.id, mediaId));
  if (!linked) throw new AppError('mediaNotFound');
  const found = await mediaItemById(db, mediaId);
  // A video still converting that nobody watched (an import's): the first look asks Stream.
  const item = found?.streamUid && found.state === 'converting' ? (await followConversion(env, db, found, found.streamUid, now)).updated : found;
  if (item) {
    const media = {
      mediaAttachment: item.id,
      mediaAttachmentType: item.mediaType as MediaKind,
      mediaExtension: item.extension,
      mediaAttachmentOwner: item.userId,
      contentType: item.contentType,
    };
    // A member of a party that shows it may view it: the stream plays for them with a token.
    const [hlsUrl, posterUrl] = await Promise.all([
      signedPlaybackUrl(env, item.hlsUrl, item.streamUid, now),
      signedPlaybackUrl(env, item.posterUrl, item.streamUid, now),
    ]);
    return { ...media, hlsUrl, posterUrl };
  }
  const upload = await readyPartyUpload(db, mediaId);
  if (!upload) throw new AppError('mediaNotFound');
  return { ...uploadMedia(upload), hlsUrl: null, posterUrl: null };
}
