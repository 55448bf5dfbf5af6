/**
 * The FAQ's rules: which categories and entries the web shows, and the search: the visitor's text
 * made into FTS5 terms that can only ever be plain words, and the index's highlighted snippets made
 * into HTML whose only markup is our `<mark>`. The content API's query schemas are in faq-query.ts
 * (this module stays free of zod: the FAQ pages import it).
 */

/** Entries for customers, or for the app, are hidden on the web. */
export const FAQ_HIDDEN = { sichtbarkeit: 'kunden', plattform: 'app' } as const;

export interface FaqVisibility {
  sichtbarkeit: string;
  plattform: string;
}

export function isFaqVisible(item: FaqVisibility): boolean {
  return item.sichtbarkeit !== FAQ_HIDDEN.sichtbarkeit && item.plattform !== FAQ_HIDDEN.plattform;
}

/** The categories the web shows: visible themselves, and every category above them too. */
export function visibleCategoryIds(categories: readonly (FaqVisibility & { id: number; parentId: number | null })[]): Set<number> {
  const byId = new Map(categories.map((category) => [category.id, category]));
  const visible = new Set<number>();
  for (const category of categories) {
    let current: (typeof categories)[number] | undefined = category;
    const seen = new Set<number>();
    while (current && isFaqVisible(current) && !seen.has(current.id)) {
      seen.add(current.id);
      if (current.parentId === null) {
        visible.add(category.id);
        break;
      }
      current = byId.get(current.parentId);
    }
  }
  return visible;
}

export const FAQ_SEARCH = {
  /** Words beyond these are dropped: a longer question adds noise, not precision. */
  termsMax: 8,
  termMax: 40,
  /** Words this long or longer also match as a prefix ("pass" finds "Passwort"). */
  prefixMin: 3,
  resultsMax: 20,
  /** Tokens in a result's snippet (FTS5 takes at most 64). */
  snippetTokens: 16,
  /** bm25 column weights: title, summary, sections. A word in the title counts most. */
  weights: [10, 4, 1] as const,
} as const;

/** What the index puts around a hit; private-use characters that the content may not hold (scripts/faq-content.mjs). */
export const MARK_OPEN = '\uE000';
export const MARK_CLOSE = '\uE001';

/**
 * The words of a visitor's text, lower case, without anything FTS5 could read as syntax: quotes,
 * `*`, `^`, `:`, parentheses, `+`, `-` and operators' punctuation are separators, like in the index
 * itself (unicode61 splits on them too). What remains are letters, marks and digits.
 */
export function searchTerms(text: string): string[] {
  const words =
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = [...word].slice(0, FAQ_SEARCH.termMax).join('');
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === FAQ_SEARCH.termsMax) break;
  }
  return terms;
}

/**
 * An FTS5 MATCH expression from terms: each a quoted string (so AND, OR, NOT and NEAR are just
 * words), a prefix query when long enough; `all` needs every word, `any` one of them. Null when
 * there is nothing to look for.
 */
export function ftsQuery(terms: readonly string[], mode: 'all' | 'any'): string | null {
  if (terms.length === 0) return null;
  // searchTerms leaves no quote, but the quoting rule holds for any term: a quote is doubled.
  const phrases = terms.map((term) => `"${term.replaceAll('"', '""')}"${[...term].length >= FAQ_SEARCH.prefixMin ? '*' : ''}`);
  return phrases.join(mode === 'all' ? ' ' : ' OR ');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * A highlighted text from the index as HTML: everything escaped, and the index's marks (and only
 * they) become `<mark>`; a mark without its partner is closed or dropped, so the HTML is balanced.
 */
export function highlightHtml(marked: string): string {
  let html = '';
  let open = false;
  for (const part of marked.split(/([\uE000\uE001])/)) {
    if (part === MARK_OPEN) {
      if (!open) html += '<mark>';
      open = true;
    } else if (part === MARK_CLOSE) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}

/** Which items a list asks for: the children of one category, the top level, or one slug. */
export type FaqSelector = { kategorie: number } | { kategorie: null } | { slug: string };
