import type { FaqSelector } from '#core/faq';
import { MARK_OPEN, ftsQuery, highlightHtml, searchTerms, visibleCategoryIds } from '#core/faq';
import type { Db } from '../db/client';
import { faqCategoryRows, faqEntryRows, faqSectionRows } from '../db/faq';
import type { FaqCategoryRow, FaqEntryRow } from '../db/schema';
import type { FaqSearchRow } from '../db/faq-search';
import { searchFaqRows } from '../db/faq-search';

/**
 * The FAQ as the content API and the pages read it. Everything here shows only what the web may
 * show: hidden categories, entries and whatever lies under a hidden category are left out of every
 * answer, the search included. The section HTML is stored sanitised (scripts/faq-content.mjs) and
 * handed out as stored.
 */

export interface FaqCategory {
  id: number;
  slug: string;
  name: string;
  beschreibung: string;
  sichtbarkeit: string;
  plattform: string;
  /** The parent category's id; null at the top level. */
  kategorie: number | null;
}

export interface FaqEntryCard {
  id: number;
  slug: string;
  titel: string;
  zusammenfassung: string;
  kategorie: number | null;
}

export interface FaqSection {
  id: string;
  titel: string;
  /** Safe HTML (sanitised when loaded). */
  inhalt: string;
  video: { url: string; mime: string } | null;
}

export interface FaqEntry extends FaqEntryCard {
  sichtbarkeit: string;
  plattform: string;
  abschnitte: FaqSection[];
}

export interface FaqSearchResult extends FaqEntryCard {
  /** HTML: the text escaped, the words found in `<mark>`. */
  highlight: { titel: string; auszug: string };
}

const category = (row: FaqCategoryRow): FaqCategory => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  beschreibung: row.beschreibung,
  sichtbarkeit: row.sichtbarkeit,
  plattform: row.plattform,
  kategorie: row.parentId,
});

const card = (row: Pick<FaqEntryRow, 'id' | 'slug' | 'titel' | 'zusammenfassung' | 'categoryId'>): FaqEntryCard => ({
  id: row.id,
  slug: row.slug,
  titel: row.titel,
  zusammenfassung: row.zusammenfassung,
  kategorie: row.categoryId,
});

/** The language's categories the web shows, in their order. */
async function visibleCategories(db: Db, locale: string): Promise<FaqCategoryRow[]> {
  const rows = await faqCategoryRows(db, locale);
  const visible = visibleCategoryIds(rows);
  return rows.filter((row) => visible.has(row.id));
}

/** GET /categories?kategorie={id} | kategorie_null=true | slug={slug}, with _locale. */
export async function listCategories(db: Db, locale: string, selector: FaqSelector): Promise<FaqCategory[]> {
  const rows = await visibleCategories(db, locale);
  const chosen = 'slug' in selector ? rows.filter((row) => row.slug === selector.slug) : rows.filter((row) => row.parentId === selector.kategorie);
  return chosen.map(category);
}

async function entryRows(db: Db, locale: string, selector: FaqSelector): Promise<FaqEntryRow[]> {
  const categoryIds = (await visibleCategories(db, locale)).map((row) => row.id);
  return faqEntryRows(db, locale, selector, categoryIds);
}

/** Entries as cards (title and summary), for the pages' lists. */
export async function listEntryCards(db: Db, locale: string, selector: FaqSelector): Promise<FaqEntryCard[]> {
  return (await entryRows(db, locale, selector)).map(card);
}

/** GET /entries?kategorie={id} | kategorie_null | slug={slug}: whole entries, sections included. */
export async function listEntries(db: Db, locale: string, selector: FaqSelector): Promise<FaqEntry[]> {
  const rows = await entryRows(db, locale, selector);
  if (rows.length === 0) return [];
  const entryIds = rows.map((row) => row.id);
  const sections = await faqSectionRows(db, locale, entryIds);
  return rows.map((row) => ({
    ...card(row),
    sichtbarkeit: row.sichtbarkeit,
    plattform: row.plattform,
    abschnitte: sections
      .filter((section) => section.entryId === row.id)
      .map((section) => ({
        id: section.id,
        titel: section.titel,
        inhalt: section.inhalt,
        video: section.videoUrl && section.videoMime ? { url: section.videoUrl, mime: section.videoMime } : null,
      })),
  }));
}

/**
 * GET /content-search?_q={text}. FTS5 over title, summary and sections, ranked by bm25
 * (a word in the title weighs most). Every word must match; when that finds nothing, any word
 * may. The snippet comes from the sections, else the summary, wherever a word was found.
 */
export async function searchFaq(db: Db, locale: string, text: string): Promise<FaqSearchResult[]> {
  const terms = searchTerms(text);
  const categoryIds = (await visibleCategories(db, locale)).map((row) => row.id);
  const run = async (match: string | null): Promise<FaqSearchRow[]> => (match === null ? [] : searchFaqRows(db, locale, match, categoryIds));
  let rows = await run(ftsQuery(terms, 'all'));
  if (rows.length === 0 && terms.length > 1) rows = await run(ftsQuery(terms, 'any'));
  return rows.map((row) => ({
    ...card({ id: row.id, slug: row.slug, titel: row.titel, zusammenfassung: row.zusammenfassung, categoryId: row.kategorie }),
    highlight: {
      titel: highlightHtml(row.titel_marked),
      auszug: highlightHtml(
        row.text_marked.includes(MARK_OPEN) ? row.text_marked : row.summary_marked.includes(MARK_OPEN) ? row.summary_marked : row.zusammenfassung,
      ),
    },
  }));
}

// ---- what the pages show ----

/** The FAQ's pages the web shows (for the sitemap): every visible topic and entry, by the default language's content. */
export async function faqPaths(db: Db, locale: string): Promise<string[]> {
  const categories = await visibleCategories(db, locale);
  const entries = await Promise.all([null, ...categories.map((row) => row.id)].map((kategorie) => entryRows(db, locale, { kategorie })));
  return [...categories.map((row) => `/faq/topic/${row.slug}`), ...entries.flat().map((row) => `/faq/entry/${row.slug}`)];
}

/** /faq: the top-level categories and the entries outside any category. */
export async function faqHome(db: Db, locale: string) {
  const [categories, entries] = await Promise.all([listCategories(db, locale, { kategorie: null }), listEntryCards(db, locale, { kategorie: null })]);
  return { categories, entries };
}

/** /faq/topic/{slug}: the category, the way up to it, its subcategories and entries; null when the web does not show it. */
export async function faqTopic(db: Db, locale: string, slug: string) {
  const categories = await visibleCategories(db, locale);
  const row = categories.find((candidate) => candidate.slug === slug);
  if (!row) return null;
  const entries = await listEntryCards(db, locale, { kategorie: row.id });
  return {
    category: category(row),
    trail: trailOf(categories, row.parentId),
    subcategories: categories.filter((candidate) => candidate.parentId === row.id).map(category),
    entries,
  };
}

/** /faq/entry/{slug}: the whole entry and the categories above it; null when the web does not show it. */
export async function faqEntry(db: Db, locale: string, slug: string) {
  const [entry] = await listEntries(db, locale, { slug });
  if (!entry) return null;
  return { entry, trail: trailOf(await visibleCategories(db, locale), entry.kategorie) };
}

/** The categories from the top down to `id` (for the breadcrumb). */
function trailOf(categories: FaqCategoryRow[], id: number | null): FaqCategory[] {
  const trail: FaqCategory[] = [];
  let current = categories.find((row) => row.id === id);
  while (current && trail.length < categories.length) {
    trail.unshift(category(current));
    const parentId: number | null = current.parentId;
    current = categories.find((row) => row.id === parentId);
  }
  return trail;
}
