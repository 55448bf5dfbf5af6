// The local Stream stand-in (scripts/stream-server.mjs): its rendition ladder, and the real server
// converting real clips made with ffmpeg into HLS, fetched from a local HTTP server as the Worker's
// signed URL would be.
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import {
  X264_PRESET,
  codecsOf,
  conversionStages,
  encodeArgs,
  masterPlaylist,
  parseProbe,
  renditionLadder,
  startStreamServer,
} from '../../scripts/stream-server.mjs';
import { PLAYBACK_TOKEN_SECONDS, playbackToken } from '../../worker/media/stream-signing';

const sizes = (width: number, height: number) => renditionLadder(width, height).map((r) => `${r.name} ${r.width}x${r.height}`);

describe('renditionLadder', () => {
  it('gives a 720p landscape source 360p and 720p, a 1080p one also 1080p', () => {
    expect(sizes(1280, 720)).toEqual(['360p 640x360', '720p 1280x720']);
    expect(sizes(1920, 1080)).toEqual(['360p 640x360', '720p 1280x720', '1080p 1920x1080']);
  });

  it('keeps a portrait source portrait, named by its short side', () => {
    expect(sizes(720, 1280)).toEqual(['360p 360x640', '720p 720x1280']);
  });

  it('never scales up: a smaller source gets its own size as the top rendition', () => {
    expect(sizes(854, 480)).toEqual(['360p 640x360', '480p 854x480']);
    expect(sizes(320, 240)).toEqual(['240p 320x240']);
  });

  it('keeps odd aspect ratios with even sizes', () => {
    expect(sizes(1440, 1080)).toEqual(['360p 480x360', '720p 960x720', '1080p 1440x1080']);
    expect(sizes(1001, 701)).toEqual(['360p 514x360', '700p 1000x700']);
  });

  it('refuses a source without a size', () => {
    expect(() => renditionLadder(0, 720)).toThrow(RangeError);
  });

  it('writes a master playlist, lowest first, with sizes and codecs', () => {
    const ladder = renditionLadder(1280, 720);
    expect(codecsOf(ladder[1]!, true)).toBe('avc1.64001f,mp4a.40.2');
    expect(codecsOf(ladder[0]!, false)).toBe('avc1.64001e');
    const text = masterPlaylist(ladder, true);
    expect(text.split('\n').filter((line) => !line.startsWith('#') && line)).toEqual(['stream_360p.m3u8', 'stream_720p.m3u8']);
    expect(text).toContain('RESOLUTION=640x360');
    expect(text).toContain('RESOLUTION=1280x720');
  });
});

describe('the conversion plan', () => {
  const names = (stages: { name: string }[][]) => stages.map((stage) => stage.map((r) => r.name));

  it('makes the lowest rendition alone first, then all the larger ones together', () => {
    expect(names(conversionStages(renditionLadder(1920, 1080)))).toEqual([['360p'], ['720p', '1080p']]);
    expect(names(conversionStages(renditionLadder(1280, 720)))).toEqual([['360p'], ['720p']]);
    expect(names(conversionStages(renditionLadder(320, 240)))).toEqual([['240p']]);
  });

  it('decodes once per pass and writes each rendition as HLS with aligned key frames, at the fast preset', () => {
    const renditions = renditionLadder(1920, 1080).slice(1);
    const args = encodeArgs({ source: '/v/source', folder: '/v', renditions, hasAudio: true });
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:v]split=2[s0][s1];[s0]scale=1280:720,setsar=1[v0];[s1]scale=1920:1080,setsar=1[v1]');
    expect(args.filter((arg) => arg.endsWith('.m3u8'))).toEqual(['/v/stream_720p.m3u8', '/v/stream_1080p.m3u8']);
    expect(args.filter((_, i) => args[i - 1] === '-preset')).toEqual([X264_PRESET, X264_PRESET]);
    expect(args.filter((_, i) => args[i - 1] === '-force_key_frames')).toEqual(['expr:gte(t,n_forced*2)', 'expr:gte(t,n_forced*2)']);
    expect(args.filter((arg) => arg === '0:a:0')).toHaveLength(2);
    expect(encodeArgs({ source: '/v/source', folder: '/v', renditions, hasAudio: false })).not.toContain('0:a:0');
  });
});

describe('parseProbe', () => {
  it('reads the size, sound and duration, and turns a rotated phone video upright', () => {
    const phone = [
      '  Duration: 00:00:30.50, start: 0.000000, bitrate: 1000 kb/s',
      '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080, 900 kb/s, 30 fps (default)',
      '    Metadata:',
      '      rotate          : 90',
      '    Side data:',
      '      displaymatrix: rotation of -90.00 degrees',
      '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 128 kb/s (default)',
    ].join('\n');
    expect(parseProbe(phone)).toEqual({ width: 1080, height: 1920, rotation: 90, hasAudio: true, duration: 30.5 });
  });

  it('finds no video in a picture or in a song with cover art', () => {
    expect(parseProbe('  Duration: 00:00:00.04, start: 0.000000\n    Stream #0:0: Video: mjpeg, yuvj420p(pc), 800x600, 25 tbr')).toBeNull();
    expect(
      parseProbe(
        '  Duration: 00:03:00.00\n    Stream #0:0: Audio: mp3, 44100 Hz, stereo\n    Stream #0:1: Video: mjpeg, yuvj420p(pc), 500x500, 90k tbn (attached pic)',
      ),
    ).toBeNull();
  });
});

describe('the stream server', () => {
  const ffmpeg = resolveFfmpeg().path;
  const work = mkdtempSync(join(tmpdir(), 'salon-stream-test-'));
  let origin: Server;
  let originUrl = '';
  let stream: Awaited<ReturnType<typeof startStreamServer>>;
  const token = 'test-token';

  /** A clip like a phone's: test pattern and a tone, H.264 and AAC in MP4. */
  function clip(name: string, size: string, seconds: number, { rotate = 0 } = {}): string {
    const file = join(work, name);
    const ok = (args: string[]) => expect(spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]).status).toBe(0);
    ok([
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=25`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
    // As a phone records upright: landscape pixels with a rotation tag (set only when remuxing).
    if (rotate) ok(['-i', file, '-c', 'copy', '-metadata:s:v:0', `rotate=${rotate}`, `${file}.mp4`]);
    return rotate ? `${file}.mp4` : file;
  }

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${stream.apiBase}/accounts/acc/stream${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
    });

  /** Stream's copy of `file`, from the origin as the Worker's signed URL would serve it: the new video's uid. */
  async function copy(file: string, requireSignedURLs = false, server = stream): Promise<string> {
    const copied = await fetch(`${server.apiBase}/accounts/acc/stream/copy`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: `${originUrl}/${file.slice(work.length + 1)}?sig=abc`, meta: { name: 'clip' }, requireSignedURLs }),
    });
    expect(copied.status).toBe(200);
    const { result } = (await copied.json()) as { result: any };
    expect(result).toMatchObject({ status: { state: 'queued' }, readyToStream: false });
    return result.uid;
  }

  /** The video as Stream describes it, asked every 50 ms until `until` holds (or it failed). */
  async function watch(uid: string, until: (video: any) => boolean, server = stream): Promise<any> {
    for (;;) {
      const { result: video } = (await (
        await fetch(`${server.apiBase}/accounts/acc/stream/${uid}`, { headers: { Authorization: `Bearer ${server.token}` } })
      ).json()) as { result: any };
      if (until(video) || video.status.state === 'error') return video;
      expect(['queued', 'inprogress']).toContain(video.status.state);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const isReady = (video: any) => video.status.state === 'ready';

  async function convert(file: string, requireSignedURLs = false) {
    const started = Date.now();
    const video = await watch(await copy(file, requireSignedURLs), isReady);
    return { video, seconds: (Date.now() - started) / 1000 };
  }

  /** The renditions the master playlist lists, each with its media playlist's segments fetched. */
  async function renditionsOf(hls: string) {
    const master = await fetch(hls, { headers: { Origin: 'http://localhost:8787' } });
    expect(master.headers.get('access-control-allow-origin')).toBe('http://localhost:8787');
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await master.text();
    const found: { resolution: string; segments: number }[] = [];
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      const resolution = /RESOLUTION=(\d+x\d+)/.exec(line)?.[1];
      if (!resolution) continue;
      const media = await (await fetch(new URL(lines[i + 1]!, hls))).text();
      expect(media).toContain('#EXT-X-ENDLIST');
      const segments = media.split('\n').filter((l) => l.endsWith('.ts'));
      for (const segment of segments) {
        const bytes = new Uint8Array(await (await fetch(new URL(segment, new URL(lines[i + 1]!, hls)))).arrayBuffer());
        expect(bytes[0], 'an MPEG-TS sync byte').toBe(0x47);
      }
      found.push({ resolution, segments: segments.length });
    }
    return found;
  }

  beforeAll(async () => {
    origin = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
      try {
        const bytes = readFileSync(join(work, path));
        res.writeHead(200, { 'Content-Type': 'video/mp4', 'Content-Length': bytes.length }).end(bytes);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as { port: number }).port}`;
    stream = await startStreamServer({ port: 0, dataDir: join(work, 'data'), token, appOrigins: ['http://localhost:8787'] });
  });

  afterAll(async () => {
    await stream?.close();
    await new Promise((resolve) => origin?.close(resolve));
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a call without the token, as Stream does', async () => {
    const response = await fetch(`${stream.apiBase}/accounts/acc/stream/copy`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null });
  });

  it('converts a 3 s 720p clip into 360p and 720p HLS with a JPEG poster', { timeout: 120_000 }, async () => {
    const { video, seconds } = await convert(clip('landscape.mp4', '1280x720', 3));
    console.log(`3 s 720p clip: every rendition ${seconds.toFixed(1)} s after the copy call`);
    expect(video).toMatchObject({
      readyToStream: true,
      status: { state: 'ready', pctComplete: '100.000000' },
      input: { width: 1280, height: 720 },
      meta: { name: 'clip' },
    });
    expect(video.duration).toBeCloseTo(3, 0);
    const renditions = await renditionsOf(video.playback.hls);
    expect(renditions.map((r) => r.resolution)).toEqual(['640x360', '1280x720']);
    for (const r of renditions) expect(r.segments).toBeGreaterThanOrEqual(2);
    const poster = await fetch(video.thumbnail);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await poster.arrayBuffer());
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('plays a video from its lowest rendition while the larger ones are made, and a video copied meanwhile before those', { timeout: 180_000 }, async () => {
    // Both clips are made first: ffmpeg runs synchronously here and would hold this process (the
    // stand-in's too) long enough for the keep-alive connection to close under the second copy.
    const [largeFile, smallFile] = [clip('large.mp4', '1920x1080', 4), clip('small.mp4', '1280x720', 1)];
    const large = await copy(largeFile);
    const small = await copy(smallFile);
    // Stream's answer as it first plays: still in progress, its master listing the lowest rendition.
    const playing = await watch(large, (video) => video.readyToStream);
    expect(playing).toMatchObject({ readyToStream: true, status: { state: 'inprogress' }, input: { width: 1920, height: 1080 } });
    expect(playing.duration).toBeCloseTo(4, 0);
    expect(Date.parse(playing.readyToStreamAt)).toBeGreaterThan(Date.parse(playing.created));
    expect((await renditionsOf(playing.playback.hls)).map((r) => r.resolution)).toEqual(['640x360']);
    expect((await fetch(playing.thumbnail)).status).toBe(200);
    // Then every rendition; the small video's first played before the large one's last were done.
    const done = await watch(large, isReady);
    expect(done).toMatchObject({ readyToStream: true, readyToStreamAt: playing.readyToStreamAt, status: { state: 'ready', pctComplete: '100.000000' } });
    expect((await renditionsOf(done.playback.hls)).map((r) => r.resolution)).toEqual(['640x360', '1280x720', '1920x1080']);
    const other = await watch(small, isReady);
    expect(Date.parse(other.readyToStreamAt)).toBeLessThan(Date.parse(done.modified));
  });

  it('goes on after a restart: a video that played is served at once and gains its larger renditions', { timeout: 180_000 }, async () => {
    const dataDir = join(work, 'restart');
    const first = await startStreamServer({ port: 0, dataDir, token, appOrigins: ['http://localhost:8787'] });
    const uid = await copy(clip('restarted.mp4', '1920x1080', 4), false, first);
    await watch(uid, (video) => video.readyToStream, first);
    await first.close();
    const second = await startStreamServer({ port: 0, dataDir, token, appOrigins: ['http://localhost:8787'] });
    try {
      const again = await watch(uid, () => true, second);
      expect(again).toMatchObject({ readyToStream: true, status: { state: 'inprogress' } });
      expect((await renditionsOf(again.playback.hls)).map((r) => r.resolution)).toEqual(['640x360']);
      const done = await watch(uid, isReady, second);
      expect((await renditionsOf(done.playback.hls)).map((r) => r.resolution)).toEqual(['640x360', '1280x720', '1920x1080']);
    } finally {
      await second.close();
    }
  });

  it('keeps a portrait clip portrait, also one that is only turned by its rotation tag', { timeout: 120_000 }, async () => {
    const upright = await convert(clip('portrait.mp4', '720x1280', 2));
    expect((await renditionsOf(upright.video.playback.hls)).map((r) => r.resolution)).toEqual(['360x640', '720x1280']);
    const turned = await convert(clip('turned.mp4', '1280x720', 2, { rotate: 90 }));
    expect(turned.video.input).toEqual({ width: 720, height: 1280 });
    expect((await renditionsOf(turned.video.playback.hls)).map((r) => r.resolution)).toEqual(['360x640', '720x1280']);
  });

  it('reports an error for a file that is not a video, and for an origin that fails', { timeout: 60_000 }, async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(work, 'notes.mp4'), 'just text, not a video');
    expect((await convert(join(work, 'notes.mp4'))).video.status).toMatchObject({ state: 'error', errorReasonCode: 'ERR_NON_VIDEO' });
    expect((await convert(join(work, 'missing.mp4'))).video.status).toMatchObject({ state: 'error', errorReasonCode: 'ERR_FETCH_ORIGIN_ERROR' });
  });

  it('plays a video that requires signed URLs only through an unexpired token signed with its key, as Stream does', { timeout: 60_000 }, async () => {
    const { video } = await convert(clip('private.mp4', '1280x720', 2), true);
    expect(video.requireSignedURLs).toBe(true);
    const key = { STREAM_SIGNING_KEY_ID: stream.signingKey.id, STREAM_SIGNING_KEY: stream.signingKey.jwk };
    const withToken = (url: string, token: string) => url.replace(`/${video.uid}/`, `/${token}/`);
    for (const url of [video.playback.hls, video.thumbnail]) expect((await fetch(url)).status, url).toBe(401);

    // The Worker's own signing: every rendition's playlist and segments follow the token's path.
    const token = await playbackToken(key, video.uid);
    expect((await renditionsOf(withToken(video.playback.hls, token))).map((r) => r.resolution)).toEqual(['640x360', '1280x720']);
    expect((await fetch(withToken(video.thumbnail, token))).status).toBe(200);

    const expired = await playbackToken(key, video.uid, Date.now() - (PLAYBACK_TOKEN_SECONDS + 10) * 1000);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    const forged = await playbackToken({ ...key, STREAM_SIGNING_KEY: JSON.stringify(other) }, video.uid);
    const [header, , signature] = token.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ sub: video.uid, kid: key.STREAM_SIGNING_KEY_ID, exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    for (const bad of [expired, forged, altered]) expect((await fetch(withToken(video.playback.hls, bad))).status).toBe(401);

    // A key made through the API signs too.
    const made = (await (await call('/keys', { method: 'POST' })).json()) as { result: { id: string; jwk: string } };
    expect(
      (
        await fetch(
          withToken(video.playback.hls, await playbackToken({ STREAM_SIGNING_KEY_ID: made.result.id, STREAM_SIGNING_KEY: made.result.jwk }, video.uid)),
        )
      ).status,
    ).toBe(200);
  });

  it('deletes a video with its files', { timeout: 60_000 }, async () => {
    const { video } = await convert(clip('short.mp4', '640x360', 1));
    expect((await fetch(video.playback.hls)).status).toBe(200);
    expect((await call(`/${video.uid}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call(`/${video.uid}`)).status).toBe(404);
    expect((await fetch(video.playback.hls)).status).toBe(404);
  });
});
