import type { ErrorCode } from './errors';
import { DAY_MS, LIMITS } from './limits';

/**
 * The media library's rules (spec sections 3–5 and 9): which files it takes, where an entry may
 * go, what a search finds, when trash is deleted for good. Folders form a tree by parent id; an
 * entry inside a trashed folder is trashed with it without being marked itself, so restoring the
 * folder brings back exactly what was in it.
 */

/** The kinds of file the library keeps (the part of the content type before the slash). */
export const MEDIA_KINDS = ['image', 'video', 'audio', 'application'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type MediaType = MediaKind | 'folder';

/** An item's bytes: announced (waiting for the upload), being converted, ready, or failed. */
export const MEDIA_STATES = ['waiting', 'converting', 'ready', 'failed'] as const;
export type MediaState = (typeof MEDIA_STATES)[number];

export type MediaSort = 'date' | 'name';

/** Spec section 3: a video's conversionStatus, PROGRESSING while converting (polled every 1 s). */
export const CONVERSION_STATUSES = ['PROGRESSING', 'READY', 'ERROR'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/**
 * A conversion's status from the state Cloudflare Stream reports for the video; a state Stream
 * may add later counts as still working, not as done.
 */
export function conversionStatusOf(streamState: string, readyToStream: boolean): ConversionStatus {
  if (streamState === 'error') return 'ERROR';
  return streamState === 'ready' && readyToStream ? 'READY' : 'PROGRESSING';
}

/** The item's state once its conversion has this status. */
export function stateOfConversion(status: ConversionStatus): MediaState {
  return status === 'READY' ? 'ready' : status === 'ERROR' ? 'failed' : 'converting';
}

/**
 * Where an item's preview comes from: the browser makes one of a picture or a PDF's first page
 * (app/lib/preview.ts) and sends it; a video's is the poster Stream made while converting, copied
 * by the Worker; audio has none.
 */
export function previewSource(kind: MediaKind): 'browser' | 'poster' | null {
  if (kind === 'image' || kind === 'application') return 'browser';
  return kind === 'video' ? 'poster' : null;
}

/**
 * Spec section 3: previews live beside the original `{owner}/{mediaId}`, a video's poster with the
 * suffix `.0000001.jpg`, a PDF's thumbnail with `.jpg`. The spec names no suffix for a picture's
 * thumbnail; it takes the PDF's, the other thumbnail the browser makes. Null: no preview.
 */
export function previewKeyOf(storageKey: string, kind: MediaKind): string | null {
  const source = previewSource(kind);
  if (!source) return null;
  return source === 'poster' ? `${storageKey}.0000001.jpg` : `${storageKey}.jpg`;
}

/** The box a preview fits in: the library's card (spec section 9: 250 × 150) at twice its size, for sharp screens. */
export const PREVIEW_BOX = { width: 500, height: 300 } as const;

/** A picture's size scaled to fit the preview box, aspect kept, never enlarged; at least 1 × 1. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_BOX.width / width, PREVIEW_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Trash is deleted for good this long after it was trashed (spec section 9, as for templates). */
export const TRASH_RETENTION_DAYS = 30;

/** The spec's other names for kinds: photo for image, document for application. */
const ALIASES: Record<string, MediaKind> = { photo: 'image', document: 'application' };

/** A content type without parameters, in lower case: `type/subtype`. */
const CONTENT_TYPE = /^([a-z]+)\/[a-z0-9][a-z0-9!#$&^_.+-]{0,99}$/;

/**
 * The kind of a content type the library accepts (spec section 5: image/*, video/*, audio/*,
 * application/pdf), or null. Only PDF of the application types: others may be programs.
 */
export function acceptedKind(contentType: string): MediaKind | null {
  const match = CONTENT_TYPE.exec(contentType);
  if (!match) return null;
  const kind = match[1];
  // SVG is a document that can carry script, not a picture a phone shows safely: refused before
  // any byte is sent (the content check would refuse it after the upload anyway).
  if (contentType === 'image/svg+xml') return null;
  if (kind === 'image' || kind === 'video' || kind === 'audio') return kind;
  return contentType === 'application/pdf' ? 'application' : null;
}

/** Whether a declared media type names `kind` (its own name or the spec's alias). */
export function declaresKind(declared: string, kind: MediaKind): boolean {
  return declared === kind || ALIASES[declared] === kind;
}

/** The words of a search: split on white space, lower case, empty ones dropped. */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Spec section 5: every word of the query appears in the lower-case title. */
export function matchesSearch(title: string, query: string): boolean {
  const lower = title.toLowerCase();
  return searchWords(query).every((word) => lower.includes(word));
}

export interface FolderNode {
  id: string;
  parentId: string | null;
  trashedAt: number | null;
}

export type FolderTree = ReadonlyMap<string, FolderNode>;

export function folderTree(folders: readonly FolderNode[]): FolderTree {
  return new Map(folders.map((folder) => [folder.id, folder]));
}

/** The folders from the root down to `folderId` (inclusive); empty for the root or an unknown id. */
export function ancestry(folderId: string | null, tree: FolderTree): FolderNode[] {
  const chain: FolderNode[] = [];
  const seen = new Set<string>();
  for (let id = folderId; id !== null; ) {
    const node = tree.get(id);
    // A cycle cannot be stored through the API; stopping keeps a damaged tree from hanging us.
    if (!node || seen.has(id)) break;
    seen.add(id);
    chain.unshift(node);
    id = node.parentId;
  }
  return chain;
}

/** The spec's path of a place: folder ids from the root, joined by '/', empty for the root. */
export function pathOf(folderId: string | null, tree: FolderTree): string {
  return ancestry(folderId, tree)
    .map((node) => node.id)
    .join('/');
}

/** Whether something in `folderId` is in the trash: the folder or one above it is trashed. */
export function inTrashedFolder(folderId: string | null, tree: FolderTree): boolean {
  return ancestry(folderId, tree).some((node) => node.trashedAt !== null);
}

/**
 * The folder a path names: its last id, when that folder exists, is not in the trash and the path
 * is its real place (a stale path, from before a move, names nothing). The empty path is the root.
 */
export function resolvePath(path: string, tree: FolderTree): { folderId: string | null } | { error: ErrorCode } {
  if (path === '') return { folderId: null };
  const ids = path.split('/');
  const folderId = ids[ids.length - 1]!;
  if (!tree.has(folderId) || pathOf(folderId, tree) !== path || inTrashedFolder(folderId, tree)) return { error: 'folderNotFound' };
  return { folderId };
}

/** How many levels of folders lie below `folderId` (0 without subfolders). */
function heightBelow(folderId: string, tree: FolderTree): number {
  let height = 0;
  for (const id of tree.keys()) {
    const chain = ancestry(id, tree);
    const at = chain.findIndex((node) => node.id === folderId);
    if (at >= 0) height = Math.max(height, chain.length - 1 - at);
  }
  return height;
}

/**
 * Why an entry may not move into `targetId`, or null. A folder cannot go into itself or anything
 * below it (spec section 5), nor so deep that a path would name more than the folder depth limit.
 * A new folder is an entry with an id not yet in the tree. The target is checked to exist by
 * `resolvePath`.
 */
export function moveError(entry: { id: string; isFolder: boolean }, targetId: string | null, tree: FolderTree): ErrorCode | null {
  if (!entry.isFolder) return null;
  const above = ancestry(targetId, tree);
  if (above.some((node) => node.id === entry.id)) return 'moveIntoSelf';
  const depth = above.length + 1 + (tree.has(entry.id) ? heightBelow(entry.id, tree) : 0);
  return depth > LIMITS.mediaFolderDepthMax ? 'folderTooDeep' : null;
}

/** When a trashed entry is deleted for good. */
export function trashDeletesAt(trashedAt: number): number {
  return trashedAt + TRASH_RETENTION_DAYS * DAY_MS;
}

/** Entries trashed at or before this are deleted by the purge running at `now`. */
export function purgeCutoff(now: number): number {
  return now - TRASH_RETENTION_DAYS * DAY_MS;
}

/**
 * When an entry in the trash goes for good: at its own date, or earlier with a trashed folder
 * above it (deleting a folder deletes what is in it).
 */
export function deletesAt(entry: { folderId: string | null; trashedAt: number }, tree: FolderTree): number {
  const dates = [entry.trashedAt, ...ancestry(entry.folderId, tree).flatMap((node) => (node.trashedAt === null ? [] : [node.trashedAt]))];
  return trashDeletesAt(Math.min(...dates));
}

export interface SortableEntry {
  id: string;
  title: string;
  mediaType: MediaType;
  createdAt: number;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/**
 * A folder's listing: folders first, then items; each group newest first, or A–Z (then newest
 * first). The id breaks ties so the order is stable between requests.
 */
export function sortEntries<T extends SortableEntry>(entries: readonly T[], sort: MediaSort): T[] {
  const byDate = (a: T, b: T) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const byName = (a: T, b: T) => collator.compare(a.title, b.title) || byDate(a, b);
  const folderFirst = (a: T, b: T) => Number(b.mediaType === 'folder') - Number(a.mediaType === 'folder');
  return [...entries].sort((a, b) => folderFirst(a, b) || (sort === 'name' ? byName(a, b) : byDate(a, b)));
}
