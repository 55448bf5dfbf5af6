// Live inputs for the local Stream stand-in (scripts/stream-server.mjs), as Cloudflare Stream's:
//   POST   /client/v4/accounts/{account}/stream/live_inputs               { meta, recording } → the live input
//   GET    /client/v4/accounts/{account}/stream/live_inputs/{uid}         → it, with its status
//   DELETE /client/v4/accounts/{account}/stream/live_inputs/{uid}         → it ends (a show on it stops)
//   GET    /client/v4/accounts/{account}/stream/live_inputs/{uid}/videos  → the recordings made from it
// and on the customer domain:
//   POST   /{secret}/webRTC/publish   WHIP: an SDP offer (application/sdp) in, 201 with the answer and
//                                     a Location to DELETE when the publisher stops
//   POST   /{uid}/webRTC/play         WHEP: the same for a viewer
//   GET    /{uid}/manifest/video.m3u8 HLS of the show while it is live (and its segments)
// The WebRTC side is werift (a WebRTC stack in TypeScript, Node >= 16 at 0.24.4): one peer
// connection per publisher and per viewer, the publisher's RTP packets forwarded to every viewer as
// they come (a selective forwarding unit of one source: no decoding, so a viewer is as late as the
// network and her jitter buffer). The same packets go over UDP on loopback to one ffmpeg, which
// decodes them (VP8/Opus) and writes H.264/AAC HLS with one-second segments for the HLS fallback;
// when the show stops, those segments become the recording: a normal Stream video, converted by the
// stand-in's own pipeline (ADR 060).
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { appendFileSync, createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift';

/** The codecs the stand-in takes and gives: VP8 (every Chromium encodes it) and Opus. */
const CODECS = {
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/VP8',
      clockRate: 90000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }],
    }),
  ],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
};
/** The payload types in the SDP given to ffmpeg (the packets are rewritten to them). */
const FFMPEG_PT = { video: 96, audio: 111 };
/** A viewer or ffmpeg joining asks the publisher for a key frame; and every few seconds anyway. */
const KEYFRAME_EVERY_MS = 2000;
/** How long a WHIP or WHEP offer may take to connect before its session is dropped. */
const CONNECT_TIMEOUT_MS = 15_000;

/**
 * werift's ICE options that keep a peer to one host candidate, 127.0.0.1: the stand-in's default
 * when it listens on loopback (stream-server.mjs). With its two other addresses (an IPv4 and an IPv6
 * one on this machine) every viewer had two candidates per side, and the live bench's 50 WHEP
 * viewers lost some (connected, yet never a packet: 1-12 of 50); with one candidate none (ADR 061).
 */
export const LOOPBACK_ICE = Object.freeze({
  iceUseIpv4: false,
  iceUseIpv6: false,
  iceAdditionalHostAddresses: ['127.0.0.1'],
  iceInterfaceAddresses: { udp4: '127.0.0.1' },
});

/**
 * @typedef {{ uid: string, secret: string, created: string, modified: string, meta: Record<string, unknown>,
 *   recording: { mode: 'off' | 'automatic', requireSignedURLs: boolean, timeoutSeconds: number, allowedOrigins: string[] | null },
 *   status: null | 'connected' | 'client_disconnect', videos: string[] }} LiveInput
 * @typedef {{ id: string, pc: RTCPeerConnection, tracks: Map<'video' | 'audio', MediaStreamTrack>, receiverOf: Map<'video' | 'audio', { receiver: any, ssrc: number }> }} Publisher
 * @typedef {{ id: string, pc: RTCPeerConnection, tracks: Map<'video' | 'audio', MediaStreamTrack> }} Viewer
 * @typedef {{ input: LiveInput, publisher: Publisher | null, viewers: Map<string, Viewer>, hls: Hls | null, unsubscribe: (() => void)[], timer: NodeJS.Timeout | null }} Show
 * @typedef {{ child: import('node:child_process').ChildProcess, folder: string, socket: import('node:dgram').Socket, ports: { video: number, audio: number }, done: Promise<number | null> }} Hls
 */

/**
 * The SDP that tells ffmpeg where the forwarded packets arrive.
 * @param {{ video: number, audio: number }} ports
 */
export function ffmpegSdp(ports) {
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=salon-live',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=video ${ports.video} RTP/AVP ${FFMPEG_PT.video}`,
    `a=rtpmap:${FFMPEG_PT.video} VP8/90000`,
    `m=audio ${ports.audio} RTP/AVP ${FFMPEG_PT.audio}`,
    `a=rtpmap:${FFMPEG_PT.audio} opus/48000/2`,
    '',
  ].join('\r\n');
}

/**
 * ffmpeg's arguments for the live HLS: the forwarded RTP decoded, H.264 at the source's size with a
 * key frame every second (one-second segments, so the fallback's delay is a few seconds), AAC, every
 * segment kept (the recording is made from them).
 * @param {{ sdp: string, folder: string, preset: string }} options
 */
export function liveHlsArgs({ sdp, folder, preset }) {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-protocol_whitelist',
    'file,udp,rtp',
    '-fflags',
    '+genpts+nobuffer',
    '-analyzeduration',
    '500000',
    '-probesize',
    '500000',
    '-reorder_queue_size',
    '64',
    '-i',
    sdp,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-tune',
    'zerolatency',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-r',
    '25',
    '-g',
    '25',
    '-keyint_min',
    '25',
    '-sc_threshold',
    '0',
    '-b:v',
    '1200k',
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_list_size',
    '0',
    '-hls_playlist_type',
    'event',
    '-hls_flags',
    'independent_segments+temp_file',
    '-hls_segment_filename',
    join(folder, 'live_%05d.ts'),
    join(folder, 'live.m3u8'),
  ];
}

/**
 * Waits until a peer connection has gathered its candidates, so an answer carries them (WHIP and
 * WHEP as Chromium and Stream use them send one offer and one answer, no trickle).
 * @param {RTCPeerConnection} pc
 */
async function gathered(pc) {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise((resolve) => {
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') {
        unSubscribe();
        resolve(undefined);
      }
    });
  });
}

/**
 * The live inputs of one stand-in.
 * @param {{ dataDir: string, ffmpegPath: string, preset: string, publicUrl: () => string,
 *   record: (input: LiveInput, folder: string) => string | null, tokenSubject: (token: string) => string | null, ice?: object }} options
 *   `record`: makes a Stream video of the show's HLS (the folder of its segments) and returns its uid.
 *   `tokenSubject`: the uid a signed playback token opens (stream-server.mjs), or null.
 *   `ice`: werift's ICE options for every connection (the bench's loopback-only run); none by default.
 */
export function createLiveInputs({ dataDir, ffmpegPath, preset, publicUrl, record, tokenSubject, ice = {} }) {
  const liveDir = join(dataDir, 'live');
  mkdirSync(liveDir, { recursive: true });
  /** @type {Map<string, Show>} by uid */
  const shows = new Map();
  /** @type {Map<string, string>} secret → uid */
  const bySecret = new Map();

  const describe = (/** @type {LiveInput} */ input) => ({
    uid: input.uid,
    created: input.created,
    modified: input.modified,
    meta: input.meta,
    recording: input.recording,
    status: input.status,
    deleteRecordingAfterDays: null,
    // The publishing URL carries the input's secret, as Stream's does: whoever holds it may publish.
    webRTC: { url: `${publicUrl()}/${input.secret}/webRTC/publish` },
    webRTCPlayback: { url: `${publicUrl()}/${input.uid}/webRTC/play` },
    rtmps: { url: 'rtmps://localhost/live/', streamKey: input.secret },
    rtmpsPlayback: { url: 'rtmps://localhost/live/', streamKey: `p${input.secret}` },
    srt: { url: 'srt://localhost:778', streamId: input.uid, passphrase: input.secret },
    srtPlayback: { url: 'srt://localhost:778', streamId: `play${input.uid}`, passphrase: input.secret },
  });

  /** @param {unknown} body */
  function create(body) {
    const now = new Date().toISOString();
    const asked = /** @type {any} */ (body && typeof body === 'object' ? body : {});
    const recording = asked.recording && typeof asked.recording === 'object' ? asked.recording : {};
    /** @type {LiveInput} */
    const input = {
      uid: randomUUID().replaceAll('-', ''),
      secret: randomBytes(24).toString('hex'),
      created: now,
      modified: now,
      meta: asked.meta && typeof asked.meta === 'object' ? asked.meta : {},
      recording: {
        mode: recording.mode === 'automatic' ? 'automatic' : 'off',
        requireSignedURLs: recording.requireSignedURLs === true,
        timeoutSeconds: Number.isInteger(recording.timeoutSeconds) ? recording.timeoutSeconds : 0,
        allowedOrigins: Array.isArray(recording.allowedOrigins) ? recording.allowedOrigins : null,
      },
      status: null,
      videos: [],
    };
    shows.set(input.uid, { input, publisher: null, viewers: new Map(), hls: null, unsubscribe: [], timer: null });
    bySecret.set(input.secret, input.uid);
    return describe(input);
  }

  /** Ends what runs on a show: the publisher's and viewers' connections, ffmpeg; records it. @param {Show} show */
  async function stop(show) {
    const { publisher, hls } = show;
    if (!publisher) return;
    show.publisher = null;
    show.unsubscribe.splice(0).forEach((off) => off());
    if (show.timer) clearInterval(show.timer);
    show.timer = null;
    for (const viewer of show.viewers.values()) void viewer.pc.close();
    show.viewers.clear();
    void publisher.pc.close();
    show.input.status = 'client_disconnect';
    show.input.modified = new Date().toISOString();
    show.hls = null;
    if (!hls) return;
    // Two interrupts: the first asks ffmpeg to finish, the second breaks its wait for a packet that
    // will not come (while it transcodes it gives up a read only from the second). It may end by
    // the signal before closing the playlist: the recording is made from the segments' files.
    hls.child.kill('SIGINT');
    setTimeout(() => hls.child.kill('SIGINT'), 100);
    const killer = setTimeout(() => hls.child.kill('SIGKILL'), 3000);
    await hls.done;
    clearTimeout(killer);
    hls.socket.close();
    const playlist = join(hls.folder, 'live.m3u8');
    // Killed instead: the playlist is closed here, or a reader would wait for more segments.
    if (existsSync(playlist) && !readFileSync(playlist, 'utf8').includes('#EXT-X-ENDLIST')) appendFileSync(playlist, '#EXT-X-ENDLIST\n');
    if (show.input.recording.mode === 'automatic') {
      const uid = record(show.input, hls.folder);
      if (uid) show.input.videos.push(uid);
    }
  }

  /** Starts the HLS ffmpeg for a show. @param {Show} show */
  async function startHls(show) {
    const folder = join(liveDir, `${show.input.uid}-${Date.now()}`);
    mkdirSync(folder, { recursive: true });
    // The socket that sends first: bound before the ports are chosen, so it cannot take one of them.
    const socket = createSocket('udp4');
    await new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(undefined)));
    // Two free ports for ffmpeg: bound and released here, then ffmpeg binds them.
    const ports = await Promise.all(
      ['video', 'audio'].map(
        () =>
          new Promise((resolve) => {
            const probe = createSocket('udp4');
            probe.bind(0, '127.0.0.1', () => {
              const { port } = probe.address();
              probe.close(() => resolve(port));
            });
          }),
      ),
    );
    const sdp = join(folder, 'input.sdp');
    writeFileSync(sdp, ffmpegSdp({ video: ports[0], audio: ports[1] }));
    const child = spawn(ffmpegPath, liveHlsArgs({ sdp, folder, preset }), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      if (stderr.length < 16_384) stderr += chunk;
    });
    const done = new Promise((resolve) =>
      child.on('close', (code) => {
        if (code !== 0 && code !== 255 && code !== null && stderr)
          console.error(`[stream] live ffmpeg for ${show.input.uid} ended ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
        resolve(code);
      }),
    );
    return { child, folder, socket, ports: { video: ports[0], audio: ports[1] }, done };
  }

  /** Asks the publisher for a key frame. @param {Show} show */
  function askKeyFrame(show) {
    const video = show.publisher?.receiverOf.get('video');
    if (video) void video.receiver.sendRtcpPLI(video.ssrc).catch(() => {});
  }

  /**
   * WHIP: the publisher's offer; answers with the SDP, or an error status.
   * @param {string} secret
   * @param {string} offer
   * @returns {Promise<{ status: number, sdp?: string, location?: string, error?: string }>}
   */
  async function publish(secret, offer) {
    const uid = bySecret.get(secret);
    const show = uid ? shows.get(uid) : undefined;
    if (!show) return { status: 404, error: 'No such live input' };
    // A new publisher takes over (the same page reloaded, another device): the old connection goes,
    // the show, its viewers and its HLS go on with the new one's packets.
    const previous = show.publisher;
    if (previous) {
      show.unsubscribe.splice(0).forEach((off) => off());
      void previous.pc.close();
    }
    const pc = new RTCPeerConnection({ codecs: CODECS, ...ice });
    /** @type {Publisher} */
    const publisher = { id: randomUUID(), pc, tracks: new Map(), receiverOf: new Map() };
    show.publisher = publisher;
    pc.onTransceiverAdded.subscribe((transceiver) => {
      transceiver.setDirection('recvonly');
      transceiver.onTrack.subscribe((track) => {
        const kind = /** @type {'video' | 'audio'} */ (track.kind);
        publisher.tracks.set(kind, track);
        publisher.receiverOf.set(kind, { receiver: transceiver.receiver, ssrc: track.ssrc });
        const off = track.onReceiveRtp.subscribe((rtp) => forward(show, kind, rtp));
        show.unsubscribe.push(() => off.unSubscribe());
        if (kind === 'video') askKeyFrame(show);
      });
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
    } catch (error) {
      if (show.publisher === publisher) show.publisher = null;
      void pc.close();
      return { status: 400, error: `The offer could not be taken: ${error instanceof Error ? error.message : error}` };
    }
    pc.connectionStateChange.subscribe((state) => {
      if ((state === 'failed' || state === 'closed') && show.publisher === publisher) void stop(show);
    });
    setTimeout(() => {
      if (show.publisher === publisher && pc.connectionState !== 'connected') void stop(show);
    }, CONNECT_TIMEOUT_MS).unref();
    show.input.status = 'connected';
    show.input.modified = new Date().toISOString();
    if (!show.hls) show.hls = await startHls(show);
    if (!show.timer) {
      show.timer = setInterval(() => askKeyFrame(show), KEYFRAME_EVERY_MS);
      show.timer.unref();
    }
    return { status: 201, sdp: pc.localDescription?.sdp ?? '', location: `/${secret}/webRTC/publish/${publisher.id}` };
  }

  /**
   * One of the publisher's packets to every viewer and to ffmpeg. A viewer's sender rewrites the
   * header it is given, so each gets its own copy.
   * @param {Show} show
   * @param {'video' | 'audio'} kind
   * @param {import('werift').RtpPacket} rtp
   */
  function forward(show, kind, rtp) {
    const bytes = rtp.serialize();
    for (const viewer of show.viewers.values()) viewer.tracks.get(kind)?.writeRtp(Buffer.from(bytes));
    const hls = show.hls;
    if (hls) {
      const copy = Buffer.from(bytes);
      copy[1] = (copy[1] & 0x80) | FFMPEG_PT[kind]; // marker bit kept, payload type as in ffmpeg's SDP
      hls.socket.send(copy, hls.ports[kind], '127.0.0.1');
    }
  }

  /**
   * WHEP: a viewer's offer.
   * @param {string} uid
   * @param {string} offer
   * @param {string} asked the path's segment it was asked by (the token), which its Location keeps
   * @returns {Promise<{ status: number, sdp?: string, location?: string, error?: string }>}
   */
  async function play(uid, offer, asked) {
    const show = shows.get(uid);
    if (!show) return { status: 404, error: 'No such live input' };
    if (!show.publisher) return { status: 409, error: 'The live input is not live' };
    const pc = new RTCPeerConnection({ codecs: CODECS, ...ice });
    /** @type {Viewer} */
    const viewer = { id: randomUUID(), pc, tracks: new Map() };
    pc.onTransceiverAdded.subscribe((transceiver) => {
      const kind = /** @type {'video' | 'audio'} */ (transceiver.kind);
      const track = new MediaStreamTrack({ kind });
      viewer.tracks.set(kind, track);
      transceiver.setDirection('sendonly');
      transceiver.sender.replaceTrack(track);
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
    } catch (error) {
      void pc.close();
      return { status: 400, error: `The offer could not be taken: ${error instanceof Error ? error.message : error}` };
    }
    show.viewers.set(viewer.id, viewer);
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') askKeyFrame(show);
      if (state === 'failed' || state === 'closed') show.viewers.delete(viewer.id);
    });
    setTimeout(() => {
      if (pc.connectionState !== 'connected' && show.viewers.get(viewer.id) === viewer) {
        show.viewers.delete(viewer.id);
        void pc.close();
      }
    }, CONNECT_TIMEOUT_MS).unref();
    return { status: 201, sdp: pc.localDescription?.sdp ?? '', location: `/${asked}/webRTC/play/${viewer.id}` };
  }

  /**
   * The customer domain's live routes; true when the request was one of them (answered).
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} pathname
   * @param {Record<string, string>} cors
   */
  async function serve(req, res, pathname, cors) {
    const whip = /^\/([0-9a-f]{48})\/webRTC\/publish(?:\/([0-9a-f-]{36}))?$/.exec(pathname);
    const whep = /^\/([0-9a-f]{32}|[\w-]+\.[\w-]+\.[\w-]+)\/webRTC\/play(?:\/([0-9a-f-]{36}))?$/.exec(pathname);
    const hls = /^\/([0-9a-f]{32}|[\w-]+\.[\w-]+\.[\w-]+)\/manifest\/(video\.m3u8|live_\d{5}\.ts)$/.exec(pathname);
    const match = whip ?? whep;
    const headers = { ...cors, 'Access-Control-Expose-Headers': 'Location' };
    // Playback as Stream's: a live input recorded with signed URLs plays only through a token in
    // place of its uid; the bare uid, a forged or an expired token get 401.
    const played = whep ?? hls;
    const asked = played?.[1];
    const signed = asked?.includes('.') ?? false;
    const uid = asked && (signed ? tokenSubject(asked) : asked);
    // A video's own manifest (stream-server.mjs serves it) has the same shape: only a live input's is ours.
    if (hls && !(uid && shows.has(uid))) return false;
    if (played && req.method !== 'OPTIONS') {
      if (!uid || (!signed && shows.get(uid)?.input.recording.requireSignedURLs))
        return (res.writeHead(401, { ...headers, 'Content-Type': 'text/plain' }).end('Unauthorized'), true);
      played[1] = uid;
    }
    if (match) {
      if (req.method === 'OPTIONS')
        return (
          res
            .writeHead(204, {
              ...headers,
              'Access-Control-Allow-Methods': 'POST, DELETE, OPTIONS',
              'Access-Control-Allow-Headers': 'Content-Type',
              'Access-Control-Max-Age': '600',
            })
            .end(),
          true
        );
      if (req.method === 'DELETE' && match[2]) {
        const show = whip ? shows.get(bySecret.get(match[1]) ?? '') : shows.get(match[1]);
        if (whip && show?.publisher?.id === match[2]) await stop(show);
        if (whep && show) {
          const viewer = show.viewers.get(match[2]);
          show.viewers.delete(match[2]);
          void viewer?.pc.close();
        }
        return (res.writeHead(show ? 200 : 404, headers).end(), true);
      }
      if (req.method !== 'POST' || match[2]) return (res.writeHead(405, headers).end(), true);
      let offer = '';
      for await (const chunk of req) {
        offer += chunk;
        if (offer.length > 64 * 1024) return (res.writeHead(413, headers).end(), true);
      }
      if (!String(req.headers['content-type']).startsWith('application/sdp') || !offer.startsWith('v=0'))
        return (res.writeHead(415, { ...headers, 'Content-Type': 'text/plain' }).end('An SDP offer (application/sdp) is expected'), true);
      const answer = whip ? await publish(match[1], offer) : await play(match[1], offer, asked ?? match[1]);
      if (answer.status !== 201) return (res.writeHead(answer.status, { ...headers, 'Content-Type': 'text/plain' }).end(answer.error), true);
      res.writeHead(201, { ...headers, 'Content-Type': 'application/sdp', Location: answer.location }).end(answer.sdp);
      return true;
    }
    if (hls) {
      const show = shows.get(hls[1]);
      const folder = show?.hls?.folder;
      const file = folder && join(folder, hls[2] === 'video.m3u8' ? 'live.m3u8' : hls[2]);
      if (!file || !existsSync(file)) return (res.writeHead(404, cors).end(), true);
      const type = file.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl';
      res.writeHead(200, { ...cors, 'Content-Type': type, 'Content-Length': statSync(file).size, 'Cache-Control': 'no-cache' });
      if (req.method === 'HEAD') return (res.end(), true);
      createReadStream(file).pipe(res);
      return true;
    }
    return false;
  }

  /**
   * The API's live_inputs routes (after /accounts/{account}/stream/live_inputs).
   * @param {string} method
   * @param {string[]} rest the path's parts after live_inputs
   * @param {() => Promise<unknown>} body
   * @param {(uid: string) => unknown} describeVideo
   * @returns {Promise<{ status: number, result?: unknown, error?: { code: number, message: string } }>}
   */
  async function api(method, rest, body, describeVideo) {
    const [uid, sub, extra] = rest;
    if (extra !== undefined) return { status: 404, error: { code: 7003, message: 'No route for that URI' } };
    if (uid === undefined) {
      if (method === 'POST') return { status: 200, result: create(await body()) };
      if (method === 'GET')
        return { status: 200, result: { liveInputs: [...shows.values()].map((show) => describe(show.input)), range: 0, total: shows.size } };
      return { status: 405, error: { code: 10405, message: 'Method not allowed' } };
    }
    const show = shows.get(uid);
    if (!show) return { status: 404, error: { code: 10003, message: 'Not Found' } };
    if (sub === 'videos' && method === 'GET') return { status: 200, result: show.input.videos.map(describeVideo).filter(Boolean) };
    if (sub !== undefined) return { status: 404, error: { code: 7003, message: 'No route for that URI' } };
    if (method === 'GET') return { status: 200, result: describe(show.input) };
    if (method === 'DELETE') {
      await stop(show);
      shows.delete(uid);
      bySecret.delete(show.input.secret);
      return { status: 200, result: '' };
    }
    return { status: 405, error: { code: 10405, message: 'Method not allowed' } };
  }

  return {
    api,
    serve,
    /** How many viewers a live input has (for tests and the bench). @param {string} uid */
    viewers: (uid) => shows.get(uid)?.viewers.size ?? 0,
    close: async () => {
      for (const show of shows.values()) {
        show.input.recording.mode = 'off';
        await stop(show);
      }
      rmSync(liveDir, { recursive: true, force: true });
    },
  };
}
