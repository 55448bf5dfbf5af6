import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAQ_SEARCH, MARK_CLOSE, MARK_OPEN, ftsQuery, highlightHtml, isFaqVisible, searchTerms, visibleCategoryIds } from '../../app/core/faq';
import { LIMITS } from '../../app/core/limits';
import { FaqListQuerySchema, FaqSearchQuerySchema } from '../../app/core/faq-query';

describe('searchTerms', () => {
  it('keeps words, lower case, once each', () => {
    expect(searchTerms('Passwort vergessen? PASSWORT!')).toEqual(['passwort', 'vergessen']);
    expect(searchTerms('Löschen – réponse, E-Mail')).toEqual(['löschen', 'réponse', 'e', 'mail']);
  });

  it('FTS5 syntax falls apart into plain words or nothing', () => {
    expect(searchTerms('"unbalanced')).toEqual(['unbalanced']);
    expect(searchTerms('titel:passwort')).toEqual(['titel', 'passwort']);
    expect(searchTerms('NEAR(a b, 2)')).toEqual(['near', 'a', 'b', '2']);
    expect(searchTerms('pass* ^start -x +y {titel}')).toEqual(['pass', 'start', 'x', 'y', 'titel']);
    expect(searchTerms('*** "" () :')).toEqual([]);
    expect(searchTerms(`${MARK_OPEN}mark${MARK_CLOSE}`)).toEqual(['mark']);
  });

  it('keeps at most a few words of bounded length', () => {
    expect(searchTerms('a b c d e f g h i j k')).toHaveLength(FAQ_SEARCH.termsMax);
    expect(searchTerms('x'.repeat(100))[0]).toHaveLength(FAQ_SEARCH.termMax);
  });
});

describe('ftsQuery', () => {
  it('quotes every term, adds a prefix star to long ones, and joins by AND or OR', () => {
    expect(ftsQuery(['passwort', 'ab'], 'all')).toBe('"passwort"* "ab"');
    expect(ftsQuery(['passwort', 'near', 'or'], 'any')).toBe('"passwort"* OR "near"* OR "or"');
    expect(ftsQuery([], 'all')).toBeNull();
  });

  it('doubles a quote inside a term', () => {
    expect(ftsQuery(['a"b'], 'all')).toBe('"a""b"*');
  });

  it('for any text: only quoted strings, stars and OR, outside the quotes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.constantFrom('all' as const, 'any' as const), (text, mode) => {
        const query = ftsQuery(searchTerms(text), mode);
        if (query === null) return;
        expect(query).toMatch(/^"[^"]+"\*?(?:(?: | OR )"[^"]+"\*?)*$/);
      }),
    );
  });
});

describe('highlightHtml', () => {
  it('escapes the text and turns only the marks into <mark>', () => {
    expect(highlightHtml(`<b>${MARK_OPEN}Zauber${MARK_CLOSE}</b> & "x" 'y'`)).toBe('&lt;b&gt;<mark>Zauber</mark>&lt;/b&gt; &amp; &quot;x&quot; &#39;y&#39;');
  });

  it('balances stray marks', () => {
    expect(highlightHtml(`${MARK_CLOSE}a${MARK_OPEN}b${MARK_OPEN}c`)).toBe('a<mark>bc</mark>');
    expect(highlightHtml('<mark>fake</mark>')).toBe('&lt;mark&gt;fake&lt;/mark&gt;');
  });

  it('for any text, nothing but <mark> and </mark> is markup', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", 'a', MARK_OPEN, MARK_CLOSE, '/', 'm') }), (text) => {
        expect(highlightHtml(text).replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      }),
    );
  });
});

describe('visibility', () => {
  it('hides what is for customers or for the app', () => {
    expect(isFaqVisible({ sichtbarkeit: 'alle', plattform: 'alle' })).toBe(true);
    expect(isFaqVisible({ sichtbarkeit: 'berater', plattform: 'web' })).toBe(true);
    expect(isFaqVisible({ sichtbarkeit: 'kunden', plattform: 'alle' })).toBe(false);
    expect(isFaqVisible({ sichtbarkeit: 'alle', plattform: 'app' })).toBe(false);
  });

  it('a category under a hidden one is hidden too', () => {
    const shown = { sichtbarkeit: 'alle', plattform: 'alle' };
    const ids = visibleCategoryIds([
      { id: 1, parentId: null, ...shown },
      { id: 2, parentId: 1, ...shown },
      { id: 3, parentId: null, sichtbarkeit: 'alle', plattform: 'app' },
      { id: 4, parentId: 3, ...shown },
      { id: 5, parentId: 99, ...shown },
    ]);
    expect([...ids].sort()).toEqual([1, 2]);
  });
});

describe('the content API query schemas', () => {
  it('one of kategorie, kategorie_null or slug, with a known _locale (German without)', () => {
    expect(FaqListQuerySchema.parse({ kategorie: '3', _locale: 'fr' })).toEqual({ selector: { kategorie: 3 }, locale: 'fr' });
    expect(FaqListQuerySchema.parse({ kategorie_null: 'true' })).toEqual({ selector: { kategorie: null }, locale: 'de' });
    expect(FaqListQuerySchema.parse({ slug: 'join-a-party', _locale: 'it' })).toEqual({ selector: { slug: 'join-a-party' }, locale: 'it' });
    for (const bad of [
      {},
      { kategorie: '1', slug: 'a' },
      { kategorie: '01' },
      { kategorie: '1.5' },
      { kategorie_null: '1' },
      { slug: 'A' },
      { slug: '-a' },
      { slug: 'a', _locale: 'es' },
      { slug: ['a', 'b'] },
    ]) {
      expect(FaqListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('a search text of bounded length', () => {
    expect(FaqSearchQuerySchema.parse({ _q: '"x' })).toEqual({ text: '"x', locale: 'de' });
    expect(FaqSearchQuerySchema.safeParse({ _q: 'x'.repeat(LIMITS.faqSearchMax + 1) }).success).toBe(false);
    expect(FaqSearchQuerySchema.safeParse({}).success).toBe(false);
  });
});
