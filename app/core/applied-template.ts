import type { MessageMedia } from './chat-media';
import { isMediaMessageType, messageMedia } from './chat-media';
import type { ErrorCode } from './errors';
import type { MessageType } from './messages';
import type { TemplateMessage } from './templates';
import { isEditableMessage } from './templates';

/**
 * A template played into a party (ADR 016). The party's room keeps one per party, with its own copy
 * of the template's messages: an edit made while playing is for this party only and the template
 * stays as it was. The manager sees one message at a time (`position`); sending or hiding a message
 * takes it out of the play, and the applied template ends when none is left. Timed autoplay sends
 * the rest by itself, one message per delay. Pure rules: the room stores the state and sends the
 * messages.
 */

/** One message of the played copy. */
export interface AppliedMessage {
  /** The template message's id: a stable name for it while playing. */
  id: string;
  messageType: MessageType;
  /** The text, a media message's caption or a profile card's text; the edited text once edited. */
  message: string;
  /** A media message's file (an item of the template owner's library), as the party's message carries it. */
  media: MessageMedia | null;
  /** The library item's title, for the panel. */
  mediaTitle: string | null;
  /** Why it cannot be sent (its file is gone, in the trash or not ready): that send's error. */
  problem: ErrorCode | null;
  edited: boolean;
  /**
   * The tempId its party message gets, new for each playing: the room stores a sender's tempId
   * once, so a step that runs again returns the message it already sent instead of a second one.
   */
  sendId: string;
}

export interface Autoplay {
  delayMs: number;
  paused: boolean;
  /** When the next message goes (epoch ms); null while paused. */
  nextAt: number | null;
  /**
   * A scheduled start not reached yet (epoch ms, the same as `nextAt`): the room's alarm sends the
   * first message then, whether or not anyone is online. Gone once a message went or on a pause.
   * Absent from states stored before it existed.
   */
  startAt?: number | null;
  /** Why it stopped by itself (a send was refused): it waits paused until the manager acts. */
  error: ErrorCode | null;
}

export interface AppliedTemplate {
  /** This playing's id: applying again (restart) makes a new one. */
  id: string;
  templateId: string;
  title: string;
  /** The panel is shown; closing keeps the state, so reopening continues where it was. */
  open: boolean;
  /** Index into `messages` of the one shown; always one that is still to play. */
  position: number;
  /** Messages taken out of the play by hand; sent messages are hidden too. */
  hiddenMessages: string[];
  /** The hidden messages that were sent, each once: what a repeated step checks. */
  sentMessages: string[];
  messages: AppliedMessage[];
  autoplay: Autoplay | null;
  /**
   * Someone else's template whose owner took it back (stopped sharing it, or deleted it): nothing
   * more of it is played, and the panel says why until the manager removes it (ADR 020).
   */
  revoked?: true;
}

/** The autoplay's delay per message: 20 s unless the manager changes it, within 5 s to 5 min. */
export const AUTOPLAY = { defaultDelayMs: 20_000, minDelayMs: 5_000, maxDelayMs: 300_000 } as const;

/** Why a template message cannot go out now, or null when it can. */
function problemOf(message: TemplateMessage): ErrorCode | null {
  if (!isMediaMessageType(message.messageType)) return null;
  if (!message.mediaAttachment) return 'mediaNotFound';
  if (message.mediaTrashed) return 'mediaTrashed';
  if (message.mediaState !== 'ready') return 'mediaNotReady';
  return null;
}

function appliedMessage(message: TemplateMessage, sendId: string): AppliedMessage {
  return {
    id: message.id,
    messageType: message.messageType,
    message: message.message,
    media: messageMedia(message) ?? null,
    mediaTitle: message.mediaTitle ?? null,
    problem: problemOf(message),
    edited: false,
    sendId,
  };
}

/** A new play starts open at the first message. `messages` in the template's order; `newId` makes random ids. */
export function startApplied(template: { id: string; title: string; messages: readonly TemplateMessage[] }, newId: () => string): AppliedTemplate | null {
  if (template.messages.length === 0) return null;
  const messages = template.messages.map((message) => appliedMessage(message, newId()));
  return {
    id: newId(),
    templateId: template.id,
    title: template.title,
    open: true,
    position: 0,
    hiddenMessages: [],
    sentMessages: [],
    messages,
    autoplay: null,
  };
}

export function isHidden(state: AppliedTemplate, index: number): boolean {
  const message = state.messages[index];
  return message === undefined || state.hiddenMessages.includes(message.id);
}

/** The first message still to play, in the template's order. */
export function firstRemaining(state: AppliedTemplate): number | null {
  return neighbour(state, -1, 1);
}

/** The message shown now. */
export function current(state: AppliedTemplate): AppliedMessage | null {
  return isHidden(state, state.position) ? null : state.messages[state.position]!;
}

/** How many are still to play. */
export function remaining(state: AppliedTemplate): number {
  return state.messages.length - state.hiddenMessages.length;
}

/** The next message still to play after `from` (+1) or before it (-1); null when there is none. */
export function neighbour(state: AppliedTemplate, from: number, direction: 1 | -1): number | null {
  for (let index = from + direction; index >= 0 && index < state.messages.length; index += direction) if (!isHidden(state, index)) return index;
  return null;
}

export type AppliedOutcome = { ok: true; state: AppliedTemplate | null } | { ok: false; code: ErrorCode };

/** Previous/next: the neighbour still to play; at either end nothing moves. */
export function step(state: AppliedTemplate, direction: 1 | -1): AppliedTemplate {
  const to = neighbour(state, state.position, direction);
  return to === null ? state : { ...state, position: to };
}

/** Moves the panel's position; only to a message still to play. */
export function moveTo(state: AppliedTemplate, position: number): AppliedOutcome {
  if (!Number.isInteger(position) || isHidden(state, position)) return { ok: false, code: 'messageNotFound' };
  return { ok: true, state: { ...state, position } };
}

function indexOf(state: AppliedTemplate, messageId: string): number | null {
  const index = state.messages.findIndex((message) => message.id === messageId);
  return index < 0 || isHidden(state, index) ? null : index;
}

/**
 * Takes a message out of the play (hidden, and `sent` when it went out). The panel then shows the
 * next one still to play, or the one before when it was the last in order; with none left the
 * applied template is removed (null): sending or hiding the last message left ends the play.
 */
export function takeOut(state: AppliedTemplate, messageId: string, sent: boolean): AppliedOutcome {
  const index = indexOf(state, messageId);
  if (index === null) return { ok: false, code: 'messageNotFound' };
  const after: AppliedTemplate = {
    ...state,
    hiddenMessages: [...state.hiddenMessages, messageId],
    sentMessages: sent ? [...state.sentMessages, messageId] : state.sentMessages,
  };
  if (remaining(after) === 0) return { ok: true, state: null };
  const position = index === state.position || isHidden(after, state.position) ? (neighbour(after, index, 1) ?? neighbour(after, index, -1)!) : state.position;
  return { ok: true, state: { ...after, position } };
}

/**
 * The message as it is to be sent, or why it cannot be: it must still be in the play and have its
 * file.
 */
export function sendable(state: AppliedTemplate, messageId: string): { ok: true; message: AppliedMessage } | { ok: false; code: ErrorCode } {
  const index = indexOf(state, messageId);
  if (index === null) return { ok: false, code: 'messageNotFound' };
  const message = state.messages[index]!;
  return message.problem ? { ok: false, code: message.problem } : { ok: true, message };
}

/**
 * An edit for this party only. The text of a text or heading, or a media message's caption; voice,
 * audio and profile cards are never edited (as in the chat). `text` has passed the message text's
 * schema (a caption may be empty).
 */
export function editMessage(state: AppliedTemplate, messageId: string, text: string): AppliedOutcome {
  const index = indexOf(state, messageId);
  if (index === null) return { ok: false, code: 'messageNotFound' };
  const message = state.messages[index]!;
  if (!isEditableMessage(message.messageType)) return { ok: false, code: 'forbidden' };
  if (text === '' && !isMediaMessageType(message.messageType)) return { ok: false, code: 'messageEmpty' };
  const messages = state.messages.slice();
  messages[index] = { ...message, message: text, edited: true };
  return { ok: true, state: { ...state, messages } };
}

/** Continuing (only the same template): the state as it was, the panel open again. */
export function reopen(state: AppliedTemplate): AppliedTemplate {
  return { ...state, open: true };
}

export function clampDelay(delayMs: number): number {
  return Math.min(AUTOPLAY.maxDelayMs, Math.max(AUTOPLAY.minDelayMs, Math.round(delayMs)));
}

/**
 * Starts (or resumes, or re-times) the autoplay: the next message goes one delay from now, or at
 * `startAt` when it is scheduled (`scheduleProblem` has accepted that time).
 */
export function playOn(state: AppliedTemplate, delayMs: number, now: number, startAt: number | null = null): AppliedTemplate {
  const delay = clampDelay(delayMs);
  return { ...state, autoplay: { delayMs: delay, paused: false, nextAt: startAt ?? now + delay, startAt, error: null } };
}

/** How far ahead a start may be scheduled. */
export const SCHEDULE_MAX_AHEAD_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Why the autoplay cannot be scheduled to start at `startAt`, or null: it must lie ahead (within
 * `SCHEDULE_MAX_AHEAD_MS`) and before the party ends (`expiresAt`, null for never).
 */
export function scheduleProblem(startAt: number, now: number, expiresAt: number | null): ErrorCode | null {
  if (startAt <= now) return 'startInPast';
  if (startAt > now + SCHEDULE_MAX_AHEAD_MS) return 'startTooFar';
  if (expiresAt !== null && startAt >= expiresAt) return 'startAfterExpiry';
  return null;
}

export function pause(state: AppliedTemplate, error: ErrorCode | null = null): AppliedTemplate {
  if (!state.autoplay) return state;
  return { ...state, autoplay: { ...state.autoplay, paused: true, nextAt: null, startAt: null, error } };
}

export function stopPlaying(state: AppliedTemplate): AppliedTemplate {
  return { ...state, autoplay: null };
}

/** Its owner took the template back: it stops, and is kept only to say so. */
export function revoke(state: AppliedTemplate): AppliedTemplate {
  return { ...stopPlaying(state), revoked: true };
}

/** When the autoplay's next message is due; null when it is not running (never for a template taken back). */
export function autoplayDue(state: AppliedTemplate | null): number | null {
  return state?.autoplay && !state.autoplay.paused && !state.revoked ? state.autoplay.nextAt : null;
}

/** After a message went out while the autoplay runs: the next one a whole delay later. */
export function rescheduled(state: AppliedTemplate | null, now: number): AppliedTemplate | null {
  if (!state?.autoplay || state.autoplay.paused) return state;
  return { ...state, autoplay: { ...state.autoplay, nextAt: now + state.autoplay.delayMs, startAt: null } };
}

/** What PUT /parties/{id}/template asks of the applied template (schemas.ts checks its shape). */
export type AppliedAction =
  /** Previous/next: the neighbour still to play. */
  | { action: 'move'; position: number }
  | { action: 'hide'; messageId: string }
  | { action: 'edit'; messageId: string; message: string }
  /** Closes or reopens the panel; the play is kept. */
  | { action: 'open'; open: boolean }
  | { action: 'send'; messageId: string }
  /** Start, resume or re-time the autoplay; with `startAt`, its first message goes then. */
  | { action: 'autoplay'; delayMs: number; startAt?: number }
  | { action: 'pause' }
  | { action: 'stop' };
