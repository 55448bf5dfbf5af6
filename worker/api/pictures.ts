import type { StoredPicture } from '../services/profiles';
import type { ApiContext } from './context';

/** A stored picture as the API serves it: its sniffed type, never sniffed again, never run. */
export function pictureResponse(c: ApiContext, picture: StoredPicture, audience: 'public' | 'private'): Response {
  return c.body(picture.body, 200, {
    'Content-Type': picture.type,
    'Content-Length': String(picture.size),
    'Content-Disposition': 'inline',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    // The address names the picture's version: the current one never changes, an old one might.
    'Cache-Control': picture.current ? `${audience}, max-age=31536000, immutable` : `${audience}, max-age=60`,
  });
}
