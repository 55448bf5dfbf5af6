import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { AppError } from '../../app/core/errors';
import type { ErrorBody } from '../../app/core/errors';
import { contentDisposition, inlineSafe, servedExtension } from '../../app/core/media-content';
import { IdSchema } from '../../app/core/schemas';
import { apiError } from '../api';
import type { ApiContext, ApiEnv } from '../api/context';
import { withIdentity } from '../api/context';
import type { Db } from '../db/client';
import { mediaItems, partyUploads } from '../db/schema';
import type { MediaFile } from '../services/media';
import { mayViewMedia } from '../services/media';

/**
 * Media bytes from R2, in place of a static file host: `GET /files/{mediaId}` for the
 * original, `/files/{mediaId}/preview` for its thumbnail or poster. Only who may view the item
 * (`mayViewMedia`) gets it; everyone else learns nothing, not even that it exists.
 *
 * Safe by construction: `nosniff`, and a type a browser may show inline only for pictures, video,
 * audio and PDF; anything else (HTML, SVG) only ever as a download of `application/octet-stream`,
 * so a file can never run as a page of our origin. Range requests serve video and audio seeking.
 */

type Range = { offset: number; length: number };

/**
 * One `bytes=` range (RFC 9110 section 14.1.2) of a file of `size` bytes, 'unsatisfiable' when it
 * lies beyond the end, or null for no range: several ranges or a malformed header may be ignored,
 * and then the whole file is the answer.
 */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? 'unsatisfiable' : { offset: size - suffix, length: suffix };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return end < start ? null : { offset: start, length: end - start + 1 };
}

/** What serving needs of a file: a library item, or a photo or voice message uploaded into a party. */
interface StoredFile extends MediaFile {
  title: string;
  contentType: string;
  extension: string | null;
  storageKey: string;
  previewKey: string | null;
  state: string;
}

async function findFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const item = await db.query.mediaItems.findFirst({ where: eq(mediaItems.id, id) });
  if (item) return { ...item, ownerId: item.userId };
  const upload = await db.query.partyUploads.findFirst({ where: eq(partyUploads.id, id) });
  if (!upload) return undefined;
  // No title of its own: a download is named after what it is (photo.jpg, voice.m4a).
  return { ...upload, ownerId: upload.uploaderId, title: upload.messageType, previewKey: null };
}

async function serve(c: ApiContext, which: 'original' | 'preview'): Promise<Response> {
  const db = c.get('db');
  const identity = c.get('identity');
  const id = c.req.param('id') ?? '';
  const item = IdSchema.safeParse(id).success ? await findFile(db, id) : undefined;
  if (!item || !(await mayViewMedia(db, identity, item))) {
    if (!identity.consultant && !identity.guest) throw new AppError(identity.consultantExpired ? 'sessionExpired' : 'unauthorized');
    throw new AppError('mediaNotFound');
  }
  const key = which === 'preview' ? item.previewKey : item.storageKey;
  // Until its last byte arrives an original has no object (R2 shows a multipart upload only once
  // it is complete; a party upload is put whole); a failed one was deleted.
  const head = key && item.state !== 'failed' ? await c.env.MEDIA.head(key) : null;
  if (!head) throw new AppError('mediaNotFound');

  const declared = which === 'preview' ? (head.httpMetadata?.contentType ?? '') : item.contentType;
  const safe = inlineSafe(declared);
  const download = c.req.query('download') === '1' || !safe;
  const headers: Record<string, string> = {
    'Content-Type': safe ? declared : 'application/octet-stream',
    'Content-Disposition': contentDisposition(
      download ? 'attachment' : 'inline',
      item.title,
      which === 'preview' ? null : servedExtension(item.contentType, item.extension),
    ),
    'X-Content-Type-Options': 'nosniff',
    // Opened on its own, a file is no page: no scripts, no requests. Not for PDF, whose built-in
    // viewer in Chromium does not open inside a sandbox.
    ...(declared === 'application/pdf' ? {} : { 'Content-Security-Policy': "default-src 'none'; sandbox" }),
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Private: who may see it is decided per person. Revalidated every time (a cheap 304 by the
    // ETag), because access ends when a guest leaves and a preview can be made anew.
    'Cache-Control': 'private, no-cache',
    ETag: head.httpEtag,
    'Accept-Ranges': 'bytes',
  };
  if (c.req.header('If-None-Match') === head.httpEtag) return c.body(null, 304, headers);

  const ifRange = c.req.header('If-Range');
  const range = ifRange === undefined || ifRange === head.httpEtag ? parseRange(c.req.header('Range'), head.size) : null;
  if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${head.size}` });
  const status = range ? 206 : 200;
  if (range) headers['Content-Range'] = `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`;
  headers['Content-Length'] = String(range ? range.length : head.size);
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  const object = await c.env.MEDIA.get(key!, range ? { range } : {});
  if (!object) throw new AppError('mediaNotFound');
  return c.body(object.body, status, headers);
}

/** Mounted at /files by the Worker. The same identity and error answers as the API. */
export const files = new Hono<ApiEnv>()
  .basePath('/files')
  .use(withIdentity())
  .get('/:id', (c) => serve(c, 'original'))
  .get('/:id/preview', (c) => serve(c, 'preview'))
  .notFound((c) => c.json<ErrorBody>({ error: { code: 'notFound' } }, 404))
  .onError(apiError);
