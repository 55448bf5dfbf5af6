import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { guests } from './guests';

/**
 * Self-service exports (ADR 062): one row per archive a consultant or a guest with an account asked
 * for. The archive itself and the job's saved state are in R2 (`exports/{id}/…`); the row says how
 * far the job is and holds the download link's hash. Goes with its owner's account.
 */
export const exportRuns = sqliteTable(
  'export_runs',
  {
    id: text('id').primaryKey(),
    /** The consultant's, or null for a guest's export. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The guest's (her account's id), or null for a consultant's export. */
    guestId: text('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    /** running, ready, failed (app/core/export.ts EXPORT_STATES). */
    state: text('state').notNull(),
    /** The language of the archive's pages and of the mail. */
    language: text('language').notNull(),
    /** Where the mailed link points (the origin the request came to). */
    origin: text('origin').notNull(),
    /** collect or pack: what the job does next. */
    phase: text('phase').notNull(),
    /** Files in the archive, once known, and how many are packed. */
    filesTotal: integer('files_total').notNull().default(0),
    filesDone: integer('files_done').notNull().default(0),
    /** Bytes of the archive written so far (its size once ready). */
    bytes: integer('bytes').notNull().default(0),
    /** Runs of the job that failed in a row; past the limit the export is failed (a new request continues it). */
    failures: integer('failures').notNull().default(0),
    /** R2's id of the archive's multipart upload, once packing began. */
    uploadId: text('upload_id'),
    /** SHA-256 of the mailed link's secret; its expiry; when it was used (once). */
    linkHash: text('link_hash'),
    linkExpiresAt: integer('link_expires_at'),
    linkUsedAt: integer('link_used_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    finishedAt: integer('finished_at'),
  },
  // One running export per person: a second request finds it and joins it.
  (t) => [
    uniqueIndex('export_runs_user_running_idx')
      .on(t.userId)
      .where(sql`${t.state} = 'running' AND ${t.userId} IS NOT NULL`),
    uniqueIndex('export_runs_guest_running_idx')
      .on(t.guestId)
      .where(sql`${t.state} = 'running' AND ${t.guestId} IS NOT NULL`),
    index('export_runs_user_idx').on(t.userId),
    index('export_runs_guest_idx').on(t.guestId),
    index('export_runs_finished_idx').on(t.finishedAt),
  ],
);

export type ExportRunRow = typeof exportRuns.$inferSelect;
