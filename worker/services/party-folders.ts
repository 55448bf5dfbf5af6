import { AppError } from '#core/errors';
import { partyMoveError } from '#core/dashboard';
import type { LibraryFolder } from '#core/media-library';
import { pathOf } from '#core/folders';
import type { Db } from '../db/client';
import { deleteFolder } from '../db/library';
import { ownedPartyRow, updatePartyRow } from '../db/parties';
import { addFolder, moveOnShelf, openFolders, renameOnShelf, shelfOf } from './library';
import type { Shelf } from './library';

/**
 * The dashboard's folders of parties (ADR 037), on the one folder model of the libraries
 * (worker/services/library.ts, ADR 028). Parties have no trash: deleting a folder deletes it and
 * the folders inside it, and their parties go to the top level (the foreign key sets null).
 */

/** A folder, as the parties API answers it (the libraries' folder entry). */
export interface PartyFolderEntry {
  id: string;
  title: string;
  path: string;
  isFolder: true;
}

export function partyShelf(db: Db, userId: string): Promise<Shelf> {
  return shelfOf(db, 'parties', userId);
}

function folderRow(shelf: Shelf, id: string) {
  const row = shelf.rows.find((each) => each.id === id);
  if (!row) throw new AppError('folderNotFound');
  return row;
}

/** GET /parties/folders: every folder of the owner, for the dashboard's place, breadcrumb and move-to dialog. */
export async function listPartyFolders(db: Db, userId: string): Promise<LibraryFolder[]> {
  return openFolders(await partyShelf(db, userId));
}

/** POST /parties/folder {title, path}: a new folder in the folder the path names. */
export async function createPartyFolder(db: Db, userId: string, input: { title: string; path: string }, now = Date.now()): Promise<PartyFolderEntry> {
  const { row, tree } = await addFolder(db, await partyShelf(db, userId), userId, input, now);
  return { id: row.id, title: row.title, path: pathOf(row.parentId, tree), isFolder: true };
}

/** PUT /parties/folder/{id} {name}: the owner's folder gets a new name. */
export async function renamePartyFolder(db: Db, userId: string, id: string, name: string, now = Date.now()): Promise<PartyFolderEntry> {
  const shelf = await partyShelf(db, userId);
  const folder = folderRow(shelf, id);
  const row = (await renameOnShelf(db, shelf, { id, folder }, name, 'folderNotFound', () => Promise.resolve(), now))!;
  return { id, title: row.title, path: pathOf(row.parentId, shelf.tree), isFolder: true };
}

/**
 * PUT /parties/folder {partyId, path}: one's party or folder (with everything in it) goes to the
 * folder the path names; a party only by the dashboard's move rule (app/core/dashboard.ts
 * partyMoveError). Answers the path it lies at now.
 */
export async function movePartyOrFolder(
  db: Db,
  userId: string,
  input: { partyId: string; path: string },
  now = Date.now(),
): Promise<{ id: string; path: string }> {
  const shelf = await partyShelf(db, userId);
  const folder = shelf.rows.find((row) => row.id === input.partyId);
  const party = folder ? null : await ownedPartyRow(db, userId, input.partyId);
  if (!folder && !party) throw new AppError('partyNotFound');
  const placed = { folderId: party?.folderId ?? null, trashedAt: null };
  const moved = await moveOnShelf(
    db,
    shelf,
    folder ? { id: folder.id, folder } : { id: input.partyId, folder: null, placed },
    input.path,
    'folderNotFound',
    async (folderId) => {
      const error = partyMoveError({ expiration: party!.expiresAt }, folderId);
      if (error) throw new AppError(error);
      await updatePartyRow(db, input.partyId, { folderId, updatedAt: now });
    },
    now,
  );
  return { id: input.partyId, path: pathOf(moved.folderId, moved.tree) };
}

/** DELETE /parties/folder/{id}: the owner's folder goes, its parties to the top level. */
export async function deletePartyFolder(db: Db, userId: string, id: string): Promise<void> {
  folderRow(await partyShelf(db, userId), id);
  await deleteFolder(db, 'parties', userId, id);
}
