import { AppError } from '../../app/core/errors';
import { LIMITS } from '../../app/core/limits';
import { PREVIEW_BOX, previewKeyOf, previewSource } from '../../app/core/media';
import type { MediaKind } from '../../app/core/media';
import { contentMatches, sniffMediaFormat } from '../../app/core/media-content';
import type { Db } from '../db/client';
import { setPreviewKey } from '../db/media';
import type { MediaItemRow } from '../db/schema';
import type { Env } from '../env';
import { readLimited } from '../media/body';
import { signedPlaybackUrl } from '../media/stream-signing';

/**
 * Previews beside the original in R2: a picture's thumbnail, a video's poster, a PDF's first page
 * (served at /files/{id}/preview).
 *
 * A Worker cannot decode pictures or render PDFs without a wasm library of several megabytes and
 * a CPU budget a large file would exceed, while the browser that uploads the file holds it and can
 * do both. So the browser makes a picture's thumbnail and a PDF's first page (app/lib/preview.ts)
 * and sends a small JPEG; the Worker only checks that it is one and stores it. A video's preview is
 * the poster Stream makes while converting, which the Worker copies once the video is ready: the
 * same request against Cloudflare Stream and the local stand-in.
 */

/** A preview is a JPEG with nothing in its head that a browser could take for a page. */
function isPreviewJpeg(bytes: Uint8Array): boolean {
  return sniffMediaFormat(bytes) === 'jpeg' && contentMatches('image/jpeg', bytes);
}

/** Puts the preview beside the original and points the row at it. */
async function store(env: Env, db: Db, item: MediaItemRow, bytes: Uint8Array, now: number): Promise<void> {
  const key = previewKeyOf(item.storageKey, item.mediaType as MediaKind)!;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: 'image/jpeg' } });
  // Purged meanwhile: nothing would ever delete the object.
  if (!(await setPreviewKey(db, item.id, key, now))) await env.MEDIA.delete(key);
}

/**
 * Copies Stream's poster of a converted video, scaled by Stream to the card's box (the local
 * stand-in ignores the size and sends its full frame).
 */
async function copyPoster(env: Env, db: Db, item: MediaItemRow, now: number): Promise<void> {
  if (item.state !== 'ready' || !item.posterUrl) throw new AppError('videoNotReady');
  const url = new URL((await signedPlaybackUrl(env, item.posterUrl, item.streamUid, now))!);
  url.searchParams.set('width', String(PREVIEW_BOX.width));
  url.searchParams.set('height', String(PREVIEW_BOX.height));
  url.searchParams.set('fit', 'clip');
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'image/jpeg' } });
  } catch (error) {
    console.error('poster unreachable', item.id, error);
    throw new AppError('conversionUnavailable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    console.error('poster refused', item.id, response.status);
    throw new AppError('conversionUnavailable');
  }
  const bytes = await readLimited(response, LIMITS.mediaPosterBytesMax, 'previewTooLarge');
  if (!isPreviewJpeg(bytes)) {
    console.error('poster is no JPEG', item.id, bytes.byteLength);
    throw new AppError('conversionUnavailable');
  }
  await store(env, db, item, bytes, now);
}

/**
 * The conversion's part: a ready video without a preview gets Stream's poster. Best effort: the
 * conversion is done either way, and regenerating the preview tries again.
 */
export async function keepPoster(env: Env, db: Db, item: MediaItemRow, now: number): Promise<void> {
  if (item.state !== 'ready' || item.previewKey || !item.posterUrl) return;
  try {
    await copyPoster(env, db, item, now);
  } catch (error) {
    console.error('poster not copied', item.id, error);
  }
}

/**
 * PUT /api/media/{id}/preview: the browser's JPEG for a picture or a PDF (the item's bytes must be
 * uploaded), or, for a video and without a body, a fresh copy of Stream's poster. The item is the
 * owner's and not in the trash (`ownLiveItem`), checked before the body is read.
 */
export async function setPreview(env: Env, db: Db, item: MediaItemRow, body: Uint8Array, now = Date.now()): Promise<void> {
  const source = previewSource(item.mediaType as MediaKind);
  if (source === null || (source === 'poster' && body.byteLength > 0)) throw new AppError('previewNotSupported');
  if (source === 'poster') return copyPoster(env, db, item, now);
  if (!isPreviewJpeg(body)) throw new AppError('notAPreview');
  if (item.state !== 'ready') throw new AppError('mediaNotUploaded');
  await store(env, db, item, body, now);
}

/** Reads a preview's body: at most `LIMITS.mediaPreviewBytesMax`. */
export const readPreview = (request: Request) => readLimited(request, LIMITS.mediaPreviewBytesMax, 'previewTooLarge');
