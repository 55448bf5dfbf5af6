import { AppError } from '../../../app/core/errors';
import { folderTree, inTrashedFolder, pathOf } from '../../../app/core/folders';
import type { FolderTree } from '../../../app/core/folders';
import { IdSchema } from '../../../app/core/schemas';
import { mayOnTemplate, refusal } from '../../../app/core/templates';
import type { TemplateAction, TemplateEntry, TemplateRole } from '../../../app/core/templates';
import type { Db } from '../../db/client';
import type { LibraryFolderRow } from '../../db/library';
import type { TemplateRecipientRow, TemplateRow } from '../../db/schema';
import type { TemplateFacts } from '../../db/templates';
import { copiesOf, ownTemplate, ownTemplateFolder, templateFacts, templateFoldersOf } from '../../db/templates';
import { deletesAtOf, shelfOf } from '../library';
import type { OnShelf } from '../library';

/**
 * The asker's shelf of templates (ADR 016, 028): what one of her entries is (a folder, an own
 * template, or her copy of someone else's), how it is listed, and what her standing allows. Shared
 * by every subject of the templates service.
 */

/** One of the asker's entries: a folder, an own template, or a copy of someone else's. */
export type Found =
  | { kind: 'folder'; row: LibraryFolderRow }
  | { kind: 'own'; row: TemplateRow }
  | { kind: 'copy'; row: TemplateRecipientRow; template: TemplateRow; ownerName: string };

/** A template as the asker may see it: the row, their standing, and their copy when a recipient. */
export interface Access {
  template: TemplateRow;
  role: Exclude<TemplateRole, 'stranger'>;
  copy: TemplateRecipientRow | null;
  ownerName: string | null;
}

export const nameOf = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();

export const ownFolders = (db: Db, userId: string) => shelfOf(db, 'templates', userId);

/** Templates by id with their lastEdited (`lastEdited` on the wire) and how many have added them. */
export const withCounts = (db: Db, rows: TemplateRow[]): Promise<Map<string, TemplateFacts>> =>
  templateFacts(
    db,
    rows.map((row) => row.id),
  );

export function folderEntry(row: LibraryFolderRow, tree: FolderTree): TemplateEntry {
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

export function templateEntry(found: Exclude<Found, { kind: 'folder' }>, tree: FolderTree, facts: TemplateFacts | undefined): TemplateEntry {
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

export async function entryOf(db: Db, found: Found, tree: FolderTree): Promise<TemplateEntry> {
  if (found.kind === 'folder') return folderEntry(found.row, tree);
  const template = found.kind === 'own' ? found.row : found.template;
  return templateEntry(found, tree, (await withCounts(db, [template])).get(template.id));
}

/**
 * Ids of the templates that are out of their owners' trash (neither trashed nor in a trashed
 * folder): only those reach recipients. Owners are few (a team leader or two), so their trees are
 * read whole.
 */
export async function liveAtOwner(db: Db, rows: TemplateRow[]): Promise<Set<string>> {
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
export async function ownCopies(db: Db, userId: string): Promise<Extract<Found, { kind: 'copy' }>[]> {
  const rows = await copiesOf(db, userId);
  const live = await liveAtOwner(
    db,
    rows.map((row) => row.template),
  );
  return rows.filter((row) => live.has(row.template.id)).map((row) => ({ kind: 'copy', row: row.copy, template: row.template, ownerName: nameOf(row) }));
}

/** The asker's entry with this id: one of their folders, their template, or their copy. */
export async function findEntry(db: Db, userId: string, id: string): Promise<Found> {
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
export const onShelf = (found: Found): OnShelf =>
  found.kind === 'folder'
    ? { id: found.row.id, folder: found.row }
    : { id: found.kind === 'own' ? found.row.id : found.template.id, folder: null, placed: found.row };

/** Refuses what the asker's standing does not allow (a recipient changes nothing of the template). */
export function allow(found: Found, action: TemplateAction): void {
  const role: TemplateRole = found.kind === 'copy' ? 'recipient' : 'owner';
  if (!mayOnTemplate(role, action)) throw new AppError(refusal(role));
}
