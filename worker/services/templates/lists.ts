import { inTrashedFolder } from '../../../app/core/folders';
import { matchesSearch } from '../../../app/core/search';
import type { EntrySort } from '../../../app/core/folders';
import { sortTemplates } from '../../../app/core/templates';
import type { LibraryFolder } from '../../../app/core/media-library';
import type { TemplateEntry, TemplateListing } from '../../../app/core/templates';
import type { Db } from '../../db/client';
import { ownTemplatesIn, trashedTemplates, untrashedTemplates } from '../../db/templates';
import { folderAt, foldersIn, newestTrashedFirst, openFolders, trashedFolders } from '../library';
import type { Found } from './shelf';
import { folderEntry, ownCopies, ownFolders, templateEntry, withCounts } from './shelf';

/** The templates service's lists (index.ts): a folder's entries, the folder tree, search and the trash. */

/** GET /templates: a folder's folders, own templates and copies (GET /templates/shares lists the copies alone). */
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

/**
 * GET /templates/shares (the specification's call): the templates others shared with the asker,
 * outside her trash, in whichever of her folders they lie; newest first.
 */
export async function listSharedTemplates(db: Db, userId: string): Promise<TemplateEntry[]> {
  const [{ tree }, copies] = await Promise.all([ownFolders(db, userId), ownCopies(db, userId)]);
  const live = copies.filter((copy) => copy.row.trashedAt === null && !inTrashedFolder(copy.row.folderId, tree));
  const facts = await withCounts(
    db,
    live.map((copy) => copy.template),
  );
  return sortTemplates(
    live.map((copy) => templateEntry(copy, tree, facts.get(copy.template.id))),
    'date',
  );
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

/** GET /templates/trash: what was trashed, newest first, with its deletion date (/templates/shareTrash: its copies alone). */
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
