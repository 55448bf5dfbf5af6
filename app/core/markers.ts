import type { MessageType } from './messages';

/**
 * Special message texts that stand for an event rather than words. They are stored and ordered like
 * any message, so a notice has its place in the conversation and is replayed on resume; the page
 * shows a translated notice instead of the text. Each begins with a control character that
 * `isCleanText` refuses, so nobody can type one.
 */
export const MARKERS = {
  guestJoined: '\u0001guestJoined',
  /** A message its manager deleted fully (`fullDelete`): it leaves no "deleted" trace. */
  erased: '\u0001erased',
  /** A raffle's draw: the marker, then the draw as JSON (app/core/raffle.ts, ADR 045). */
  raffle: '\u0001raffle',
} as const;

export type Marker = keyof typeof MARKERS;

const BY_TEXT = new Map<string, Marker>(Object.entries(MARKERS).map(([marker, text]) => [text, marker as Marker]));

/** The marker a message stands for, or null for an ordinary message. */
export function markerOf(message: { messageType: MessageType; message: string }): Marker | null {
  if (message.messageType !== 'text') return null;
  return BY_TEXT.get(message.message) ?? (message.message.startsWith(MARKERS.raffle) ? 'raffle' : null);
}
