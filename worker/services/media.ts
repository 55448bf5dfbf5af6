import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { AppError } from '../../app/core/errors';
import { deletesAt, folderTree, inTrashedFolder, matchesSearch, moveError, pathOf, purgeCutoff, resolvePath } from '../../app/core/folders';
import type { FolderTree } from '../../app/core/folders';
import { acceptedKind } from '../../app/core/media';
import { extensionFits } from '../../app/core/media-content';
import { sortEntries } from '../../app/core/media-library';
import type { MediaSort, MediaState, MediaType } from '../../app/core/media';
import type { MediaEntry, MediaListing } from '../../app/core/media-entry';
import { IdSchema } from '../../app/core/schemas';
import type { CreateMedia } from '../../app/core/schemas';
import type { Db } from '../db/client';
import type { MediaFolderRow, MediaItemRow } from '../db/schema';
import { mediaFolders, mediaItems, mediaUploads, parties, partyMedia, templateMessages, templateRecipients } from '../db/schema';
import type { Identity } from '../auth/identity';
import { newUpload } from '../media/tus';
import type { Env } from '../env';

/**
 * A consultant's media library (spec sections 2–5 and 7): the domain functions behind the API.
 * Every function works inside one owner's library; another consultant's item or folder is
 * reported exactly like one that does not exist. The rules themselves are in app/core/media.ts.
 */

type Found = { folder: true; row: MediaFolderRow } | { folder: false; row: MediaItemRow };

function folderEntry(row: MediaFolderRow, tree: FolderTree): MediaEntry {
  return {
    id: row.id,
    title: row.title,
    mediaType: 'folder',
    contentType: null,
    mediaExtension: null,
    size: null,
    state: null,
    path: pathOf(row.parentId, tree),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    trashedAt: row.trashedAt,
    deletesAt: row.trashedAt === null ? null : deletesAt({ folderId: row.parentId, trashedAt: row.trashedAt }, tree),
    hasPreview: false,
  };
}

function itemEntry(row: MediaItemRow, tree: FolderTree): MediaEntry {
  return {
    id: row.id,
    title: row.title,
    mediaType: row.mediaType as MediaType,
    contentType: row.contentType,
    mediaExtension: row.extension,
    size: row.size,
    state: row.state as MediaState,
    path: pathOf(row.folderId, tree),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    trashedAt: row.trashedAt,
    deletesAt: row.trashedAt === null ? null : deletesAt({ folderId: row.folderId, trashedAt: row.trashedAt }, tree),
    hasPreview: row.previewKey !== null,
  };
}

/** Every folder of the owner: the tree the rules walk (a consultant has tens or hundreds). */
async function ownFolders(db: Db, userId: string): Promise<{ rows: MediaFolderRow[]; tree: FolderTree }> {
  const rows = await db.select().from(mediaFolders).where(eq(mediaFolders.userId, userId));
  return { rows, tree: folderTree(rows) };
}

function targetOf(path: string, tree: FolderTree): string | null {
  const resolved = resolvePath(path, tree);
  if ('error' in resolved) throw new AppError(resolved.error);
  return resolved.folderId;
}

const within = (column: SQLiteColumn, folderId: string | null) => (folderId === null ? isNull(column) : eq(column, folderId));

async function findEntry(db: Db, userId: string, id: string): Promise<Found> {
  if (!IdSchema.safeParse(id).success) throw new AppError('mediaNotFound');
  const [item, folder] = await Promise.all([
    db.query.mediaItems.findFirst({ where: and(eq(mediaItems.id, id), eq(mediaItems.userId, userId), isNull(mediaItems.purgedAt)) }),
    db.query.mediaFolders.findFirst({ where: and(eq(mediaFolders.id, id), eq(mediaFolders.userId, userId)) }),
  ]);
  if (item) return { folder: false, row: item };
  if (folder) return { folder: true, row: folder };
  throw new AppError('mediaNotFound');
}

const placeOf = (found: Found) => (found.folder ? found.row.parentId : found.row.folderId);

/** In the trash itself or inside a trashed folder. */
function isTrashed(found: Found, tree: FolderTree): boolean {
  return found.row.trashedAt !== null || inTrashedFolder(placeOf(found), tree);
}

function entryOf(found: Found, tree: FolderTree): MediaEntry {
  return found.folder ? folderEntry(found.row, tree) : itemEntry(found.row, tree);
}

/** Spec: GET /media. One folder's contents; the trash and what is in it are not listed. */
export async function listFolder(db: Db, userId: string, path: string, sort: MediaSort): Promise<MediaListing> {
  const { rows, tree } = await ownFolders(db, userId);
  const folderId = targetOf(path, tree);
  const items = await db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.userId, userId), within(mediaItems.folderId, folderId), isNull(mediaItems.trashedAt)));
  const folders = rows.filter((row) => row.parentId === folderId && row.trashedAt === null);
  return { path, entries: sortEntries([...folders.map((row) => folderEntry(row, tree)), ...items.map((row) => itemEntry(row, tree))], sort) };
}

/**
 * Every folder of the owner outside the trash (not trashed, nor inside a trashed one): what the
 * library page needs for its hash path, breadcrumb and move-to dialog.
 */
export async function listFolders(db: Db, userId: string): Promise<{ id: string; title: string; parentId: string | null }[]> {
  const { rows, tree } = await ownFolders(db, userId);
  return rows
    .filter((row) => row.trashedAt === null && !inTrashedFolder(row.parentId, tree))
    .map((row) => ({ id: row.id, title: row.title, parentId: row.parentId }));
}

/**
 * Spec: POST /media. Announces a file: the row exists, waiting for its bytes, with an empty
 * resumable upload (worker/media/tus.ts) that stores them at `storageKey`.
 */
export async function createMedia(db: Db, userId: string, input: CreateMedia, now = Date.now()): Promise<MediaEntry> {
  const { tree } = await ownFolders(db, userId);
  const folderId = targetOf(input.path, tree);
  const kind = acceptedKind(input.contentType);
  if (!kind) throw new AppError('mediaTypeNotAccepted');
  if (input.mediaExtension && !extensionFits(input.mediaExtension, input.contentType)) throw new AppError('mediaTypeMismatch');
  const id = crypto.randomUUID();
  const row: MediaItemRow = {
    id,
    userId,
    folderId,
    title: input.title,
    mediaType: kind,
    contentType: input.contentType,
    extension: input.mediaExtension ?? null,
    size: input.size,
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
  await db.batch([db.insert(mediaItems).values(row), db.insert(mediaUploads).values(newUpload(id, now))]);
  return itemEntry(row, tree);
}

/** One entry as the library lists it: the answer of a call that changed it elsewhere. */
export async function getMediaEntry(db: Db, userId: string, id: string): Promise<MediaEntry> {
  const [found, { tree }] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  return entryOf(found, tree);
}

/** Spec: POST /media/folder. */
export async function createFolder(db: Db, userId: string, input: { title: string; path: string }, now = Date.now()): Promise<MediaEntry> {
  const { rows, tree } = await ownFolders(db, userId);
  const parentId = targetOf(input.path, tree);
  const id = crypto.randomUUID();
  const error = moveError({ id, isFolder: true }, parentId, tree);
  if (error) throw new AppError(error);
  const row: MediaFolderRow = { id, userId, parentId, title: input.title, createdAt: now, updatedAt: now, trashedAt: null };
  await db.insert(mediaFolders).values(row);
  return folderEntry(row, folderTree([...rows, row]));
}

/** Spec: PUT /media/{id} {name}. An item or a folder; not while it is in the trash. */
export async function renameMedia(db: Db, userId: string, id: string, name: string, now = Date.now()): Promise<MediaEntry> {
  const [found, { tree }] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  if (isTrashed(found, tree)) throw new AppError('mediaTrashed');
  const changes = { title: name, updatedAt: now };
  if (found.folder) await db.update(mediaFolders).set(changes).where(eq(mediaFolders.id, id));
  else await db.update(mediaItems).set(changes).where(eq(mediaItems.id, id));
  return entryOf({ ...found, row: { ...found.row, ...changes } } as Found, tree);
}

/**
 * Spec: PUT /media/folder {mediaId, path}. An item or a folder (with everything in it) goes to the
 * folder the path names: one of the owner's, not in the trash, and for a folder not itself or
 * anything below it.
 */
export async function moveMedia(db: Db, userId: string, input: { mediaId: string; path: string }, now = Date.now()): Promise<MediaEntry> {
  const [found, { rows, tree }] = await Promise.all([findEntry(db, userId, input.mediaId), ownFolders(db, userId)]);
  if (isTrashed(found, tree)) throw new AppError('mediaTrashed');
  const targetId = targetOf(input.path, tree);
  const error = moveError({ id: found.row.id, isFolder: found.folder }, targetId, tree);
  if (error) throw new AppError(error);
  if (found.folder) {
    await db.update(mediaFolders).set({ parentId: targetId, updatedAt: now }).where(eq(mediaFolders.id, found.row.id));
    const moved = { ...found.row, parentId: targetId, updatedAt: now };
    return folderEntry(moved, folderTree(rows.map((row) => (row.id === moved.id ? moved : row))));
  }
  await db.update(mediaItems).set({ folderId: targetId, updatedAt: now }).where(eq(mediaItems.id, found.row.id));
  return itemEntry({ ...found.row, folderId: targetId, updatedAt: now }, tree);
}

/**
 * Spec: DELETE /media/{id}. Into the trash; a folder takes everything in it along. Something
 * already in the trash stays as it is (a repeated call changes nothing).
 */
export async function trashMedia(db: Db, userId: string, id: string, now = Date.now()): Promise<void> {
  const [found, { tree }] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  if (isTrashed(found, tree)) return;
  if (found.folder) await db.update(mediaFolders).set({ trashedAt: now }).where(eq(mediaFolders.id, id));
  else await db.update(mediaItems).set({ trashedAt: now }).where(eq(mediaItems.id, id));
}

/**
 * Spec: PUT /media/{id}/restore. Back where it was, with what it held; to the root when that folder
 * is itself in the trash now. Something not in the trash itself is left as it is.
 */
export async function restoreMedia(db: Db, userId: string, id: string, now = Date.now()): Promise<MediaEntry> {
  const [found, { rows, tree }] = await Promise.all([findEntry(db, userId, id), ownFolders(db, userId)]);
  if (found.row.trashedAt === null) return entryOf(found, tree);
  const place = inTrashedFolder(placeOf(found), tree) ? null : placeOf(found);
  if (found.folder) {
    const restored = { ...found.row, parentId: place, trashedAt: null, updatedAt: now };
    await db.update(mediaFolders).set({ parentId: place, trashedAt: null, updatedAt: now }).where(eq(mediaFolders.id, id));
    return folderEntry(restored, folderTree(rows.map((row) => (row.id === id ? restored : row))));
  }
  await db.update(mediaItems).set({ folderId: place, trashedAt: null, updatedAt: now }).where(eq(mediaItems.id, id));
  return itemEntry({ ...found.row, folderId: place, trashedAt: null, updatedAt: now }, tree);
}

/** Spec: GET /media/trash. What was put in the trash, newest first, each with its deletion date. */
export async function listTrash(db: Db, userId: string): Promise<MediaEntry[]> {
  const [{ rows, tree }, items] = await Promise.all([
    ownFolders(db, userId),
    db
      .select()
      .from(mediaItems)
      .where(and(eq(mediaItems.userId, userId), isNotNull(mediaItems.trashedAt), isNull(mediaItems.purgedAt))),
  ]);
  const entries = [...rows.filter((row) => row.trashedAt !== null).map((row) => folderEntry(row, tree)), ...items.map((row) => itemEntry(row, tree))];
  return entries.sort((a, b) => b.trashedAt! - a.trashedAt! || (a.id < b.id ? -1 : 1));
}

/**
 * Items (never folders) of the owner whose lower-case title holds every word of the query (spec
 * section 5), outside the trash, newest first. Matched here rather than in SQL: SQLite's lower()
 * and LIKE fold ASCII only, and 'Ähre' must find 'ÄHRE'.
 */
export async function searchMedia(db: Db, userId: string, query: string): Promise<MediaEntry[]> {
  const [{ tree }, items] = await Promise.all([
    ownFolders(db, userId),
    db
      .select()
      .from(mediaItems)
      .where(and(eq(mediaItems.userId, userId), isNull(mediaItems.trashedAt))),
  ]);
  const found = items.filter((row) => matchesSearch(row.title, query) && !inTrashedFolder(row.folderId, tree));
  return sortEntries(
    found.map((row) => itemEntry(row, tree)),
    'date',
  );
}

/** Folders trashed at or before the cutoff, and every folder inside them. */
const DOOMED_FOLDERS = `WITH RECURSIVE doomed(id) AS (
  SELECT id FROM media_folders WHERE trashed_at IS NOT NULL AND trashed_at <= ?1
  UNION SELECT f.id FROM media_folders f JOIN doomed d ON f.parent_id = d.id
)`;
const DOOMED_ITEMS = `purged_at IS NULL AND ((trashed_at IS NOT NULL AND trashed_at <= ?1) OR folder_id IN (SELECT id FROM doomed))`;

/**
 * The cron's trash purge: whatever has been in the trash for 30 days (spec section 9) leaves the
 * library, with everything inside a deleted folder. Folders go; items are marked purged (out of
 * their folder, so the folder's deletion does not take their rows along). Their files go with the
 * cleanup that follows (media-cleanup.ts collectMedia), at once unless a party message or a
 * template still shows them: those keep playing until that last reference goes too.
 */
export async function purgeMediaTrash(env: Env, now = Date.now()): Promise<{ folders: number; items: number }> {
  const cutoff = purgeCutoff(now);
  const [items, folders] = await env.DB.batch([
    env.DB.prepare(`${DOOMED_FOLDERS} UPDATE media_items SET purged_at = ?2, folder_id = NULL WHERE ${DOOMED_ITEMS}`).bind(cutoff, now),
    env.DB.prepare(`${DOOMED_FOLDERS} DELETE FROM media_folders WHERE id IN (SELECT id FROM doomed)`).bind(cutoff),
  ]);
  return { items: items!.meta.changes, folders: folders!.meta.changes };
}

/** A stored file as access and serving see it: a library item or a party upload. */
export interface MediaFile {
  id: string;
  /** The library's owner (a consultant's user id), or the member who uploaded it into a party. */
  ownerId: string;
}

/**
 * Who may fetch a file's bytes (GET /files/...): the single place for that rule (spec section 7:
 * access only for who may see the party the media was sent to, or the owner). The consultant who
 * owns it, and every present member of a party it was put into for a message (`party_media`): the
 * party's manager and its guests who were neither removed nor left. An ended party's members keep
 * reading its chat, so they keep its files. A guest's own upload is theirs through the party only:
 * removed, they lose it with the rest of the chat. A consultant who added a shared template sees
 * the files its messages name (issue 13: the recipient reads the template as its owner made it).
 */
export async function mayViewMedia(db: Db, identity: Identity, file: MediaFile): Promise<boolean> {
  const userId = identity.consultant?.userId ?? null;
  const guestId = identity.guest?.guestId ?? null;
  if (userId !== null && userId === file.ownerId) return true;
  if (userId === null && guestId === null) return false;
  if (userId !== null) {
    const recipient = await db
      .select({ templateId: templateMessages.templateId })
      .from(templateMessages)
      .innerJoin(templateRecipients, and(eq(templateRecipients.templateId, templateMessages.templateId), eq(templateRecipients.userId, userId)))
      .where(eq(templateMessages.mediaId, file.id))
      .limit(1);
    if (recipient.length > 0) return true;
  }
  const member = guestId === null ? sql`0` : sql`EXISTS (SELECT 1 FROM party_members m WHERE m.party_id = ${partyMedia.partyId} AND m.guest_id = ${guestId} AND m.removed_at IS NULL)`;
  const manager = userId === null ? sql`0` : sql`${parties.userId} = ${userId}`;
  const found = await db
    .select({ partyId: partyMedia.partyId })
    .from(partyMedia)
    .innerJoin(parties, eq(parties.id, partyMedia.partyId))
    .where(and(eq(partyMedia.mediaId, file.id), sql`(${manager} OR ${member})`))
    .limit(1);
  return found.length > 0;
}
