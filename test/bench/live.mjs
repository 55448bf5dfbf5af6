// The live video's bench (issue 44, ADR 060), against the Stream stand-in (scripts/stream-live.mjs):
// - glass-to-glass delay: a publisher page in Chromium sends a test pattern whose frames carry the
//   time they were drawn (32 black or white blocks: milliseconds since the run began), with a tone;
//   a WHEP viewer page and an HLS (hls.js) viewer page read the stamp of each frame they show and
//   take the difference from their own clock (one browser: one clock);
// - many viewers: WHEP viewers in this process (werift), each counting the video packets it gets
//   and the longest gap between two (a stall over 1 s is what the goal counts).
// It measures and returns figures; run.mjs prints them beside the goals and never judges on them.
import { chromium } from '@playwright/test';
import { createRequire } from 'node:module';
import { RTCPeerConnection } from 'werift';
import { LOOPBACK_ICE } from '../../scripts/stream-live.mjs';
import { LOCAL_STREAM_ACCOUNT } from '../../scripts/stream-server.mjs';

const require = createRequire(import.meta.url);
const FLAGS = ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu'];
const BLOCKS = 32;
const BLOCK = 20;

/** A live input on the stand-in (recording off: the bench keeps nothing). */
export async function liveInput(stream) {
  const response = await fetch(`${stream.apiBase}/accounts/${LOCAL_STREAM_ACCOUNT}/stream/live_inputs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stream.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ meta: { name: 'bench' }, recording: { mode: 'off' } }),
  });
  const { result } = await response.json();
  return { uid: result.uid, whip: result.webRTC.url, whep: result.webRTCPlayback.url, hls: `${stream.url}/${result.uid}/manifest/video.m3u8` };
}

/** In the publisher's page: the stamped pattern and a tone, published over WHIP. */
function publishPattern({ whip, t0, blocks, block }) {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  const context = canvas.getContext('2d');
  const draw = () => {
    const stamp = Date.now() - t0;
    context.fillStyle = '#808080';
    context.fillRect(0, 0, 640, 360);
    context.fillStyle = '#c04040';
    context.fillRect((stamp / 5) % 600, 120, 40, 120);
    for (let bit = 0; bit < blocks; bit++) {
      context.fillStyle = (stamp >>> bit) & 1 ? '#ffffff' : '#000000';
      context.fillRect(bit * block, 0, block, block * 2);
    }
    requestAnimationFrame(draw);
  };
  draw();
  const stream = canvas.captureStream(30);
  const audio = new AudioContext();
  const tone = audio.createOscillator();
  const out = audio.createMediaStreamDestination();
  tone.connect(out);
  tone.start();
  stream.addTrack(out.stream.getAudioTracks()[0]);
  return (async () => {
    const pc = new RTCPeerConnection();
    for (const track of stream.getTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise((resolve) => {
      if (pc.iceGatheringState === 'complete') resolve();
      pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
      setTimeout(resolve, 2000);
    });
    const response = await fetch(whip, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
    await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    window.publisher = pc;
  })();
}

/** In a viewer's page: plays WHEP or HLS and records, per shown frame, now − the frame's stamp. */
function watchStamps({ kind, url, t0, blocks, block, seconds }) {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  document.body.append(video);
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 360;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const delays = [];
  const read = () => {
    if (video.videoWidth) {
      context.drawImage(video, 0, 0, 640, 360);
      const row = context.getImageData(0, block / 2, blocks * block, 1).data;
      let stamp = 0;
      for (let bit = 0; bit < blocks; bit++) if (row[(bit * block + block / 2) * 4] > 128) stamp |= 1 << bit;
      const delay = Date.now() - t0 - (stamp >>> 0);
      if (delay >= 0 && delay < 60_000) delays.push(delay);
    }
    if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(read);
  };
  return (async () => {
    if (kind === 'whep') {
      const pc = new RTCPeerConnection();
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      const media = new MediaStream();
      pc.ontrack = (event) => media.addTrack(event.track);
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise((resolve) => {
        if (pc.iceGatheringState === 'complete') resolve();
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
        setTimeout(resolve, 2000);
      });
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
      video.srcObject = media;
    } else {
      // eslint-disable-next-line no-undef
      const hls = new Hls({ liveSyncDurationCount: 2, lowLatencyMode: true });
      hls.loadSource(url);
      hls.attachMedia(video);
    }
    await video.play().catch(() => {});
    video.requestVideoFrameCallback(read);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return delays;
  })();
}

/**
 * Glass-to-glass delay over WHEP and over HLS, `seconds` of frames each, both viewers at once.
 * @returns {Promise<{ whep: number[], hls: number[] }>} milliseconds per frame shown
 */
export async function liveDelay({ stream, browserPath, input, seconds = 20 }) {
  const browser = await chromium.launch({ executablePath: browserPath, args: FLAGS });
  try {
    const t0 = Date.now();
    const publisher = await browser.newPage();
    await publisher.goto(`${stream.url}/bench`);
    await publisher.evaluate(publishPattern, { whip: input.whip, t0, blocks: BLOCKS, block: BLOCK });
    // The HLS needs a few segments before it plays.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const viewers = await Promise.all([browser.newPage(), browser.newPage()]);
    await Promise.all(viewers.map((page) => page.goto(`${stream.url}/bench`)));
    await viewers[1].addScriptTag({ path: require.resolve('hls.js/dist/hls.min.js') });
    const [whep, hls] = await Promise.all([
      viewers[0].evaluate(watchStamps, { kind: 'whep', url: input.whep, t0, blocks: BLOCKS, block: BLOCK, seconds }),
      viewers[1].evaluate(watchStamps, { kind: 'hls', url: input.hls, t0, blocks: BLOCKS, block: BLOCK, seconds }),
    ]);
    return { whep, hls };
  } finally {
    await browser.close();
  }
}

/** Keeps a publisher on air in Chromium while `during` runs (for the viewers and the chat rows). */
export async function onAir({ stream, browserPath, input }, during) {
  const browser = await chromium.launch({ executablePath: browserPath, args: FLAGS });
  try {
    const publisher = await browser.newPage();
    await publisher.goto(`${stream.url}/bench`);
    await publisher.evaluate(publishPattern, { whip: input.whip, t0: Date.now(), blocks: BLOCKS, block: BLOCK });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return await during();
  } finally {
    await browser.close();
  }
}

/**
 * `count` WHEP viewers in this process for `seconds`: per viewer the video packets and the longest
 * gap between two after the first (a frame stall), whether it connected, and when each step of its
 * connection came (ms after it began: the WHEP answer, ICE connected, DTLS connected, the first
 * video packet), so a viewer that never played says where it stopped. `iceConfig`: werift's ICE
 * options for the viewers (the loopback-only run).
 */
export async function manyViewers({ input, count, seconds = 20, iceConfig = {} }) {
  const viewers = await Promise.all(
    Array.from({ length: count }, async () => {
      const began = performance.now();
      const pc = new RTCPeerConnection(iceConfig);
      const seen = { packets: 0, last: 0, first: 0, maxGap: 0 };
      const steps = { status: 0, answer: null, ice: null, connected: null, firstPacket: null, iceState: 'new', state: 'new' };
      const at = () => Math.round(performance.now() - began);
      pc.iceConnectionStateChange.subscribe((state) => {
        steps.iceState = state;
        if (state === 'connected' && steps.ice === null) steps.ice = at();
      });
      pc.connectionStateChange.subscribe((state) => {
        steps.state = state;
        if (state === 'connected' && steps.connected === null) steps.connected = at();
      });
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.onTrack.subscribe((track) => {
        if (track.kind !== 'video') return;
        track.onReceiveRtp.subscribe(() => {
          const now = performance.now();
          if (seen.last) seen.maxGap = Math.max(seen.maxGap, now - seen.last);
          else {
            seen.first = now;
            steps.firstPacket = at();
          }
          seen.last = now;
          seen.packets++;
        });
      });
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise((resolve) => {
        if (pc.iceGatheringState === 'complete') return resolve();
        pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
      });
      const response = await fetch(input.whep, { method: 'POST', headers: { 'Content-Type': 'application/sdp' }, body: pc.localDescription.sdp });
      steps.status = response.status;
      steps.answer = at();
      if (response.status !== 201) return { pc, seen, steps, ok: false };
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
      return { pc, seen, steps, ok: true };
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const now = performance.now();
  const result = viewers.map(({ seen, ok, steps }) => ({
    ok: ok && seen.packets > 0,
    packets: seen.packets,
    // A stream that stopped before the end counts its silence at the end too.
    maxGapMs: seen.packets ? Math.max(seen.maxGap, now - seen.last) : Infinity,
    steps,
  }));
  await Promise.all(viewers.map(({ pc }) => pc.close()));
  return result;
}

// ---- a show in a process of its own ------------------------------------------------------------

const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

/** The event loop's delay in this process while `during` runs (p50, p99, max in ms). */
async function loopDelay(during) {
  const { monitorEventLoopDelay } = await import('node:perf_hooks');
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await during();
    return { result, loop: { p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 } };
  } finally {
    histogram.disable();
  }
}

/**
 * `count` viewers spread over `processes` child processes (`node live.mjs --viewers-of URL …`),
 * each a phone's share of the work; their figures and their event loops' delays.
 */
async function spreadViewers({ input, count, seconds, processes, loopback }) {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const shares = Array.from({ length: processes }, (_, i) => Math.floor(count / processes) + (i < count % processes ? 1 : 0));
  const runs = shares.map(
    (share) =>
      new Promise((resolve, reject) => {
        const args = [fileURLToPath(import.meta.url), '--viewers-of', input.whep, '--count', String(share), '--seconds', String(seconds)];
        if (loopback) args.push('--loopback');
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`viewers exited ${code}`))));
      }),
  );
  const done = await Promise.all(runs);
  return { viewers: done.flatMap((run) => run.viewers), viewerLoops: done.map((run) => run.loop) };
}

/**
 * `node test/bench/live.mjs --show SECONDS --viewers N [--spread K] [--loopback]`: a stand-in of its
 * own, a publisher in Chromium and N WHEP viewers, so that the bench's own process (the chat's
 * clients) shares only the machine with them. The viewers run in this process, or with `--spread K`
 * in K child processes (a viewer is a phone of its own; in one process the stand-in and 50 viewers'
 * DTLS and SRTP share one event loop); `--loopback` keeps every ICE candidate to 127.0.0.1.
 * Says `on air` on stderr once the viewers are connecting, then prints as JSON the viewers'
 * figures and the event loops' delays (the stand-in's process, each viewers' process).
 */
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()) && process.argv.includes('--viewers-of')) {
  const ice = process.argv.includes('--loopback') ? LOOPBACK_ICE : {};
  const { result, loop } = await loopDelay(() =>
    manyViewers({ input: { whep: argument('--viewers-of') }, count: Number(argument('--count')), seconds: Number(argument('--seconds')), iceConfig: ice }),
  );
  process.stdout.write(`${JSON.stringify({ viewers: result, loop })}\n`);
  process.exit(0);
}
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()) && process.argv.includes('--show')) {
  const { startStreamServer } = await import('../../scripts/stream-server.mjs');
  const { resolveBrowser } = await import('../../scripts/browser.mjs');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const seconds = Number(argument('--show'));
  const count = Number(argument('--viewers'));
  const processes = Number(argument('--spread') ?? 0);
  const loopback = process.argv.includes('--loopback');
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-live-bench-'));
  const stream = await startStreamServer({ port: 0, dataDir, appOrigins: ['http://127.0.0.1:1'], liveIce: loopback ? LOOPBACK_ICE : {} });
  const input = await liveInput(stream);
  const { result, loop } = await loopDelay(() =>
    onAir({ stream, browserPath: resolveBrowser().path, input }, async () => {
      const watching = processes
        ? spreadViewers({ input, count, seconds, processes, loopback })
        : manyViewers({ input, count, seconds, iceConfig: loopback ? LOOPBACK_ICE : {} }).then((viewers) => ({ viewers, viewerLoops: [] }));
      process.stderr.write('on air\n');
      return watching;
    }),
  );
  await stream.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ ...result, standInLoop: loop })}\n`);
  process.exit(0);
}
