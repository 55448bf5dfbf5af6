import { AppError } from '#core/errors';
import type { LivePlayback, LiveStart, LiveState } from '#core/live';
import type { Identity } from '../auth/identity';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { StreamLiveInput } from '../media/stream';
import { streamClient } from '../media/stream';
import { signedPlaybackUrl } from '../media/stream-signing';
import { memberInParty, room, roomFacts, unwrap } from './parties';

/**
 * Live video in the party (ADR 060), for the JSON API. The room decides who may start and stop and
 * holds the state (durable-objects/features/live.ts); the Worker talks to Stream's live inputs API
 * with the account's token, which never leaves it: the publisher gets the WHIP URL of the party's
 * live input, a member the WHEP and HLS URLs with the uid replaced by a short-lived signed token.
 */

/** Stream's live service not answering is `liveUnavailable` to the page (the log has the details). */
async function fromStream<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError && error.code === 'conversionUnavailable') throw new AppError('liveUnavailable');
    throw error;
  }
}

/**
 * POST /api/parties/{id}/live: the manager (or the allowed host) goes live. The party's live input
 * is made at its first show (recording on, signed playback) and kept by the room for the next ones.
 * Three calls in a row at most: the room's check, Stream (make or read the input), the room's start.
 */
export async function startLive(env: Env, db: Db, partyId: string, identity: Identity): Promise<LiveStart> {
  const { party, member } = await memberInParty(db, partyId, identity);
  const stub = room(env, party);
  const facts = roomFacts(party);
  const { inputId } = unwrap(await stub.liveInputFor(member, facts));
  const stream = streamClient(env);
  const input: StreamLiveInput | null = await fromStream(() =>
    inputId ? stream.liveInput(inputId) : stream.createLiveInput({ name: party.title.slice(0, 100), partyId: party.id }),
  );
  // The party's input was deleted at Stream behind our back: nothing to publish to.
  if (!input) throw new AppError('liveUnavailable');
  const live = unwrap(await stub.startLive(member, facts, { inputId: input.uid, playbackUrl: input.webRTCPlayback.url }, party.title));
  return { whipUrl: input.webRTC.url, live };
}

/** DELETE /api/parties/{id}/live: the show stops; the recording follows into the library and the chat. */
export async function stopLive(env: Env, db: Db, partyId: string, identity: Identity, caption: string): Promise<LiveState> {
  const { party, member } = await memberInParty(db, partyId, identity);
  return unwrap(await room(env, party).stopLive(member, roomFacts(party), caption));
}

/** PUT /api/parties/{id}/live/hosts: the manager lets the host go live, or not. */
export async function allowHostsLive(env: Env, db: Db, partyId: string, identity: Identity, allowed: boolean): Promise<LiveState> {
  const { party, member } = await memberInParty(db, partyId, identity);
  return unwrap(await room(env, party).allowHostsLive(member, roomFacts(party), allowed));
}

/**
 * GET /api/parties/{id}/live: what a member's page plays while a show is on: WHEP, and Stream's HLS
 * of the same input as the fallback, each with a signed token in place of the uid.
 */
export async function livePlayback(env: Env, db: Db, partyId: string, identity: Identity, now = Date.now()): Promise<LivePlayback> {
  const { party, member } = await memberInParty(db, partyId, identity);
  const { inputId, playbackUrl, live } = unwrap(await room(env, party).livePlayback(member));
  const hls = new URL(`/${inputId}/manifest/video.m3u8`, playbackUrl).href;
  const [whepUrl, hlsUrl] = await Promise.all([signedPlaybackUrl(env, playbackUrl, inputId, now), signedPlaybackUrl(env, hls, inputId, now)]);
  return { whepUrl: whepUrl!, hlsUrl: hlsUrl!, live };
}
