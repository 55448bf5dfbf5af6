import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { mediaFolders } from './media';

/**
 * Imports from an older account (ADR 042): each run, and what it copied.
 */

/**
 * An import from an older account (worker/services/import.ts, ADR 042): one run per consultant and
 * older account, continued by every later sign-in to it. The older system's access token stays
 * here, never on a page.
 */
export const importRuns = sqliteTable(
  'import_runs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The older account's sign-in address, lower case. */
    sourceEmail: text('source_email').notNull(),
    accessToken: text('access_token').notNull(),
    tokenExpiresAt: integer('token_expires_at').notNull(),
    /** The library folder the imported media go into, once made. */
    folderId: text('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('import_runs_source_idx').on(t.userId, t.sourceEmail)],
);

/** What a run copied: the older id of each item and what it became here, so no item is copied twice. */
export const importItems = sqliteTable(
  'import_items',
  {
    importId: text('import_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    /** file, media, message or party (app/core/import.ts CopyStage, singular). */
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull(),
    /** A file's R2 key; a media item's, message's or party's id. */
    targetId: text('target_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.kind, t.sourceId] })],
);
