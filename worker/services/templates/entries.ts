import { AppError } from '../../../app/core/errors';
import { inTrashedFolder, purgeCutoff } from '../../../app/core/folders';
import type { TemplateEntry } from '../../../app/core/templates';
import type { Db } from '../../db/client';
import type { TemplateRow } from '../../db/schema';
import { insertTemplate, updateCopy, updateTemplate } from '../../db/templates';
import type { Env } from '../../env';
import { addFolder, folderAt, moveOnShelf, renameOnShelf, restoreOnShelf, trashOnShelf } from '../library';
import { deleteTemplateRow, partiesPlaying, purgeTemplateRows } from '../../db/trash-purge';
import type { Found } from './shelf';
import { allow, entryOf, findEntry, folderEntry, onShelf, ownFolders, templateEntry } from './shelf';
import { withdrawFromParties } from './sharing';

/**
 * The templates service's entries (index.ts): templates and folders made, renamed, moved, trashed,
 * restored and deleted for good, by hand and by the cron.
 */

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
