import { AppError } from '../../app/core/errors';
import type { ErrorCode } from '../../app/core/errors';
import { deletesAt, folderTree, inTrashedFolder, moveError, resolvePath } from '../../app/core/folders';
import type { FolderTree } from '../../app/core/folders';
import type { LibraryFolder } from '../../app/core/media-library';
import type { Db } from '../db/client';
import { folderRows, insertFolder, updateFolder } from '../db/library';
import type { LibraryFolderRow, LibraryKind } from '../db/library';

/**
 * What every library with folders does alike (the media library and the templates today; ADR 028):
 * its folders as a tree, a path naming a folder, new folders, and moving, trashing and restoring a
 * folder or something in one. The rules are app/core/folders.ts; a library's service says what its
 * entries are and writes their own rows, this module does the rest. An entry inside a trashed
 * folder is in the trash with it without being marked itself, so a restore brings back exactly
 * what was there.
 */

/** One owner's folders of one library, and the tree the rules walk. */
export interface Shelf {
  kind: LibraryKind;
  rows: LibraryFolderRow[];
  tree: FolderTree;
}

export async function shelfOf(db: Db, kind: LibraryKind, userId: string): Promise<Shelf> {
  const rows = await folderRows(db, kind, userId);
  return { kind, rows, tree: folderTree(rows) };
}

/** The folder a path names (null: the top level); a stale, foreign or trashed one is not found. */
export function folderAt(path: string, tree: FolderTree): string | null {
  const resolved = resolvePath(path, tree);
  if ('error' in resolved) throw new AppError(resolved.error);
  return resolved.folderId;
}

/** Every folder outside the trash (not trashed, nor inside a trashed one): for the page's hash path, breadcrumb and move-to dialog. */
export function openFolders({ rows, tree }: Shelf): LibraryFolder[] {
  return rows
    .filter((row) => row.trashedAt === null && !inTrashedFolder(row.parentId, tree))
    .map((row) => ({ id: row.id, title: row.title, parentId: row.parentId }));
}

/** The folders directly in `folderId`, outside the trash. */
export function foldersIn({ rows }: Shelf, folderId: string | null): LibraryFolderRow[] {
  return rows.filter((row) => row.parentId === folderId && row.trashedAt === null);
}

/** The folders put in the trash themselves. */
export function trashedFolders({ rows }: Shelf): LibraryFolderRow[] {
  return rows.filter((row) => row.trashedAt !== null);
}

/** Where something lies and whether it was put in the trash itself. */
export interface Placed {
  folderId: string | null;
  trashedAt: number | null;
}

/** A folder, or something a library keeps in its folders. */
export type OnShelf = { id: string; folder: LibraryFolderRow } | { id: string; folder: null; placed: Placed };

const placedOf = (it: OnShelf): Placed => (it.folder ? { folderId: it.folder.parentId, trashedAt: it.folder.trashedAt } : it.placed);

/** In the trash itself or inside a trashed folder. */
export function isTrashed(it: OnShelf, tree: FolderTree): boolean {
  const { folderId, trashedAt } = placedOf(it);
  return trashedAt !== null || inTrashedFolder(folderId, tree);
}

/** In the trash: when it is deleted for good (null outside the trash). */
export function deletesAtOf({ folderId, trashedAt }: Placed, tree: FolderTree): number | null {
  return trashedAt === null ? null : deletesAt({ folderId, trashedAt }, tree);
}

/** The trash's order: newest trashed first, the id breaking ties. */
export function newestTrashedFirst<E extends { id: string; trashedAt: number | null }>(entries: E[]): E[] {
  return entries.sort((a, b) => b.trashedAt! - a.trashedAt! || (a.id < b.id ? -1 : 1));
}

/** A new folder where the path names; answers its row and the tree with it. */
export async function addFolder(
  db: Db,
  shelf: Shelf,
  userId: string,
  input: { title: string; path: string },
  now: number,
): Promise<{ row: LibraryFolderRow; tree: FolderTree }> {
  const parentId = folderAt(input.path, shelf.tree);
  const id = crypto.randomUUID();
  const error = moveError({ id, isFolder: true }, parentId, shelf.tree);
  if (error) throw new AppError(error);
  const row: LibraryFolderRow = { id, userId, parentId, title: input.title, createdAt: now, updatedAt: now, trashedAt: null };
  await insertFolder(db, shelf.kind, row);
  return { row, tree: folderTree([...shelf.rows, row]) };
}

/** The folder's row after a change, and the tree with it. */
async function changeFolder(
  db: Db,
  shelf: Shelf,
  row: LibraryFolderRow,
  changes: Partial<LibraryFolderRow>,
): Promise<{ row: LibraryFolderRow; tree: FolderTree }> {
  await updateFolder(db, shelf.kind, row.id, changes);
  const changed = { ...row, ...changes };
  return { row: changed, tree: folderTree(shelf.rows.map((each) => (each.id === row.id ? changed : each))) };
}

/** Renames a folder or an entry; not while it is in the trash (`trashed`: the library's error for that). `renameEntry` writes an entry's row. */
export async function renameOnShelf(
  db: Db,
  shelf: Shelf,
  it: OnShelf,
  title: string,
  trashed: ErrorCode,
  renameEntry: () => PromiseLike<unknown>,
  now: number,
): Promise<LibraryFolderRow | null> {
  if (isTrashed(it, shelf.tree)) throw new AppError(trashed);
  if (it.folder) return (await changeFolder(db, shelf, it.folder, { title, updatedAt: now })).row;
  await renameEntry();
  return null;
}

/** Where something went: its folder, and for a folder its row and the tree after. */
export interface Moved {
  folderId: string | null;
  folder: LibraryFolderRow | null;
  tree: FolderTree;
}

/**
 * Moves a folder (with everything in it) or an entry to the folder the path names: outside the
 * trash, and for a folder not itself or anything below it. `moveEntry` writes an entry's row.
 */
export async function moveOnShelf(
  db: Db,
  shelf: Shelf,
  it: OnShelf,
  path: string,
  trashed: ErrorCode,
  moveEntry: (folderId: string | null) => PromiseLike<unknown>,
  now: number,
): Promise<Moved> {
  if (isTrashed(it, shelf.tree)) throw new AppError(trashed);
  const folderId = folderAt(path, shelf.tree);
  const error = moveError({ id: it.id, isFolder: it.folder !== null }, folderId, shelf.tree);
  if (error) throw new AppError(error);
  if (it.folder) {
    const { row, tree } = await changeFolder(db, shelf, it.folder, { parentId: folderId, updatedAt: now });
    return { folderId, folder: row, tree };
  }
  await moveEntry(folderId);
  return { folderId, folder: null, tree: shelf.tree };
}

/**
 * Into the trash: a folder takes everything in it along. Something already in the trash stays as
 * it is (a repeated call changes nothing). `trashEntry` writes an entry's row.
 */
export async function trashOnShelf(db: Db, shelf: Shelf, it: OnShelf, trashEntry: (trashedAt: number) => PromiseLike<unknown>, now: number): Promise<void> {
  if (isTrashed(it, shelf.tree)) return;
  if (it.folder) await updateFolder(db, shelf.kind, it.id, { trashedAt: now });
  else await trashEntry(now);
}

/**
 * Out of the trash: back where it was, with what it held (an undo right after the trash puts it
 * back exactly: same folder, same place in the order, which follows the creation date); to the top
 * level when that folder is itself in the trash now. Something not in the trash itself is left as
 * it is (null). `restoreEntry` writes an entry's row.
 */
export async function restoreOnShelf(
  db: Db,
  shelf: Shelf,
  it: OnShelf,
  restoreEntry: (folderId: string | null) => PromiseLike<unknown>,
  now: number,
): Promise<Moved | null> {
  const { folderId: was, trashedAt } = placedOf(it);
  if (trashedAt === null) return null;
  const folderId = inTrashedFolder(was, shelf.tree) ? null : was;
  if (it.folder) {
    const { row, tree } = await changeFolder(db, shelf, it.folder, { parentId: folderId, trashedAt: null, updatedAt: now });
    return { folderId, folder: row, tree };
  }
  await restoreEntry(folderId);
  return { folderId, folder: null, tree: shelf.tree };
}
