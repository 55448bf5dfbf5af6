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
