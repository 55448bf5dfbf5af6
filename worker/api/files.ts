import { Hono } from 'hono';
import { AppError } from '#core/errors';
import type { ErrorBody } from '#core/errors';
import { contentDisposition, inlineSafe, servedExtension } from '#core/media-content';
import { fileBytes, fileHead, parseRange } from '../media/files';
import { viewableFile } from '../services/media';
import type { ApiContext, ApiEnv } from './context';
import { withIdentity } from './context';
import { apiError } from './index';

/**
 * Media bytes from R2, in place of a static file host: `GET /files/{mediaId}` for the
 * original, `/files/{mediaId}/preview` for its thumbnail or poster. Only who may view the item
 * (`mayViewMedia`) gets it; everyone else learns nothing, not even that it exists.
 *
 * Safe by construction: `nosniff`, and a type a browser may show inline only for pictures, video,
 * audio and PDF; anything else (HTML, SVG) only ever as a download of `application/octet-stream`,
 * so a file can never run as a page of our origin. Range requests serve video and audio seeking.
 */

async function serve(c: ApiContext, which: 'original' | 'preview'): Promise<Response> {
  const item = await viewableFile(c.get('db'), c.get('identity'), c.req.param('id') ?? '');
  const key = which === 'preview' ? item.previewKey : item.storageKey;
  const head = key && item.state !== 'failed' ? await fileHead(c.env.MEDIA, key) : null;
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
  const bytes = await fileBytes(c.env.MEDIA, key!, range);
  if (!bytes) throw new AppError('mediaNotFound');
  return c.body(bytes, status, headers);
}

/** Mounted at /files by the Worker. The same identity and error answers as the API. */
export const files = new Hono<ApiEnv>()
  .basePath('/files')
  .use(withIdentity())
  .get('/:id', (c) => serve(c, 'original'))
  .get('/:id/preview', (c) => serve(c, 'preview'))
  .notFound((c) => c.json<ErrorBody>({ error: { code: 'notFound' } }, 404))
  .onError(apiError);
