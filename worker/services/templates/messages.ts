import { MEDIA_MESSAGE_KINDS, isMediaMessageType, messageMedia } from '../../../app/core/chat-media';
import { AppError } from '../../../app/core/errors';
import { folderTree, inTrashedFolder } from '../../../app/core/folders';
import { LIMITS } from '../../../app/core/limits';
import { isExpired } from '../../../app/core/party';
import type { MessageType } from '../../../app/core/messages';
import { profileCardText } from '../../../app/core/profile-card';
import { IdSchema } from '../../../app/core/schemas';
import type { TemplateMessageInput } from '../../../app/core/template-schemas';
import { byRank, isEditableMessage, moveRanks, ranksBefore } from '../../../app/core/templates';
import type { TemplateMessage } from '../../../app/core/templates';
import type { Db } from '../../db/client';
import { folderRows } from '../../db/library';
import { ownedMediaItem } from '../../db/media';
import type { MediaItemRow } from '../../db/schema';
import {
  deleteMessages,
  insertMessages,
  messageRanks,
  messageWithMedia,
  messagesInOrder,
  templateMessage,
  updateMessageText,
  writeRanks,
} from '../../db/templates';
import type { Env } from '../../env';
import { linkFiles } from '../../db/party-media';
import { findParty, managerMember, room, roomFacts } from '../parties';
import { getProfile } from '../profiles';
import { ownFolders } from './shelf';
import { accessTo, accessTrashed, editable, loadPlayableTemplate, messagesOf } from './detail';

/**
 * A template's messages (index.ts): added, edited, deleted and reordered (fractional ranks, ADR 016),
 * copied between templates, imported from another template, forwarded into one.
 */

/** Whether a failed write lost a race for a rank (another writer took it): worth one more try. */
function rankTaken(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return text.includes('UNIQUE constraint failed') && text.includes('rank');
}

/** Runs a write that computes ranks from what it read, again when a concurrent one took its rank. */
async function withRankRetry<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 2 || !rankTaken(error)) throw error;
    }
  }
}

async function ranked(db: Db, templateId: string): Promise<{ id: string; rank: string }[]> {
  return (await messageRanks(db, templateId)).sort(byRank);
}

/** A library item of the owner for a media message: theirs, not in the trash, of the message's kind. */
async function mediaFor(db: Db, ownerId: string, mediaId: string, messageType: MessageType): Promise<MediaItemRow> {
  const item = await ownedMediaItem(db, ownerId, mediaId);
  if (!item) throw new AppError('mediaNotFound');
  if (item.trashedAt !== null) throw new AppError('mediaTrashed');
  if (item.folderId !== null) {
    const folders = await folderRows(db, 'media', ownerId);
    if (inTrashedFolder(item.folderId, folderTree(folders))) throw new AppError('mediaTrashed');
  }
  if (isMediaMessageType(messageType) && MEDIA_MESSAGE_KINDS[messageType] !== item.mediaType) throw new AppError('mediaTypeMismatch');
  return item;
}

/** Some of a template's messages, in order. The whole template is read: an id list could pass D1's bound parameters. */
async function messagesWithIds(db: Db, templateId: string, ids: readonly string[]): Promise<TemplateMessage[]> {
  const wanted = new Set(ids);
  return messagesOf(
    db,
    (await messagesInOrder(db, templateId)).filter((row) => wanted.has(row.message.id)),
  );
}

async function messageById(db: Db, templateId: string, messageId: string): Promise<TemplateMessage> {
  const row = await messageWithMedia(db, templateId, messageId);
  if (!row) throw new AppError('messageNotFound');
  return (await messagesOf(db, [row]))[0]!;
}

/**
 * POST /templates/{id}/sendMessage. A text, heading, profile card (built from the owner's
 * profile as it is now, as in the chat) or media message (an item of the owner's library) before
 * `beforeMessageId`, or at the end.
 */
export async function addTemplateMessage(db: Db, userId: string, id: string, input: TemplateMessageInput, now = Date.now()): Promise<TemplateMessage> {
  const template = await editable(db, userId, id);
  let text = input.message ?? '';
  let mediaId: string | null = null;
  if (input.messageType === 'profile') {
    const { shortId, firstName, lastName, phoneNo, email, website, biography, profilePic } = await getProfile(db, template.userId, text);
    text = profileCardText({ shortId, firstName, lastName, phoneNo, email, website, biography, profilePic });
  } else if (isMediaMessageType(input.messageType)) {
    mediaId = (await mediaFor(db, template.userId, input.mediaId!, input.messageType)).id;
  }
  const messageId = crypto.randomUUID();
  await withRankRetry(async () => {
    const ordered = await ranked(db, id);
    if (ordered.length >= LIMITS.templateMessagesMax) throw new AppError('templateFull');
    const rank = ranksBefore(ordered, input.beforeMessageId ?? null, 1)?.[0];
    if (rank === undefined) throw new AppError('messageNotFound');
    await insertMessages(db, [{ id: messageId, templateId: id, rank, messageType: input.messageType, message: text, mediaId, createdAt: now, updatedAt: now }]);
  });
  return messageById(db, id, messageId);
}

/**
 * PUT /templates/{id}/editMessage/{messageId}. The text, or a media message's caption; not for
 * voice, audio or profile cards (isEditableMessage, app/core/templates.ts).
 */
export async function editTemplateMessage(db: Db, userId: string, id: string, messageId: string, message: string, now = Date.now()): Promise<TemplateMessage> {
  await editable(db, userId, id);
  if (!IdSchema.safeParse(messageId).success) throw new AppError('messageNotFound');
  const current = await templateMessage(db, id, messageId);
  if (!current) throw new AppError('messageNotFound');
  const type = current.messageType as MessageType;
  if (!isEditableMessage(type)) throw new AppError('forbidden');
  if (!isMediaMessageType(type) && message === '') throw new AppError('messageEmpty');
  await updateMessageText(db, messageId, message, now);
  return messageById(db, id, messageId);
}

/**
 * DELETE /templates/{id}/deleteMessage/{messageId} and PUT /templates/{id}/deleteMessages.
 * All or nothing: an id that is not one of the template's messages refuses the whole call. The
 * template's lastEdited moves (no message row is left to carry the change).
 */
export async function deleteTemplateMessages(db: Db, userId: string, id: string, messageIds: readonly string[], now = Date.now()): Promise<void> {
  await editable(db, userId, id);
  const ids = [...new Set(messageIds)];
  if (!ids.every((messageId) => IdSchema.safeParse(messageId).success)) throw new AppError('messageNotFound');
  const present = new Set((await ranked(db, id)).map((message) => message.id));
  if (!ids.every((messageId) => present.has(messageId))) throw new AppError('messageNotFound');
  await deleteMessages(db, id, ids, now);
}

/**
 * PUT /templates/{id}/moveMessage/{messageId} and /moveMessages {messageIds, newNextId}:
 * before `newNextId`, or to the end for null. Each moved message gets a new rank; no other row is
 * written (the moved rows carry the template's lastEdited). Answers the moved messages.
 */
export async function moveTemplateMessages(
  db: Db,
  userId: string,
  id: string,
  messageIds: readonly string[],
  newNextId: string | null,
  now = Date.now(),
): Promise<TemplateMessage[]> {
  await editable(db, userId, id);
  await withRankRetry(async () => {
    const ordered = await ranked(db, id);
    const result = moveRanks(ordered, messageIds, newNextId);
    if ('error' in result) throw new AppError(result.error);
    // New ranks lie strictly between messages that stay, but may equal an old rank of another
    // moved message; SQLite checks the unique index row by row, so those first step aside.
    const oldRanks = new Set(ordered.filter((message) => result.ranks.has(message.id)).map((message) => message.rank));
    const clash = [...result.ranks.values()].some((rank) => oldRanks.has(rank));
    await writeRanks(db, result.ranks, clash, now);
  });
  return messagesWithIds(db, id, messageIds);
}

/**
 * The template-to-template copy (forward to another template): messages of a template the
 * consultant may read, in their order, into one of their own before `beforeMessageId` or at the
 * end. A media message names its owner's library item, so media of someone else's template is not
 * copied into one's own (refused, the whole call): the item is not in one's library.
 */
export async function copyTemplateMessages(
  db: Db,
  userId: string,
  id: string,
  input: { sourceId: string; messageIds: readonly string[]; beforeMessageId?: string | null | undefined },
  now = Date.now(),
): Promise<TemplateMessage[]> {
  await editable(db, userId, id);
  const source = await loadPlayableTemplate(db, userId, input.sourceId);
  if (!source) throw new AppError('templateNotFound');
  const wanted = new Set(input.messageIds);
  const picked = source.messages.filter((message) => wanted.has(message.id));
  if (picked.length !== wanted.size) throw new AppError('messageNotFound');
  // A recipient's source is someone else's; an own source has the target's owner.
  if (source.role === 'recipient' && picked.some((message) => message.mediaId !== null)) throw new AppError('forbidden');
  const ids = picked.map(() => crypto.randomUUID());
  await withRankRetry(async () => {
    const ordered = await ranked(db, id);
    if (ordered.length + picked.length > LIMITS.templateMessagesMax) throw new AppError('templateFull');
    const ranks = ranksBefore(ordered, input.beforeMessageId ?? null, picked.length);
    if (!ranks) throw new AppError('messageNotFound');
    await insertMessages(
      db,
      picked.map((message, index) => ({
        id: ids[index]!,
        templateId: id,
        rank: ranks[index]!,
        messageType: message.messageType,
        message: message.message,
        mediaId: message.mediaId,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
  return messagesWithIds(db, id, ids);
}

/**
 * POST /templates/{id}/sendFullTemplate {templateId, beforeMessageId}: the editor's import of a
 * whole template, every message of `templateId` in its order, into this one before
 * `beforeMessageId` or at the end (the template-to-template copy with all of its messages).
 */
export async function importTemplate(
  db: Db,
  userId: string,
  id: string,
  input: { templateId: string; beforeMessageId?: string | null | undefined },
  now = Date.now(),
): Promise<TemplateMessage[]> {
  await editable(db, userId, id);
  const source = await loadPlayableTemplate(db, userId, input.templateId);
  if (!source) throw new AppError('templateNotFound');
  if (source.messages.length === 0) throw new AppError('templateEmpty');
  const messageIds = source.messages.map((message) => message.id);
  return copyTemplateMessages(db, userId, id, { sourceId: input.templateId, messageIds, beforeMessageId: input.beforeMessageId }, now);
}

/**
 * Forward mode: copies of the selected messages, in the template's order, at the end of one of the
 * asker's parties (through the room's forwarding path, marked forwarded) or of another template of
 * theirs. Owner and recipient may forward what they may read; the target must be theirs to write. A
 * media message keeps naming its library item, so a template target must belong to the item's owner
 * (a recipient's photo stays the sharer's); a party gets the file linked, as when a template is
 * played into it. All or nothing: an unknown id, or a media message whose item is gone or in the
 * trash, refuses the whole call.
 */
export async function forwardTemplateMessages(
  env: Env,
  db: Db,
  userId: string,
  id: string,
  input: { messageIds: readonly string[]; targetPartyId?: string | undefined; targetTemplateId?: string | undefined },
  now = Date.now(),
): Promise<{ forwarded: number }> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  if (!access) throw new AppError('templateNotFound');
  if (accessTrashed(access, tree)) throw new AppError('templateTrashed');
  const wanted = new Set(input.messageIds);
  const rows = (await messagesInOrder(db, id)).filter((row) => wanted.has(row.message.id));
  if (rows.length !== wanted.size) throw new AppError('messageNotFound');
  const messages = await messagesOf(db, rows);
  for (const message of messages) {
    if (message.mediaId !== null && (!message.mediaAttachment || message.mediaTrashed))
      throw new AppError(message.mediaAttachment ? 'mediaTrashed' : 'mediaNotFound');
  }
  if (input.targetTemplateId !== undefined) {
    // To a template: the template-to-template copy, at the target's end.
    const copied = await copyTemplateMessages(db, userId, input.targetTemplateId, { sourceId: id, messageIds: input.messageIds, beforeMessageId: null }, now);
    return { forwarded: copied.length };
  }
  const party = await findParty(db, input.targetPartyId ?? '');
  // Another consultant's party is not found, like one that is not there.
  if (party.userId !== userId) throw new AppError('partyNotFound');
  if (isExpired(party.expiresAt, now)) throw new AppError('partyExpired');
  const copies = messages.map((message) => ({
    tempId: crypto.randomUUID(),
    messageType: message.messageType,
    message: message.message,
    replyingTo: null,
    media: messageMedia(message),
  }));
  await linkFiles(
    env.DB,
    party.id,
    copies.flatMap((copy) => (copy.media ? [copy.media.mediaAttachment] : [])),
    now,
  );
  const result = await room(env, party).postMany(await managerMember(db, party), roomFacts(party), copies);
  if (!result.ok) throw new AppError(result.code);
  return { forwarded: result.value };
}
