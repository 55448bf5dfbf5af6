/**
 * The raffle (ADR 045): the manager draws one winner among the guests of a pool — everyone who
 * joined, who voted in a chosen poll, or who wanted a chosen product — each with the same chance,
 * from the platform's cryptographic random source. The room records each draw (its pool, entrants
 * and winner) and tells everyone with a notice in the chat, so the draw is in the history, on late
 * joiners' pages and in the follow-up list. Pure: no platform globals, no zod (the party page reads
 * notices with `raffleNotice`; raffle-schemas.ts checks the frame).
 */
import { MARKERS } from './markers';

export const RAFFLE_POOLS = ['joined', 'poll', 'product'] as const;
export type RafflePool = (typeof RAFFLE_POOLS)[number];

/** A draw as the room records it and the notice carries it (the entrants stay with the manager). */
export interface RaffleDraw {
  /** The client-chosen id that makes the frame idempotent: the same id twice is one draw. */
  drawId: string;
  pool: RafflePool;
  /** The poll or product card of the pool; null for `joined`. */
  cardId: string | null;
  /** How many could win. */
  entrants: number;
  winnerId: string;
  /** The winner's display name when she was drawn. */
  winnerName: string;
}

/** The room's answer to the asking page: the notice that is its draw (also for a resend). */
export type RaffleEvent = { type: 'raffleDrawn'; drawId: string; messageId: string; seq: number };

/**
 * Fills the array with random 32-bit values. The room passes `crypto.getRandomValues` (the core has
 * no platform globals); a test may bring its own.
 */
export type RandomSource = (into: Uint32Array) => Uint32Array;

const RANGE = 2 ** 32;

/**
 * A uniformly random index below `count`. A 32-bit value modulo `count` would favour the low
 * indexes whenever 2^32 is not a multiple of `count`; values from the incomplete last block are
 * drawn again instead (rejection sampling), which takes more than one try with a chance below 1/2.
 */
export function fairIndex(count: number, random: RandomSource): number {
  if (!Number.isInteger(count) || count < 1 || count > RANGE) throw new RangeError(`fairIndex: ${count}`);
  const limit = RANGE - (RANGE % count);
  const value = new Uint32Array(1);
  for (;;) {
    random(value);
    if (value[0]! < limit) return value[0]! % count;
  }
}

/** Who may win: the pool's members, each once, without those `excluded` (earlier winners). */
export function entrantsOf(pool: Iterable<string>, excluded: Iterable<string> = []): string[] {
  const out = new Set(pool);
  for (const id of excluded) out.delete(id);
  // A fixed order, so the recorded entrants and the index drawn name the same winner on replay.
  return [...out].sort();
}

/** The winner among `entrants`, or null when there is nobody to draw. */
export function drawWinner(entrants: readonly string[], random: RandomSource): string | null {
  return entrants.length === 0 ? null : entrants[fairIndex(entrants.length, random)]!;
}

/** The notice's text: the raffle marker, then the draw as JSON (control characters nobody can type). */
export function raffleNoticeText(draw: RaffleDraw): string {
  return MARKERS.raffle + JSON.stringify(draw);
}

/** The draw a raffle notice tells of, or null for any other message. */
export function raffleNotice(message: { messageType: string; message: string }): RaffleDraw | null {
  if (message.messageType !== 'text' || !message.message.startsWith(MARKERS.raffle)) return null;
  try {
    const draw = JSON.parse(message.message.slice(MARKERS.raffle.length)) as RaffleDraw | null;
    return draw && typeof draw.winnerName === 'string' ? draw : null;
  } catch {
    return null;
  }
}
