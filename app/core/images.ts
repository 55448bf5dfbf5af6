/**
 * Pictures people upload (profile pictures now, chat photos later). The bytes decide what a file
 * is: a browser's or client's content type is only a claim. SVG is never accepted, because it can
 * carry scripts.
 */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

export function isPictureType(value: unknown): value is PictureType {
  return typeof value === 'string' && (PICTURE_TYPES as readonly string[]).includes(value);
}

const ascii = (bytes: Uint8Array, start: number, text: string) => [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

/** The picture type the leading bytes (magic numbers) show, or null for anything else. */
export function sniffPictureType(bytes: Uint8Array): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 6 && (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a'))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

/**
 * A claimed type is acceptable when it is absent, generic, or one of ours: browsers label files
 * by their extension, so a PNG saved as .jpg still counts as the picture it is.
 */
export function acceptableClaim(claimed: string | null | undefined): boolean {
  const type = (claimed ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' || isPictureType(type);
}

/** The version a stored picture's address names: the random last part of its key, new with every picture. */
export function pictureVersion(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

const uint24 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);

/** The width and height a WebP file's header says (VP8X, VP8L or VP8), or null when it says none. */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 30 || !ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WEBP')) return null;
  if (ascii(bytes, 12, 'VP8X')) return { width: uint24(bytes, 24) + 1, height: uint24(bytes, 27) + 1 };
  if (ascii(bytes, 12, 'VP8L') && bytes[20] === 0x2f) {
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, 'VP8 ') && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a)
    return { width: (bytes[26]! | (bytes[27]! << 8)) & 0x3fff, height: (bytes[28]! | (bytes[29]! << 8)) & 0x3fff };
  return null;
}
