import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The FAQ (ADR 018): categories, entries and their sections, searched with FTS5.
 */

/**
 * The FAQ, one row per language: content/faq/ holds the texts, and
 * scripts/faq-content.mjs replaces every row from them (the seed locally, a migration in production).
 * Ids and slugs are shared by the languages, so a language switch stays on the same page.
 * `sichtbarkeit` and `plattform` are stored as written; the pages' filter is app/core/faq.ts.
 */
export const faqCategories = sqliteTable(
  'faq_categories',
  {
    locale: text('locale').notNull(),
    id: integer('id').notNull(),
    slug: text('slug').notNull(),
    /** The parent category (the content API's `kategorie`); null at the top level. */
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    beschreibung: text('beschreibung').notNull(),
    sichtbarkeit: text('sichtbarkeit').notNull(),
    plattform: text('plattform').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.id] }),
    uniqueIndex('faq_categories_slug_idx').on(t.locale, t.slug),
    index('faq_categories_parent_idx').on(t.locale, t.parentId),
  ],
);

export const faqEntries = sqliteTable(
  'faq_entries',
  {
    /** The row's stable rowid, which the search index (faq_search, content_rowid) points at. */
    key: integer('key').primaryKey(),
    locale: text('locale').notNull(),
    id: integer('id').notNull(),
    slug: text('slug').notNull(),
    /** Its category (the content API's `kategorie`); null for the entries shown on the FAQ's first page. */
    categoryId: integer('category_id'),
    titel: text('titel').notNull(),
    zusammenfassung: text('zusammenfassung').notNull(),
    sichtbarkeit: text('sichtbarkeit').notNull(),
    plattform: text('plattform').notNull(),
    position: integer('position').notNull(),
    /** The sections' titles and text without markup: what the search (faq_search) reads besides title and summary. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('faq_entries_id_idx').on(t.locale, t.id),
    uniqueIndex('faq_entries_slug_idx').on(t.locale, t.slug),
    index('faq_entries_category_idx').on(t.locale, t.categoryId),
  ],
);

export const faqSections = sqliteTable(
  'faq_sections',
  {
    locale: text('locale').notNull(),
    entryId: integer('entry_id').notNull(),
    /** The anchor of the section within its entry (the table of contents links to it). */
    id: text('id').notNull(),
    position: integer('position').notNull(),
    titel: text('titel').notNull(),
    /** HTML, sanitised once when the content was loaded; rendered as stored. */
    inhalt: text('inhalt').notNull(),
    videoUrl: text('video_url'),
    videoMime: text('video_mime'),
  },
  (t) => [primaryKey({ columns: [t.locale, t.entryId, t.id] })],
);

export type FaqCategoryRow = typeof faqCategories.$inferSelect;
export type FaqEntryRow = typeof faqEntries.$inferSelect;
export type FaqSectionRow = typeof faqSections.$inferSelect;
