import { MEDIA_MESSAGE_KINDS, isMediaMessageType, messageMedia } from '../../app/core/chat-media';
import { AppError } from '../../app/core/errors';
import { folderTree, inTrashedFolder, pathOf, purgeCutoff } from '../../app/core/folders';
import { matchesSearch } from '../../app/core/search';
import type { EntrySort, FolderTree } from '../../app/core/folders';
import { LIMITS } from '../../app/core/limits';
import { isExpired } from '../../app/core/party';
import type { MediaKind, MediaState } from '../../app/core/media';
import type { MessageType } from '../../app/core/messages';
import { profileCardText } from '../../app/core/profile-card';
import { IdSchema } from '../../app/core/schemas';
import type { TemplateMessageInput } from '../../app/core/schemas';
import {
  SHARE_TOKEN_BYTES,
  byRank,
  isEditableMessage,
  isShareToken,
  mayOnTemplate,
  moveRanks,
  ranksBefore,
  refusal,
  sortTemplates,
} from '../../app/core/templates';
import type { LibraryFolder } from '../../app/core/media-library';
import type { SharePreview, TemplateAction, TemplateDetail, TemplateEntry, TemplateListing, TemplateMessage, TemplateRole } from '../../app/core/templates';
import { randomToken } from '../auth/crypto';
import type { Db } from '../db/client';
import { folderRows } from '../db/library';
import type { LibraryFolderRow } from '../db/library';
import { ownedMediaItem } from '../db/media';
import type { MediaItemRow, TemplateRecipientRow, TemplateRow } from '../db/schema';
import type { MessageWithMedia, TemplateFacts } from '../db/templates';
import {
  addCopy,
  copiesOf,
  copyOf,
  deleteMessages,
  insertMessages,
  insertTemplate,
  messageRanks,
  messageWithMedia,
  messagesInOrder,
  ownTemplate,
  ownTemplateFolder,
  ownTemplatesIn,
  ownerNames,
  templateById,
  templateByShareToken,
  templateFacts,
  templateFoldersOf,
  templateMessage,
  trashedTemplates,
  untrashedTemplates,
  updateCopy,
  updateMessageText,
  updateTemplate,
  writeRanks,
} from '../db/templates';
import type { Env } from '../env';
import {
  addFolder,
  deletesAtOf,
  folderAt,
  foldersIn,
  moveOnShelf,
  newestTrashedFirst,
  openFolders,
  renameOnShelf,
  restoreOnShelf,
  shelfOf,
  trashOnShelf,
  trashedFolders,
} from './library';
import type { OnShelf } from './library';
import { linkFiles } from '../db/party-media';
import type { SharedPlay } from '../db/shared-plays';
import { forgetSharedPlays, recordSharedPlayIfCopyHeld, sharedPlaysOfOwner, unshareTemplate } from '../db/shared-plays';
import { deleteTemplateRow, partiesPlaying, purgeTemplateRows } from '../db/trash-purge';
import { findParty, managerMember, room, roomFacts } from './parties';
import type { RoomPlace } from './room-place';
import { getProfile } from './profiles';

/**
 * A consultant's message templates (ADR 016): the domain functions behind /api/templates and the
 * pages. Everything is seen from one consultant: their folders, their own templates, and their
 * copies of templates others shared with them (a copy is a place in their folders and their own
 * trash state; the template itself stays the owner's). Someone else's template that was not shared
 * with them is reported like one that does not exist. The rules are in app/core/templates.ts and
 * app/core/folders.ts.
 */

/** One of the asker's entries: a folder, an own template, or a copy of someone else's. */
type Found =
  | { kind: 'folder'; row: LibraryFolderRow }
  | { kind: 'own'; row: TemplateRow }
  | { kind: 'copy'; row: TemplateRecipientRow; template: TemplateRow; ownerName: string };

/** A template as the asker may see it: the row, their standing, and their copy when a recipient. */
interface Access {
  template: TemplateRow;
  role: Exclude<TemplateRole, 'stranger'>;
  copy: TemplateRecipientRow | null;
  ownerName: string | null;
}

const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

const ownFolders = (db: Db, userId: string) => shelfOf(db, 'templates', userId);

/** Templates by id with their lastEdited (`lastEdited` on the wire) and how many have added them. */
const withCounts = (db: Db, rows: TemplateRow[]): Promise<Map<string, TemplateFacts>> =>
  templateFacts(
    db,
    rows.map((row) => row.id),
  );

function folderEntry(row: LibraryFolderRow, tree: FolderTree): TemplateEntry {
  return {
    id: row.id,
    title: row.title,
    isFolder: true,
    path: pathOf(row.parentId, tree),
    created: row.createdAt,
    lastEdited: row.updatedAt,
    lastApplied: null,
    trashedAt: row.trashedAt,
    deletesAt: deletesAtOf({ folderId: row.parentId, trashedAt: row.trashedAt }, tree),
    sharedBy: null,
    sharedWith: 0,
    shareToken: null,
    usesRank: false,
  };
}

function templateEntry(found: Exclude<Found, { kind: 'folder' }>, tree: FolderTree, facts: TemplateFacts | undefined): TemplateEntry {
  const template = found.kind === 'own' ? found.row : found.template;
  const place = found.row;
  const own = found.kind === 'own';
  return {
    id: template.id,
    title: template.title,
    isFolder: false,
    path: pathOf(place.folderId, tree),
    created: template.createdAt,
    lastEdited: facts?.lastEdited ?? template.updatedAt,
    lastApplied: template.lastAppliedAt,
    trashedAt: place.trashedAt,
    deletesAt: deletesAtOf(place, tree),
    sharedBy: own ? null : found.ownerName,
    sharedWith: own ? (facts?.sharedWith ?? 0) : 0,
    shareToken: own ? template.shareToken : null,
    usesRank: true,
  };
}

async function entryOf(db: Db, found: Found, tree: FolderTree): Promise<TemplateEntry> {
  if (found.kind === 'folder') return folderEntry(found.row, tree);
  const template = found.kind === 'own' ? found.row : found.template;
  return templateEntry(found, tree, (await withCounts(db, [template])).get(template.id));
}

/**
 * Ids of the templates that are out of their owners' trash (neither trashed nor in a trashed
 * folder): only those reach recipients. Owners are few (a team leader or two), so their trees are
 * read whole.
 */
async function liveAtOwner(db: Db, rows: TemplateRow[]): Promise<Set<string>> {
  const candidates = rows.filter((row) => row.trashedAt === null);
  const owners = [...new Set(candidates.filter((row) => row.folderId !== null).map((row) => row.userId))];
  const trees = new Map<string, FolderTree>();
  if (owners.length > 0) {
    const folders = await templateFoldersOf(db, owners);
    for (const owner of owners) trees.set(owner, folderTree(folders.filter((folder) => folder.userId === owner)));
  }
  return new Set(candidates.filter((row) => row.folderId === null || !inTrashedFolder(row.folderId, trees.get(row.userId)!)).map((row) => row.id));
}

/** The consultant's copies of shared templates whose template is live at its owner. */
async function ownCopies(db: Db, userId: string): Promise<Extract<Found, { kind: 'copy' }>[]> {
  const rows = await copiesOf(db, userId);
  const live = await liveAtOwner(
    db,
    rows.map((row) => row.template),
  );
  return rows.filter((row) => live.has(row.template.id)).map((row) => ({ kind: 'copy', row: row.copy, template: row.template, ownerName: nameOf(row) }));
}

/** The asker's entry with this id: one of their folders, their template, or their copy. */
async function findEntry(db: Db, userId: string, id: string): Promise<Found> {
  if (!IdSchema.safeParse(id).success) throw new AppError('templateNotFound');
  const [folder, template, copy] = await Promise.all([
    ownTemplateFolder(db, userId, id),
    ownTemplate(db, userId, id),
    (await ownCopies(db, userId)).find((found) => found.template.id === id),
  ]);
  if (folder) return { kind: 'folder', row: folder };
  if (template) return { kind: 'own', row: template };
  if (copy) return copy;
  throw new AppError('templateNotFound');
}

/** The entry as the shared library rules (library.ts) see it: a copy lies and is trashed in the asker's folders. */
const onShelf = (found: Found): OnShelf =>
  found.kind === 'folder'
    ? { id: found.row.id, folder: found.row }
    : { id: found.kind === 'own' ? found.row.id : found.template.id, folder: null, placed: found.row };

/** Refuses what the asker's standing does not allow (a recipient changes nothing of the template). */
function allow(found: Found, action: TemplateAction): void {
  const role: TemplateRole = found.kind === 'copy' ? 'recipient' : 'owner';
  if (!mayOnTemplate(role, action)) throw new AppError(refusal(role));
}

// ---- lists ------------------------------------------------------------------------------------

/** GET /templates and GET /templates/shares in one: a folder's folders, own templates and copies. */
export async function listTemplates(db: Db, userId: string, path: string, sort: EntrySort): Promise<TemplateListing> {
  const shelf = await ownFolders(db, userId);
  const { tree } = shelf;
  const folderId = folderAt(path, tree);
  const [own, copies] = await Promise.all([ownTemplatesIn(db, userId, folderId), ownCopies(db, userId)]);
  const here = copies.filter((found) => found.row.folderId === folderId && found.row.trashedAt === null);
  const facts = await withCounts(db, [...own, ...here.map((found) => found.template)]);
  const entries = [
    ...foldersIn(shelf, folderId).map((row) => folderEntry(row, tree)),
    ...own.map((row) => templateEntry({ kind: 'own', row }, tree, facts.get(row.id))),
    ...here.map((found) => templateEntry(found, tree, facts.get(found.template.id))),
  ];
  return { path, entries: sortTemplates(entries, sort) };
}

/** Every folder of the consultant outside the trash: for the hash path, breadcrumb and move-to dialog. */
export async function listTemplateFolders(db: Db, userId: string): Promise<LibraryFolder[]> {
  return openFolders(await ownFolders(db, userId));
}

/**
 * Templates (never folders), own and shared with me, outside the trash, whose lower-case title
 * holds every word of the query (split on spaces); newest first. Matched here, not in SQL: SQLite
 * folds ASCII only.
 */
export async function searchTemplates(db: Db, userId: string, query: string): Promise<TemplateEntry[]> {
  const [{ tree }, own, copies] = await Promise.all([ownFolders(db, userId), untrashedTemplates(db, userId), ownCopies(db, userId)]);
  const found: Exclude<Found, { kind: 'folder' }>[] = [
    ...own.map((row) => ({ kind: 'own' as const, row })),
    ...copies.filter((copy) => copy.row.trashedAt === null),
  ].filter((entry) => matchesSearch(entry.kind === 'own' ? entry.row.title : entry.template.title, query) && !inTrashedFolder(entry.row.folderId, tree));
  const facts = await withCounts(
    db,
    found.map((entry) => (entry.kind === 'own' ? entry.row : entry.template)),
  );
  return sortTemplates(
    found.map((entry) => templateEntry(entry, tree, facts.get(entry.kind === 'own' ? entry.row.id : entry.template.id))),
    'date',
  );
}

/** GET /templates/trash and /templates/shareTrash in one: what was trashed, newest first, with its deletion date. */
export async function listTemplateTrash(db: Db, userId: string): Promise<TemplateEntry[]> {
  const [shelf, own, copies] = await Promise.all([ownFolders(db, userId), trashedTemplates(db, userId), ownCopies(db, userId)]);
  const trashedCopies = copies.filter((copy) => copy.row.trashedAt !== null);
  const facts = await withCounts(db, [...own, ...trashedCopies.map((copy) => copy.template)]);
  const { tree } = shelf;
  return newestTrashedFirst([
    ...trashedFolders(shelf).map((row) => folderEntry(row, tree)),
    ...own.map((row) => templateEntry({ kind: 'own', row }, tree, facts.get(row.id))),
    ...trashedCopies.map((copy) => templateEntry(copy, tree, facts.get(copy.template.id))),
  ]);
}

// ---- templates and folders --------------------------------------------------------------------

/** POST /templates/create. */
export async function createTemplate(db: Db, userId: string, input: { title: string; path: string }, now = Date.now()): Promise<TemplateEntry> {
  const { tree } = await ownFolders(db, userId);
  const folderId = folderAt(input.path, tree);
  const row: TemplateRow = {
    id: crypto.randomUUID(),
    userId,
    folderId,
    title: input.title,
    createdAt: now,
    updatedAt: now,
    lastAppliedAt: null,
    trashedAt: null,
    shareToken: null,
  };
  await insertTemplate(db, row);
  return templateEntry({ kind: 'own', row }, tree, undefined);
}

/** POST /templates/folder {title, path}. */
export async function createTemplateFolder(db: Db, userId: string, input: { title: string; path: string }, now = Date.now()): Promise<TemplateEntry> {
  const { row, tree } = await addFolder(db, await ownFolders(db, userId), userId, input, now);
  return folderEntry(row, tree);
}

/** Writes where one's template or copy lies and whether it is in one's trash (a folder's row is library.ts's). */
function placeEntry(db: Db, userId: string, found: Exclude<Found, { kind: 'folder' }>, changes: { folderId?: string | null; trashedAt?: number | null }) {
  return found.kind === 'own' ? updateTemplate(db, found.row.id, changes) : updateCopy(db, userId, found.template.id, changes);
}

/** PUT /templates/{id} {name}. The owner's template or one's folder; not in the trash. */
export async function renameTemplate(db: Db, userId: string, id: string, name: string, now = Date.now()): Promise<TemplateEntry> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  allow(found, 'edit');
  const changes = { title: name, updatedAt: now };
  await renameOnShelf(db, shelf, onShelf(found), name, 'templateTrashed', () => updateTemplate(db, id, changes), now);
  return entryOf(db, { ...found, row: { ...found.row, ...changes } } as Found, shelf.tree);
}

/**
 * PUT /templates/folder {templateId, path} (and /folderShare for a copy). A template, a
 * folder with everything in it, or one's copy of a shared template goes to one's folder the path
 * names (library.ts moveOnShelf). A move is no edit of the template: lastEdited stays.
 */
export async function moveTemplate(db: Db, userId: string, input: { templateId: string; path: string }, now = Date.now()): Promise<TemplateEntry> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, input.templateId), ownFolders(db, userId)]);
  allow(found, 'place');
  const moved = await moveOnShelf(
    db,
    shelf,
    onShelf(found),
    input.path,
    'templateTrashed',
    (folderId) => placeEntry(db, userId, found as Exclude<Found, { kind: 'folder' }>, { folderId }),
    now,
  );
  if (moved.folder) return folderEntry(moved.folder, moved.tree);
  return entryOf(db, { ...found, row: { ...found.row, folderId: moved.folderId } } as Found, moved.tree);
}

/**
 * DELETE /templates/{id} (and PUT /templates/trashShare/{id} for a copy). Into the trash:
 * one's template or folder (with everything in it), or one's copy of a shared template
 * (library.ts trashOnShelf).
 */
export async function trashTemplate(db: Db, userId: string, id: string, now = Date.now()): Promise<void> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  allow(found, 'place');
  await trashOnShelf(db, shelf, onShelf(found), (trashedAt) => placeEntry(db, userId, found as Exclude<Found, { kind: 'folder' }>, { trashedAt }), now);
}

/**
 * PUT /templates/{id}/restore (and /restoreShare/{id}). Back where it was, with what it held
 * (library.ts restoreOnShelf).
 */
export async function restoreTemplate(db: Db, userId: string, id: string, now = Date.now()): Promise<TemplateEntry> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  allow(found, 'place');
  const restored = await restoreOnShelf(
    db,
    shelf,
    onShelf(found),
    (folderId) => placeEntry(db, userId, found as Exclude<Found, { kind: 'folder' }>, { folderId, trashedAt: null }),
    now,
  );
  if (!restored) return entryOf(db, found, shelf.tree);
  if (restored.folder) return folderEntry(restored.folder, restored.tree);
  return entryOf(db, { ...found, row: { ...found.row, folderId: restored.folderId, trashedAt: null } } as Found, restored.tree);
}

/**
 * DELETE /templates/{id}/permanently. The owner deletes her template for good from the trash, by
 * hand, before the cron would (ADR 038): with its messages and every recipient's copy. A recipient
 * only restores her copy or leaves it to the cron; a template outside the trash is refused. Parties
 * playing it are told first, as on a revoke: when one cannot be told nothing is deleted, and asking
 * again tries again.
 */
export async function deleteTemplatePermanently(env: Env, db: Db, userId: string, id: string): Promise<void> {
  const [found, { tree }] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  allow(found, 'purge');
  // A trashed folder, with what it holds, is the cron's: by hand only a template goes for good.
  if (found.kind !== 'own') throw new AppError('forbidden');
  if (found.row.trashedAt === null && !inTrashedFolder(found.row.folderId, tree)) throw new AppError('templateNotTrashed');
  if ((await withdrawFromParties(env, await partiesPlaying(env.DB, id))).length > 0)
    throw new Error('deleting a template: a party playing it could not be told');
  await deleteTemplateRow(env.DB, id);
}

// ---- one template with its messages -----------------------------------------------------------

/** The asker's standing towards a template, or null for a stranger (or no such template). */
async function accessTo(db: Db, userId: string, id: string): Promise<Access | null> {
  if (!IdSchema.safeParse(id).success) return null;
  const template = await templateById(db, id);
  if (!template) return null;
  if (template.userId === userId) return { template, role: 'owner', copy: null, ownerName: null };
  const [copy, owner] = await Promise.all([copyOf(db, userId, id), ownerNames(db, template.userId)]);
  if (!copy || !owner || !(await liveAtOwner(db, [template])).has(id)) return null;
  return { template, role: 'recipient', copy, ownerName: nameOf(owner) };
}

/** In the asker's trash: the owner's template trashed or in a trashed folder, or the recipient's copy. */
function accessTrashed(access: Access, tree: FolderTree): boolean {
  const place = access.copy ?? access.template;
  return place.trashedAt !== null || inTrashedFolder(place.folderId, tree);
}

/** The messages as the API sends them; a media item's trash state needs its owner's media folders. */
async function messagesOf(db: Db, rows: MessageWithMedia[]): Promise<TemplateMessage[]> {
  const inFolders = rows.filter((row) => row.media?.folderId);
  const mediaTree = inFolders.length === 0 ? folderTree([]) : folderTree(await folderRows(db, 'media', inFolders[0]!.media!.userId));
  return rows.map(({ message, media }) => {
    const base: TemplateMessage = {
      id: message.id,
      templateId: message.templateId,
      rank: message.rank,
      messageType: message.messageType as MessageType,
      message: message.message,
      mediaId: message.mediaId,
      created: message.createdAt,
      lastEdited: message.updatedAt,
    };
    if (!media) return base;
    return {
      ...base,
      mediaAttachment: media.id,
      mediaAttachmentType: media.mediaType as MediaKind,
      mediaExtension: media.extension,
      mediaAttachmentOwner: media.userId,
      contentType: media.contentType,
      mediaTitle: media.title,
      mediaState: media.state as MediaState,
      hasPreview: media.previewKey !== null,
      mediaTrashed: media.trashedAt !== null || inTrashedFolder(media.folderId, mediaTree),
    };
  });
}

async function detailOf(db: Db, access: Access, tree: FolderTree): Promise<TemplateDetail> {
  const found: Exclude<Found, { kind: 'folder' }> = access.copy
    ? { kind: 'copy', row: access.copy, template: access.template, ownerName: access.ownerName ?? '' }
    : { kind: 'own', row: access.template };
  const [facts, rows] = await Promise.all([withCounts(db, [access.template]), messagesInOrder(db, access.template.id)]);
  return { ...templateEntry(found, tree, facts.get(access.template.id)), role: access.role, messages: await messagesOf(db, rows) };
}

/**
 * GET /templates/{id}. The template with its messages in order, for its owner and for who added it.
 * Trashed ones are not opened: a template in the trash is only restored or purged.
 */
export async function getTemplate(db: Db, userId: string, id: string): Promise<TemplateDetail> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  if (!access) throw new AppError('templateNotFound');
  if (accessTrashed(access, tree)) throw new AppError('templateTrashed');
  return detailOf(db, access, tree);
}

/**
 * A template to play into a party (worker/services/template-apply.ts): its messages in order, when
 * the consultant may use it (its owner, or a recipient whose copy is not in the trash); otherwise
 * null. The one way the party side reads a template.
 */
export async function loadPlayableTemplate(db: Db, userId: string, id: string): Promise<TemplateDetail | null> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  if (!access || accessTrashed(access, tree)) return null;
  return detailOf(db, access, tree);
}

/** `lastApplied` on the wire. Set when a template is played into a party; no edit of it. */
export async function markTemplateApplied(db: Db, id: string, now = Date.now()): Promise<void> {
  await updateTemplate(db, id, { lastAppliedAt: now });
}

/** The owner's template, open for changes: a recipient is refused, a stranger finds nothing. */
async function editable(db: Db, userId: string, id: string): Promise<TemplateRow> {
  const [access, { tree }] = await Promise.all([accessTo(db, userId, id), ownFolders(db, userId)]);
  const role: TemplateRole = access?.role ?? 'stranger';
  if (!access || !mayOnTemplate(role, 'edit')) throw new AppError(refusal(role));
  if (accessTrashed(access, tree)) throw new AppError('templateTrashed');
  return access.template;
}

// ---- messages ---------------------------------------------------------------------------------

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

// ---- sharing ----------------------------------------------------------------------------------

/** PUT /templates/{id}/share. The owner's link; the same one while it stays shared. */
export async function shareTemplate(db: Db, userId: string, id: string): Promise<{ shareToken: string }> {
  const template = await editable(db, userId, id);
  if (template.shareToken) return { shareToken: template.shareToken };
  const shareToken = randomToken(SHARE_TOKEN_BYTES);
  await updateTemplate(db, id, { shareToken });
  return { shareToken };
}

/**
 * PUT /templates/{id}/revokeShare. The link stops working ('This link is invalid'), and the
 * template leaves everyone who added it: recipients read the owner's template itself, so stopping
 * sharing is the owner's one way to take it back (sharing again makes a new link). Where a
 * recipient plays it in a party, it stops there at once (ADR 020).
 */
export async function revokeShare(env: Env, db: Db, userId: string, id: string): Promise<void> {
  await editable(db, userId, id);
  const played = await unshareTemplate(env.DB, id);
  const missed = await withdrawFromParties(env, played);
  // A record stays until its room was told, so revoking again tells the rooms this one missed.
  const told = played.filter((row) => !missed.includes(row)).map((row) => row.partyId);
  await forgetSharedPlays(env.DB, id, told);
  if (missed.length > 0) throw new Error('revoking a share: a party playing the template could not be told');
}

/**
 * Each party's room stops its copy of a template its owner took back and tells its manager's
 * devices. Answers the rows whose room could not be told.
 */
async function withdrawFromParties(env: Env, played: SharedPlay[]): Promise<SharedPlay[]> {
  const told = await Promise.allSettled(played.map((row) => room(env, { ...row, id: row.partyId }).withdrawTemplate(row.templateId)));
  return played.filter((_, index) => told[index]!.status === 'rejected');
}

/**
 * Records that the manager of a party (a recipient) plays someone else's shared template there,
 * after the room took it, so that its owner taking it back reaches the party. Only while the
 * recipient still holds her copy, in the same statement; when she no longer does (it was taken
 * back after she was allowed to apply it) the room withdraws it again and the answer is false.
 * Revoking deletes the copies and reads these records in one transaction, so of a revoke and an
 * apply at the same time, one always finds the other.
 */
export async function recordSharedPlay(env: Env, party: RoomPlace, templateId: string, recipientId: string): Promise<boolean> {
  if (await recordSharedPlayIfCopyHeld(env.DB, party.id, templateId, recipientId)) return true;
  if ((await withdrawFromParties(env, [{ ...party, partyId: party.id, templateId }])).length > 0)
    throw new Error('a template taken back could not be withdrawn from its party');
  return false;
}

/**
 * An account's templates are about to be deleted (account deletion): recipients playing them lose
 * them as on a revoke. Throws when a room could not be told, before anything is deleted, so the
 * next run tries again.
 */
export async function withdrawTemplatesOf(env: Env, userId: string): Promise<void> {
  if ((await withdrawFromParties(env, await sharedPlaysOfOwner(env.DB, userId))).length > 0)
    throw new Error('deleting templates: a party playing one could not be told');
}

/** The shared template a token names, when it is shared and not in its owner's trash. */
async function sharedBy(db: Db, token: string): Promise<{ template: TemplateRow; ownerName: string }> {
  if (!isShareToken(token)) throw new AppError('shareLinkInvalid');
  const row = await templateByShareToken(db, token);
  if (!row || !(await liveAtOwner(db, [row.template])).has(row.template.id)) throw new AppError('shareLinkInvalid');
  return { template: row.template, ownerName: nameOf(row) };
}

/** GET /templates/share/{token}. Title and sharer only: anyone holding the link may see them. */
export async function previewShare(db: Db, token: string): Promise<SharePreview> {
  const { template, ownerName } = await sharedBy(db, token);
  return { title: template.title, sharedBy: ownerName };
}

/**
 * What the add-template page shows (/addTemplate/{shareToken}): title and sharer, and for a
 * signed-in consultant whether it is their own template (they are told so, not offered to add it)
 * or already among their templates outside the trash.
 */
export async function shareLanding(db: Db, token: string, userId: string | null): Promise<SharePreview & { own: boolean; added: boolean }> {
  const { template, ownerName } = await sharedBy(db, token);
  const own = template.userId === userId;
  const copy = userId === null || own ? undefined : await copyOf(db, userId, template.id);
  return { title: template.title, sharedBy: ownerName, own, added: copy !== undefined && copy.trashedAt === null };
}

/**
 * POST /templates/share/{token}. Adds the template to the consultant's templates in the
 * folder the path names. Added before: it moves there and comes out of the trash. The owner
 * cannot add their own.
 */
export async function acceptShare(db: Db, userId: string, token: string, path: string, now = Date.now()): Promise<TemplateEntry> {
  const [{ template, ownerName }, { tree }] = await Promise.all([sharedBy(db, token), ownFolders(db, userId)]);
  if (template.userId === userId) throw new AppError('ownTemplate');
  const folderId = folderAt(path, tree);
  const row: TemplateRecipientRow = { templateId: template.id, userId, folderId, addedAt: now, trashedAt: null };
  await addCopy(db, row);
  return entryOf(db, { kind: 'copy', row, template, ownerName }, tree);
}

// ---- the cron ---------------------------------------------------------------------------------

/**
 * The cron's trash purge, after TRASH_RETENTION_DAYS (app/core/folders.ts): templates, folders with
 * everything in them, and recipients' trashed copies. A copy inside a deleted folder goes with it
 * rather than back to the root. Library media stays: a message only names its item.
 */
export async function purgeTemplateTrash(env: Env, now = Date.now()): Promise<{ folders: number; templates: number; copies: number }> {
  const cutoff = purgeCutoff(now);
  // Recipients still playing a template deleted for good lose it as on a revoke (its records go
  // with it; a room that cannot be told keeps its copy until its manager removes it).
  const { played, copies, templates: removed, folders } = await purgeTemplateRows(env.DB, cutoff);
  const missed = await withdrawFromParties(env, played);
  if (missed.length > 0) console.error('template purge: parties playing a deleted template could not be told', missed.length);
  return { copies, templates: removed, folders };
}
