import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, faqSql, loadFaq, migrationContent, parseEntry, plainText, sanitize } from '../../scripts/faq-content.mjs';

const migrations = new URL('../../migrations/', import.meta.url);

describe('the FAQ content', () => {
  it('the newest migration carrying FAQ content holds exactly what the files make now', () => {
    const carrying = readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => ({ name, content: migrationContent(readFileSync(new URL(name, migrations), 'utf8')) }))
      .filter((migration) => migration.content !== null);
    const newest = carrying.at(-1);
    expect(newest?.name).toBeDefined();
    // When this fails after editing content/faq/: write a new migration with the script (content/faq/README.md).
    expect(newest!.content, `${newest!.name} is out of date`).toBe(faqSql());
  });

  it('every language has every category and entry, with sections', () => {
    const { categories, entries } = loadFaq();
    for (const locale of LOCALES) {
      expect(categories.filter((category: { locale: string }) => category.locale === locale).length).toBeGreaterThanOrEqual(4);
      const own = entries.filter((entry: { locale: string }) => entry.locale === locale);
      expect(own.length).toBeGreaterThanOrEqual(10);
      for (const entry of own) expect(entry.sections.length).toBeGreaterThan(0);
    }
    // At least one hidden entry of each kind, so the filter is exercised.
    expect(entries.some((entry: { sichtbarkeit: string }) => entry.sichtbarkeit === 'kunden')).toBe(true);
    expect(entries.some((entry: { plattform: string }) => entry.plattform === 'app')).toBe(true);
  });
});

describe('sanitising when loaded', () => {
  it('keeps text structure and safe links, drops anything active', () => {
    expect(sanitize('<p>Hi <strong>you</strong> <a href="/privacy" onclick="x()">here</a></p>')).toBe(
      '<p>Hi <strong>you</strong> <a href="/privacy">here</a></p>',
    );
    expect(sanitize('<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://x"></iframe>ok')).toBe('ok');
    expect(sanitize('<a href="javascript:alert(1)">x</a><a href="data:text/html,x">y</a>')).toBe('<a>x</a><a>y</a>');
    expect(sanitize('<p style="color:red" class="x">t</p>')).toBe('<p>t</p>');
  });

  it('Markdown sections become sanitised HTML; a video must be a local path of a known type', () => {
    const entry = parseEntry(
      '---\ntitel: T\nzusammenfassung: S\n---\n\n## One\n::video /faq/a.webm video/webm\n\nText with [a link](javascript:alert(1)) <script>x</script>\n\n## Two\n\n- a\n- b\n',
      'x.md',
    );
    expect(entry.sections).toEqual([
      { id: 'section-1', titel: 'One', inhalt: '<p>Text with <a>a link</a> </p>\n', video: { url: '/faq/a.webm', mime: 'video/webm' } },
      { id: 'section-2', titel: 'Two', inhalt: '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n', video: null },
    ]);
    expect(() => parseEntry('---\ntitel: T\nzusammenfassung: S\n---\n## One\n::video https://evil.test/a.mp4 video/mp4\ntext\n', 'x.md')).toThrow(
      /not a path on this site/,
    );
    expect(() => parseEntry('---\ntitel: T\n---\n## One\ntext\n', 'x.md')).toThrow(/zusammenfassung is missing/);
  });

  it('the search reads plain text with entities decoded', () => {
    expect(plainText('<p>A &amp; B &lt;c&gt;</p><ul><li>one</li><li>two</li></ul>')).toBe('A & B <c> one two');
  });
});
