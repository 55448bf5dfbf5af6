import type { Member } from './messages';

/**
 * Live video in the party (issue 44, ADR 060): the manager (or the host, when the manager allows
 * it) publishes from her page over WHIP to the party's Stream live input; every member watches over
 * WHEP, or Stream's HLS where WebRTC does not play; the show's recording becomes a video of her
 * library's "Live" folder and a message in the party. The room holds the live state and tells
 * every socket; these are its shapes and pure rules (its request and frame schemas: live-schemas.ts).
 */

/** The show on air, as every socket hears it. */
export interface LiveShow {
  /** Who is live (the manager, or the host). */
  by: Pick<Member, 'id' | 'firstName' | 'lastName' | 'role'>;
  /** Epoch ms. */
  startedAt: number;
  /** How many members watch it now (their pages say so). */
  watching: number;
}

/** The room's live state for the pages: the show, or null; whether the manager lets the host go live. */
export interface LiveState {
  show: LiveShow | null;
  hostsMayGoLive: boolean;
}

/** What every socket hears when the live state changes (and in its welcome, when a show is on). */
export type LiveEvent = { type: 'live'; live: LiveState } | { type: 'liveWatching'; watching: number };

/** What the publisher's page gets when it starts: where to publish (WHIP), never Stream's credentials. */
export interface LiveStart {
  whipUrl: string;
  live: LiveState;
}

/** What a member's page plays: WHEP, and HLS as the fallback; both signed and short-lived. */
export interface LivePlayback {
  whepUrl: string;
  hlsUrl: string;
  live: LiveState;
}

export const LIVE = {
  /** The title of the library folder the recordings go into. */
  folderTitle: 'Live',
  /** How often the room asks Stream for a stopped show's recording, and for how long. */
  recordingPollMs: 2_000,
  recordingGiveUpMs: 30 * 60_000,
  /** A product card sent while live shows over the video for this long (the pages). */
  cardOverVideoMs: 6_000,
  /** The room tells the number watching at most this often. */
  watchingEveryMs: 1_000,
} as const;

/** The library title of a recording: the party's name and the show's start, as the consultant's list sorts it. */
export function recordingTitle(partyName: string, startedAt: number): string {
  const at = new Date(startedAt).toISOString().slice(0, 16).replace('T', ' ');
  return `${partyName.trim() || 'Live'} · ${at} UTC`.slice(0, 120);
}
