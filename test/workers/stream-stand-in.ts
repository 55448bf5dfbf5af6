/**
 * A stand-in for Cloudflare Stream's API inside the workers tests, where the Worker cannot reach
 * the real local stand-in (scripts/stream-server.mjs, which converts with ffmpeg and is tested on
 * its own in test/unit/stream-server.test.ts). It runs in Node as Miniflare's outbound service
 * (vitest.config.ts): every fetch the Worker makes to STREAM_API_BASE's host lands here; anything
 * else goes out unchanged. It answers like Stream (envelope, bearer token, states) without
 * converting: a video moves queued → inprogress → ready over two status calls. A ready video's
 * poster is served, without a token, where its `thumbnail` says, as Stream's customer domain does.
 * Tests steer it at /__stand-in/: what was copied from which URL, a video that fails, the
 * poster requests, a poster that is a web page instead of a JPEG, and which videos were deleted.
 */
export const STAND_IN_HOST = 'stream.test';
export const STAND_IN_TOKEN = 'test-stream-token';

interface Video {
  uid: string;
  url: string;
  meta: unknown;
  polls: number;
  fail: boolean;
  brokenPoster: boolean;
}

const videos = new Map<string, Video>();
/** The poster requests, as `{uid}?{query}`. */
const posterRequests: string[] = [];
/** The uids of the videos deleted through the API. */
const deleted: string[] = [];

/** Every ready video's poster: a JPEG's magic numbers and some bytes (nobody decodes it here). */
export const STAND_IN_POSTER: Uint8Array<ArrayBuffer> = Uint8Array.from({ length: 2048 }, (_, i) => (i < 4 ? [0xff, 0xd8, 0xff, 0xe0][i]! : (i * 31) % 251));

const envelope = (status: number, result: unknown, errors: { code: number; message: string }[] = []) =>
  Response.json({ success: errors.length === 0, errors, messages: [], result }, { status });

function describe(video: Video) {
  const state = video.fail ? 'error' : video.polls === 0 ? 'queued' : video.polls === 1 ? 'inprogress' : 'ready';
  const base = `https://${STAND_IN_HOST}/${video.uid}`;
  return {
    uid: video.uid,
    meta: video.meta,
    readyToStream: state === 'ready',
    status: { state, pctComplete: state === 'ready' ? '100.000000' : state === 'inprogress' ? '50.000000' : '0.000000', errorReasonCode: video.fail ? 'ERR_NON_VIDEO' : '' },
    duration: state === 'ready' ? 3 : -1,
    input: state === 'ready' ? { width: 1280, height: 720 } : { width: -1, height: -1 },
    thumbnail: `${base}/thumbnails/thumbnail.jpg`,
    playback: { hls: `${base}/manifest/video.m3u8` },
  };
}

export async function streamStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname !== STAND_IN_HOST) return fetch(request);

  const control = /^\/__stand-in\/(copies|fail\/(\w+)|posters|deleted|break-poster\/(\w+))$/.exec(url.pathname);
  if (control) {
    if (control[2]) videos.get(control[2])!.fail = true;
    if (control[3]) videos.get(control[3])!.brokenPoster = true;
    if (control[1] === 'posters') return Response.json(posterRequests);
    if (control[1] === 'deleted') return Response.json(deleted);
    return Response.json([...videos.values()].map(({ uid, url: source, meta }) => ({ uid, url: source, meta })));
  }

  const poster = /^\/(\w+)\/thumbnails\/thumbnail\.jpg$/.exec(url.pathname);
  if (poster) {
    const video = videos.get(poster[1]!);
    if (!video || !describe(video).readyToStream) return new Response('Not Found', { status: 404 });
    posterRequests.push(`${video.uid}${url.search}`);
    if (video.brokenPoster) return new Response('<!doctype html><script>alert(1)</script>', { headers: { 'Content-Type': 'image/jpeg' } });
    return new Response(STAND_IN_POSTER, { headers: { 'Content-Type': 'image/jpeg' } });
  }

  if (request.headers.get('Authorization') !== `Bearer ${STAND_IN_TOKEN}`) return envelope(401, null, [{ code: 10000, message: 'Authentication error' }]);
  const route = /^\/client\/v4\/accounts\/[\w-]+\/stream\/(copy|\w+)$/.exec(url.pathname);
  if (!route) return envelope(404, null, [{ code: 7003, message: 'No route for that URI' }]);
  if (route[1] === 'copy' && request.method === 'POST') {
    const body = (await request.json()) as { url: string; meta: unknown };
    const video = { uid: crypto.randomUUID().replaceAll('-', ''), url: body.url, meta: body.meta, polls: 0, fail: false, brokenPoster: false };
    videos.set(video.uid, video);
    return envelope(200, describe(video));
  }
  const video = videos.get(route[1]!);
  if (!video) return envelope(404, null, [{ code: 10003, message: 'Not Found' }]);
  if (request.method === 'DELETE') {
    videos.delete(video.uid);
    deleted.push(video.uid);
    return envelope(200, '');
  }
  const answer = envelope(200, describe(video));
  video.polls++;
  return answer;
}
