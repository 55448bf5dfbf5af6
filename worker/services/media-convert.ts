import { AppError } from '#core/errors';
import { conversionStatusOf, stateOfConversion } from '#core/media';
import type { ConversionStatus } from '#core/media';
import type { Conversion } from '#core/media-entry';
import type { Db } from '../db/client';
import { updateMediaItem } from '../db/media';
import type { MediaItemRow } from '../db/schema';
import type { Env } from '../env';
import { signSourceUrl } from '../media/signed-source';
import { streamClient } from '../media/stream';
import { signedPlaybackUrl } from '../media/stream-signing';
import type { StreamVideo } from '../media/stream';
import { ownLiveItem } from './media-items';
import { keepPoster } from './media-preview';

/**
 * Video conversion through Cloudflare Stream (PUT and GET /media/convert/{id}). Stream copies the
 * original from R2 by a signed URL of ours and makes the HLS set; the client polls, and each poll
 * asks Stream and writes what it says into the row.
 */

/** The owner's video, not in the trash. */
async function ownVideo(db: Db, userId: string, id: string): Promise<MediaItemRow> {
  const item = await ownLiveItem(db, userId, id);
  if (item.mediaType !== 'video') throw new AppError('notAVideo');
  return item;
}

/** The answer, with Stream's manifest and poster signed for the owner who asked. */
async function conversionOf(env: Env, item: MediaItemRow, video: StreamVideo | null, now: number): Promise<Conversion> {
  const status: ConversionStatus = video
    ? conversionStatusOf(video.status.state, video.readyToStream)
    : item.state === 'ready'
      ? 'READY'
      : item.state === 'failed'
        ? 'ERROR'
        : 'PROGRESSING';
  const pct = Number(video?.status.pctComplete ?? 0);
  return {
    id: item.id,
    conversionStatus: status,
    progress: status === 'READY' ? 100 : Number.isFinite(pct) ? Math.max(0, Math.min(100, Math.round(pct))) : 0,
    hls: status === 'READY' ? await signedPlaybackUrl(env, video?.playback.hls ?? item.hlsUrl, item.streamUid, now) : null,
    poster: status === 'READY' ? await signedPlaybackUrl(env, video?.thumbnail ?? item.posterUrl, item.streamUid, now) : null,
    duration: video && video.duration >= 0 ? video.duration : null,
    isPortrait: item.isPortrait,
    noAudio: item.noAudio,
  };
}

/**
 * PUT /media/convert/{id} {isPortrait, noAudio}. Starts Stream's copy of the uploaded original. A
 * conversion already running or done is reported as it is rather than started again (a client
 * retrying after a dropped answer must not pay for two); a failed one starts over.
 */
export async function startConversion(
  env: Env,
  db: Db,
  userId: string,
  id: string,
  input: { isPortrait: boolean; noAudio: boolean },
  origin: string,
  now = Date.now(),
): Promise<Conversion> {
  const item = await ownVideo(db, userId, id);
  const stream = streamClient(env);
  if (item.streamUid && item.state !== 'failed') return pollConversion(env, db, userId, id, now);
  if (!(await env.MEDIA.head(item.storageKey))) throw new AppError('mediaNotUploaded');
  if (item.streamUid) await stream.remove(item.streamUid);
  const video = await stream.copy(await signSourceUrl(origin, item.id, env.MEDIA_URL_SECRET, now), { name: item.id });
  const changes = {
    streamUid: video.uid,
    state: 'converting',
    hlsUrl: null,
    posterUrl: null,
    isPortrait: input.isPortrait,
    noAudio: input.noAudio,
    updatedAt: now,
  };
  await updateMediaItem(db, item.id, changes);
  return conversionOf(env, { ...item, ...changes }, video, now);
}

/**
 * GET /media/convert/{id}, polled every second while PROGRESSING (TIMINGS in app/core/limits.ts). A
 * finished conversion is answered from the row; otherwise Stream is asked and the row follows it.
 */
export async function pollConversion(env: Env, db: Db, userId: string, id: string, now = Date.now()): Promise<Conversion> {
  const item = await ownVideo(db, userId, id);
  if (!item.streamUid) throw new AppError('notConverting');
  if (item.state === 'ready' && item.hlsUrl) {
    await keepPoster(env, db, item, now);
    return conversionOf(env, item, null, now);
  }
  const { updated, video } = await followConversion(env, db, item, item.streamUid, now);
  await keepPoster(env, db, updated, now);
  return conversionOf(env, updated, video, now);
}

/**
 * Asks Stream how a video's conversion stands and brings its row along: the library's poll above,
 * and a video nobody watched convert (an imported one, ADR 042) when a party first plays it.
 */
export async function followConversion(env: Env, db: Db, item: MediaItemRow, streamUid: string, now: number) {
  const video = await streamClient(env).get(streamUid);
  // Deleted at Stream behind our back: the conversion is lost, and PUT may start it again.
  const status = video ? conversionStatusOf(video.status.state, video.readyToStream) : 'ERROR';
  const changes = {
    state: stateOfConversion(status),
    hlsUrl: status === 'READY' ? video!.playback.hls : null,
    posterUrl: status === 'READY' ? video!.thumbnail : null,
  };
  if (changes.state !== item.state || changes.hlsUrl !== item.hlsUrl) {
    await updateMediaItem(db, item.id, { ...changes, updatedAt: now });
  }
  return { updated: { ...item, ...changes }, video };
}
