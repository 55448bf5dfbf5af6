/**
 * A stand-in for Cloudflare Stream's API inside the workers tests, where the Worker cannot reach
 * the real local stand-in (scripts/stream-server.mjs, which converts with ffmpeg and is tested on
 * its own in test/unit/stream-server.test.ts). It runs in Node as Miniflare's outbound service
 * (vitest.config.ts): every fetch the Worker makes to STREAM_API_BASE's host lands here; anything
 * else goes out unchanged. It answers like Stream (envelope, bearer token, states) without
 * converting: a video moves queued → inprogress → playable while still inprogress (its lowest
 * rendition done, as Stream plays a video before its larger ones exist) → ready over three status
 * calls. A playable video's poster is served where its `thumbnail` says, as Stream's customer
 * domain does.
 * Tests steer it at /__stand-in/: what was copied from which URL, a video that fails, the
 * poster requests, a poster that is a web page instead of a JPEG, and which videos were deleted.
 *
 * Like Stream, a video copied with `requireSignedURLs` plays only through a token in place of its
 * uid (RS256, signed with the key `standInSigningKey` made, unexpired, naming the video): its
 * manifest (a token-checking stub) and poster refuse the bare uid, a forged or an expired token.
 */
export const STAND_IN_HOST = 'stream.test';
export const STAND_IN_TOKEN = 'test-stream-token';

interface Video {
  uid: string;
  /** A live show's recording: the live input it was made from, and when. */
  liveInput?: string;
  created?: string;
  url: string;
  meta: unknown;
  requireSignedURLs: boolean;
  polls: number;
  fail: boolean;
  brokenPoster: boolean;
}

/** The signing key of this run: the public half checks tokens, the private half is the Worker's. */
let signing: { id: string; publicKey: CryptoKey } | null = null;

/**
 * Makes the run's signing key, as Stream's `POST /stream/keys` would: its id and its private JWK,
 * base64-encoded as Stream hands it out (vitest.config.ts gives both to the Worker).
 */
export async function standInSigningKey(): Promise<{ id: string; jwk: string }> {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const id = crypto.randomUUID().replaceAll('-', '');
  signing = { id, publicKey: pair.publicKey };
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { id, jwk: btoa(JSON.stringify({ ...jwk, kid: id, alg: 'RS256', use: 'sig' })) };
}

const fromBase64url = (text: string) => Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));

/** The video a token plays: signed with our key, unexpired; null otherwise. */
async function tokenSubject(token: string): Promise<string | null> {
  const [header, payload, signature] = token.split('.');
  if (!signing || !header || !payload || !signature) return null;
  try {
    const { alg, kid } = JSON.parse(new TextDecoder().decode(fromBase64url(header))) as { alg?: string; kid?: string };
    const claims = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as { sub?: string; exp?: number; nbf?: number };
    if (alg !== 'RS256' || kid !== signing.id) return null;
    if (!(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', signing.publicKey, fromBase64url(signature), new TextEncoder().encode(`${header}.${payload}`))))
      return null;
    const now = Date.now() / 1000;
    if (typeof claims.exp !== 'number' || claims.exp <= now || (claims.nbf !== undefined && claims.nbf > now)) return null;
    return claims.sub ?? null;
  } catch {
    return null;
  }
}

/** The video a playback path's first segment opens: its uid (unless it needs a token) or a token. */
async function playable(segment: string): Promise<Video | null> {
  const byUid = videos.get(segment);
  if (byUid) return byUid.requireSignedURLs ? null : byUid;
  const uid = await tokenSubject(segment);
  return uid ? (videos.get(uid) ?? null) : null;
}

const videos = new Map<string, Video>();
/**
 * Live inputs (ADR 060), as Stream's `/stream/live_inputs` describes them; their shows are not
 * played here (scripts/stream-server.mjs does, with WebRTC), but a test ends one at
 * `/__stand-in/live-recording/{uid}`, which makes its recording as Stream does when a show stops.
 */
const liveInputs = new Map<string, { uid: string; meta: unknown; recording: unknown }>();
const describeLive = (input: { uid: string; meta: unknown; recording: unknown }) => ({
  ...input,
  status: null,
  webRTC: { url: `https://${STAND_IN_HOST}/${input.uid}secret/webRTC/publish` },
  webRTCPlayback: { url: `https://${STAND_IN_HOST}/${input.uid}/webRTC/play` },
});
/** The poster requests, as `{uid}?{query}`. */
const posterRequests: string[] = [];
/** The uids of the videos deleted through the API. */
const deleted: string[] = [];

/** Every ready video's poster: a JPEG's magic numbers and some bytes (nobody decodes it here). */
export const STAND_IN_POSTER: Uint8Array<ArrayBuffer> = Uint8Array.from({ length: 2048 }, (_, i) => (i < 4 ? [0xff, 0xd8, 0xff, 0xe0][i]! : (i * 31) % 251));

const envelope = (status: number, result: unknown, errors: { code: number; message: string }[] = []) =>
  Response.json({ success: errors.length === 0, errors, messages: [], result }, { status });

function describe(video: Video) {
  const state = video.fail ? 'error' : video.polls === 0 ? 'queued' : video.polls <= 2 ? 'inprogress' : 'ready';
  const plays = !video.fail && video.polls >= 2;
  const base = `https://${STAND_IN_HOST}/${video.uid}`;
  return {
    uid: video.uid,
    meta: video.meta,
    liveInput: video.liveInput ?? null,
    created: video.created ?? null,
    requireSignedURLs: video.requireSignedURLs,
    readyToStream: plays,
    status: {
      state,
      pctComplete: state === 'ready' ? '100.000000' : plays ? '75.000000' : state === 'inprogress' ? '50.000000' : '0.000000',
      errorReasonCode: video.fail ? 'ERR_NON_VIDEO' : '',
    },
    duration: plays ? 3 : -1,
    input: plays ? { width: 1280, height: 720 } : { width: -1, height: -1 },
    thumbnail: `${base}/thumbnails/thumbnail.jpg`,
    playback: { hls: `${base}/manifest/video.m3u8` },
  };
}

/**
 * A request for anyone else (the local OpenID Connect provider), sent as it came. Miniflare's
 * Request is of its own undici, which Node's fetch does not take as a Request; redirects go back
 * to workerd, which follows them or not as the Worker's fetch asked.
 */
function passOn(request: Request): Promise<Response> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  return fetch(request.url, { method: request.method, headers: request.headers, body, redirect: 'manual', duplex: 'half' } as RequestInit);
}

export async function streamStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname !== STAND_IN_HOST) return passOn(request);

  const recorded = /^\/__stand-in\/live-recording\/(\w+)$/.exec(url.pathname);
  if (recorded) {
    if (!liveInputs.has(recorded[1]!)) return new Response('No such live input', { status: 404 });
    const uid = crypto.randomUUID().replaceAll('-', '');
    const when = new Date().toISOString();
    videos.set(uid, { uid, url: '', meta: {}, requireSignedURLs: true, polls: 0, fail: false, brokenPoster: false, liveInput: recorded[1]!, created: when });
    return Response.json({ uid });
  }
  const control = /^\/__stand-in\/(copies|fail\/(\w+)|posters|deleted|break-poster\/(\w+))$/.exec(url.pathname);
  if (control) {
    if (control[2]) videos.get(control[2])!.fail = true;
    if (control[3]) videos.get(control[3])!.brokenPoster = true;
    if (control[1] === 'posters') return Response.json(posterRequests);
    if (control[1] === 'deleted') return Response.json(deleted);
    return Response.json([...videos.values()].map(({ uid, url: source, meta }) => ({ uid, url: source, meta })));
  }

  const playback = /^\/([\w.-]+)\/(thumbnails\/thumbnail\.jpg|manifest\/video\.m3u8)$/.exec(url.pathname);
  if (playback) {
    const video = await playable(playback[1]!);
    if (!video) return new Response('Unauthorized', { status: 401 });
    if (!describe(video).readyToStream) return new Response('Not Found', { status: 404 });
    if (playback[2] === 'manifest/video.m3u8') return new Response('#EXTM3U\n', { headers: { 'Content-Type': 'application/vnd.apple.mpegurl' } });
    posterRequests.push(`${video.uid}${url.search}`);
    if (video.brokenPoster) return new Response('<!doctype html><script>alert(1)</script>', { headers: { 'Content-Type': 'image/jpeg' } });
    return new Response(STAND_IN_POSTER, { headers: { 'Content-Type': 'image/jpeg' } });
  }

  if (request.headers.get('Authorization') !== `Bearer ${STAND_IN_TOKEN}`) return envelope(401, null, [{ code: 10000, message: 'Authentication error' }]);
  const live = /^\/client\/v4\/accounts\/[\w-]+\/stream\/live_inputs(?:\/(\w+)(\/videos)?)?$/.exec(url.pathname);
  if (live) {
    if (!live[1] && request.method === 'POST') {
      const body = (await request.json()) as { meta?: unknown; recording?: unknown };
      const input = { uid: crypto.randomUUID().replaceAll('-', ''), meta: body.meta ?? {}, recording: body.recording ?? { mode: 'off' } };
      liveInputs.set(input.uid, input);
      return envelope(200, describeLive(input));
    }
    const input = live[1] ? liveInputs.get(live[1]) : undefined;
    if (!input) return envelope(404, null, [{ code: 10003, message: 'Not Found' }]);
    if (live[2]) return envelope(200, [...videos.values()].filter((video) => video.liveInput === input.uid).map(describe));
    return envelope(200, describeLive(input));
  }
  const route = /^\/client\/v4\/accounts\/[\w-]+\/stream\/(copy|\w+)$/.exec(url.pathname);
  if (!route) return envelope(404, null, [{ code: 7003, message: 'No route for that URI' }]);
  if (route[1] === 'copy' && request.method === 'POST') {
    const body = (await request.json()) as { url: string; meta: unknown; requireSignedURLs?: boolean };
    const video = {
      uid: crypto.randomUUID().replaceAll('-', ''),
      url: body.url,
      meta: body.meta,
      requireSignedURLs: body.requireSignedURLs === true,
      polls: 0,
      fail: false,
      brokenPoster: false,
    };
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
