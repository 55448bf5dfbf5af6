import { and, eq, exists, isNotNull, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../app/core/errors';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import { SNIFF_BYTES, contentMatches } from '../../app/core/media-content';
import { IdSchema } from '../../app/core/schemas';
import type { ApiContext, ApiEnv } from '../api/context';
import { requireConsultant } from '../api/context';
import type { Db } from '../db/client';
import type { MediaItemRow, MediaUploadRow } from '../db/schema';
import { mediaItems, mediaUploadParts, mediaUploads } from '../db/schema';
import type { Env } from '../env';

/**
 * The tus 1.0 core protocol (https://tus.io/protocols/resumable-upload) for a media item's bytes:
 * `POST /api/media` creates the item and its upload (the creation step, with the declared size as
 * Upload-Length) and names this address as `uploadUrl`; HEAD tells the offset, PATCH appends.
 *
 * The bytes go into an R2 multipart upload in parts of exactly `LIMITS.mediaPartBytes` (the last
 * smaller). A PATCH's body is read into one part-sized buffer; each full buffer becomes a part at
 * once. What does not fill a part when a PATCH ends, normally or by a dropped connection, is kept
 * as a small R2 object of its own (the carry-over) and starts the next PATCH's first part. So the
 * client may cut PATCHes anywhere (tus-js-client's chunk size, a retry after any byte) and only the
 * Worker knows the part size; a dropped connection loses nothing that reached the Worker. The
 * state (R2's multipart id, offset, parts and etags) is in D1: `media_uploads`, `media_upload_parts`.
 *
 * Invariant: offset = parts × part size + the carry-over's length, and the carry-over object's
 * first (offset − parts × part size) bytes are those bytes. The object is always rewritten whole
 * before the offset moves past it, and a new carry-over starts with the old one unless a part was
 * cut in between, so a crash between the two steps never breaks it.
 *
 * One PATCH at a time writes an upload: it holds a lease (`Lease`), and every write of upload
 * state names the lease's token in the same statement. A request whose client went silent loses
 * the lease to the client's next PATCH and, should it ever wake, writes nothing (ADR 021).
 */

const TUS_VERSION = '1.0.0';
/**
 * How long a PATCH keeps its upload without a sign of life. The bytes that arrive renew it; once
 * they stop (a phone in a tunnel, whose old connection the Worker cannot see die), the client's
 * next PATCH takes the upload over after this long: within tus-java-client's default retries
 * (0.5 + 1 + 2 + 3 s).
 */
export const UPLOAD_SILENCE_MS = 5_000;
/** Held around each write to R2, which must never overlap another request's (a part written twice gets a new etag). */
const WRITE_MS = 60_000;
/** The cron gives up on an upload that has not moved for this long (and aborts its parts in R2). */
export const UPLOAD_ABANDONED_MS = DAY_MS;

const PART = LIMITS.mediaPartBytes;
const carryKey = (item: MediaItemRow) => `${item.storageKey}.carry`;

/** The address the browser sends an item's bytes to (`uploadUrl` in the answer to POST /media). */
export function uploadUrl(requestUrl: string, mediaId: string): string {
  return new URL(`/api/media/${mediaId}/upload`, requestUrl).href;
}

/** The upload row of a new item: nothing stored yet. */
export function newUpload(mediaId: string, now: number): MediaUploadRow {
  return { mediaId, multipartId: null, offset: 0, parts: 0, lockedUntil: null, lease: null, updatedAt: now };
}

/** The owner's item and its upload; another consultant's item is not found, like a missing one. */
async function ownUpload(db: Db, userId: string, id: string): Promise<{ item: MediaItemRow; upload: MediaUploadRow }> {
  if (!IdSchema.safeParse(id).success) throw new AppError('mediaNotFound');
  const item = await db.query.mediaItems.findFirst({ where: and(eq(mediaItems.id, id), eq(mediaItems.userId, userId), isNull(mediaItems.purgedAt)) });
  if (!item) throw new AppError('mediaNotFound');
  let upload = await db.query.mediaUploads.findFirst({ where: eq(mediaUploads.mediaId, id) });
  if (!upload) {
    // An item from before uploads had rows: nothing of it was stored unless it is past waiting.
    upload = { ...newUpload(id, Date.now()), offset: item.state === 'waiting' ? 0 : item.size };
    await db.insert(mediaUploads).values(upload).onConflictDoNothing();
  }
  return { item, upload };
}

/** The offset HEAD reports: a failed upload has none to resume from. */
function offsetOf(item: MediaItemRow, upload: MediaUploadRow): number {
  if (item.state === 'failed') throw new AppError('uploadFailed');
  return item.state === 'waiting' ? upload.offset : item.size;
}

const OFFSET = /^(0|[1-9][0-9]{0,15})$/;

function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': TUS_VERSION, 'Cache-Control': 'no-store', ...extra };
}

/** Reads up to `length` bytes from the start of an R2 object into `into`. */
async function readInto(bucket: R2Bucket, key: string, length: number, into: Uint8Array): Promise<void> {
  const object = await bucket.get(key, { range: { offset: 0, length } });
  if (!object) throw new Error(`carry-over ${key} is missing`);
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (bytes.byteLength !== length) throw new Error(`carry-over ${key} is short`);
  into.set(bytes);
}

interface Progress {
  multipartId: string | null;
  parts: number;
  /** Bytes of the file in `buffer`, which starts at parts × part size. */
  filled: number;
}

/**
 * One PATCH: appends the body at the upload's offset and answers with the new offset. Bytes that
 * reached the Worker are kept even when the body breaks off; the error then still goes back.
 */
async function patch(
  env: Env,
  db: Db,
  lease: Lease,
  item: MediaItemRow,
  upload: MediaUploadRow,
  body: ReadableStream<Uint8Array> | null,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<{ offset: number; done: boolean }> {
  const buffer = new Uint8Array(PART);
  const state: Progress = { multipartId: upload.multipartId, parts: upload.parts, filled: upload.offset - upload.parts * PART };
  if (state.filled > 0) await readInto(env.MEDIA, carryKey(item), state.filled, buffer);
  const carried = state.filled;
  const partsAtStart = state.parts;
  const position = () => state.parts * PART + state.filled;

  const writePart = async () => {
    await lease.extend(WRITE_MS);
    if (!state.multipartId) {
      const multipart = await env.MEDIA.createMultipartUpload(item.storageKey, { httpMetadata: { contentType: item.contentType } });
      state.multipartId = multipart.uploadId;
    }
    const part = await env.MEDIA.resumeMultipartUpload(item.storageKey, state.multipartId).uploadPart(state.parts + 1, buffer);
    const now = Date.now();
    // Both statements ask for the lease; the update's answer says whether it still held.
    const [, moved] = await db.batch([
      db
        .insert(mediaUploadParts)
        .select(
          db
            .select({
              mediaId: mediaUploads.mediaId,
              partNumber: sql<number>`${part.partNumber}`.as('part_number'),
              etag: sql<string>`${part.etag}`.as('etag'),
            })
            .from(mediaUploads)
            .where(lease.held),
        )
        .onConflictDoUpdate({ target: [mediaUploadParts.mediaId, mediaUploadParts.partNumber], set: { etag: part.etag } }),
      db
        .update(mediaUploads)
        .set({ multipartId: state.multipartId, parts: state.parts + 1, offset: (state.parts + 1) * PART, lockedUntil: lease.renewed(now), updatedAt: now })
        .where(lease.held)
        .returning({ mediaId: mediaUploads.mediaId }),
    ]);
    if (moved.length === 0) throw new LeaseLost();
    state.parts += 1;
    state.filled = 0;
  };

  /** Keeps what did not fill a part, so the next PATCH goes on from the last byte received. */
  const keepCarry = async () => {
    const grew = state.parts === partsAtStart ? state.filled > carried : state.filled > 0;
    if (!grew) return;
    await lease.extend(WRITE_MS);
    await env.MEDIA.put(carryKey(item), buffer.subarray(0, state.filled));
    const now = Date.now();
    const moved = await db
      .update(mediaUploads)
      .set({ offset: position(), lockedUntil: lease.renewed(now), updatedAt: now })
      .where(lease.held)
      .returning({ mediaId: mediaUploads.mediaId });
    if (moved.length === 0) throw new LeaseLost();
  };

  if (body) {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        await lease.alive();
        if (position() + value.byteLength > item.size) throw new AppError('fileTooLarge');
        for (let at = 0; at < value.byteLength;) {
          const take = Math.min(PART - state.filled, value.byteLength - at);
          buffer.set(value.subarray(at, at + take), state.filled);
          state.filled += take;
          at += take;
          if (state.filled === PART && position() < item.size) await writePart();
        }
      }
    } catch (error) {
      // Bytes past the declared size are refused whole; a broken body keeps what arrived (unless
      // its lease was taken over meanwhile). Kept in waitUntil too: the runtime may cut the
      // request short once the client is gone.
      if (!(error instanceof AppError) && !(error instanceof LeaseLost)) {
        const kept = keepCarry().catch((lost: unknown) => {
          if (!(lost instanceof LeaseLost)) throw lost;
        });
        waitUntil(kept);
        await kept;
      }
      // What the upload will not take is read and dropped, so the connection carries the next request.
      await discard(reader);
      throw error;
    }
  }
  if (position() === item.size) {
    await finish(env, db, lease, item, state, buffer);
    return { offset: item.size, done: true };
  }
  await keepCarry();
  return { offset: position(), done: false };
}

/**
 * The last byte arrived: the object is put together in R2, then judged by its content. A file
 * that is not what it claims (HTML or SVG named a JPEG, a polyglot) is deleted and its item fails.
 * A video stays waiting: its conversion starts it (the Stream part of the media work).
 */
async function finish(env: Env, db: Db, lease: Lease, item: MediaItemRow, state: Progress, buffer: Uint8Array): Promise<void> {
  await lease.extend(WRITE_MS);
  const tail = buffer.subarray(0, state.filled);
  if (state.multipartId) {
    const multipart = env.MEDIA.resumeMultipartUpload(item.storageKey, state.multipartId);
    const stored = await db.select().from(mediaUploadParts).where(eq(mediaUploadParts.mediaId, item.id));
    const parts = stored.map((part) => ({ partNumber: part.partNumber, etag: part.etag }));
    if (tail.byteLength > 0) parts.push(await multipart.uploadPart(state.parts + 1, tail));
    await multipart.complete(parts.sort((a, b) => a.partNumber - b.partNumber));
  } else {
    await env.MEDIA.put(item.storageKey, tail, { httpMetadata: { contentType: item.contentType } });
  }
  const head = await env.MEDIA.get(item.storageKey, { range: { offset: 0, length: SNIFF_BYTES } });
  const matches = head !== null && contentMatches(item.contentType, new Uint8Array(await head.arrayBuffer()));
  if (!matches) await env.MEDIA.delete(item.storageKey);
  await env.MEDIA.delete(carryKey(item));
  const now = Date.now();
  const next = matches ? (item.mediaType === 'video' ? 'waiting' : 'ready') : 'failed';
  // The upload's row last: the statements before it ask for the lease it gives up.
  await db.batch([
    db.delete(mediaUploadParts).where(and(eq(mediaUploadParts.mediaId, item.id), lease.heldHere)),
    db
      .update(mediaItems)
      .set({ state: next, updatedAt: now })
      .where(and(eq(mediaItems.id, item.id), lease.heldHere)),
    db.update(mediaUploads).set({ offset: item.size, parts: 0, multipartId: null, lockedUntil: null, lease: null, updatedAt: now }).where(lease.held),
  ]);
  if (!matches) throw new AppError('mediaTypeMismatch');
}

/** Another request took the upload over: this one must write nothing more. */
class LeaseLost extends Error {}

/**
 * A PATCH's hold on its upload: a token in the upload's row, valid until `locked_until`. Taking
 * it over (an expired lease) puts another token there, so every conditional write of the old
 * holder finds no row and it stops.
 */
class Lease {
  private until: number;

  private constructor(
    private readonly db: Db,
    private readonly mediaId: string,
    private readonly token: string,
    now: number,
  ) {
    this.until = now + UPLOAD_SILENCE_MS;
  }

  /** Takes the upload for one PATCH at `offset`, or says why not. */
  static async take(db: Db, mediaId: string, offset: number, now: number): Promise<Lease> {
    const token = crypto.randomUUID();
    const taken = await db
      .update(mediaUploads)
      .set({ lease: token, lockedUntil: now + UPLOAD_SILENCE_MS })
      .where(
        and(
          eq(mediaUploads.mediaId, mediaId),
          eq(mediaUploads.offset, offset),
          sql`(${mediaUploads.lockedUntil} IS NULL OR ${mediaUploads.lockedUntil} < ${now})`,
        ),
      )
      .returning({ mediaId: mediaUploads.mediaId });
    if (taken.length === 0) {
      const current = await db.query.mediaUploads.findFirst({ where: eq(mediaUploads.mediaId, mediaId) });
      throw new AppError(current?.offset === offset ? 'uploadBusy' : 'uploadConflict');
    }
    return new Lease(db, mediaId, token, now);
  }

  /** The condition every write of upload state carries: this lease still holds the upload. */
  get held() {
    return and(eq(mediaUploads.mediaId, this.mediaId), eq(mediaUploads.lease, this.token));
  }

  /** The same, for statements on other tables. */
  get heldHere() {
    return exists(this.db.select({ mediaId: mediaUploads.mediaId }).from(mediaUploads).where(this.held));
  }

  /** Keeps the upload `ms` longer from now, unless it was taken over. */
  async extend(ms: number): Promise<void> {
    const now = Date.now();
    const kept = await this.db
      .update(mediaUploads)
      .set({ lockedUntil: now + ms })
      .where(this.held)
      .returning({ mediaId: mediaUploads.mediaId });
    if (kept.length === 0) throw new LeaseLost();
    this.until = now + ms;
  }

  /** Bytes arrived: renewed once half of the silence allowed is spent. */
  async alive(): Promise<void> {
    if (this.until - Date.now() < UPLOAD_SILENCE_MS / 2) await this.extend(UPLOAD_SILENCE_MS);
  }

  /** A write of state that ended the hold for R2 (`extend(WRITE_MS)`): back to the silence allowed. */
  renewed(now: number): number {
    this.until = now + UPLOAD_SILENCE_MS;
    return this.until;
  }

  async release(): Promise<void> {
    await this.db.update(mediaUploads).set({ lease: null, lockedUntil: null }).where(this.held);
  }
}

/** The most of a refused request's body that is read to its end: Cloudflare's own limit on a body. */
const DISCARD_BYTES_MAX = 100 * 1024 * 1024;

/**
 * Reads what is left of a body the upload will not take, and drops it. Cancelled or left half
 * read, such a body broke the connection it came on: wrangler dev's proxy reset it or held the
 * next request for half a minute, workerd itself reset it (ADR 021). Read to its end, the next
 * request on the connection is answered at once. A body past the limit is cancelled after all.
 */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > DISCARD_BYTES_MAX) return void (await reader.cancel());
    }
  } catch {
    // The client went away: nothing is left to read.
  }
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
  const { item, upload } = await ownUpload(db, requireConsultant(c).userId, c.req.param('id')!);
  requireTusVersion(c);
  if (c.req.header('Content-Type') !== 'application/offset+octet-stream') throw new AppError('uploadContentType');
  const header = c.req.header('Upload-Offset') ?? '';
  if (!OFFSET.test(header)) throw new AppError('invalidInput');
  const offset = Number(header);
  if (offsetOf(item, upload) !== offset || offset === item.size) throw new AppError('uploadConflict');
  const declared = Number(c.req.header('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && offset + declared > item.size) throw new AppError('fileTooLarge');
  const lease = await Lease.take(db, item.id, offset, Date.now());
  try {
    const result = await patch(c.env, db, lease, item, upload, c.req.raw.body, (promise) => c.executionCtx.waitUntil(promise));
    return c.body(null, 204, tusHeaders({ 'Upload-Offset': String(result.offset) }));
  } catch (error) {
    // The client moved on without this request: what it still had is not the upload's any more.
    if (error instanceof LeaseLost) throw new AppError('uploadConflict');
    throw error;
  } finally {
    await lease.release();
  }
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
  offsetOf(item, upload);
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
  .options('/:id/upload', async (c) => {
    await ownUpload(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204, { 'Tus-Version': TUS_VERSION, 'Tus-Max-Size': String(LIMITS.mediaBytesMax), 'Tus-Extension': 'creation' });
  })
  .get('/:id/upload', async (c) => {
    const { item, upload } = await ownUpload(c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 200, tusHeaders({ 'Upload-Offset': String(offsetOf(item, upload)), 'Upload-Length': String(item.size) }));
  })
  .patch('/:id/upload', patchUpload)
  .post('/:id/upload', (c) => (c.req.header('X-HTTP-Method-Override')?.toUpperCase() === 'PATCH' ? patchUpload(c) : createUpload(c)));

/**
 * The cron: uploads that have not moved for a day are given up. R2 would keep their parts (and
 * bill them) until its own lifecycle rule; they are aborted here, the carry-over deleted, and the
 * item marked failed so the library shows it and the client stops resuming.
 */
export async function abortStaleUploads(env: Env, db: Db, now = Date.now()): Promise<number> {
  const stale = await db
    .select({ item: mediaItems, upload: mediaUploads })
    .from(mediaUploads)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaUploads.mediaId))
    .where(
      and(
        eq(mediaItems.state, 'waiting'),
        sql`${mediaUploads.offset} < ${mediaItems.size}`,
        sql`${mediaUploads.updatedAt} < ${now - UPLOAD_ABANDONED_MS}`,
        sql`(${mediaUploads.lockedUntil} IS NULL OR ${mediaUploads.lockedUntil} < ${now})`,
      ),
    );
  for (const { item, upload } of stale) {
    await abortMultipart(env, item, upload);
    await env.MEDIA.delete(carryKey(item));
    await db.batch([
      db.update(mediaItems).set({ state: 'failed', updatedAt: now }).where(eq(mediaItems.id, item.id)),
      db.delete(mediaUploadParts).where(eq(mediaUploadParts.mediaId, item.id)),
      db.update(mediaUploads).set({ multipartId: null, parts: 0, lockedUntil: null, lease: null, updatedAt: now }).where(eq(mediaUploads.mediaId, item.id)),
    ]);
  }
  return stale.length;
}

/** Gives up an upload's R2 multipart upload, so R2 keeps (and bills) none of its parts. */
async function abortMultipart(env: Env, item: MediaItemRow, upload: MediaUploadRow): Promise<void> {
  if (!upload.multipartId) return;
  // Already gone in R2 (aborted by a run that stopped before D1 was updated): nothing to do.
  await env.MEDIA.resumeMultipartUpload(item.storageKey, upload.multipartId)
    .abort()
    .catch(() => {});
}

/**
 * A deleted account's uploads in flight (worker/services/account-deletion.ts): their parts go; their
 * rows and carry-overs go with the items' cleanup.
 */
export async function abortUploadsOf(env: Env, db: Db, userId: string): Promise<void> {
  const rows = await db
    .select({ item: mediaItems, upload: mediaUploads })
    .from(mediaUploads)
    .innerJoin(mediaItems, eq(mediaItems.id, mediaUploads.mediaId))
    .where(and(eq(mediaItems.userId, userId), isNotNull(mediaUploads.multipartId)));
  for (const { item, upload } of rows) await abortMultipart(env, item, upload);
}
