import { IdSchema } from '../../app/core/schemas';
import { hmacSign, hmacVerify } from '../auth/crypto';
import { database } from '../db/client';
import { mediaItemById } from '../db/media';
import type { Env } from '../env';

/**
 * The original of a media item at an expiring, signed URL, for an outside service that has no
 * session of ours (Cloudflare Stream copying a video): GET /media-source/{mediaId}?expires=&sig=,
 * where sig is an HMAC-SHA256 over the id and the expiry with MEDIA_URL_SECRET. Anything else about
 * the request is answered with the same bare 404, so a guess learns nothing.
 */

export const SOURCE_PREFIX = '/media-source/';
/** Long enough for Stream to start its download even with a queue in front of it. */
export const SOURCE_URL_LIFETIME_MS = 60 * 60 * 1000;

const signed = (mediaId: string, expires: number) => `${mediaId}.${expires}`;

/** The URL at `origin` (ours) under which the item's original can be fetched until it expires. */
export async function signSourceUrl(origin: string, mediaId: string, secret: string, now = Date.now()): Promise<string> {
  const expires = now + SOURCE_URL_LIFETIME_MS;
  const sig = await hmacSign(secret, signed(mediaId, expires));
  return `${origin}${SOURCE_PREFIX}${mediaId}?expires=${expires}&sig=${sig}`;
}

/** Whether the URL's signature is ours and not expired (crypto.subtle.verify compares in constant time). */
export async function verifySourceUrl(url: URL, secret: string, now = Date.now()): Promise<string | null> {
  const mediaId = url.pathname.slice(SOURCE_PREFIX.length);
  const expiresText = url.searchParams.get('expires') ?? '';
  const sig = url.searchParams.get('sig') ?? '';
  if (!IdSchema.safeParse(mediaId).success || !/^\d{1,15}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (expires <= now) return null;
  return (await hmacVerify(secret, signed(mediaId, expires), sig)) ? mediaId : null;
}

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/** GET or HEAD /media-source/{mediaId}?expires=&sig=: the original's bytes, streamed from R2. */
export async function serveSignedSource(request: Request, env: Env): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  const mediaId = await verifySourceUrl(new URL(request.url), env.MEDIA_URL_SECRET);
  if (!mediaId) return notFound();
  const item = await mediaItemById(database(env.DB), mediaId);
  const object = item && (request.method === 'HEAD' ? await env.MEDIA.head(item.storageKey) : await env.MEDIA.get(item.storageKey));
  if (!item || !object) return notFound();
  return new Response('body' in object ? (object as R2ObjectBody).body : null, {
    headers: {
      // Bytes for a service to download, never a page to render.
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': 'attachment',
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
