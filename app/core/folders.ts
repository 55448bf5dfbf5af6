import type { ErrorCode } from './errors';
import { DAY_MS, LIMITS } from './limits';

/**
 * What the media library, the templates and the party folders share (ADR 028, ADR 037): folders that form a tree by parent
 * id, paths of folder ids, the move rule, the trash with its 30 days and the two sort orders
 * (search is app/core/search.ts). An entry inside a trashed folder is trashed with it without being marked itself,
 * so restoring the folder brings back exactly what was in it.
 */

/** Trash is deleted for good this long after it was trashed, templates and media alike (ADR 015). */
export const TRASH_RETENTION_DAYS = 30;

/** A listing's order, as the page header's sort toggle offers it: by date or alphabetical. */
export type EntrySort = 'date' | 'name';

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
  for (let id = folderId; id !== null;) {
    const node = tree.get(id);
    // A cycle cannot be stored through the API; stopping keeps a damaged tree from hanging us.
    if (!node || seen.has(id)) break;
    seen.add(id);
    chain.unshift(node);
    id = node.parentId;
  }
  return chain;
}

/** A place's path (the API's `path`): folder ids from the root, joined by '/', empty for the root. */
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
 * below it, nor so deep that a path would name more than the folder depth limit.
 * A new folder is an entry with an id not yet in the tree. The target is checked to exist by
 * `resolvePath`.
 */
export function moveError(entry: { id: string; isFolder: boolean }, targetId: string | null, tree: FolderTree): ErrorCode | null {
  if (!entry.isFolder) return null;
  const above = ancestry(targetId, tree);
  if (above.some((node) => node.id === entry.id)) return 'moveIntoSelf';
  const depth = above.length + 1 + (tree.has(entry.id) ? heightBelow(entry.id, tree) : 0);
  return depth > LIMITS.folderDepthMax ? 'folderTooDeep' : null;
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

export interface SortKey {
  id: string;
  title: string;
  created: number;
  isFolder: boolean;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/**
 * A folder's listing: folders first, then the rest; each group newest first, or A–Z (then newest
 * first). The id breaks ties so the order is stable between requests. `key` names an entry's
 * fields, so media items and templates sort alike.
 */
export function sortBy<T>(entries: readonly T[], sort: EntrySort, key: (entry: T) => SortKey): T[] {
  const keyed = entries.map((entry) => ({ entry, key: key(entry) }));
  type Keyed = (typeof keyed)[number];
  const byDate = (a: Keyed, b: Keyed) => b.key.created - a.key.created || (a.key.id < b.key.id ? -1 : a.key.id > b.key.id ? 1 : 0);
  const byName = (a: Keyed, b: Keyed) => collator.compare(a.key.title, b.key.title) || byDate(a, b);
  const folderFirst = (a: Keyed, b: Keyed) => Number(b.key.isFolder) - Number(a.key.isFolder);
  return keyed.sort((a, b) => folderFirst(a, b) || (sort === 'name' ? byName(a, b) : byDate(a, b))).map(({ entry }) => entry);
}
