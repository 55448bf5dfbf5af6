import { AppError } from '../../app/core/errors';
import type { ErrorCode } from '../../app/core/errors';

/**
 * Reads a request's (or a fetched response's) body of at most `max` bytes. A larger declared
 * length is refused before reading; a body without one is read until it passes the cap, then
 * refused.
 */
export async function readLimited(request: Pick<Request, 'headers' | 'body'>, max: number, tooLarge: ErrorCode): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > max) throw new AppError(tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new AppError(tooLarge);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The most of a refused request's body that is read to its end: Cloudflare's own limit on a body. */
const DISCARD_BYTES_MAX = 100 * 1024 * 1024;

/**
 * Reads what is left of a body the upload will not take, and drops it. Cancelled or left half
 * read, such a body broke the connection it came on: wrangler dev's proxy reset it or held the
 * next request for half a minute, workerd itself reset it (ADR 021). Read to its end, the next
 * request on the connection is answered at once. A body past the limit is cancelled after all.
 */
export async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
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
