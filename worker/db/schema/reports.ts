import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { parties } from './parties';

/**
 * Reports of a party's manager (ADR 064): the party's room keeps every report, and those about its
 * manager come here for the operator's page. The reporter is not recorded here.
 */
export const operatorReports = sqliteTable(
  'operator_reports',
  {
    /** The room's id of the report. */
    id: text('id').primaryKey(),
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    managerName: text('manager_name').notNull(),
    /** The reported message's text, cut (app/core/reports.ts REPORT_EXCERPT_CHARS); null for a report of her as a member. */
    excerpt: text('excerpt'),
    reason: text('reason').notNull(),
    note: text('note'),
    at: integer('at').notNull(),
    resolvedAt: integer('resolved_at'),
  },
  (table) => [index('operator_reports_open_idx').on(table.resolvedAt, table.at)],
);
