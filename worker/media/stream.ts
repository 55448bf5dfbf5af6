import { AppError } from '../../app/core/errors';
import type { Env } from '../env';

/**
 * The Worker's client for Cloudflare Stream's HTTP API: copy a video from a URL, read its status,
 * delete it (`DELETE /accounts/{account}/stream/{uid}`); a party's live input and its recordings
 * (`/stream/live_inputs`, ADR 060). Production talks to api.cloudflare.com, locally to the stand-in `npm start` runs
 * (scripts/stream-server.mjs) at STREAM_API_BASE: the same requests and answers either way.
 * Whatever goes wrong on the way is one error for our client, `conversionUnavailable`; the details
 * go to the log.
 */

/** The part of Stream's video object we read. */
export interface StreamVideo {
  uid: string;
  readyToStream: boolean;
  status: { state: string; pctComplete?: string; errorReasonCode?: string };
  /** Seconds; -1 until known. */
  duration: number;
  input: { width: number; height: number };
  thumbnail: string;
  playback: { hls: string };
  requireSignedURLs?: boolean;
  /** The live input a recording was made from (Stream's `liveInput`); absent for other videos. */
  liveInput?: string | null;
  /** ISO date. */
  created?: string;
}

/** The part of Stream's live input object we read (POST/GET /stream/live_inputs). */
export interface StreamLiveInput {
  uid: string;
  /** Where the publisher sends WHIP; the URL carries the input's secret, so only the publisher gets it. */
  webRTC: { url: string };
  /** Where a viewer asks WHEP; its uid is replaced by a signed token for members (stream-signing.ts). */
  webRTCPlayback: { url: string };
  status: string | null;
}

interface Envelope<T> {
  success: boolean;
  errors: { code: number; message: string }[];
  result: T;
}

export interface StreamClient {
  /**
   * Stream downloads the video from `url` (ours, signed and expiring) and converts it. The video
   * plays only with a token (worker/media/stream-signing.ts): Stream's links are public otherwise.
   */
  copy(url: string, meta: Record<string, string>): Promise<StreamVideo>;
  get(uid: string): Promise<StreamVideo | null>;
  remove(uid: string): Promise<void>;
  /** A live input for a party (ADR 060): recorded automatically, played only with a token. */
  createLiveInput(meta: Record<string, string>): Promise<StreamLiveInput>;
  liveInput(uid: string): Promise<StreamLiveInput | null>;
  /** The recordings Stream made of a live input's shows, newest first as Stream lists them. */
  liveRecordings(uid: string): Promise<StreamVideo[]>;
}

export function streamClient(env: Pick<Env, 'STREAM_API_BASE' | 'STREAM_ACCOUNT_ID' | 'STREAM_API_TOKEN'>): StreamClient {
  const base = `${env.STREAM_API_BASE.replace(/\/+$/, '')}/accounts/${encodeURIComponent(env.STREAM_ACCOUNT_ID)}/stream`;

  /** One call; null for a 404 when `missingIsNull`. */
  async function call<T>(method: string, path: string, body?: unknown, missingIsNull = false): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Bearer ${env.STREAM_API_TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      console.error('stream unreachable', method, path, error);
      throw new AppError('conversionUnavailable');
    }
    if (missingIsNull && response.status === 404) return null;
    const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
    if (!response.ok || !envelope?.success) {
      console.error('stream refused', method, path, response.status, JSON.stringify(envelope?.errors ?? null));
      throw new AppError('conversionUnavailable');
    }
    return envelope.result;
  }

  return {
    copy: async (url, meta) => (await call<StreamVideo>('POST', '/copy', { url, meta, requireSignedURLs: true }))!,
    get: (uid) => call<StreamVideo>('GET', `/${encodeURIComponent(uid)}`, undefined, true),
    remove: async (uid) => {
      await call('DELETE', `/${encodeURIComponent(uid)}`, undefined, true);
    },
    createLiveInput: async (meta) =>
      (await call<StreamLiveInput>('POST', '/live_inputs', { meta, recording: { mode: 'automatic', requireSignedURLs: true, timeoutSeconds: 0 } }))!,
    liveInput: (uid) => call<StreamLiveInput>('GET', `/live_inputs/${encodeURIComponent(uid)}`, undefined, true),
    liveRecordings: async (uid) => (await call<StreamVideo[]>('GET', `/live_inputs/${encodeURIComponent(uid)}/videos`, undefined, true)) ?? [],
  };
}

/**
 * Where browsers fetch the videos themselves (HLS manifests, segments, posters), for the pages'
 * Content-Security-Policy (worker/http/page-headers.ts): with Cloudflare's API, Stream's customer
 * domains (`https://customer-<code>.cloudflarestream.com`, the code being the account's); with any
 * other STREAM_API_BASE (the local stand-in), its own origin, which serves them as Stream would.
 */
export function streamDeliverySources(env: Pick<Env, 'STREAM_API_BASE'>): string[] {
  const api = new URL(env.STREAM_API_BASE);
  return api.hostname === 'api.cloudflare.com' ? ['https://*.cloudflarestream.com'] : [api.origin];
}
