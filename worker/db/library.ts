import { and, eq, isNull } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';
import type { MediaFolderRow } from './schema';
import { mediaFolders, partyFolders, templateFolders } from './schema';

/**
 * The folders of a library (the media library, the templates, the parties on the dashboard): one table of folders per library,
 * of one shape, queried here alike. What a library keeps in its folders (media items, templates,
 * copies of shared templates) stays its own service's; worker/services/library.ts holds the rules.
 */

export type LibraryKind = 'media' | 'templates' | 'parties';

/** A folder row; every library's folder table has this shape. */
export type LibraryFolderRow = MediaFolderRow;

const FOLDERS = { media: mediaFolders, templates: templateFolders, parties: partyFolders } as const;
const TABLE_NAMES: Record<LibraryKind, string> = { media: 'media_folders', templates: 'template_folders', parties: 'party_folders' };

/** Every folder of the owner, trashed ones too: the tree the rules walk (a consultant has tens or hundreds). */
export function folderRows(db: Db, kind: LibraryKind, userId: string): Promise<LibraryFolderRow[]> {
  const table = FOLDERS[kind];
  return db.select().from(table).where(eq(table.userId, userId));
}

/** `ifAbsent`: a folder whose id is derived (an import's), which another call may be writing at the same moment. */
export async function insertFolder(db: Db, kind: LibraryKind, row: LibraryFolderRow, { ifAbsent = false } = {}): Promise<void> {
  const insert = db.insert(FOLDERS[kind]).values(row);
  await (ifAbsent ? insert.onConflictDoNothing() : insert);
}

export type FolderChanges = Partial<Pick<LibraryFolderRow, 'title' | 'parentId' | 'updatedAt' | 'trashedAt'>>;

export async function updateFolder(db: Db, kind: LibraryKind, id: string, changes: FolderChanges): Promise<void> {
  const table = FOLDERS[kind];
  await db.update(table).set(changes).where(eq(table.id, id));
}

/** The owner's folder goes for good, with the folders inside it (foreign keys; a library without a trash: the parties'). */
export async function deleteFolder(db: Db, kind: LibraryKind, userId: string, id: string): Promise<void> {
  const table = FOLDERS[kind];
  await db.delete(table).where(and(eq(table.id, id), eq(table.userId, userId)));
}

/** A condition on a folder column: directly in `folderId` (null: at the top level). */
export const inFolder = (column: SQLiteColumn, folderId: string | null) => (folderId === null ? isNull(column) : eq(column, folderId));

/**
 * The start of a purge statement: `doomed(id)`, the folders trashed at or before the cutoff
 * (bound as ?1) and every folder inside them. Raw SQL: one recursive statement decides what goes.
 */
export function doomedFolders(kind: LibraryKind): string {
  const table = TABLE_NAMES[kind];
  return `WITH RECURSIVE doomed(id) AS (
  SELECT id FROM ${table} WHERE trashed_at IS NOT NULL AND trashed_at <= ?1
  UNION SELECT f.id FROM ${table} f JOIN doomed d ON f.parent_id = d.id
)`;
}
