#!/usr/bin/env node
// Local stand-in for Cloudflare Stream, for development and tests.
//
// It answers the part of Stream's HTTP API that the Worker calls (worker/media/stream.ts), with the
// same paths, bearer-token check and JSON envelope ({ success, errors, messages, result }):
//   POST   /client/v4/accounts/{account}/stream/copy   { url, meta }  → the new video, queued
//   GET    /client/v4/accounts/{account}/stream/{uid}                 → the video and its status
//   DELETE /client/v4/accounts/{account}/stream/{uid}
//   POST   /client/v4/accounts/{account}/stream/keys                  → a new signing key { id, pem, jwk }
//   …/stream/live_inputs[/{uid}[/videos]]: live inputs, with WHIP, WHEP and live HLS (stream-live.mjs)
// and converts like Stream does: it downloads the URL (the Worker's signed URL of the original in
// R2), then ffmpeg makes a real multi-rendition HLS set (360p, 720p, 1080p, only those not larger
// than the source, aspect ratio kept, portrait too) and a poster, served with CORS at the paths the
// video's `playback.hls` and `thumbnail` name, as Stream's customer domain would serve them.
// Like Stream, a video plays before all its renditions exist: the lowest is made first (with the
// poster), and then `readyToStream` is true while `status.state` stays `inprogress`; the larger
// ones follow in one more ffmpeg pass and join the master playlist when done (ADR 024).
// Videos live under a data directory, one folder each; one ffmpeg job runs at a time, every
// video's lowest rendition before any video's larger ones.
//
// Playback protection as Stream's: a video copied with `requireSignedURLs` is served only through
// a token in place of its uid in the path (/{token}/manifest/video.m3u8, and so its renditions and
// segments; /{token}/thumbnails/thumbnail.jpg): an RS256 JWT { sub: uid, kid, exp, nbf? } signed
// with one of its signing keys. The bare uid, a forged, altered or expired token get 401. It makes
// one signing key when it starts (`signingKey`), which `npm start` gives the Worker.
//
// Run it with `npm run stream` (env: STREAM_PORT, default 9092; STREAM_DATA_DIR, default
// .wrangler/stream), or from code with `startStreamServer()`; `npm start` starts it. Local only.
import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, randomUUID, verify } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { resolveFfmpeg } from './ffmpeg.mjs';
import { startLocalServer } from './local-server.mjs';
import { LOOPBACK_ICE, createLiveInputs } from './stream-live.mjs';

export const LOCAL_STREAM_ACCOUNT = 'local';
export const LOCAL_STREAM_TOKEN = 'local-stream-token';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_PREFIX = '/client/v4/accounts/';
const MAX_JSON_BYTES = 64 * 1024;
/** Segment length in seconds: short, so a few-second clip still has more than one segment. */
const SEGMENT_SECONDS = 2;
/**
 * x264's preset for every rendition. Measured on a shared 2-core machine with the npm ffmpeg:
 * superfast costs about what ultrafast does and a third to a half less than veryfast (ADR 024).
 */
export const X264_PRESET = 'superfast';

/**
 * @typedef {{ name: string, width: number, height: number, videoBitrate: number, level: string }} Rendition
 * @typedef {'queued' | 'inprogress' | 'ready' | 'error'} VideoState
 * @typedef {{
 *   uid: string, created: string, modified: string, meta: Record<string, unknown>, requireSignedURLs?: boolean, sourceUrl: string,
 *   state: VideoState, pctComplete: string, errorReasonCode: string, errorReasonText: string,
 *   readyToStream: boolean, readyToStreamAt: string | null,
 *   duration: number, width: number, height: number, size: number, hasAudio: boolean,
 *   ladder: Rendition[], renditions: string[], liveInput?: string,
 * }} Video
 *   `ladder`: every rendition the video gets; `renditions`: the names of those made so far.
 */

// --- The rendition ladder (pure) -----------------------------------------------------------------

/** Heights of the ladder's rungs, named by the short side as players name them (720p portrait too). */
const RUNGS = [360, 720, 1080];

const even = (value) => Math.max(2, 2 * Math.round(value / 2));

/**
 * The renditions for a source of `width`×`height` as displayed (after rotation): every rung not
 * larger than the source's short side, plus the source's own size when it is below 720 and no rung
 * (so a 480p source gets 360p and 480p, a 240p one only 240p). Aspect ratio kept, sizes even.
 * @param {number} width
 * @param {number} height
 * @returns {Rendition[]}
 */
export function renditionLadder(width, height) {
  if (!(width > 0 && height > 0)) throw new RangeError(`no video size: ${width}x${height}`);
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  const evenDown = (value) => Math.max(2, value - (value % 2));
  const sides = RUNGS.filter((rung) => rung <= short);
  if (short < 720 && !sides.includes(evenDown(short))) sides.push(evenDown(short));
  return sides.map((side) => {
    const other = Math.min(even((side * long) / short), evenDown(long));
    const [w, h] = width >= height ? [other, side] : [side, other];
    const pixels = w * h;
    return {
      name: `${side}p`,
      width: w,
      height: h,
      // About 0.1 bit per pixel at 25 frames per second, as common ladders use for H.264.
      videoBitrate: Math.max(300_000, Math.round((pixels * 25 * 0.1) / 1000) * 1000),
      // The H.264 level the size needs (3.0 up to 720×576, 3.1 up to 1280×720, else 4.0).
      level: pixels <= 414_720 ? '3.0' : pixels <= 921_600 ? '3.1' : '4.0',
    };
  });
}

/** The CODECS attribute of a rendition: H.264 High profile at its level, AAC-LC when there is sound. */
export function codecsOf(rendition, withAudio) {
  const level = Math.round(Number(rendition.level) * 10)
    .toString(16)
    .padStart(2, '0');
  return withAudio ? `avc1.6400${level},mp4a.40.2` : `avc1.6400${level}`;
}

/**
 * The master playlist that lists the renditions, lowest first (hls.js starts there on a weak line).
 * @param {Rendition[]} renditions
 * @param {boolean} withAudio
 */
export function masterPlaylist(renditions, withAudio) {
  const audioBitrate = withAudio ? 128_000 : 0;
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    ...renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.round((r.videoBitrate + audioBitrate) * 1.1)},RESOLUTION=${r.width}x${r.height},CODECS="${codecsOf(r, withAudio)}",NAME="${r.name}"`,
      `stream_${r.name}.m3u8`,
    ]),
    '',
  ].join('\n');
}

/**
 * The ladder in the order it is made: the lowest rendition alone, so the video plays as soon as it
 * exists; then all the others in one pass, which decodes the source once for all of them.
 * @param {Rendition[]} ladder
 * @returns {Rendition[][]}
 */
export function conversionStages(ladder) {
  return ladder.length > 1 ? [ladder.slice(0, 1), ladder.slice(1)] : [ladder];
}

/**
 * ffmpeg's arguments for one pass over `source` that writes each of `renditions` as HLS into
 * `folder` (stream_{name}.m3u8 and its segments), with progress on stdout.
 * @param {{ source: string, folder: string, renditions: Rendition[], hasAudio: boolean }} pass
 * @returns {string[]}
 */
export function encodeArgs({ source, folder, renditions, hasAudio }) {
  const scaled = renditions.map((r, i) => `[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    source,
    '-filter_complex',
    `[0:v]split=${renditions.length}${renditions.map((_, i) => `[s${i}]`).join('')};${scaled.join(';')}`,
  ];
  for (const [i, r] of renditions.entries()) {
    args.push('-map', `[v${i}]`, ...(hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []));
    args.push('-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'high', '-level:v', r.level, '-pix_fmt', 'yuv420p');
    args.push('-b:v', String(r.videoBitrate), '-maxrate', String(Math.round(r.videoBitrate * 1.2)), '-bufsize', String(r.videoBitrate * 2));
    // A key frame at every segment boundary, so every rendition's segments line up for switching.
    args.push('-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`);
    args.push(
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_filename',
      join(folder, `segment_${r.name}_%04d.ts`),
      join(folder, `stream_${r.name}.m3u8`),
    );
  }
  args.push('-progress', 'pipe:1');
  return args;
}

/**
 * What ffmpeg says about a file (its stderr for `-i file`): the first video stream's displayed
 * size (rotation applied), whether there is sound, the duration. Null without a video stream.
 * @param {string} text
 * @returns {{ width: number, height: number, rotation: number, hasAudio: boolean, duration: number } | null}
 */
export function parseProbe(text) {
  // Cover art in a music file is a video stream too, marked as an attached picture.
  const streams = text.split('\n').filter((line) => /^\s*Stream #\d+:\d+/.test(line));
  const video = streams
    .filter((line) => !line.includes('(attached pic)'))
    .map((line) => /: Video: (\w+).*?, (\d{2,5})x(\d{2,5})/.exec(line))
    .find(Boolean);
  if (!video) return null;
  const time = /Duration: (\d+):(\d+):([\d.]+)/.exec(text);
  const duration = time ? Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]) : 0;
  // A still image reads as one frame of a picture codec.
  if (/^(png|mjpeg|bmp|webp|tiff|gif)$/.test(video[1]) && duration < 0.2) return null;
  const rotateTag = /^\s*rotate\s*:\s*(-?\d+)/m.exec(text);
  const matrix = /rotation of (-?[\d.]+) degrees/.exec(text);
  const rotation = ((Math.round(Number(rotateTag?.[1] ?? matrix?.[1] ?? 0)) % 360) + 360) % 360;
  const [w, h] = [Number(video[2]), Number(video[3])];
  const sideways = rotation === 90 || rotation === 270;
  return { width: sideways ? h : w, height: sideways ? w : h, rotation, hasAudio: streams.some((line) => line.includes(': Audio: ')), duration };
}

// --- Signing keys and playback tokens ------------------------------------------------------------

/**
 * A signing key as Stream's `POST /stream/keys` returns it: an id, and the RSA private key as a
 * base64-encoded PEM and JWK.
 * @returns {{ id: string, pem: string, jwk: string, publicKey: import('node:crypto').KeyObject }}
 */
function newSigningKey() {
  const id = randomUUID().replaceAll('-', '');
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = Buffer.from(/** @type {string} */ (privateKey.export({ type: 'pkcs1', format: 'pem' }))).toString('base64');
  const jwk = Buffer.from(JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid: id, alg: 'RS256', use: 'sig' })).toString('base64');
  return { id, pem, jwk, publicKey };
}

/**
 * The uid a playback token opens, or null: a JWT signed RS256 by one of `keys` (by its kid), not
 * expired and already valid.
 * @param {string} token
 * @param {Map<string, import('node:crypto').KeyObject>} keys
 * @param {number} [now] epoch ms
 */
export function tokenSubject(token, keys, now = Date.now()) {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const key = head.alg === 'RS256' && typeof head.kid === 'string' ? keys.get(head.kid) : undefined;
    if (!key || !verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'))) return null;
    const seconds = now / 1000;
    if (typeof claims.exp !== 'number' || claims.exp <= seconds || (typeof claims.nbf === 'number' && claims.nbf > seconds)) return null;
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

// --- The server ----------------------------------------------------------------------------------

/**
 * @param {{ port?: number, host?: string, dataDir?: string, token?: string, appOrigins?: string[], ffmpegPath?: string, liveIce?: object }} [options]
 *   `appOrigins`: origins allowed to load the HLS files and posters from a page (CORS).
 *   `liveIce`: werift's ICE options for the live inputs' connections (stream-live.mjs): by default
 *   loopback only when the stand-in listens on loopback (its HTTP and its media on one address).
 * @returns {Promise<{ url: string, apiBase: string, port: number, token: string, ffmpeg: string, signingKey: { id: string, pem: string, jwk: string }, close: () => Promise<void> }>}
 */
export async function startStreamServer({
  port = 9092,
  host = '127.0.0.1',
  dataDir = join(ROOT, '.wrangler', 'stream'),
  token = LOCAL_STREAM_TOKEN,
  appOrigins = ['http://localhost:8787'],
  ffmpegPath,
  liveIce = ['127.0.0.1', 'localhost', '::1'].includes(host) ? LOOPBACK_ICE : {},
} = {}) {
  const ffmpeg = ffmpegPath ? { path: ffmpegPath, description: ffmpegPath } : resolveFfmpeg();
  mkdirSync(dataDir, { recursive: true });
  const origins = new Set(appOrigins.map((origin) => new URL(origin).origin));
  /** @type {Map<string, Video>} */
  const videos = new Map();
  let closing = false;
  /** The ffmpeg processes running, with the video each works for. @type {Map<import('node:child_process').ChildProcess, string>} */
  const running = new Map();
  let publicUrl = '';
  /** The signing keys' public halves by id: the one made now, and any made through the API. */
  const signingKeys = new Map();
  const firstKey = newSigningKey();
  signingKeys.set(firstKey.id, firstKey.publicKey);

  const folderOf = (uid) => join(dataDir, uid);
  const save = (video) => {
    video.modified = new Date().toISOString();
    writeFileSync(join(folderOf(video.uid), 'video.json'), JSON.stringify(video));
  };

  // The jobs waiting, one running at a time: every video's first stage (download, probe, lowest
  // rendition, poster) before any video's later one, so a video copied while another gains its
  // larger renditions plays soon too.
  /** @type {{ first: string[], later: { uid: string, stage: number }[] }} */
  const jobs = { first: [], later: [] };
  let current = Promise.resolve();
  let busy = false;
  const schedule = (video, stage) => {
    if (stage === 0) jobs.first.push(video.uid);
    else jobs.later.push({ uid: video.uid, stage });
    next();
  };
  function next() {
    if (busy || closing) return;
    const first = jobs.first.shift();
    const job = first === undefined ? jobs.later.shift() : { uid: first, stage: 0 };
    if (!job) return;
    const video = videos.get(job.uid);
    if (!video) return next();
    busy = true;
    current = (job.stage === 0 ? begin(video) : makeStage(video, job.stage))
      .catch((error) => {
        // A video deleted meanwhile has no folder to write to; anything else is the stand-in's own fault.
        if (videos.has(job.uid)) console.error('[stream] conversion failed:', error);
      })
      .finally(() => {
        busy = false;
        next();
      });
  }

  /** @param {Video} video */
  const fail = (video, code, text) => {
    Object.assign(video, { state: 'error', errorReasonCode: code, errorReasonText: text });
    save(video);
  };

  /** The first stage's start: the original downloaded and probed, its ladder chosen. @param {Video} video */
  async function begin(video) {
    const folder = folderOf(video.uid);
    const source = join(folder, 'source');
    video.state = 'inprogress';
    video.pctComplete = '0.000000';
    save(video);
    try {
      if (video.sourceUrl.startsWith('file:')) {
        // A live show's recording: its HLS segments (MPEG-TS) joined end to end into one file, in
        // order, read from the folder rather than the playlist (ffmpeg may have been stopped while
        // writing it); a last segment cut short is still read up to where it ends.
        const folder = fileURLToPath(video.sourceUrl);
        const segments = readdirSync(folder)
          .filter((name) => /^live_\d{5}\.ts$/.test(name))
          .sort();
        if (segments.length === 0) return fail(video, 'ERR_NON_VIDEO', 'The live show sent no video.');
        for (const [i, name] of segments.entries()) writeFileSync(source, readFileSync(join(folder, name)), { flag: i === 0 ? 'w' : 'a' });
      } else {
        const response = await fetch(video.sourceUrl);
        if (!response.ok || !response.body) return fail(video, 'ERR_FETCH_ORIGIN_ERROR', `The origin answered ${response.status}.`);
        await pipeline(Readable.fromWeb(/** @type {any} */ (response.body)), createWriteStream(source));
      }
    } catch (error) {
      return fail(video, 'ERR_FETCH_ORIGIN_ERROR', `The origin could not be reached: ${error instanceof Error ? error.message : error}`);
    }
    video.size = statSync(source).size;
    const probed = await run(video.uid, ['-hide_banner', '-nostdin', '-i', source]);
    if (closing || !videos.has(video.uid)) return;
    const probe = parseProbe(probed.stderr);
    if (!probe) return fail(video, 'ERR_NON_VIDEO', 'The file is not a video.');
    Object.assign(video, {
      width: probe.width,
      height: probe.height,
      duration: probe.duration,
      hasAudio: probe.hasAudio,
      ladder: renditionLadder(probe.width, probe.height),
      renditions: [],
    });
    save(video);
    await makeStage(video, 0);
  }

  /**
   * One stage of `conversionStages`: its renditions in one ffmpeg pass (the first stage also takes
   * the poster meanwhile), then they join the master playlist. After the first the video plays;
   * after the last it is ready and the original goes.
   * @param {Video} video
   * @param {number} stage
   */
  async function makeStage(video, stage) {
    const folder = folderOf(video.uid);
    const source = join(folder, 'source');
    const stages = conversionStages(video.ladder);
    const encoding = run(video.uid, encodeArgs({ source, folder, renditions: stages[stage], hasAudio: video.hasAudio }), (line) => {
      const at = /^out_time_ms=(\d+)/.exec(line);
      if (at && video.duration > 0) {
        const done = (stage + Math.min(1, Number(at[1]) / 1e6 / video.duration)) / stages.length;
        video.pctComplete = Math.min(99, done * 100).toFixed(6);
      }
    });
    const [encoded, poster] = await Promise.all([encoding, stage === 0 ? takePoster(video, source, folder) : null]);
    // Stopped by a DELETE, or by close(): the next start goes on with this stage.
    if (closing || !videos.has(video.uid)) return;
    if (encoded.code !== 0) return fail(video, 'ERR_MALFORMED_VIDEO', `ffmpeg could not convert it: ${encoded.stderr.trim().split('\n').slice(-3).join(' ')}`);
    if (poster && poster.code !== 0) return fail(video, 'ERR_MALFORMED_VIDEO', 'No poster could be taken.');
    video.renditions = [...video.renditions, ...stages[stage].map((r) => r.name)];
    // Written whole, then renamed: a player never reads half a playlist.
    const master = join(folder, 'video.m3u8');
    writeFileSync(
      `${master}.part`,
      masterPlaylist(
        video.ladder.filter((r) => video.renditions.includes(r.name)),
        video.hasAudio,
      ),
    );
    renameSync(`${master}.part`, master);
    const last = stage === stages.length - 1;
    if (!video.readyToStream) Object.assign(video, { readyToStream: true, readyToStreamAt: new Date().toISOString() });
    if (last) {
      rmSync(source, { force: true });
      Object.assign(video, { state: 'ready', pctComplete: '100.000000' });
    }
    save(video);
    if (!last) schedule(video, stage + 1);
  }

  /** The poster: a frame a second in (the middle of a shorter clip), at the largest rendition's size. @param {Video} video */
  function takePoster(video, source, folder) {
    const top = video.ladder[video.ladder.length - 1];
    const at = video.duration > 2 ? 1 : video.duration / 2;
    return run(video.uid, [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-ss',
      at.toFixed(3),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      `scale=${top.width}:${top.height}`,
      '-q:v',
      '3',
      join(folder, 'thumbnail.jpg'),
    ]);
  }

  /**
   * ffmpeg, for the video `uid`.
   * @param {string} uid
   * @param {string[]} args
   * @param {(line: string) => void} [onLine]
   * @returns {Promise<{ code: number | null, stderr: string }>}
   */
  function run(uid, args, onLine) {
    return new Promise((resolve) => {
      const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      running.set(child, uid);
      let stderr = '';
      let pending = '';
      child.stdout.on('data', (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        if (onLine) lines.forEach(onLine);
      });
      child.stderr.on('data', (chunk) => {
        if (stderr.length < 64 * 1024) stderr += chunk;
      });
      child.on('error', (error) => {
        stderr += error.message;
      });
      child.on('close', (code) => {
        running.delete(child);
        resolve({ code, stderr });
      });
    });
  }

  /** The video as Stream's API describes it (the fields our Worker reads, and a few around them). */
  const describe = (video) => {
    const base = `${publicUrl}/${video.uid}`;
    return {
      uid: video.uid,
      created: video.created,
      modified: video.modified,
      meta: video.meta,
      readyToStream: video.readyToStream,
      readyToStreamAt: video.readyToStreamAt,
      status: { state: video.state, pctComplete: video.pctComplete, errorReasonCode: video.errorReasonCode, errorReasonText: video.errorReasonText },
      duration: video.readyToStream ? video.duration : -1,
      input: { width: video.width || -1, height: video.height || -1 },
      size: video.size,
      thumbnail: `${base}/thumbnails/thumbnail.jpg`,
      preview: `${base}/watch`,
      playback: { hls: `${base}/manifest/video.m3u8` },
      requireSignedURLs: video.requireSignedURLs === true,
      liveInput: video.liveInput ?? null,
    };
  };

  // Videos of an earlier run: those that played are served again and, if unfinished, go on with
  // the stage they were in; the others start over.
  for (const uid of readdirSync(dataDir)) {
    try {
      const video = /** @type {Video} */ (JSON.parse(readFileSync(join(folderOf(uid), 'video.json'), 'utf8')));
      // Saved before videos played ahead of their last renditions: only a ready one played.
      video.readyToStream ??= video.state === 'ready';
      videos.set(video.uid, video);
      if (video.state !== 'queued' && video.state !== 'inprogress') continue;
      const stage = video.readyToStream ? conversionStages(video.ladder).findIndex((names) => !names.every((r) => video.renditions.includes(r.name))) : 0;
      if (stage > 0) {
        schedule(video, stage);
      } else {
        Object.assign(video, { state: 'queued', readyToStream: false, readyToStreamAt: null, renditions: [] });
        schedule(video, 0);
      }
    } catch {
      // Not a video folder.
    }
  }

  /**
   * A new video, queued for conversion (a copy's, or a live show's recording).
   * @param {{ meta: Record<string, unknown>, requireSignedURLs: boolean, sourceUrl: string, liveInput?: string }} what
   */
  function addVideo({ meta, requireSignedURLs, sourceUrl, liveInput }) {
    const now = new Date().toISOString();
    /** @type {Video} */
    const video = {
      uid: randomUUID().replaceAll('-', ''),
      created: now,
      modified: now,
      meta,
      requireSignedURLs,
      sourceUrl,
      ...(liveInput ? { liveInput } : {}),
      state: 'queued',
      pctComplete: '0.000000',
      errorReasonCode: '',
      errorReasonText: '',
      readyToStream: false,
      readyToStreamAt: null,
      duration: -1,
      width: 0,
      height: 0,
      size: 0,
      hasAudio: false,
      ladder: [],
      renditions: [],
    };
    mkdirSync(folderOf(video.uid));
    save(video);
    videos.set(video.uid, video);
    // Scheduled after this turn: a copy is answered as queued, as Stream answers it.
    queueMicrotask(() => schedule(video, 0));
    return video;
  }

  const live = createLiveInputs({
    ice: liveIce,
    dataDir,
    ffmpegPath: ffmpeg.path,
    preset: 'ultrafast',
    publicUrl: () => publicUrl,
    tokenSubject: (token) => tokenSubject(token, signingKeys),
    record: (input, folder) =>
      addVideo({
        meta: { ...input.meta, name: `${String(input.meta.name ?? 'Live')} (recording)` },
        requireSignedURLs: input.recording.requireSignedURLs,
        sourceUrl: pathToFileURL(folder).href,
        liveInput: input.uid,
      }).uid,
  });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith(API_PREFIX)) return api(req, res, url.pathname.slice(API_PREFIX.length).split('/'));
    return files(req, res, url.pathname);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string[]} parts account, 'stream', then 'copy' or a uid
   */
  async function api(req, res, parts) {
    const send = (status, result, errors = []) => {
      const body = JSON.stringify({ success: errors.length === 0, errors, messages: [], result });
      res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
    };
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, null, [{ code: 10000, message: 'Authentication error' }]);
    const [, stream, action, extra] = parts;
    if (stream === 'stream' && action === 'live_inputs') {
      const answer = await live.api(
        req.method ?? 'GET',
        parts.slice(3),
        () => readJson(req),
        (uid) => (videos.has(uid) ? describe(videos.get(uid)) : null),
      );
      return send(answer.status, answer.result ?? null, answer.error ? [answer.error] : []);
    }
    if (stream !== 'stream' || !action || extra !== undefined) return send(404, null, [{ code: 7003, message: 'No route for that URI' }]);
    if (action === 'keys') {
      if (req.method !== 'POST') return send(405, null, [{ code: 10405, message: 'Method not allowed' }]);
      const { publicKey, ...key } = newSigningKey();
      signingKeys.set(key.id, publicKey);
      return send(200, { ...key, created: new Date().toISOString() });
    }
    if (action === 'copy') {
      if (req.method !== 'POST') return send(405, null, [{ code: 10405, message: 'Method not allowed' }]);
      const body = await readJson(req);
      let sourceUrl;
      try {
        sourceUrl = new URL(body?.url);
        if (sourceUrl.protocol !== 'http:' && sourceUrl.protocol !== 'https:') throw new Error();
      } catch {
        return send(400, null, [{ code: 10005, message: 'Invalid URL' }]);
      }
      const video = addVideo({
        meta: body.meta && typeof body.meta === 'object' ? body.meta : {},
        requireSignedURLs: body.requireSignedURLs === true,
        sourceUrl: sourceUrl.href,
      });
      // Answered as queued, as Stream answers a copy; the work starts after.
      return send(200, describe(video));
    }
    const video = videos.get(action);
    if (!video) return send(404, null, [{ code: 10003, message: 'Not Found' }]);
    if (req.method === 'GET') return send(200, describe(video));
    if (req.method === 'DELETE') {
      videos.delete(video.uid);
      for (const [child, uid] of running) if (uid === video.uid) child.kill('SIGKILL');
      rmSync(folderOf(video.uid), { recursive: true, force: true });
      return send(200, '');
    }
    return send(405, null, [{ code: 10405, message: 'Method not allowed' }]);
  }

  const TYPES = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t', jpg: 'image/jpeg' };

  /**
   * The customer domain's files: /{uid}/manifest/video.m3u8 (master), /{uid}/manifest/stream_*.m3u8,
   * /{uid}/manifest/segment_*.ts and /{uid}/thumbnails/thumbnail.jpg, once the video plays (`readyToStream`);
   * a token in place of the uid for a video that requires signed URLs.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} pathname
   */
  async function files(req, res, pathname) {
    const origin = req.headers.origin;
    const cors = origin && origins.has(origin) ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { Vary: 'Origin' };
    if (await live.serve(req, res, pathname, cors)) return;
    if (req.method === 'OPTIONS')
      return res
        .writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Allow-Headers': 'Range', 'Access-Control-Max-Age': '600' })
        .end();
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405, { ...cors, Allow: 'GET, HEAD' }).end();
    const match =
      /^\/([0-9a-f]{32}|[\w-]+\.[\w-]+\.[\w-]+)\/(manifest\/(?:video|stream_\d+p)\.m3u8|manifest\/segment_\d+p_\d+\.ts|thumbnails\/thumbnail\.jpg)$/.exec(
        pathname,
      );
    const signed = match?.[1].includes('.') ?? false;
    const uid = match && (signed ? tokenSubject(match[1], signingKeys) : match[1]);
    if (match && (uid === null || (!signed && videos.get(uid)?.requireSignedURLs)))
      return res.writeHead(401, { ...cors, 'Content-Type': 'text/plain' }).end('Unauthorized');
    const video = match && uid && videos.get(uid);
    if (!match || !video || !video.readyToStream) return res.writeHead(404, { ...cors, 'Content-Type': 'text/plain' }).end('Not found');
    const file = normalize(join(folderOf(video.uid), match[2].replace(/^(manifest|thumbnails)\//, '')));
    if (!file.startsWith(folderOf(video.uid) + sep) || !existsSync(file)) return res.writeHead(404, cors).end();
    const type = TYPES[/** @type {keyof typeof TYPES} */ (file.slice(file.lastIndexOf('.') + 1))];
    res.writeHead(200, { ...cors, 'Content-Type': type, 'Content-Length': statSync(file).size, 'Cache-Control': 'no-cache' });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  }

  const server = await startLocalServer(
    (req, res) => {
      handle(req, res).catch((error) => {
        console.error('[stream] request failed:', error);
        if (!res.headersSent) res.writeHead(500).end();
        else res.end();
      });
    },
    { port, host },
  );
  publicUrl = `http://localhost:${server.port}`;

  return {
    url: publicUrl,
    apiBase: `${publicUrl}/client/v4`,
    port: server.port,
    token,
    ffmpeg: ffmpeg.description,
    signingKey: { id: firstKey.id, pem: firstKey.pem, jwk: firstKey.jwk },
    liveViewers: live.viewers,
    close: async () => {
      await live.close();
      closing = true;
      for (const child of running.keys()) child.kill('SIGKILL');
      await server.close();
      await current;
    },
  };
}

/** @param {import('node:http').IncomingMessage} req */
async function readJson(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_JSON_BYTES) return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

// --- CLI -----------------------------------------------------------------------------------------

if (process.argv[1] && fileURLToPath(import.meta.url) === realpathSync(process.argv[1])) {
  try {
    const stream = await startStreamServer({
      port: Number(process.env.STREAM_PORT || 9092),
      dataDir: process.env.STREAM_DATA_DIR || undefined,
      appOrigins: (process.env.SALON_APP_ORIGINS || 'http://localhost:8787')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    });
    console.log(`Stream stand-in ready at ${stream.apiBase} (account ${LOCAL_STREAM_ACCOUNT}, token ${stream.token}), converting with ${stream.ffmpeg}`);
    const stop = () => void stream.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(error instanceof Error && error.name === 'FfmpegMissing' ? error.message : error);
    process.exit(1);
  }
}
