import { AppError } from '../../app/core/errors';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import { SNIFF_BYTES, contentMatches } from '../../app/core/media-content';
import type { Db } from '../db/client';
import type { MediaItemRow, MediaUploadRow } from '../db/schema';
import type { LeaseKey } from '../db/uploads';
import {
  extendLease,
  failUpload,
  finishUpload,
  multipartUploadsOf,
  recordOffset,
  recordPart,
  releaseLease,
  staleUploads,
  takeLease,
  uploadOf,
  uploadParts,
} from '../db/uploads';
import type { Env } from '../env';
import { discard } from './body';

/**
 * The storage behind the tus endpoint (worker/api/tus.ts) for a media item's bytes.
 *
 * The bytes go into an R2 multipart upload in parts of exactly `LIMITS.mediaPartBytes` (the last
 * smaller). A PATCH's body is read into one part-sized buffer; each full buffer becomes a part at
 * once. What does not fill a part when a PATCH ends, normally or by a dropped connection, is kept
 * as a small R2 object of its own (the carry-over) and starts the next PATCH's first part. So the
 * client may cut PATCHes anywhere (tus-js-client's chunk size, a retry after any byte) and only the
 * Worker knows the part size; a dropped connection loses nothing that reached the Worker. The
 * state (R2's multipart id, offset, parts and etags) is in D1: `media_uploads`, `media_upload_parts`
 * (worker/db/uploads.ts).
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
    const progress = { multipartId: state.multipartId, parts: state.parts + 1, offset: (state.parts + 1) * PART, lockedUntil: lease.renewed(now) };
    if (!(await recordPart(db, lease.key, { partNumber: part.partNumber, etag: part.etag }, progress, now))) throw new LeaseLost();
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
    if (!(await recordOffset(db, lease.key, position(), lease.renewed(now), now))) throw new LeaseLost();
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
    const parts = await uploadParts(db, item.id);
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
  await finishUpload(db, lease.key, item.size, next, now);
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
    /** What every write of upload state names (worker/db/uploads.ts): this lease still holds the upload. */
    readonly key: LeaseKey,
    now: number,
  ) {
    this.until = now + UPLOAD_SILENCE_MS;
  }

  /** Takes the upload for one PATCH at `offset`, or says why not. */
  static async take(db: Db, mediaId: string, offset: number, now: number): Promise<Lease> {
    const key = { mediaId, token: crypto.randomUUID() };
    if (!(await takeLease(db, key, offset, now + UPLOAD_SILENCE_MS, now))) {
      const current = await uploadOf(db, mediaId);
      throw new AppError(current?.offset === offset ? 'uploadBusy' : 'uploadConflict');
    }
    return new Lease(db, key, now);
  }

  /** Keeps the upload `ms` longer from now, unless it was taken over. */
  async extend(ms: number): Promise<void> {
    const now = Date.now();
    if (!(await extendLease(this.db, this.key, now + ms))) throw new LeaseLost();
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
    await releaseLease(this.db, this.key);
  }
}

/**
 * One PATCH at `offset` (checked against the upload by the caller): takes the upload's lease,
 * appends the body and answers the new offset. A request that lost the upload to the client's next
 * PATCH is refused as a conflict: what it still had is not the upload's any more.
 */
export async function appendToUpload(
  env: Env,
  db: Db,
  item: MediaItemRow,
  upload: MediaUploadRow,
  offset: number,
  body: ReadableStream<Uint8Array> | null,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<number> {
  const lease = await Lease.take(db, item.id, offset, Date.now());
  try {
    return (await patch(env, db, lease, item, upload, body, waitUntil)).offset;
  } catch (error) {
    if (error instanceof LeaseLost) throw new AppError('uploadConflict');
    throw error;
  } finally {
    await lease.release();
  }
}

/**
 * The cron: uploads that have not moved for a day are given up. R2 would keep their parts (and
 * bill them) until its own lifecycle rule; they are aborted here, the carry-over deleted, and the
 * item marked failed so the library shows it and the client stops resuming.
 */
export async function abortStaleUploads(env: Env, db: Db, now = Date.now()): Promise<number> {
  const stale = await staleUploads(db, now - UPLOAD_ABANDONED_MS, now);
  for (const { item, upload } of stale) {
    await abortMultipart(env, item, upload);
    await env.MEDIA.delete(carryKey(item));
    await failUpload(db, item.id, now);
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
  const rows = await multipartUploadsOf(db, userId);
  for (const { item, upload } of rows) await abortMultipart(env, item, upload);
}
