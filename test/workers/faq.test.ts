import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN, apiInPlace, createConsultant, expectError, fetchInPlace, html, json, sessionCookie } from './fixtures';

/**
 * The FAQ's content API and pages, against the content migration 0010 loaded from content/faq/: the
 * query shapes, the hidden entries (customer visibility, app platform) left out everywhere, the
 * FTS5 search's ranking, highlights and escaping, and unknown slugs.
 */

const get = async (path: string) => {
  const response = await apiInPlace(`/content${path}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return json(response);
};
const slugs = (items: { slug: string }[]) => items.map((item) => item.slug);

/** A highlight's HTML with our marks taken out holds no markup at all. */
function onlyMarks(htmlText: string): void {
  expect(htmlText.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
}

describe('GET /api/content/categories', () => {
  it('the top level, in order, without the app-only category; each with the content server’s fields', async () => {
    const categories = await get('/categories?kategorie_null=true&_locale=de');
    expect(slugs(categories)).toEqual(['guests', 'chat', 'consultants', 'privacy']);
    expect(categories[0]).toEqual({
      id: 1,
      slug: 'guests',
      name: 'Für Gäste',
      beschreibung: expect.any(String),
      sichtbarkeit: 'alle',
      plattform: 'alle',
      kategorie: null,
    });
  });

  it('the children of a category, and by slug in another language', async () => {
    expect(slugs(await get('/categories?kategorie=3&_locale=de'))).toEqual(['templates']);
    const [guests] = await get('/categories?slug=guests&_locale=en');
    expect(guests.name).toBe('For guests');
    expect((await get('/categories?slug=guests&_locale=it'))[0].name).toBe('Per gli ospiti');
  });

  it('German without _locale', async () => {
    expect((await get('/categories?slug=chat'))[0].name).toBe('Im Chat');
  });

  it('a hidden category is not there, by slug or as a parent; an unknown slug is an empty list', async () => {
    expect(await get('/categories?slug=app&_locale=de')).toEqual([]);
    expect(await get('/categories?kategorie=6')).toEqual([]);
    expect(await get('/categories?slug=no-such-topic')).toEqual([]);
  });

  it('refuses a query of another shape', async () => {
    for (const query of [
      '',
      '?_locale=de',
      '?kategorie=1&slug=guests',
      '?kategorie=abc',
      '?kategorie=0',
      '?kategorie_null=false',
      '?slug=Guests!',
      '?slug=guests&_locale=es',
      '?slug=guests&_locale=deu',
      '?kategorie=1&kategorie=2',
    ]) {
      await expectError(await apiInPlace(`/content/categories${query}`), 400, 'invalidInput');
    }
  });
});

describe('GET /api/content/entries', () => {
  it('the entries outside any category, whole: sections with id, title, HTML and video', async () => {
    const entries = await get('/entries?kategorie_null=true&_locale=de');
    expect(slugs(entries)).toEqual(['what-is-salon']);
    const [entry] = entries;
    expect(entry).toMatchObject({ id: 1, slug: 'what-is-salon', titel: 'Was ist Salon?', kategorie: null, sichtbarkeit: 'alle', plattform: 'alle' });
    expect(entry.abschnitte.length).toBe(3);
    expect(entry.abschnitte[0]).toEqual({ id: 'section-1', titel: 'Die Idee', inhalt: expect.stringMatching(/^<p>Bei einer Salon-Party/), video: null });
  });

  it("a category's entries leave out the one for customers", async () => {
    expect(slugs(await get('/entries?kategorie=1&_locale=de'))).toEqual(['join-a-party', 'party-password', 'party-over']);
    expect(slugs(await get('/entries?kategorie=1&_locale=nl'))).toEqual(['join-a-party', 'party-password', 'party-over']);
  });

  it('hidden entries are not there by slug or by their hidden category; unknown slugs are an empty list', async () => {
    expect(await get('/entries?slug=host-rewards')).toEqual([]);
    expect(await get('/entries?slug=app-notifications&_locale=fr')).toEqual([]);
    expect(await get('/entries?kategorie=6')).toEqual([]);
    expect(await get('/entries?slug=no-such-entry')).toEqual([]);
  });

  it('one entry by slug, in French', async () => {
    const [entry] = await get('/entries?slug=party-password&_locale=fr');
    expect(entry.titel).toBe('La soirée demande un mot de passe');
    expect(entry.abschnitte.map((section: { titel: string }) => section.titel)).toEqual([
      'Où trouver le mot de passe ?',
      '« Mot de passe incorrect ! »',
      'Pour les conseillères : définir un mot de passe',
    ]);
  });

  it('refuses a query of another shape', async () => {
    for (const query of ['', '?kategorie_null=true&slug=join-a-party', '?kategorie=-1', '?slug=%3Cscript%3E', '?kategorie=1e3']) {
      await expectError(await apiInPlace(`/content/entries${query}`), 400, 'invalidInput');
    }
  });
});

describe('GET /api/content/content-search', () => {
  const search = (q: string, locale = 'de') => get(`/content-search?_q=${encodeURIComponent(q)}&_locale=${locale}`);

  it('ranks a word in the title above the same word in the text, and marks it', async () => {
    const results = await search('Passwort');
    const found = slugs(results);
    expect(found[0]).toBe('party-password');
    expect(found).toContain('join-a-party');
    expect(results[0].highlight.titel).toBe('Die Party fragt nach einem <mark>Passwort</mark>');
    expect(results[0]).toMatchObject({ id: 3, titel: 'Die Party fragt nach einem Passwort', kategorie: 1 });
    const join = results.find((result: { slug: string }) => result.slug === 'join-a-party');
    expect(join.highlight.auszug).toMatch(/<mark>Passwort<\/mark>/);
  });

  it('every word must match first; when none does for all, any word may', async () => {
    const both = slugs(await search('Passwort Gastgeberin'));
    expect(both).toContain('join-a-party');
    expect(both).not.toContain('party-password');
    const fallback = slugs(await search('Passwort Xylophon'));
    expect(fallback[0]).toBe('party-password');
  });

  it('finds prefixes and ignores accents', async () => {
    expect(slugs(await search('Sprachnachr'))[0]).toBe('voice-messages');
    expect(slugs(await search('loschen'))).toContain('delete-account');
    expect(slugs(await search('reglages', 'fr'))).toContain('voice-messages');
  });

  it('searches the language asked for', async () => {
    expect(slugs(await search('password', 'en'))[0]).toBe('party-password');
    expect(await search('password', 'nl')).toEqual([]);
  });

  it('never finds hidden entries', async () => {
    expect(await search('Prämie')).toEqual([]);
    expect(await search('Benachrichtigungen')).toEqual([]);
    expect(await search('notifications', 'en')).toEqual([]);
  });

  it('a text without words finds nothing', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   *** ""')).toEqual([]);
  });

  it('quotes, operators, NEAR, column filters, stars and unbalanced quotes are plain words', async () => {
    const hostile = [
      '"',
      'passwort"',
      '"passwort',
      'NEAR(passwort party, 2)',
      'titel:passwort',
      'search_text : geheim',
      '*',
      'pass*',
      'passwort OR',
      'AND OR NOT',
      '^passwort',
      '(passwort',
      'passwort)',
      '-passwort',
      '{titel zusammenfassung}: party',
      "'; DROP TABLE faq_entries; --",
      'passwort\u0000',
      '\uE000passwort\uE001',
    ];
    for (const q of hostile) {
      const results = await search(q);
      for (const result of results) {
        onlyMarks(result.highlight.titel);
        onlyMarks(result.highlight.auszug);
      }
    }
    // Words still count as words: "NEAR" and "OR" are looked for, not obeyed.
    expect(slugs(await search('passwort OR'))).toEqual(slugs(await search('passwort or')));
    expect(slugs(await search('titel:passwort'))[0]).toBe('party-password');
    expect((await get('/categories?kategorie_null=true')).length).toBe(4);
  });

  it('HTML in the query is not echoed as markup', async () => {
    const results = await search('<script>alert(1)</script> <img src=x onerror=alert(2)> Passwort');
    expect(results.length).toBeGreaterThan(0);
    const body = JSON.stringify(results);
    expect(body).not.toMatch(/<script|<img|onerror/);
  });

  it('text from the index is escaped; only the marks are HTML', async () => {
    const db = env.DB;
    await db
      .prepare(
        "INSERT INTO faq_entries (locale, id, slug, category_id, titel, zusammenfassung, sichtbarkeit, plattform, position, search_text) VALUES ('de', 999, 'escape-probe', NULL, ?, ?, 'alle', 'alle', 99, ?)",
      )
      .bind('<b>Zauberwort</b> & "mehr"', '<img src=x onerror=alert(1)>', 'Der Text <script>alert("zauberwort")</script> bleibt Text.')
      .run();
    try {
      const [result] = await search('zauberwort');
      expect(result.slug).toBe('escape-probe');
      expect(result.highlight.titel).toBe('&lt;b&gt;<mark>Zauberwort</mark>&lt;/b&gt; &amp; &quot;mehr&quot;');
      expect(result.highlight.auszug).toContain('&lt;script&gt;alert(&quot;<mark>zauberwort</mark>&quot;)&lt;/script&gt;');
      onlyMarks(result.highlight.auszug);
    } finally {
      await db.prepare("DELETE FROM faq_entries WHERE slug = 'escape-probe'").run();
    }
    expect(await search('zauberwort')).toEqual([]);
  });

  it('any text at all is answered, never with an error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60, unit: fc.constantFrom(...'ab pass"*^:()-+{}NEARORAND\'\\%_<>&;\u00e9\u00fc\uE000'.split('')) }),
        async (q) => {
          const response = await apiInPlace(`/content/content-search?_q=${encodeURIComponent(q)}`);
          expect(response.status).toBe(200);
          for (const result of await json(response)) onlyMarks(result.highlight.auszug);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a missing or too long query', async () => {
    await expectError(await apiInPlace('/content/content-search'), 400, 'invalidInput');
    await expectError(await apiInPlace(`/content/content-search?_q=${'a'.repeat(201)}`), 400, 'invalidInput');
    await expectError(await apiInPlace('/content/content-search?_q=a&_q=b'), 400, 'invalidInput');
  });
});

describe('the FAQ pages', () => {
  const visit = (path: string, headers: Record<string, string> = {}) => fetchInPlace(`${ORIGIN}${path}`, { headers, redirect: 'manual' });

  it('/faq for a visitor: the public frame, intro, search box, topics and entries', async () => {
    const body = await html(await visit('/faq'), 200);
    expect(body).toContain('Hilfe und FAQ');
    expect(body).toContain('role="search"');
    expect(body).toContain('href="/faq/topic/guests"');
    expect(body).toContain('href="/faq/entry/what-is-salon"');
    expect(body).not.toContain('/faq/topic/app');
    expect(body).toContain('href="/impress"');
  });

  it('/faq for a consultant: inside the workspace with its drawer', async () => {
    const consultant = await createConsultant();
    const body = await html(await visit('/faq', sessionCookie(consultant)), 200);
    expect(body).toContain('aria-label="Hauptmenü"');
    expect(body).toContain('href="/faq/topic/guests"');
    expect(body).not.toContain('href="/impress"');
  });

  it('/faq?q= shows ranked, highlighted results; hostile text stays text', async () => {
    const body = await html(await visit(`/faq?q=${encodeURIComponent('Passwort <script>alert(1)</script>')}`), 200);
    expect(body).toContain('<mark>Passwort</mark>');
    expect(body).not.toContain('<script>alert(1)');
    expect(body.indexOf('/faq/entry/party-password')).toBeGreaterThan(-1);
  });

  it('a topic shows its subtopics and entries; an unknown or hidden one goes to /faq', async () => {
    const body = await html(await visit('/faq/topic/consultants'), 200);
    expect(body).toContain('href="/faq/topic/templates"');
    expect(body).toContain('href="/faq/entry/create-a-party"');
    for (const slug of ['no-such-topic', 'app', '%3Cscript%3E']) {
      const response = await visit(`/faq/topic/${slug}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/faq');
    }
  });

  it('an entry shows summary, contents and the stored HTML; in the language of the page', async () => {
    const body = await html(await visit('/faq/entry/your-data'), 200);
    expect(body).toContain('Welche Daten speichert Salon?');
    expect(body).toContain('href="#section-3"');
    expect(body).toContain('<a href="/privacy">Datenschutzerklärung</a>');
    const english = await html(await visit('/faq/entry/your-data?lng=en'), 200);
    expect(english).toContain('What data does Salon keep?');
  });

  it('an unknown or hidden entry goes to /faq', async () => {
    for (const slug of ['no-such-entry', 'host-rewards', 'app-notifications']) {
      const response = await visit(`/faq/entry/${slug}`);
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/faq');
    }
  });
});
