import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fullName, isCleanName, isCleanText, normaliseNewlines, truncate } from '../../app/core/text';

/** Any single UTF-16 code unit, so lone surrogates and controls show up often. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

describe('isCleanText', () => {
  it.each([
    ['empty', ''],
    ['plain', 'Hallo zusammen!'],
    ['umlauts and accents', 'Grüße aus Köln, à bientôt, ¿qué tal?'],
    ['newlines and tabs', 'eins\nzwei\tdrei\r\nvier'],
    ['emoji with modifiers and ZWJ', '👍🏽 👩‍👩‍👧 🇩🇪'],
    ['right-to-left script', 'שלום مرحبا'],
    ['left-to-right and right-to-left marks (not overrides)', 'a\u200Eb\u200Fc'],
    ['zero-width joiner and non-joiner', 'a\u200Db\u200Cc'],
    ['a surrogate pair', '\uD83D\uDE00'],
    ['non-breaking space', 'a\u00A0b'],
    ['line and paragraph separators', 'a\u2028b\u2029c'],
    ['C1 controls are not forbidden', 'a\u0085b'],
  ])('accepts %s', (_, value) => {
    expect(isCleanText(value)).toBe(true);
  });

  it.each([
    ['NUL', '\u0000'],
    ['U+0001', '\u0001'],
    ['backspace', 'a\u0008'],
    ['vertical tab', 'a\u000Bb'],
    ['form feed', 'a\u000Cb'],
    ['U+000E', '\u000E'],
    ['escape', '\u001B[2J'],
    ['U+001F', '\u001F'],
    ['DEL', '\u007F'],
    ['LRE U+202A', '\u202A'],
    ['RLE U+202B', '\u202B'],
    ['PDF U+202C', '\u202C'],
    ['LRO U+202D', '\u202D'],
    ['RLO U+202E', 'invoice\u202Efdp.exe'],
    ['LRI U+2066', '\u2066'],
    ['RLI U+2067', '\u2067'],
    ['FSI U+2068', '\u2068'],
    ['PDI U+2069', '\u2069'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone high surrogate before text', '\uD83Dabc'],
    ['a lone low surrogate', '\uDE00'],
    ['a reversed pair', '\uDE00\uD83D'],
    ['two high surrogates then a low one', '\uD83D\uD83D\uDE00'],
  ])('rejects %s', (_, value) => {
    expect(isCleanText(value)).toBe(false);
  });

  it('forbids exactly the C0 controls other than tab, LF and CR', () => {
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(isCleanText(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(allowed);
    }
  });

  it('any text of letters, digits, spaces and common punctuation is clean', () => {
    const chars = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZäöüÄÖÜßéèêàçñøå0123456789 .,;:!?\'"()-–—…/&@#%+*=€$'.split(''));
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 300 }), (value) => {
        expect(isCleanText(value)).toBe(true);
        expect(isCleanName(value)).toBe(true);
      }),
    );
  });

  it('any well-formed text with newlines and tabs but no controls, overrides or isolates is clean', () => {
    const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (value) => {
        fc.pre(!forbidden.test(value));
        expect(isCleanText(value)).toBe(true);
      }),
    );
  });

  it('agrees with TextEncoder on lone surrogates: clean text survives a UTF-8 round trip', () => {
    fc.assert(
      fc.property(fc.string({ unit: codeUnit, maxLength: 40 }), (value) => {
        if (isCleanText(value)) expect(new TextDecoder().decode(new TextEncoder().encode(value))).toBe(value);
      }),
    );
  });

  it('inserting one forbidden character anywhere makes text unclean', () => {
    const bad = fc.constantFrom('\u0000', '\u0007', '\u001B', '\u007F', '\u202E', '\u2066', '\uD800', '\uDFFF');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 50 }), bad, fc.nat(), (value, char, at) => {
        const i = at % (value.length + 1);
        expect(isCleanText(value.slice(0, i) + char + value.slice(i))).toBe(false);
      }),
    );
  });
});

describe('isCleanName', () => {
  it.each(["O'Brien", 'Müller-Lüdenscheidt', 'Zoë', 'Anna 🌸', 'a\tb'])('accepts %j', (value) => {
    expect(isCleanName(value)).toBe(true);
  });

  it.each([
    ['LF', 'a\nb'],
    ['CR', 'a\rb'],
    ['CRLF', 'a\r\nb'],
    ['line separator', 'a\u2028b'],
    ['paragraph separator', 'a\u2029b'],
    ['RLO', 'a\u202Eb'],
    ['NUL', 'a\u0000b'],
    ['lone surrogate', 'a\uD800'],
  ])('rejects %s', (_, value) => {
    expect(isCleanName(value)).toBe(false);
  });

  it('a clean name is always clean text', () => {
    fc.assert(
      fc.property(fc.string({ unit: codeUnit, maxLength: 40 }), (value) => {
        if (isCleanName(value)) expect(isCleanText(value)).toBe(true);
      }),
    );
  });
});

describe('normaliseNewlines', () => {
  it.each([
    ['', ''],
    ['a\nb', 'a\nb'],
    ['a\r\nb', 'a\nb'],
    ['a\rb', 'a\nb'],
    ['a\r\r\nb', 'a\n\nb'],
    ['a\n\rb', 'a\n\nb'],
    ['\r\n\r\n', '\n\n'],
    ['a\u2028b', 'a\u2028b'],
  ])('%j → %j', (input, output) => {
    expect(normaliseNewlines(input)).toBe(output);
  });

  it('leaves no \\r behind, is idempotent, and keeps the number of line breaks', () => {
    const piece = fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', 'ü', '😀');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const input = pieces.join('');
        const output = normaliseNewlines(input);
        expect(output).not.toContain('\r');
        expect(normaliseNewlines(output)).toBe(output);
        const breaks = (input.match(/\r\n|\r|\n/g) ?? []).length;
        expect((output.match(/\n/g) ?? []).length).toBe(breaks);
      }),
    );
  });
});

describe('fullName', () => {
  it.each([
    [{ firstName: 'Anna', lastName: 'Weiß' }, 'Anna Weiß'],
    [{ firstName: 'Anna', lastName: '' }, 'Anna'],
    [{ firstName: '', lastName: 'Weiß' }, 'Weiß'],
    [{ firstName: '', lastName: '' }, ''],
    [{ firstName: 'Jean-Luc', lastName: "d'Arc" }, "Jean-Luc d'Arc"],
  ])('%j → %j', (person, name) => {
    expect(fullName(person)).toBe(name);
  });
});

describe('truncate', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const graphemesOf = (text: string) => [...segmenter.segment(text)].map((s) => s.segment);
  const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  it.each([
    ['short text stays', 'Hallo', 10, 'Hallo'],
    ['exactly the limit stays', 'Hallo', 5, 'Hallo'],
    ['one over is cut', 'Hallo!', 5, 'Hall…'],
    ['a family emoji (ZWJ sequence) is one character', 'ab👨‍👩‍👧‍👦cd', 3, 'ab…'],
    ['a family emoji is kept whole', 'a👨‍👩‍👧‍👦bcd', 3, 'a👨‍👩‍👧‍👦…'],
    ['flags are kept whole', '🇩🇪🇫🇷🇮🇹🇳🇱', 3, '🇩🇪🇫🇷…'],
    ['skin tones stay on their hand', '👍🏽👋🏿🙌🏻x', 3, '👍🏽👋🏿…'],
    ['combining accents stay on their letter', 'e\u0301e\u0301e\u0301e\u0301', 3, 'e\u0301e\u0301…'],
    ['graphemes, not code units, count toward the limit', 'Liebe Grüße 😀😀', 14, 'Liebe Grüße 😀😀'],
    ['the reply-quote case: an emoji across the old cut', `${'x'.repeat(78)}😀😀😀`, 80, `${'x'.repeat(78)}😀…`],
    ['a limit of one leaves the ellipsis', 'abc', 1, '…'],
    ['a limit of zero leaves nothing', 'abc', 0, ''],
    ['empty stays empty', '', 5, ''],
  ])('%s', (_, text, max, expected) => {
    expect(truncate(text, max)).toBe(expected);
  });

  it('was the bug: cutting by code units split the emoji', () => {
    const text = `${'x'.repeat(78)}😀😀😀`;
    expect(LONE.test(`${text.slice(0, 79)}…`)).toBe(true);
    expect(LONE.test(truncate(text, 80))).toBe(false);
  });

  const pieces = fc.constantFrom('a', 'ß', ' ', '\n', 'e\u0301', '👨‍👩‍👧‍👦', '👩🏽‍💻', '🇩🇪', '🇳🇱', '👍🏿', '😀', 'क्षि', '各', '\u0915\u094D');
  const texts = fc.oneof(
    fc.array(pieces, { maxLength: 40 }).map((p) => p.join('')),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
  );

  it('keeps whole graphemes of the input, at most the limit, an ellipsis only when cut, no lone surrogate', () => {
    fc.assert(
      fc.property(texts, fc.integer({ min: 1, max: 45 }), (text, max) => {
        const result = truncate(text, max);
        const input = graphemesOf(text);
        expect(LONE.test(result)).toBe(LONE.test(text));
        if (input.length <= max) {
          expect(result).toBe(text);
          return;
        }
        expect(result.endsWith('…')).toBe(true);
        const kept = result.slice(0, -1);
        const keptGraphemes = graphemesOf(kept);
        expect(keptGraphemes).toEqual(input.slice(0, keptGraphemes.length));
        expect(keptGraphemes.length).toBe(max - 1);
        expect(keptGraphemes.length + 1).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('never leaves a lone surrogate in well-formed text, whatever the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.nat(70), (text, max) => {
        expect(LONE.test(truncate(text, max))).toBe(false);
      }),
    );
  });
});
