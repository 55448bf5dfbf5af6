/**
 * Rules for text that people send: it must be well-formed Unicode (no lone surrogates), carry no
 * control characters other than newline and tab, and no bidirectional overrides that would let a
 * name or message display as something else.
 */

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

export function isCleanText(value: string): boolean {
  return !FORBIDDEN.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Characters that show as nothing: format characters (zero-width space and joiner, marks),
 * separators, and the Hangul and Braille fillers that render blank.
 */
const INVISIBLE = /[\p{Cf}\p{Z}\s\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** Whether a text shows anything at all once invisible characters are set aside. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '').length > 0;
}

/** A name is clean text on one line. */
export function isCleanName(value: string): boolean {
  return isCleanText(value) && !LINE_BREAK.test(value);
}

/** Line endings are stored as \n only. */
export function normaliseNewlines(value: string): string {
  return value.replace(/\r\n?/g, '\n');
}

/**
 * Whether a name passes the name rules (required, trimmed, at most 50 characters, one line, clean
 * and visible). The schemas use it; pages check with it without loading the schema library.
 */
export function isValidName(value: string, max: number): boolean {
  const trimmed = value.trim();
  const characters = [...trimmed].length;
  return characters > 0 && characters <= max && isCleanName(trimmed) && hasVisibleText(trimmed);
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** Two letters for an avatar without a picture. */
export function initials(person: { firstName: string; lastName: string }): string {
  const first = [...person.firstName.trim()][0] ?? '';
  const last = [...person.lastName.trim()][0] ?? '';
  return `${first}${last}`.toUpperCase() || '?';
}

const ELLIPSIS = '…';
let graphemes: Intl.Segmenter | undefined;

/**
 * Shortens user text to at most `max` graphemes (what a reader counts as characters: a family
 * emoji, a flag, a letter with its accents), the last one an ellipsis when something was cut.
 * Cutting by UTF-16 code units split emoji and left a lone surrogate ("�").
 */
export function truncate(text: string, max: number): string {
  if (max < 1) return '';
  // Fewer code units than the limit means fewer graphemes too: most texts never need the segmenter.
  if (text.length <= max) return text;
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let kept = 0;
  let count = 0;
  for (const { index } of graphemes.segment(text)) {
    if (count === max - 1) kept = index;
    if (count === max) return `${text.slice(0, kept)}${ELLIPSIS}`;
    count++;
  }
  return text;
}
