import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NESTING, parseFormatted, plainText, safeHref, type FormattedNode } from '../../app/core/format';
import { LIMITS } from '../../app/core/limits';
import { isCleanText } from '../../app/core/text';
import { XSS_CATALOGUE } from '../fixtures/xss-catalogue';

const t = (text: string): FormattedNode => ({ type: 'text', text });
const b = (...children: FormattedNode[]): FormattedNode => ({ type: 'bold', children });
const i = (...children: FormattedNode[]): FormattedNode => ({ type: 'italic', children });
const s = (...children: FormattedNode[]): FormattedNode => ({ type: 'strike', children });
const a = (href: string, text = href): FormattedNode => ({ type: 'link', href, text });

const MARKER_OF = { bold: '*', italic: '_', strike: '~' } as const;

/**
 * The inverse of parseFormatted: each formatting node written back as marker + children + marker.
 *
 * The "nothing lost, nothing added" property is stated precisely as:
 *   1. markup(parseFormatted(x)) === x — the parse is lossless; and
 *   2. plainText(parseFormatted(x)) is x with exactly the consumed markers deleted: 2 × (number of
 *      formatting nodes) characters, each of them `*`, `_` or `~` (checked by {@link deletesOnlyMarkers}).
 * So for an input in which no marker pair is consumed, plainText(parseFormatted(x)) === x.
 */
function markup(nodes: readonly FormattedNode[]): string {
  return nodes
    .map((node) => (node.type === 'text' || node.type === 'link' ? node.text : MARKER_OF[node.type] + markup(node.children) + MARKER_OF[node.type]))
    .join('');
}

function* walk(nodes: readonly FormattedNode[], depth = 1): Generator<{ node: FormattedNode; depth: number; siblings: readonly FormattedNode[] }> {
  for (const node of nodes) {
    yield { node, depth, siblings: nodes };
    if (node.type !== 'text' && node.type !== 'link') yield* walk(node.children, depth + 1);
  }
}

const linksOf = (nodes: readonly FormattedNode[]) => [...walk(nodes)].map(({ node }) => node).filter((node) => node.type === 'link');
const styleCount = (nodes: readonly FormattedNode[]) => [...walk(nodes)].filter(({ node }) => node.type !== 'text' && node.type !== 'link').length;

/** Is `plain` what remains of `input` after deleting exactly `count` marker characters? */
function deletesOnlyMarkers(input: string, plain: string, count: number): boolean {
  if (input.length - plain.length !== count) return false;
  let p = 0;
  for (const char of input) {
    if (plain.startsWith(char, p)) p += char.length;
    else if (char !== '*' && char !== '_' && char !== '~') return false;
  }
  return p === plain.length;
}

/** A link that is safe to put into an href. */
function expectSafeLink(href: string) {
  expect(href).toMatch(/^https?:\/\//);
  const url = new URL(href);
  expect(['http:', 'https:']).toContain(url.protocol);
  expect(url.username).toBe('');
  expect(url.password).toBe('');
  expect(url.hostname).not.toBe('');
}

describe('parseFormatted: formatting', () => {
  it.each<[string, string, FormattedNode[]]>([
    ['plain text', 'Hallo zusammen!', [t('Hallo zusammen!')]],
    ['empty', '', []],
    ['bold', '*fett*', [b(t('fett'))]],
    ['italic', '_kursiv_', [i(t('kursiv'))]],
    ['strike', '~durch~', [s(t('durch'))]],
    ['all three in a sentence', 'Das ist *fett*, _kursiv_ und ~weg~!', [t('Das ist '), b(t('fett')), t(', '), i(t('kursiv')), t(' und '), s(t('weg')), t('!')]],
    ['several words', '*ganz viel fett*', [b(t('ganz viel fett'))]],
    ['nested bold italic', '*_beides_*', [b(i(t('beides')))]],
    ['nested three deep', '~*_alles_*~', [s(b(i(t('alles'))))]],
    ['nested inside text', '*fett und _schräg_ dazu*', [b(t('fett und '), i(t('schräg')), t(' dazu'))]],
    ['same marker nested', '*a *b* c*', [b(t('a '), b(t('b')), t(' c'))]],
    ['after an opening parenthesis', '(*ja*)', [t('('), b(t('ja')), t(')')]],
    ['after an emoji', '👍*super*', [t('👍'), b(t('super'))]],
    ['umlauts inside', '_Grüße_', [i(t('Grüße'))]],
    ['unmatched opener', '*nur auf', [t('*nur auf')]],
    ['unmatched closer', 'nur zu*', [t('nur zu*')]],
    ['lonely markers', '* _ ~', [t('* _ ~')]],
    ['empty pair', '**', [t('**')]],
    ['double markers', '**fett**', [b(b(t('fett')))]],
    ['space after the opener', '* nicht*', [t('* nicht*')]],
    ['space before the closer', '*nicht *', [t('*nicht *')]],
    ['multiplication', '2*3*4', [t('2*3*4')]],
    ['snake case', 'snake_case_name', [t('snake_case_name')]],
    ['tilde mid-word', 'ca~5~kg', [t('ca~5~kg')]],
    ['closer followed by a letter', '*fett*er', [t('*fett*er')]],
    ['across a newline', '*eins\nzwei*', [t('*eins\nzwei*')]],
    ['per line', '*eins*\n_zwei_', [b(t('eins')), t('\n'), i(t('zwei'))]],
    ['opener after a newline', 'a\n*b*', [t('a\n'), b(t('b'))]],
    ['crossing pairs: the first to close wins', '*a _b* c_', [b(t('a _b')), t(' c_')]],
    ['inner marker left open stays literal', '*a _b*', [b(t('a _b'))]],
    ['a mid-word marker inside a pair', '*a*b*', [b(t('a*b'))]],
    ['a marker that can close and open closes', '*a.*.b*', [b(t('a.')), t('.b*')]],
    ['closing before punctuation', '*ja*, _nein_.', [b(t('ja')), t(', '), i(t('nein')), t('.')]],
    ['HTML is text', '*<b>x</b>*', [b(t('<b>x</b>'))]],
  ])('%s', (_, input, expected) => {
    const nodes = parseFormatted(input);
    expect(nodes).toEqual(expected);
    expect(markup(nodes)).toBe(input);
  });

  it(`nests at most ${MAX_NESTING} deep; deeper pairs stay literal`, () => {
    const deep = `${'*'.repeat(12)}x${'*'.repeat(12)}`;
    const nodes = parseFormatted(deep);
    expect(Math.max(...[...walk(nodes)].map(({ depth }) => depth))).toBe(MAX_NESTING + 1);
    expect(markup(nodes)).toBe(deep);
    expect(plainText(nodes)).toBe(`${'*'.repeat(12 - MAX_NESTING)}x${'*'.repeat(12 - MAX_NESTING)}`);
  });
});

describe('parseFormatted: links', () => {
  it.each<[string, string, FormattedNode[]]>([
    ['https URL', 'https://example.com', [a('https://example.com')]],
    ['http URL in a sentence', 'Schau mal: http://example.com/katalog bitte', [t('Schau mal: '), a('http://example.com/katalog'), t(' bitte')]],
    ['trailing full stop', 'Hier: https://example.com/x.', [t('Hier: '), a('https://example.com/x'), t('.')]],
    ['trailing punctuation run', 'https://example.com/x?!', [a('https://example.com/x'), t('?!')]],
    ['trailing comma and colon', 'https://a.example, https://b.example:', [a('https://a.example'), t(', '), a('https://b.example'), t(':')]],
    ['dots inside stay', 'https://example.com/a.b.c/d.html', [a('https://example.com/a.b.c/d.html')]],
    ['in parentheses', '(siehe https://example.com/x)', [t('(siehe '), a('https://example.com/x'), t(')')]],
    ['balanced parentheses are kept', 'https://de.wikipedia.org/wiki/Salon_(Gesellschaft)', [a('https://de.wikipedia.org/wiki/Salon_(Gesellschaft)')]],
    [
      'balanced inside, unbalanced outside',
      '(https://de.wikipedia.org/wiki/Salon_(Gesellschaft))',
      [t('('), a('https://de.wikipedia.org/wiki/Salon_(Gesellschaft)'), t(')')],
    ],
    ['www host', 'www.example.com', [a('https://www.example.com', 'www.example.com')]],
    ['www host with path and full stop', 'Geh auf www.example.com/shop.', [t('Geh auf '), a('https://www.example.com/shop', 'www.example.com/shop'), t('.')]],
    ['www without a domain is text', 'www.beispiel', [t('www.beispiel')]],
    ['www mid-word is text', 'awww.example.com', [t('awww.example.com')]],
    ['upper-case scheme', 'HTTPS://EXAMPLE.COM/X', [a('https://EXAMPLE.COM/X', 'HTTPS://EXAMPLE.COM/X')]],
    ['upper-case www', 'WWW.EXAMPLE.COM', [a('https://WWW.EXAMPLE.COM', 'WWW.EXAMPLE.COM')]],
    ['port', 'http://localhost:8787/party', [a('http://localhost:8787/party')]],
    ['query string and fragment', 'https://example.com/s?q=a+b&lang=de#top', [a('https://example.com/s?q=a+b&lang=de#top')]],
    ['underscores inside a URL are not italic', 'https://example.com/a_b_c', [a('https://example.com/a_b_c')]],
    ['stars inside a URL are not bold', 'https://example.com/*x*/y', [a('https://example.com/*x*/y')]],
    ['URL inside bold', '*https://example.com/x*', [b(a('https://example.com/x'))]],
    ['URL inside italic with underscores', '_https://example.com/a_b_', [i(a('https://example.com/a_b'))]],
    ['URL in bold text', '*Katalog: https://example.com/k*', [b(t('Katalog: '), a('https://example.com/k'))]],
    ['URL in angle brackets', '<https://example.com>', [t('<'), a('https://example.com'), t('>')]],
    ['URL in quotes', '"https://example.com"', [t('"'), a('https://example.com'), t('"')]],
    ['two URLs', 'https://a.example https://b.example', [a('https://a.example'), t(' '), a('https://b.example')]],
    ['IPv4 address', 'http://192.168.0.1:8080/', [a('http://192.168.0.1:8080/')]],
    ['scheme only is text', 'http:// und https://', [t('http:// und https://')]],
    ['scheme glued to a word is text', 'xhttps://example.com', [t('xhttps://example.com')]],
    ['path with non-ASCII', 'https://example.com/grüße', [a('https://example.com/grüße')]],
    ['non-ASCII host is text', 'https://bücher.example/', [t('https://bücher.example/')]],
    ['credentials are text', 'http://user:pass@host.example', [t('http://user:pass@host.example')]],
    ['@ in the path is fine', 'https://example.com/@anna', [a('https://example.com/@anna')]],
    ['ends at a newline', 'https://example.com\n*x*', [a('https://example.com'), t('\n'), b(t('x'))]],
  ])('%s', (_, input, expected) => {
    const nodes = parseFormatted(input);
    expect(nodes).toEqual(expected);
    expect(markup(nodes)).toBe(input);
    for (const link of linksOf(nodes)) expectSafeLink(link.href);
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['HtTp://example.com/A', 'http://example.com/A'],
    ['www.example.com', 'https://www.example.com'],
    ['https://example.com:65535', 'https://example.com:65535'],
  ])('accepts %s', (input, href) => {
    expect(safeHref(input)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'ftp://example.com',
    'https://',
    'https://user@example.com',
    'https://example.com:65536',
    'https://example.com:',
    'https://exa mple.com',
    'https://example..com',
    'https://1.2.3.256',
    'https://01.2.3.4',
    'https://example.0x10',
    'https://%65xample.com',
    'https://example.com/\u202E',
    'https://example.com/"',
    'www.example',
  ])('refuses %j', (input) => {
    expect(safeHref(input)).toBeNull();
  });
});

describe('hostile inputs', () => {
  it('has a catalogue of at least 25, with 10 or so for the browser', () => {
    expect(XSS_CATALOGUE.length).toBeGreaterThanOrEqual(25);
    expect(XSS_CATALOGUE.filter((entry) => entry.e2e).length).toBeGreaterThanOrEqual(8);
    expect(new Set(XSS_CATALOGUE.map((entry) => entry.name)).size).toBe(XSS_CATALOGUE.length);
  });

  it.each(XSS_CATALOGUE.map((entry) => [entry.name, entry] as const))('%s', (_, entry) => {
    const nodes = parseFormatted(entry.input);
    expect(plainText(nodes)).toBe(entry.input);
    expect(markup(nodes)).toBe(entry.input);
    const links = linksOf(nodes);
    for (const link of links) expectSafeLink(link.href);
    if (entry.links) expect(links.map((link) => link.href)).toEqual(entry.links);
    else expect(links).toEqual([]);
    if (entry.e2e) {
      // The browser test sends these through the real chat, so the server must accept them.
      expect(isCleanText(entry.input)).toBe(true);
      expect(entry.input.length).toBeLessThanOrEqual(LIMITS.messageTextMax);
      expect(entry.input.trim()).not.toBe('');
    }
  });
});

// Inputs rich in markers, URL pieces and awkward characters, so the properties meet the hard cases.
const piece = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '*',
      '_',
      '~',
      ' ',
      '\n',
      'a',
      'b',
      '1',
      '.',
      ',',
      ')',
      '(',
      ']',
      '[',
      ':',
      '/',
      '?',
      '#',
      '@',
      '%',
      '-',
      "'",
      '"',
      '<',
      '>',
      '\\',
      '\t',
      'é',
      '👍',
      '\u202E',
      '\u200B',
      '\u00A0',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'https://',
      'http://',
      'HTTP://',
      'www.',
      'WWW.',
      'example.com',
      'x.y',
      ':8080',
      ':99999',
      '0x7f',
      '127.0.0.1',
      '999.1.1.1',
      'xn--a',
      'user:pw@',
      'javascript:',
      '&#106;',
      'data:',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
);
const messy = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

describe('properties', () => {
  it('never throws, is lossless, and plainText drops exactly the consumed markers', () => {
    fc.assert(
      fc.property(messy, (input) => {
        const nodes = parseFormatted(input);
        expect(markup(nodes)).toBe(input);
        expect(deletesOnlyMarkers(input, plainText(nodes), 2 * styleCount(nodes))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps arbitrary Unicode text without markers exactly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => {
        const input = raw.replace(/[*_~]/g, '');
        expect(plainText(parseFormatted(input))).toBe(input);
      }),
    );
  });

  it('makes only http(s) links that a URL parser accepts, without credentials', () => {
    fc.assert(
      fc.property(messy, (input) => {
        for (const link of linksOf(parseFormatted(input))) {
          expectSafeLink(link.href);
          expect(link.text).not.toMatch(/\s/);
          expect(safeHref(link.text)).toBe(link.href);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('builds a tidy tree: no empty or adjacent text, no empty styles, no styles across lines, bounded depth', () => {
    fc.assert(
      fc.property(messy, (input) => {
        for (const { node, depth, siblings } of walk(parseFormatted(input))) {
          expect(depth).toBeLessThanOrEqual(MAX_NESTING + 1);
          if (node.type === 'text') {
            expect(node.text).not.toBe('');
            const index = siblings.indexOf(node);
            expect(siblings[index + 1]?.type).not.toBe('text');
          } else if (node.type !== 'link') {
            expect(node.children.length).toBeGreaterThan(0);
            expect(markup(node.children)).not.toMatch(/[\n\r\u2028\u2029]/);
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('complexity', () => {
  const time = (input: string) => {
    const started = performance.now();
    const nodes = parseFormatted(input);
    const elapsed = performance.now() - started;
    expect(markup(nodes)).toBe(input);
    return elapsed;
  };

  it.each([
    ['40,000 alternating markers', '*_~'.repeat(13_334)],
    ['*_~ × 20,000 (60,000 markers)', '*_~'.repeat(20_000)],
    ['*a × 30,000', '*a'.repeat(30_000)],
    ['40,000 openers, then 40,000 closers', `${'*a '.repeat(20_000)}${'a* '.repeat(20_000)}`],
    ['40,000 stars around one letter', `${'*'.repeat(20_000)}x${'*'.repeat(20_000)}`],
    ['40,000 nested, never closed', ' _*~a'.repeat(10_000)],
    ['10,000 URL schemes', 'https://'.repeat(10_000)],
    ['10,000 www. prefixes', 'www.'.repeat(10_000)],
    ['one URL with 40,000 closing parentheses', `https://example.com/${')'.repeat(40_000)}`],
    ['one URL with 40,000 trailing stars', `https://example.com/${'*'.repeat(40_000)}`],
  ])('%s stays well under 200 ms', (_, input) => {
    expect(time(input)).toBeLessThan(200);
  });

  it('formats random 4,000-character messages in well under 200 ms', () => {
    const inputs = fc.sample(
      fc.array(piece, { minLength: 4000, maxLength: 4000 }).map((parts) => parts.join('').slice(0, 4000)),
      5,
    );
    for (const input of inputs) expect(time(input)).toBeLessThan(200);
  });
});
