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
