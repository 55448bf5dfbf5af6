import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '#core/errors';
import { LIMITS } from '#core/limits';
import { discard } from '../media/body';
import { appendUpload, ownUpload, uploadOffset } from '../services/media-upload';
import type { ApiContext, ApiEnv } from './context';
import { requireConsultant } from './context';
import { doc } from './openapi';
import { TUS_OFFSET_HEADERS, TUS_PATCH_HEADERS, TUS_POST_HEADERS } from './openapi-shapes';

/**
 * The tus 1.0 core protocol (https://tus.io/protocols/resumable-upload) for a media item's bytes:
 * `POST /api/media` creates the item and its upload (the creation step, with the declared size as
 * Upload-Length) and names this address as `uploadUrl`; HEAD tells the offset, PATCH appends. The
 * rules are worker/services/media-upload.ts, the storage worker/media/tus.ts (ADR 021).
 */

const TUS_VERSION = '1.0.0';

/** The address the browser sends an item's bytes to (`uploadUrl` in the answer to POST /media). */
export function uploadUrl(requestUrl: string, mediaId: string): string {
  return new URL(`/api/media/${mediaId}/upload`, requestUrl).href;
}

const OFFSET = /^(0|[1-9][0-9]{0,15})$/;

function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': TUS_VERSION, 'Cache-Control': 'no-store', ...extra };
}

/**
 * Every answer of an upload address, refusals of who is asking included (mounted in front of the
 * API's identity check, worker/api/index.ts): it speaks tus, a 412 names the version spoken, and
 * a body nothing read is read to its end before the answer goes.
 */
export const tusAnswers: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Tus-Resumable', TUS_VERSION);
  if (c.res.status === 412) c.res.headers.set('Tus-Version', TUS_VERSION);
  const body = c.req.raw.body;
  if (body && !body.locked) await discard(body.getReader());
};

function requireTusVersion(c: ApiContext): void {
  if (c.req.header('Tus-Resumable') !== TUS_VERSION) throw new AppError('tusVersion');
}

/** PATCH: the body's bytes at `Upload-Offset`. */
async function patchUpload(c: ApiContext): Promise<Response> {
  const db = c.get('db');
  const upload = await ownUpload(db, requireConsultant(c).userId, c.req.param('id')!);
  requireTusVersion(c);
  if (c.req.header('Content-Type') !== 'application/offset+octet-stream') throw new AppError('uploadContentType');
  const header = c.req.header('Upload-Offset') ?? '';
  if (!OFFSET.test(header)) throw new AppError('invalidInput');
  const declared = Number(c.req.header('Content-Length') ?? Number.NaN);
  const offset = await appendUpload(c.env, db, upload, Number(header), declared, c.req.raw.body, (promise) => c.executionCtx.waitUntil(promise));
  return c.body(null, 204, tusHeaders({ 'Upload-Offset': String(offset) }));
}

/**
 * tus's creation request (POST with Upload-Length), for clients that always create an upload
 * before they send (TUSKit does). The item, and with it its upload, was made by
 * `POST /api/media`, the one way to make one; its upload address answers a creation request for
 * the size declared there with itself as the upload's Location (ADR 021).
 */
async function createUpload(c: ApiContext): Promise<Response> {
  const { item, upload } = await ownUpload(c.get('db'), requireConsultant(c).userId, c.req.param('id')!);
  requireTusVersion(c);
  uploadOffset(item, upload);
  if (c.req.header('Upload-Length') !== String(item.size)) throw new AppError('uploadLength');
  return c.body(null, 201, tusHeaders({ Location: uploadUrl(c.req.url, item.id) }));
}

/**
 * Mounted below /api/media, behind its consultant check. Hono answers HEAD from the GET route
 * (without the body), which is where tus's HEAD is. A POST that says
 * `X-HTTP-Method-Override: PATCH` is a PATCH (tus-java-client sends that where the platform has
 * no PATCH); any other POST is a creation request.
 */
export const tusApi = new Hono<ApiEnv>()
  .options(
    '/:id/upload',
    doc({ summary: 'tus: what the upload address speaks', caller: 'consultant', errors: ['mediaNotFound', 'uploadFailed'], ok: 204 }),
    async (c) => {
      await ownUpload(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 204, { 'Tus-Version': TUS_VERSION, 'Tus-Max-Size': String(LIMITS.mediaBytesMax), 'Tus-Extension': 'creation' });
    },
  )
  .get(
    '/:id/upload',
    doc({
      summary: "tus HEAD: the upload's offset (send HEAD; GET answers the same)",
      caller: 'consultant',
      errors: ['mediaNotFound', 'uploadFailed'],
      ok: { description: 'Upload-Offset and Upload-Length in the headers, no body', content: 'application/octet-stream', headers: TUS_OFFSET_HEADERS },
    }),
    async (c) => {
      const { item, upload } = await ownUpload(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
      return c.body(null, 200, tusHeaders({ 'Upload-Offset': String(uploadOffset(item, upload)), 'Upload-Length': String(item.size) }));
    },
  )
  .patch(
    '/:id/upload',
    doc({
      summary: 'tus PATCH: the next bytes at Upload-Offset',
      caller: 'consultant',
      rawBody: { content: 'application/offset+octet-stream', description: 'The bytes from Upload-Offset on' },
      parameters: TUS_PATCH_HEADERS,
      errors: [
        'mediaNotFound',
        'tusVersion',
        'uploadContentType',
        'uploadConflict',
        'uploadBusy',
        'uploadFailed',
        'fileTooLarge',
        'mediaTypeNotAccepted',
        'mediaTypeMismatch',
      ],
      ok: 204,
    }),
    patchUpload,
  )
  .post(
    '/:id/upload',
    doc({
      summary: 'tus creation (Upload-Length), or a PATCH sent as POST with X-HTTP-Method-Override',
      caller: 'consultant',
      parameters: TUS_POST_HEADERS,
      errors: [
        'mediaNotFound',
        'tusVersion',
        'uploadLength',
        'uploadContentType',
        'uploadConflict',
        'uploadBusy',
        'uploadFailed',
        'fileTooLarge',
        'mediaTypeNotAccepted',
        'mediaTypeMismatch',
      ],
      ok: { status: [201, 204], description: '201 with Location (creation); 204 with Upload-Offset (a PATCH)' },
    }),
    (c) => (c.req.header('X-HTTP-Method-Override')?.toUpperCase() === 'PATCH' ? patchUpload(c) : createUpload(c)),
  );
