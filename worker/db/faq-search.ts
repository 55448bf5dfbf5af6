import { sql } from 'drizzle-orm';
import { FAQ_HIDDEN, FAQ_SEARCH, MARK_CLOSE, MARK_OPEN } from '#core/faq';
import type { Db } from './client';

/** An FAQ entry a search found, with its marked title, summary snippet and sections snippet. */
export interface FaqSearchRow {
  id: number;
  slug: string;
  titel: string;
  zusammenfassung: string;
  kategorie: number | null;
  titel_marked: string;
  summary_marked: string;
  text_marked: string;
}

/**
 * FTS5 over title, summary and sections (`faq_search`, migration 0010), ranked by bm25 with
 * FAQ_SEARCH's weights; entries of the locale the web shows, outside a category or in one of
 * `categoryIds`. Raw SQL: the full-text table, its MATCH, highlight, snippet and bm25 are not in
 * the schema.
 */
export function searchFaqRows(db: Db, locale: string, match: string, categoryIds: readonly number[]): Promise<FaqSearchRow[]> {
  const inCategory =
    categoryIds.length > 0
      ? sql`(e.category_id IS NULL OR e.category_id IN (${sql.join(
          categoryIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`
      : sql`e.category_id IS NULL`;
  const [title, summary, body] = FAQ_SEARCH.weights;
  return db.all<FaqSearchRow>(sql`
    SELECT e.id, e.slug, e.titel, e.zusammenfassung, e.category_id AS kategorie,
      highlight(faq_search, 0, ${MARK_OPEN}, ${MARK_CLOSE}) AS titel_marked,
      snippet(faq_search, 1, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${FAQ_SEARCH.snippetTokens}) AS summary_marked,
      snippet(faq_search, 2, ${MARK_OPEN}, ${MARK_CLOSE}, '…', ${FAQ_SEARCH.snippetTokens}) AS text_marked
    FROM faq_search JOIN faq_entries e ON e.key = faq_search.rowid
    WHERE faq_search MATCH ${match} AND e.locale = ${locale}
      AND e.sichtbarkeit != ${FAQ_HIDDEN.sichtbarkeit} AND e.plattform != ${FAQ_HIDDEN.plattform} AND ${inCategory}
    ORDER BY bm25(faq_search, ${title}, ${summary}, ${body})
    LIMIT ${FAQ_SEARCH.resultsMax}`);
}
