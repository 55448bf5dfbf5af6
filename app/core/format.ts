/**
 * Message formatting shared by client and server, in the manner of WhatsApp: `*bold*`, `_italic_`,
 * `~strike~`, and web links. Pure: no DOM, no `URL`, no regular expressions that can backtrack.
 *
 * Rules
 * - A marker pair counts when the opening marker is at the start of the text or after whitespace or
 *   punctuation (Unicode P or S, which includes the other markers and emoji) and is followed by a
 *   non-space, and the closing marker is preceded by a non-space and followed by the end,
 *   whitespace or punctuation. The content between them is never empty. `2*3*4` and
 *   `snake_case_name` stay as they are.
 * - Pairs never span a line break, nest properly (`*_both_*`; an inner marker left open when its
 *   outer pair closes stays literal), and prefer closing over opening. Nesting deeper than
 *   {@link MAX_NESTING} stays literal. Every marker not in a pair stays literal text.
 * - Links: `http://` and `https://` URLs (any case) and `www.` hosts (given `https://`), starting
 *   after a non-letter, non-digit. A URL ends at whitespace, a control or bidi/zero-width character,
 *   or one of ``"<>`\``; trailing `.,!?:;'*_~` are not part of it, nor a trailing `)` or `]` that
 *   has no partner inside the URL. Nothing inside a link is formatted.
 * - Only `http:` and `https:` ever become links: the href is checked by {@link safeHref} (scheme,
 *   no credentials, a plain ASCII host name or dotted IPv4 address, a valid port). A candidate that
 *   fails the check stays text, all of it.
 * - Linear time: one pass pairs markers with a stack (each opener is pushed and popped once) and
 *   finds links (each character is looked at a bounded number of times); one pass builds the tree.
 *
 * Nothing is lost or added: the text nodes and link texts, in order, with each formatting node's
 * two markers put back around its children, give the input again. {@link plainText} leaves the
 * markers out.
 */

export interface TextNode {
  type: 'text';
  text: string;
}
export interface StyleNode {
  type: 'bold' | 'italic' | 'strike';
  children: FormattedNode[];
}
export interface LinkNode {
  type: 'link';
  /** Always `http://…` or `https://…`, checked by {@link safeHref}. */
  href: string;
  /** The URL as written. */
  text: string;
}
export type FormattedNode = TextNode | StyleNode | LinkNode;

/** How deep formatting may nest; pairs deeper than this stay literal. */
export const MAX_NESTING = 8;

/** The marker characters and the style each one makes. */
export const MARKERS = { '*': 'bold', _: 'italic', '~': 'strike' } as const;
const STYLE_OF = ['bold', 'italic', 'strike'] as const;

const STAR = 0x2a;
const UNDERSCORE = 0x5f;
const TILDE = 0x7e;

function markerIndex(code: number): number {
  return code === STAR ? 0 : code === UNDERSCORE ? 1 : code === TILDE ? 2 : -1;
}

// Character classes. ASCII is decided by code; the rest by single-character tests (no backtracking).
const SPACE = /^\s$/u;
const PUNCTUATION = /^[\p{P}\p{S}]$/u;
const WORD = /^[\p{L}\p{N}\p{M}]$/u;

function isSpace(cp: number): boolean {
  if (cp < 0x80) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d);
  return SPACE.test(String.fromCodePoint(cp));
}

function isPunctuation(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x21 && cp <= 0x2f) || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60) || (cp >= 0x7b && cp <= 0x7e);
  return PUNCTUATION.test(String.fromCodePoint(cp));
}

function isWord(cp: number): boolean {
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a);
  return WORD.test(String.fromCodePoint(cp));
}

/** Line breaks end every open marker. */
function isLineBreak(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x0b || code === 0x0c || code === 0x85 || code === 0x2028 || code === 0x2029;
}

/** The code point that ends just before `index`, or -1 at the start. */
function codePointBefore(text: string, index: number): number {
  if (index <= 0) return -1;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/** Characters that may be part of a URL as written in a message. */
function isUrlChar(code: number): boolean {
  if (code <= 0x20 || (code >= 0x7f && code <= 0xa0)) return false; // controls, space, DEL, C1, NBSP
  if (code === 0x22 || code === 0x3c || code === 0x3e || code === 0x60 || code === 0x5c) return false; // " < > ` \
  if (code < 0x80) return true;
  if (code === 0x1680 || code === 0x3000 || code === 0xfeff) return false; // spaces, BOM
  if (code >= 0x2000 && code <= 0x200f) return false; // spaces, zero-width, LRM/RLM
  if (code >= 0x2028 && code <= 0x202f) return false; // separators, bidi embeddings and overrides
  if (code >= 0x205f && code <= 0x206f) return false; // spaces, invisible operators, bidi isolates
  if (code >= 0xfff9 && code <= 0xfffb) return false; // interlinear annotation
  return true;
}

const TRAILING = new Set([0x2e, 0x2c, 0x21, 0x3f, 0x3a, 0x3b, 0x27, STAR, UNDERSCORE, TILDE]); // . , ! ? : ; ' * _ ~

function startsWithIgnoringCase(text: string, index: number, lowerPrefix: string): boolean {
  if (index + lowerPrefix.length > text.length) return false;
  for (let k = 0; k < lowerPrefix.length; k++) {
    let code = text.charCodeAt(index + k);
    if (code >= 0x41 && code <= 0x5a) code += 0x20;
    if (code !== lowerPrefix.charCodeAt(k)) return false;
  }
  return true;
}

function isDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (let k = 0; k < value.length; k++) {
    const code = value.charCodeAt(k);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** Would a URL parser read this host label as a number (decimal, or hexadecimal with 0x)? */
function isNumericLabel(label: string): boolean {
  if (isDigits(label)) return true;
  if (label.length < 2 || label[0] !== '0' || (label[1] !== 'x' && label[1] !== 'X')) return false;
  for (let k = 2; k < label.length; k++) {
    const code = label.charCodeAt(k) | 0x20;
    if (!((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66))) return false;
  }
  return true;
}

function isHostLabel(label: string): boolean {
  if (label.length === 0 || label.length > 63) return false;
  for (let k = 0; k < label.length; k++) {
    const code = label.charCodeAt(k);
    const ok = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x2d;
    if (!ok) return false;
  }
  // Punycode labels would need decoding and checking; they stay text.
  return !startsWithIgnoringCase(label, 0, 'xn--');
}

function isHost(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  if (!labels.every(isHostLabel)) return false;
  // A host ending in a number is an IPv4 address to URL parsers; accept only the plain dotted form.
  if (isNumericLabel(labels[labels.length - 1]!)) {
    return labels.length === 4 && labels.every((label) => isDigits(label) && label.length <= 3 && (label === '0' || label[0] !== '0') && Number(label) <= 255);
  }
  return true;
}

/**
 * The href for a URL as written, or null when it is not a plain web address: the scheme must be
 * `http` or `https` in any case (or the text starts with `www.`, which gets `https://`), the
 * authority a host name of ASCII letters, digits and hyphens in dot-separated labels (or a dotted
 * IPv4 address) with an optional port up to 65535, and no credentials. Every character must be one
 * a URL in a message may contain. Returns the input with the scheme lower-cased.
 */
export function safeHref(written: string): string | null {
  let rest: string;
  let scheme: string;
  if (startsWithIgnoringCase(written, 0, 'https://')) {
    scheme = 'https://';
    rest = written.slice(8);
  } else if (startsWithIgnoringCase(written, 0, 'http://')) {
    scheme = 'http://';
    rest = written.slice(7);
  } else if (startsWithIgnoringCase(written, 0, 'www.')) {
    scheme = 'https://';
    rest = written;
  } else {
    return null;
  }
  for (let k = 0; k < rest.length; k++) if (!isUrlChar(rest.charCodeAt(k))) return null;

  let authorityEnd = rest.length;
  for (let k = 0; k < rest.length; k++) {
    const code = rest.charCodeAt(k);
    if (code === 0x2f || code === 0x3f || code === 0x23) {
      authorityEnd = k;
      break;
    }
  }
  const authority = rest.slice(0, authorityEnd);
  if (authority.includes('@')) return null;
  const colon = authority.indexOf(':');
  const host = colon === -1 ? authority : authority.slice(0, colon);
  if (colon !== -1) {
    const port = authority.slice(colon + 1);
    if (!isDigits(port) || port.length > 5 || Number(port) > 65535) return null;
  }
  if (!isHost(host)) return null;
  if (rest === written && host.split('.').length < 3) return null; // www.example.com, not www.example
  return scheme + rest;
}

interface FoundLink {
  end: number;
  href: string | null;
}

/** A link written at `start`: where it ends, and its href (null: looks like one but is not valid). */
function linkAt(text: string, start: number): FoundLink | null {
  const first = text.charCodeAt(start) | 0x20;
  let bodyStart: number;
  if (first === 0x68 /* h */) {
    if (startsWithIgnoringCase(text, start, 'https://')) bodyStart = start + 8;
    else if (startsWithIgnoringCase(text, start, 'http://')) bodyStart = start + 7;
    else return null;
    const before = codePointBefore(text, start);
    if (before !== -1 && isWord(before)) return null;
  } else if (first === 0x77 /* w */) {
    if (!startsWithIgnoringCase(text, start, 'www.')) return null;
    const before = codePointBefore(text, start);
    if (before !== -1 && (isWord(before) || before === 0x2e || before === 0x2d || before === 0x40 || before === 0x2f)) return null;
    bodyStart = start;
  } else {
    return null;
  }

  let end = bodyStart;
  let opens = 0;
  let closes = 0;
  let squareOpens = 0;
  let squareCloses = 0;
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (!isUrlChar(code)) break;
    if (code === 0x28) opens++;
    else if (code === 0x29) closes++;
    else if (code === 0x5b) squareOpens++;
    else if (code === 0x5d) squareCloses++;
    end++;
  }
  while (end > bodyStart) {
    const code = text.charCodeAt(end - 1);
    if (TRAILING.has(code)) end--;
    else if (code === 0x29 && closes > opens) {
      closes--;
      end--;
    } else if (code === 0x5d && squareCloses > squareOpens) {
      squareCloses--;
      end--;
    } else break;
  }
  return { end, href: safeHref(text.slice(start, end)) };
}

/** Splits a message into text, formatting and links. Never throws; linear in the text's length. */
export function parseFormatted(text: string): FormattedNode[] {
  const length = text.length;
  /** For a paired marker, the index of its partner; -1 otherwise. */
  const partner = new Int32Array(length).fill(-1);
  const links = new Map<number, LinkNode | number>(); // start -> link, or end of text that only looked like one

  // Pass 1: links, and markers paired with a stack of open markers (index into the text).
  const open: number[] = [];
  const openOfKind: [number[], number[], number[]] = [[], [], []]; // positions in `open`, per marker
  const clear = () => {
    open.length = 0;
    for (const list of openOfKind) list.length = 0;
  };
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    const found = code === 0x68 || code === 0x48 || code === 0x77 || code === 0x57 ? linkAt(text, i) : null;
    if (found) {
      links.set(i, found.href === null ? found.end : { type: 'link', href: found.href, text: text.slice(i, found.end) });
      i = found.end;
      continue;
    }
    if (isLineBreak(code)) {
      clear();
      i++;
      continue;
    }
    const kind = markerIndex(code);
    if (kind === -1) {
      i++;
      continue;
    }
    const before = codePointBefore(text, i);
    const after = i + 1 < length ? (text.codePointAt(i + 1) as number) : -1;
    const canClose = before !== -1 && !isSpace(before) && (after === -1 || isSpace(after) || isPunctuation(after));
    const mine = openOfKind[kind]!;
    if (canClose && mine.length > 0) {
      const slot = mine[mine.length - 1]!;
      const opener = open[slot]!;
      if (opener < i - 1) {
        // Close it; markers opened inside it and still open stay literal.
        while (open.length > slot) {
          const dropped = open.pop()!;
          openOfKind[markerIndex(text.charCodeAt(dropped))]!.pop();
        }
        partner[opener] = i;
        partner[i] = opener;
        i++;
        continue;
      }
    }
    const canOpen = (before === -1 || isSpace(before) || isPunctuation(before)) && after !== -1 && !isSpace(after);
    if (canOpen) {
      mine.push(open.length);
      open.push(i);
    }
    i++;
  }

  // Pass 2: the tree. Text runs are sliced, never built character by character.
  const root: FormattedNode[] = [];
  const stack: FormattedNode[][] = [root];
  const literal = new Uint8Array(length); // paired markers that nest too deep
  let runStart = 0;
  const flush = (until: number) => {
    if (until > runStart) stack[stack.length - 1]!.push({ type: 'text', text: text.slice(runStart, until) });
  };
  i = 0;
  while (i < length) {
    const link = links.get(i);
    if (link !== undefined) {
      if (typeof link === 'number') {
        i = link;
        continue;
      }
      flush(i);
      stack[stack.length - 1]!.push(link);
      i += link.text.length;
      runStart = i;
      continue;
    }
    const other = partner[i]!;
    if (other === -1 || literal[i]) {
      i++;
      continue;
    }
    if (other > i) {
      if (stack.length > MAX_NESTING) {
        literal[other] = 1;
        i++;
        continue;
      }
      flush(i);
      const node: StyleNode = { type: STYLE_OF[markerIndex(text.charCodeAt(i))]!, children: [] };
      stack[stack.length - 1]!.push(node);
      stack.push(node.children);
    } else {
      flush(i);
      stack.pop();
    }
    i++;
    runStart = i;
  }
  flush(length);
  return root;
}

/** The visible text: what is shown, without the formatting markers. For previews and search. */
export function plainText(nodes: readonly FormattedNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'link') out += node.text;
    else out += plainText(node.children);
  }
  return out;
}
