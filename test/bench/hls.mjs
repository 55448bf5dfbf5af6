// The video scenario: the time from the end of an upload until a 720p clip made with the npm
// ffmpeg plays, and until it has every rendition. Ours: the clip through the real local Worker
// (tus upload into R2, PUT /api/media/convert, Stream's copy from our signed URL, polls) and the
// Stream stand-in that converts it; it plays when the Worker says READY and the master playlist,
// the lowest rendition's playlist and its first segment are fetched through the signed playback
// URL the Worker answers (what hls.js needs to start); every rendition is there when the master
// lists the clip's whole ladder. Baseline: the same stand-in given the same clip from a plain
// local file server, without the Worker. Figures only, never a verdict.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { renditionLadder } from '../../scripts/stream-server.mjs';
import { sleep } from './stats.mjs';

/** The clips' size, and so the renditions they get. */
const CLIP = { width: 1280, height: 720 };

/** How often the bench asks for the conversion (the page asks every 1 s; finer here, to time it). */
const POLL_MS = 250;

/** A `seconds` long 1280×720 clip with sound, H.264 and AAC in MP4, like a phone's. */
export function makeClip(dir, seconds) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `clip-720p-${seconds}s.mp4`);
  const ffmpeg = resolveFfmpeg().path;
  const made = spawnSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${CLIP.width}x${CLIP.height}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    file,
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr}`);
  return file;
}

/** The renditions the master playlist lists, lowest first. */
async function renditionsOf(hls) {
  const master = await fetch(hls);
  if (!master.ok) throw new Error(`master playlist: ${master.status}`);
  const lines = (await master.text()).split('\n');
  return lines.flatMap((line, i) => (line.startsWith('#EXT-X-STREAM-INF') ? [new URL(lines[i + 1], hls)] : []));
}

/** What hls.js needs to start: the master, the lowest rendition's playlist and its first segment. Returns how many renditions the master lists. */
async function playable(hls) {
  const renditions = await renditionsOf(hls);
  if (renditions.length === 0) throw new Error('no renditions in the master playlist');
  const media = await fetch(renditions[0]);
  if (!media.ok) throw new Error(`${renditions[0].pathname}: ${media.status}`);
  const first = (await media.text()).split('\n').find((line) => line && !line.startsWith('#'));
  const segment = await fetch(new URL(first, renditions[0]));
  if (!segment.ok) throw new Error(`${first}: ${segment.status}`);
  await segment.arrayBuffer();
  return renditions.length;
}

/** Seconds since `started` once the master lists the clip's whole ladder (the larger renditions come after it plays). */
async function complete(hls, started) {
  const ladder = renditionLadder(CLIP.width, CLIP.height).length;
  while ((await renditionsOf(hls)).length < ladder) await sleep(POLL_MS);
  return (performance.now() - started) / 1000;
}

/** Through the Worker: upload, then convert; seconds from the last byte to a playable set. */
async function throughWorker(salon, bytes) {
  const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
  const auth = { Authorization: `Bearer ${accessToken}` };
  const created = await salon.request('/api/media', {
    method: 'POST',
    headers: auth,
    body: { title: 'Bench clip', contentType: 'video/mp4', mediaExtension: 'mp4', size: bytes.length },
  });
  const patched = await fetch(new URL(new URL(created.uploadUrl).pathname, salon.base), {
    method: 'PATCH',
    headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (patched.status !== 204) throw new Error(`PATCH: ${patched.status} ${await patched.text()}`);
  const started = performance.now();
  let conversion = await salon.request(`/api/media/convert/${created.id}`, { method: 'PUT', headers: auth, body: { isPortrait: false, noAudio: false } });
  while (conversion.conversionStatus === 'PROGRESSING') {
    await sleep(POLL_MS);
    conversion = await salon.request(`/api/media/convert/${created.id}`, { headers: auth });
  }
  if (conversion.conversionStatus !== 'READY') throw new Error(`conversion: ${conversion.conversionStatus}`);
  const renditions = await playable(conversion.hls);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, renditions, allSeconds: await complete(conversion.hls, started) };
}

/** The stand-in alone: the clip from a plain file server, polled at Stream's API directly. */
async function standInAlone(stream, bytes) {
  const origin = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': bytes.length }).end(bytes));
  await new Promise((resolve) => origin.listen(0, '127.0.0.1', resolve));
  try {
    const api = (path, init = {}) =>
      fetch(`${stream.apiBase}/accounts/bench/stream${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${stream.token}`, 'Content-Type': 'application/json' },
      }).then((r) => r.json());
    const started = performance.now();
    let { result: video } = await api('/copy', {
      method: 'POST',
      body: JSON.stringify({ url: `http://127.0.0.1:${origin.address().port}/clip.mp4`, meta: {} }),
    });
    while (!video.readyToStream && (video.status.state === 'queued' || video.status.state === 'inprogress')) {
      await sleep(POLL_MS);
      ({ result: video } = await api(`/${video.uid}`));
    }
    if (!video.readyToStream) throw new Error(`stand-in: ${video.status.state}`);
    const renditions = await playable(video.playback.hls);
    const seconds = (performance.now() - started) / 1000;
    return { seconds, renditions, allSeconds: await complete(video.playback.hls, started) };
  } finally {
    await new Promise((resolve) => origin.close(resolve));
  }
}

/**
 * Runs both ways `runs` times (alternating which goes first) for a clip of `seconds`; returns
 * per-run figures with the machine's load (1-minute average) as each began: the conversion shares
 * the CPU with whatever else runs.
 */
export async function hlsReady({ salon, stream, clip, seconds: clipSeconds, runs }) {
  const bytes = readFileSync(clip);
  const rows = [];
  for (let run = 0; run < runs; run++) {
    for (const way of run % 2 === 0 ? ['ours', 'alone'] : ['alone', 'ours']) {
      const load = os.loadavg()[0];
      const { seconds, renditions, allSeconds } = way === 'ours' ? await throughWorker(salon, bytes) : await standInAlone(stream, bytes);
      rows.push({ run, way, clipSeconds, seconds, renditions, allSeconds, load, mib: bytes.length / 1024 / 1024 });
    }
  }
  return rows;
}
