import { and, asc, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FaqSelector } from '#core/faq';
import { FAQ_HIDDEN } from '#core/faq';
import type { Db } from './client';
import type { FaqCategoryRow, FaqEntryRow, FaqSectionRow } from './schema';
import { faqCategories, faqEntries, faqSections } from './schema';

/**
 * The FAQ's content as worker/services/faq.ts reads it: categories, entries and their sections of
 * one language (the search is worker/db/faq-search.ts). Which categories the web shows the service
 * decides; an entry's own visibility is judged here, in the query.
 */

/** The language's categories, hidden ones too, in their order. */
export async function faqCategoryRows(db: Db, locale: string): Promise<FaqCategoryRow[]> {
  return db.select().from(faqCategories).where(eq(faqCategories.locale, locale)).orderBy(asc(faqCategories.position));
}

/** An entry the web shows: not hidden itself, and in no category or a visible one. */
function entryVisible(categoryIds: readonly number[]): SQL {
  return and(
    ne(faqEntries.sichtbarkeit, FAQ_HIDDEN.sichtbarkeit),
    ne(faqEntries.plattform, FAQ_HIDDEN.plattform),
    categoryIds.length > 0 ? or(isNull(faqEntries.categoryId), inArray(faqEntries.categoryId, [...categoryIds])) : isNull(faqEntries.categoryId),
  )!;
}

/** The language's entries the selector picks that the web shows, given the categories it shows; in their order. */
export async function faqEntryRows(db: Db, locale: string, selector: FaqSelector, visibleCategoryIds: readonly number[]): Promise<FaqEntryRow[]> {
  const which =
    'slug' in selector
      ? eq(faqEntries.slug, selector.slug)
      : selector.kategorie === null
        ? isNull(faqEntries.categoryId)
        : eq(faqEntries.categoryId, selector.kategorie);
  return db
    .select()
    .from(faqEntries)
    .where(and(eq(faqEntries.locale, locale), which, entryVisible(visibleCategoryIds)))
    .orderBy(asc(faqEntries.position));
}

/** The sections of these entries, by entry and in their order. */
export async function faqSectionRows(db: Db, locale: string, entryIds: number[]): Promise<FaqSectionRow[]> {
  return db
    .select()
    .from(faqSections)
    .where(and(eq(faqSections.locale, locale), inArray(faqSections.entryId, entryIds)))
    .orderBy(asc(faqSections.entryId), asc(faqSections.position));
}
