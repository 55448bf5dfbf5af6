import { AppError } from '../../app/core/errors';
import { inTrashedFolder, pathOf, purgeCutoff } from '../../app/core/folders';
import { matchesSearch } from '../../app/core/search';
import type { FolderTree } from '../../app/core/folders';
import { acceptedKind } from '../../app/core/media';
import { extensionFits } from '../../app/core/media-content';
import { sortEntries } from '../../app/core/media-library';
import type { LibraryFolder } from '../../app/core/media-library';
import type { MediaSort, MediaState, MediaType } from '../../app/core/media';
import type { MediaEntry, MediaListing } from '../../app/core/media-entry';
import { IdSchema } from '../../app/core/schemas';
import type { CreateMedia, DuplicateMedia } from '../../app/core/library-schemas';
import type { Db } from '../db/client';
import { inTemplateSharedWith, shownInPartyOf, storedFile } from '../db/files';
import type { MediaFile, StoredFile } from '../db/files';
import type { LibraryFolderRow } from '../db/library';
import {
  insertMediaItem,
  mediaItemById,
  mediaItemsIn,
  ownMediaFolder,
  ownMediaItem,
  trashedMediaItems,
  untrashedMediaItems,
  updateMediaItem,
} from '../db/media';
import type { MediaItemRow } from '../db/schema';
import type { Identity } from '../auth/identity';
import { purgeMediaRows } from '../db/trash-purge';
import type { Env } from '../env';
import { copyObject } from '../media/r2-copy';
import { startConversion } from './media-convert';
import { ownLiveItem } from './media-items';
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

/**
 * A consultant's media library: the domain functions behind the API.
 * Every function works inside one owner's library; another consultant's item or folder is
 * reported exactly like one that does not exist. The rules themselves are in app/core/media.ts.
 */

type Found = { folder: true; row: LibraryFolderRow } | { folder: false; row: MediaItemRow };

function folderEntry(row: LibraryFolderRow, tree: FolderTree): MediaEntry {
  return {
    id: row.id,
    title: row.title,
    description: null,
    mediaType: 'folder',
    contentType: null,
    mediaExtension: null,
    size: null,
    state: null,
    path: pathOf(row.parentId, tree),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    trashedAt: row.trashedAt,
    deletesAt: deletesAtOf({ folderId: row.parentId, trashedAt: row.trashedAt }, tree),
    hasPreview: false,
  };
}

function itemEntry(row: MediaItemRow, tree: FolderTree): MediaEntry {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    mediaType: row.mediaType as MediaType,
    contentType: row.contentType,
    mediaExtension: row.extension,
    size: row.size,
    state: row.state as MediaState,
    path: pathOf(row.folderId, tree),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    trashedAt: row.trashedAt,
    deletesAt: deletesAtOf(row, tree),
    hasPreview: row.previewKey !== null,
  };
}

const ownFolders = (db: Db, userId: string) => shelfOf(db, 'media', userId);

async function findEntry(db: Db, userId: string, id: string): Promise<Found> {
  if (!IdSchema.safeParse(id).success) throw new AppError('mediaNotFound');
  const [item, folder] = await Promise.all([ownMediaItem(db, userId, id), ownMediaFolder(db, userId, id)]);
  if (item) return { folder: false, row: item };
  if (folder) return { folder: true, row: folder };
  throw new AppError('mediaNotFound');
}

/** The entry as the shared library rules (library.ts) see it. */
const onShelf = (found: Found): OnShelf => (found.folder ? { id: found.row.id, folder: found.row } : { id: found.row.id, folder: null, placed: found.row });

function entryOf(found: Found, tree: FolderTree): MediaEntry {
  return found.folder ? folderEntry(found.row, tree) : itemEntry(found.row, tree);
}

/** GET /media. One folder's contents; the trash and what is in it are not listed. */
export async function listFolder(db: Db, userId: string, path: string, sort: MediaSort): Promise<MediaListing> {
  // The folder a path names is its last id: its items are read beside the tree, which then says
  // whether the path is real (one round trip, ADR 049); another's id finds none of hers anyway.
  const named = path === '' ? null : path.slice(path.lastIndexOf('/') + 1);
  const [shelf, items] = await Promise.all([ownFolders(db, userId), mediaItemsIn(db, userId, named)]);
  const folderId = folderAt(path, shelf.tree);
  const folders = foldersIn(shelf, folderId).map((row) => folderEntry(row, shelf.tree));
  return { path, entries: sortEntries([...folders, ...items.map((row) => itemEntry(row, shelf.tree))], sort) };
}

/** Every folder of the owner outside the trash: what the library page needs for its hash path, breadcrumb and move-to dialog. */
export async function listFolders(db: Db, userId: string): Promise<LibraryFolder[]> {
  return openFolders(await ownFolders(db, userId));
}

/**
 * POST /media. Announces a file: the row exists, waiting for its bytes, with an empty resumable
 * upload (worker/api/tus.ts) that stores them at `storageKey`.
 */
export async function createMedia(db: Db, userId: string, input: CreateMedia, now = Date.now()): Promise<MediaEntry> {
  const { tree } = await ownFolders(db, userId);
  const folderId = folderAt(input.path, tree);
  const kind = acceptedKind(input.contentType);
  if (!kind) throw new AppError('mediaTypeNotAccepted');
  if (input.mediaExtension && !extensionFits(input.mediaExtension, input.contentType)) throw new AppError('mediaTypeMismatch');
  const row = newItemRow(
    userId,
    folderId,
    { title: input.title, kind, contentType: input.contentType, extension: input.mediaExtension ?? null, size: input.size },
    now,
  );
  await insertMediaItem(db, row);
  return itemEntry(row, tree);
}

/** A new item's row, waiting for its bytes at `{userId}/{id}`. */
export function newItemRow(
  userId: string,
  folderId: string | null,
  file: { title: string; kind: MediaType; contentType: string; extension: string | null; size: number },
  now: number,
): MediaItemRow {
  const id = crypto.randomUUID();
  return {
    id,
    userId,
    folderId,
    title: file.title,
    description: null,
    mediaType: file.kind,
    contentType: file.contentType,
    extension: file.extension,
    size: file.size,
    state: 'waiting',
    storageKey: `${userId}/${id}`,
    previewKey: null,
    streamUid: null,
    hlsUrl: null,
    posterUrl: null,
    isPortrait: null,
    noAudio: null,
    createdAt: now,
    updatedAt: now,
    trashedAt: null,
    purgedAt: null,
  };
}

/**
 * POST /media/duplicate. A file a chat shows (a guest's photo or voice message, the consultant's
 * own, a library item) copied into her library as a new item of its own, which lives and goes
 * independently of the original (ADR 039). She may copy what she owns and what a party she manages
 * shows; anything else is not found, as everywhere in the library. The bytes are copied in R2,
 * streamed; a video's copy is converted anew (Stream's copy belongs to the original).
 */
export async function duplicateMedia(env: Env, db: Db, userId: string, input: DuplicateMedia, origin: string, now = Date.now()): Promise<MediaEntry> {
  const file = await storedFile(db, input.origin);
  if (!file || !(file.ownerId === userId || (await shownInPartyOf(db, file.id, { userId, guestId: null })))) throw new AppError('mediaNotFound');
  const { tree } = await ownFolders(db, userId);
  const folderId = folderAt(input.path, tree);
  if (file.state !== 'ready') throw new AppError('mediaNotUploaded');
  const kind = acceptedKind(file.contentType);
  if (kind !== input.type) throw new AppError('mediaTypeMismatch');
  const row = newItemRow(userId, folderId, { title: input.title, kind, contentType: file.contentType, extension: file.extension, size: 0 }, now);
  const size = await copyObject(env.MEDIA, file.storageKey, row.storageKey);
  if (size === null) throw new AppError('mediaNotUploaded');
  const copy: MediaItemRow = { ...row, size, state: kind === 'video' ? 'waiting' : 'ready' };
  try {
    await insertMediaItem(db, copy);
  } catch (error) {
    await env.MEDIA.delete(copy.storageKey);
    throw error;
  }
  if (kind === 'video') {
    const source = await mediaItemById(db, file.id);
    await startConversion(env, db, userId, copy.id, { isPortrait: source?.isPortrait ?? false, noAudio: source?.noAudio ?? false }, origin, now);
  }
  return getMediaEntry(db, userId, copy.id);
}

/** One entry as the library lists it: the answer of a call that changed it elsewhere. */
export async function getMediaEntry(db: Db, userId: string, id: string): Promise<MediaEntry> {
  const [found, { tree }] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  return entryOf(found, tree);
}

/** POST /media/folder. */
export async function createFolder(db: Db, userId: string, input: { title: string; path: string }, now = Date.now()): Promise<MediaEntry> {
  const { row, tree } = await addFolder(db, await ownFolders(db, userId), userId, input, now);
  return folderEntry(row, tree);
}

/** PUT /media/{id} {name}. An item or a folder; not while it is in the trash. */
export async function renameMedia(db: Db, userId: string, id: string, name: string, now = Date.now()): Promise<MediaEntry> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  const changes = { title: name, updatedAt: now };
  await renameOnShelf(db, shelf, onShelf(found), name, 'mediaTrashed', () => updateMediaItem(db, id, changes), now);
  return entryOf({ ...found, row: { ...found.row, ...changes } } as Found, shelf.tree);
}

/**
 * PUT /media/folder {mediaId, path}. An item or a folder (with everything in it) goes to the folder
 * the path names (library.ts moveOnShelf).
 */
export async function moveMedia(db: Db, userId: string, input: { mediaId: string; path: string }, now = Date.now()): Promise<MediaEntry> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, input.mediaId), ownFolders(db, userId)]);
  const moved = await moveOnShelf(
    db,
    shelf,
    onShelf(found),
    input.path,
    'mediaTrashed',
    (folderId) => updateMediaItem(db, found.row.id, { folderId, updatedAt: now }),
    now,
  );
  if (moved.folder) return folderEntry(moved.folder, moved.tree);
  return itemEntry({ ...(found.row as MediaItemRow), folderId: moved.folderId, updatedAt: now }, moved.tree);
}

/**
 * PUT /media/{id}/description {description}. An item's (a folder has none), not while it is in
 * the trash; an empty one removes it.
 */
export async function describeMedia(db: Db, userId: string, id: string, description: string, now = Date.now()): Promise<MediaEntry> {
  const item = await ownLiveItem(db, userId, id);
  await updateMediaItem(db, item.id, { description: description === '' ? null : description, updatedAt: now });
  return getMediaEntry(db, userId, item.id);
}

/** DELETE /media/{id}. Into the trash (library.ts trashOnShelf). */
export async function trashMedia(db: Db, userId: string, id: string, now = Date.now()): Promise<void> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  await trashOnShelf(db, shelf, onShelf(found), (trashedAt) => updateMediaItem(db, id, { trashedAt }), now);
}

/** PUT /media/{id}/restore. Back where it was, with what it held (library.ts restoreOnShelf). */
export async function restoreMedia(db: Db, userId: string, id: string, now = Date.now()): Promise<MediaEntry> {
  const [found, shelf] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  const restored = await restoreOnShelf(db, shelf, onShelf(found), (folderId) => updateMediaItem(db, id, { folderId, trashedAt: null, updatedAt: now }), now);
  if (!restored) return entryOf(found, shelf.tree);
  if (restored.folder) return folderEntry(restored.folder, restored.tree);
  return itemEntry({ ...(found.row as MediaItemRow), folderId: restored.folderId, trashedAt: null, updatedAt: now }, restored.tree);
}

/** GET /media/trash. What was put in the trash, newest first, each with its deletion date. */
export async function listTrash(db: Db, userId: string): Promise<MediaEntry[]> {
  const [shelf, items] = await Promise.all([ownFolders(db, userId), trashedMediaItems(db, userId)]);
  return newestTrashedFirst([...trashedFolders(shelf).map((row) => folderEntry(row, shelf.tree)), ...items.map((row) => itemEntry(row, shelf.tree))]);
}

/**
 * Items (never folders) of the owner whose lower-case title holds every word of the query (split on
 * spaces), outside the trash, newest first. Matched here rather than in SQL: SQLite's lower() and
 * LIKE fold ASCII only, and 'Ähre' must find 'ÄHRE'.
 */
export async function searchMedia(db: Db, userId: string, query: string): Promise<MediaEntry[]> {
  const [{ tree }, items] = await Promise.all([ownFolders(db, userId), untrashedMediaItems(db, userId)]);
  const found = items.filter((row) => matchesSearch(row.title, query) && !inTrashedFolder(row.folderId, tree));
  return sortEntries(
    found.map((row) => itemEntry(row, tree)),
    'date',
  );
}

/**
 * The cron's trash purge: whatever has been in the trash for TRASH_RETENTION_DAYS
 * (app/core/folders.ts) leaves the library, with everything inside a deleted folder. Folders go;
 * items are marked purged (out of their folder, so the folder's deletion does not take their rows
 * along). Their files go with the cleanup that follows (worker/media/collect.ts collectMedia), at
 * once unless a party message or a template still shows them: those keep playing until that last
 * reference goes too.
 */
export async function purgeMediaTrash(env: Env, now = Date.now()): Promise<{ folders: number; items: number }> {
  return purgeMediaRows(env.DB, purgeCutoff(now), now);
}

/**
 * Who may fetch a file's bytes (GET /files/...), the single place for that rule: the owner, or who
 * may see a party the media was sent to. The consultant who owns it, and every present member of a
 * party it was put into for a message (`party_media`): the party's manager and its guests who were
 * neither removed nor left. An ended party's members keep reading its chat, so they keep its files.
 * A guest's own upload is theirs through the party only: removed, they lose it with the rest of the
 * chat. A consultant who added a shared template sees the files its messages name (the recipient
 * reads the template as its owner made it).
 */
export async function mayViewMedia(db: Db, identity: Identity, file: MediaFile): Promise<boolean> {
  const userId = identity.consultant?.userId ?? null;
  const guestId = identity.guest?.guestId ?? null;
  if (userId !== null && userId === file.ownerId) return true;
  if (userId === null && guestId === null) return false;
  if (userId !== null && (await inTemplateSharedWith(db, userId, file.id))) return true;
  return shownInPartyOf(db, file.id, { userId, guestId });
}

/**
 * The file at GET /files/{id}, for who may view it (`mayViewMedia`); everyone else learns nothing,
 * not even that it exists, and who is nobody is told to sign in.
 */
export async function viewableFile(db: Db, identity: Identity, id: string): Promise<StoredFile> {
  const file = IdSchema.safeParse(id).success ? await storedFile(db, id) : undefined;
  if (!file || !(await mayViewMedia(db, identity, file))) {
    if (!identity.consultant && !identity.guest) throw new AppError(identity.consultantExpired ? 'sessionExpired' : 'unauthorized');
    throw new AppError('mediaNotFound');
  }
  return file;
}
