import type { FolderTree } from './folders';
import { ancestry, folderTree, moveError, sortBy } from './folders';
import type { MediaSort, MediaType } from './media';

/**
 * Where the media library page or the templates page is (/media and /templates keep the folder
 * position in the address's hash, as a path of shortened folder ids or 'trash', so a link or a
 * reload opens the same place) and what their breadcrumb and move-to dialog offer. The API speaks
 * in full paths (folder ids joined by '/'); the address bar in short ones.
 */

/** A folder outside the trash, as the page knows it. */
export interface LibraryFolder {
  id: string;
  title: string;
  parentId: string | null;
}

export type LibraryPlace = { kind: 'trash' } | { kind: 'folder'; folderId: string | null };

/** The trash's fixed pseudo-folder id in the hash: no folder id (a uuid's first block is hex) can be it. */
export const TRASH_HASH = 'trash';

/**
 * A folder id as the hash shows it: the first block of the uuid (not to be confused with a party's
 * or a profile's public `shortId`, a whole id of its own). Siblings are told apart by it;
 * two siblings sharing one (a chance of one in four billion) resolve to the older's place.
 */
export const FOLDER_HASH_ID_LENGTH = 8;

/** The folder's step in a hash path: `#a1b2c3d4/e5f6a7b8`. */
export function folderHashId(id: string): string {
  return id.slice(0, FOLDER_HASH_ID_LENGTH);
}

export function libraryTree(folders: readonly LibraryFolder[]): FolderTree {
  return folderTree(folders.map((folder) => ({ id: folder.id, parentId: folder.parentId, trashedAt: null })));
}

/** The hash (without '#') of a place: empty for the root. */
export function hashOf(place: LibraryPlace, tree: FolderTree): string {
  if (place.kind === 'trash') return TRASH_HASH;
  return ancestry(place.folderId, tree)
    .map((node) => folderHashId(node.id))
    .join('/');
}

/**
 * The hash of the folder a full API path names (a template's own place, as its detail says): the
 * templates page opens there. The path is the asker's, so a recipient's copy leads to her folder.
 */
export function hashOfPath(path: string): string {
  return path === '' ? '' : path.split('/').map(folderHashId).join('/');
}

/**
 * The place a hash names, walking down from the root one short id at a time; null when a step
 * names no folder there (a folder since moved, trashed or never there).
 */
export function placeOfHash(hash: string, folders: readonly LibraryFolder[]): LibraryPlace | null {
  const text = decodeURIComponent(hash.replace(/^#/, ''));
  if (text === TRASH_HASH) return { kind: 'trash' };
  if (text === '') return { kind: 'folder', folderId: null };
  let folderId: string | null = null;
  for (const step of text.split('/')) {
    const child = folders.find((folder) => folder.parentId === folderId && folderHashId(folder.id) === step);
    if (!child) return null;
    folderId = child.id;
  }
  return { kind: 'folder', folderId };
}

/** The API's path of a folder: full ids from the root, joined by '/'. */
export function apiPath(folderId: string | null, tree: FolderTree): string {
  return ancestry(folderId, tree)
    .map((node) => node.id)
    .join('/');
}

/** The folder a full API path ends in (null for the root). */
export function folderOfPath(path: string): string | null {
  return path === '' ? null : (path.split('/').pop() ?? null);
}

/** The breadcrumb shows the last two levels; the ones above hide behind an ellipsis. */
export const BREADCRUMB_LEVELS = 2;

export function breadcrumb(folderId: string | null, folders: readonly LibraryFolder[]): { hidden: LibraryFolder[]; shown: LibraryFolder[] } {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const chain = ancestry(folderId, libraryTree(folders)).map((node) => byId.get(node.id)!);
  const cut = Math.max(0, chain.length - BREADCRUMB_LEVELS);
  return { hidden: chain.slice(0, cut), shown: chain.slice(cut) };
}

export interface MoveTarget {
  /** Null for the library's top level. */
  folderId: string | null;
  title: string;
  /** 0 for the top level; its folders 1, and so on. */
  depth: number;
}

/**
 * Where an entry may move (never into itself; a folder not below itself either, see `moveError`):
 * the top level and every folder in tree order, A–Z within a level, less what the move rule
 * refuses.
 */
export function moveTargets(entry: { id: string; isFolder: boolean }, folders: readonly LibraryFolder[], language: string, topTitle: string): MoveTarget[] {
  const tree = libraryTree(folders);
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const targets: MoveTarget[] = [{ folderId: null, title: topTitle, depth: 0 }];
  const visit = (parentId: string | null, depth: number) => {
    const children = folders.filter((folder) => folder.parentId === parentId).sort((a, b) => collator.compare(a.title, b.title));
    for (const child of children) {
      // Below a refused folder everything is refused as well (it is the entry itself).
      if (moveError(entry, child.id, tree) === 'moveIntoSelf') continue;
      if (moveError(entry, child.id, tree) === null) targets.push({ folderId: child.id, title: child.title, depth });
      visit(child.id, depth + 1);
    }
  };
  visit(null, 1);
  return targets;
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A file size in decimal units, as the upload limit is stated (50,000,000,000 bytes is 50 GB). */
export function formatBytes(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(
    value,
  );
}

export interface SortableEntry {
  id: string;
  title: string;
  mediaType: MediaType;
  createdAt: number;
}

/** A library listing in the shared order (folders.ts `sortBy`). */
export function sortEntries<T extends SortableEntry>(entries: readonly T[], sort: MediaSort): T[] {
  return sortBy(entries, sort, (entry) => ({ id: entry.id, title: entry.title, created: entry.createdAt, isFolder: entry.mediaType === 'folder' }));
}
