/**
 * What a media file is, by its bytes (the library takes image/*, video/*, audio/*,
 * application/pdf). A client's content type is a claim; an upload is kept only when its first bytes
 * show a format of the family it claims and nothing in its head reads as a web page. Our own
 * sniffer rather than the `file-type` package: the accepted families are few, and this stays a
 * pure, synchronous function of a byte array that the Worker and the tests share.
 */

/**
 * The formats we recognise: the content types a client may declare for each, and the extensions
 * a file of that format may carry (the first is the one a download is named with when the file's
 * own does not fit).
 */
const FAMILIES = {
  jpeg: { types: ['image/jpeg', 'image/jpg', 'image/pjpeg'], extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  png: { types: ['image/png', 'image/apng'], extensions: ['png', 'apng'] },
  gif: { types: ['image/gif'], extensions: ['gif'] },
  webp: { types: ['image/webp'], extensions: ['webp'] },
  heif: {
    types: ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence', 'image/avif'],
    extensions: ['heic', 'heif', 'heics', 'heifs', 'avif'],
  },
  // ISO base media files: MP4, MOV, M4A; browsers label the same container several ways.
  mp4: {
    types: ['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/3gpp', 'video/3gpp2', 'audio/mp4', 'audio/x-m4a', 'audio/m4a', 'audio/aac', 'audio/3gpp'],
    extensions: ['mp4', 'm4v', 'mov', 'qt', 'm4a', '3gp', '3g2'],
  },
  matroska: { types: ['video/webm', 'audio/webm', 'video/x-matroska', 'audio/x-matroska'], extensions: ['webm', 'weba', 'mkv', 'mka'] },
  mp3: { types: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3', 'audio/x-mpeg-3'], extensions: ['mp3'] },
  adts: { types: ['audio/aac', 'audio/aacp', 'audio/x-aac'], extensions: ['aac'] },
  ogg: { types: ['audio/ogg', 'audio/opus', 'video/ogg'], extensions: ['ogg', 'oga', 'ogv', 'opus'] },
  wav: { types: ['audio/wav', 'audio/wave', 'audio/x-wav', 'audio/vnd.wave'], extensions: ['wav'] },
  pdf: { types: ['application/pdf'], extensions: ['pdf'] },
} as const satisfies Record<string, { types: readonly string[]; extensions: readonly string[] }>;

export type MediaFormat = keyof typeof FAMILIES;

/** How many leading bytes the check needs: the magic numbers and the head scanned for markup. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  bytes.length >= start + text.length && [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

/** HEIF and AVIF brands; any other `ftyp` brand is an MP4-family container. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis']);
/** Top-level atoms an old QuickTime file may start with, before `ftyp` existed. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

function isoFormat(bytes: Uint8Array): MediaFormat | null {
  if (bytes.length < 12) return null;
  const atom = String.fromCharCode(...bytes.subarray(4, 8));
  if (atom === 'ftyp') return HEIF_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12))) ? 'heif' : 'mp4';
  return QUICKTIME_ATOMS.has(atom) ? 'mp4' : null;
}

/** The format the leading bytes show, or null for anything we do not keep. */
export function sniffMediaFormat(bytes: Uint8Array): MediaFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return 'png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'wav';
  if (ascii(bytes, 0, '%PDF-')) return 'pdf';
  if (ascii(bytes, 0, 'OggS')) return 'ogg';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'matroska';
  const iso = isoFormat(bytes);
  if (iso) return iso;
  if (ascii(bytes, 0, 'ID3')) return 'mp3';
  // MPEG audio frame sync: 11 set bits; layer bits 00 are AAC in an ADTS stream, others MP3.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return (bytes[1]! & 0x06) === 0 ? 'adts' : 'mp3';
  return null;
}

/**
 * Markup that makes a file a web page in disguise (a polyglot: a valid image header with HTML or
 * SVG behind it). None of these byte sequences belongs in the head of a real picture, film,
 * recording or PDF; a browser that ever sniffed the file would run them.
 */
const MARKUP = ['<html', '<script', '<svg', '<!doctype html', '<body', '<iframe', '<head>', '<?xml-stylesheet'];

function containsMarkup(bytes: Uint8Array): boolean {
  // Latin-1 keeps one character per byte, so the search is a plain string search.
  let text = '';
  for (let at = 0; at < bytes.length; at += 8192) text += String.fromCharCode(...bytes.subarray(at, at + 8192));
  const lower = text.toLowerCase();
  return MARKUP.some((marker) => lower.includes(marker));
}

/**
 * Whether a file whose first bytes are `head` (at least `SNIFF_BYTES`, or the whole file) is what
 * `declared` claims: its format belongs to that content type and its head carries no markup.
 */
export function contentMatches(declared: string, head: Uint8Array): boolean {
  const format = sniffMediaFormat(head);
  if (!format) return false;
  if (!(FAMILIES[format].types as readonly string[]).includes(declared)) return false;
  return !containsMarkup(head.subarray(0, SNIFF_BYTES));
}

/** Whether the content check knows a format for this content type (an SVG, for one, has none). */
export function recognisedContentType(contentType: string): boolean {
  return familiesOf(contentType).length > 0;
}

/** The formats a content type may declare (audio/aac is both an MP4 and an ADTS stream). */
function familiesOf(contentType: string): (typeof FAMILIES)[MediaFormat][] {
  return Object.values(FAMILIES).filter((family) => (family.types as readonly string[]).includes(contentType));
}

/**
 * Whether an extension (lower case, without the dot) may name a file of this content type: it
 * names the same format. Every upload path asks this before any byte is stored, so a picture
 * never goes out as `.html` or `.pdf`; the content check then holds the bytes to the content type.
 */
export function extensionFits(extension: string, contentType: string): boolean {
  return familiesOf(contentType).some((family) => (family.extensions as readonly string[]).includes(extension));
}

/**
 * Whether an extension may name a file of some content type of `kind` (a message's claims, checked
 * before the file itself is known): '.pdf' is no photo, '.webm' may be a voice message.
 */
export function extensionNamesKind(extension: string, kind: string): boolean {
  return Object.values(FAMILIES).some(
    (family) => (family.extensions as readonly string[]).includes(extension) && family.types.some((type) => type.startsWith(`${kind}/`)),
  );
}

/**
 * The extension a download of a file with this (checked) content type is named with: its own when
 * it fits, otherwise the format's usual one. A row stored before the rule existed cannot lie either.
 */
export function servedExtension(contentType: string, extension: string | null): string | null {
  if (extension !== null && extensionFits(extension, contentType)) return extension;
  return familiesOf(contentType)[0]?.extensions[0] ?? null;
}

/**
 * Content types a browser may show inline from our origin. Everything else, above all HTML and
 * SVG, is only ever sent as a download of `application/octet-stream`.
 */
export function inlineSafe(contentType: string): boolean {
  if (contentType === 'application/pdf') return true;
  const kind = contentType.slice(0, contentType.indexOf('/'));
  if (kind === 'video' || kind === 'audio') return true;
  return kind === 'image' && recognisedContentType(contentType);
}

/**
 * The filename for `Content-Disposition` (RFC 6266): the title, with the item's extension when
 * the title lacks it. `filename*` carries it exactly (UTF-8, percent-encoded); the plain
 * `filename` fallback is ASCII with anything that could end the quoted string, climb a path or
 * hide a control character replaced.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', title: string, extension: string | null): string {
  const cleaned = title.replace(/[\u0000-\u001f\u007f/\\"]/g, '_').trim() || 'file';
  const suffix = extension && /^[a-z0-9]{1,10}$/.test(extension) && !cleaned.toLowerCase().endsWith(`.${extension}`) ? `.${extension}` : '';
  const name = `${cleaned}${suffix}`;
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
