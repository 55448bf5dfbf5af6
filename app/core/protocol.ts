import { z } from './zod';
import type { ErrorCode } from './errors';
import { LIMITS } from './limits';
import { CaptionTextSchema, ChangeNameSchema, MessageBodyShape, TempIdSchema, checkMessageBody } from './schemas';
import { MESSAGE_TYPES } from './messages';
import type { ChatMessage, HeadingEntry, Member, MessageType } from './messages';
import type { AppliedTemplate } from './applied-template';
import type { RosterMode } from './roster';
import type { SocialEvent } from './social';
import { PinShape, ReactShape } from './social-schemas';
import type { CardTallyEvent } from './cards';
import { CARD_ERROR_CODES, CardChoiceEventSchema, ClosePollEventSchema } from './card-schemas';
import type { RaffleEvent } from './raffle';
import { DrawRaffleEventSchema } from './raffle-schemas';
import type { LiveEvent } from './live';
import { WatchLiveEventSchema } from './live-schemas';

/**
 * The realtime protocol between the party page (or the mobile app) and the PartyRoom. Event names
 * are the product's own (newMessage, partyDeleted, …), which the mobile app speaks too. A client
 * that speaks another version is told to reload.
 */
export { PING_FRAME, PONG_FRAME, PROTOCOL_VERSION } from './protocol-version';

export * from './messages';

export const MessageTypeSchema = z.enum(MESSAGE_TYPES, { error: 'invalidInput' });

/** A change to the message log. `seq` is per party and gap-free. */
export type ChatEvent = { type: 'newMessage'; seq: number; message: ChatMessage } | { type: 'updatedMessage'; seq: number; message: ChatMessage };

// ---- client → server -------------------------------------------------------------------------

export const ClientEventSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('join'),
      protocolVersion: z.number().int(),
      /** The last seq this client applied; null or absent asks for a fresh snapshot. */
      lastSeq: z.number().int().min(0).nullable().optional(),
      /**
       * The client speaks the compact protocol (ADR 035): batch and presence frames, a paged welcome.
       * A client that does not say so gets the product's events one per frame and the whole roster.
       */
      batch: z.boolean().optional(),
    }),
    z.object({ type: z.literal('iAmOnline') }),
    z
      .object({
        type: z.literal('sendMessage'),
        tempId: TempIdSchema,
        messageType: MessageTypeSchema,
        replyingTo: z.uuid({ error: 'invalidInput' }).nullable().optional(),
        ...MessageBodyShape,
      })
      .superRefine(checkMessageBody),
    z.object({
      type: z.literal('updateMessage'),
      messageId: z.uuid({ error: 'invalidInput' }),
      // A caption may be emptied; whether the message is one with a caption is the room's question.
      message: CaptionTextSchema,
    }),
    z.object({
      type: z.literal('updateSeen'),
      /** The newest seq the member has seen. */
      seq: z.number().int().min(0),
    }),
    z.object({ type: z.literal('guestUpdate'), ...ChangeNameSchema.shape }),
    /** A page of the roster (app/core/roster.ts), from this position in its order. */
    z.object({ type: z.literal('members'), offset: z.number().int().min(0) }),
    /** Reactions and the pinned message (app/core/social.ts, ADR 043). */
    z.object(ReactShape),
    z.object(PinShape),
    CardChoiceEventSchema,
    ClosePollEventSchema,
    DrawRaffleEventSchema,
    WatchLiveEventSchema,
  ],
  { error: 'unknownEvent' },
);
export type ClientEvent = z.infer<typeof ClientEventSchema>;

/**
 * PUT /parties/{id}/updateSeen: the socket's `updateSeen` over HTTP. `seq` as the socket says it, or
 * the specification's `timestamp` (epoch ms: every message sent at or before it); its `guestId`,
 * when sent, names the asker (worker/api/party-messages.ts).
 */
export const UpdateSeenSchema = z
  .object({
    seq: z.number({ error: 'invalidInput' }).int({ error: 'invalidInput' }).min(0, { error: 'invalidInput' }).optional(),
    timestamp: z.number({ error: 'invalidInput' }).int({ error: 'invalidInput' }).min(0, { error: 'invalidInput' }).optional(),
    guestId: z.string({ error: 'invalidInput' }).max(64, { error: 'invalidInput' }).optional(),
  })
  .refine((body) => (body.seq === undefined) !== (body.timestamp === undefined), { error: 'invalidInput' });

export type ClientEventType = ClientEvent['type'];

// ---- server → client -------------------------------------------------------------------------

export interface PartySnapshot {
  partyId: string;
  me: Member;
  /** Everyone (`roster: 'full'`), or the roster's first page in a large room (app/core/roster.ts). */
  members: Member[];
  /** The online members among `members`. */
  online: string[];
  /** Active members, the manager included, and how many of them are online. */
  memberCount: number;
  onlineCount: number;
  roster: RosterMode;
  restrictedMessaging: boolean;
  /** Past its expiry, by the room's clock: guests see it ended, the manager reads it. */
  expired: boolean;
  /** Newest seen seq per member id: every member's for the manager (the receipts are hers), the reader's own for everyone else. */
  seen: Record<string, number>;
  /** The party's latest seq when this was taken. */
  seq: number;
}

export type ServerEvent =
  | ({
      type: 'welcome';
      protocolVersion: number;
      /**
       * snapshot: `messages` is the newest page and replaces what the client had;
       * replay: `events` are every change after the client's lastSeq, in order.
       */
      mode: 'snapshot' | 'replay';
      messages: ChatMessage[];
      hasMore: boolean;
      events: ChatEvent[];
      /** snapshot: every heading of the party, in order; replay: empty (the events carry changes). */
      headings: HeadingEntry[];
    } & PartySnapshot)
  | { type: 'ack'; tempId: string; seq: number; message: ChatMessage }
  | ChatEvent
  | PresenceEvent
  | { type: 'members'; offset: number; memberCount: number; members: Member[]; online: string[] }
  /** The product's presence events, for clients that do not join with `batch` (ADR 035). */
  | { type: 'userJoined'; member: Member }
  | { type: 'userLeft'; memberId: string }
  | { type: 'updatedSeen'; memberId: string; seq: number }
  /** Several events in one frame, in their order: a busy room's turn (ADR 035). */
  | { type: 'batch'; events: ServerEvent[] }
  /** The answer to the heartbeat frame of the same name; for clients without `batch`, also a member coming online. */
  | { type: 'iAmOnline'; memberId: string }
  | { type: 'guestUpdate'; member: Member }
  | { type: 'updateRestriction'; partyId: string; restrictedMessaging: boolean }
  | { type: 'reloadMessages'; partyId: string }
  /** The party ended (its expiry arrived or was edited into the past) or, edited back, goes on. */
  | { type: 'updateExpiry'; partyId: string; expired: boolean }
  | { type: 'partyDeleted'; partyId: string }
  /** The same event under its other name in the product's protocol; clients accept both. */
  | { type: 'deleteParty'; partyId: string }
  | { type: 'guestRemoved'; guestId: string }
  /** To the manager's sockets only: the template being played into the party, or null for none. */
  | { type: 'appliedTemplate'; applied: AppliedTemplate | null }
  | SocialEvent
  | CardTallyEvent
  | RaffleEvent
  | LiveEvent
  /** To the manager and the host: how many reports they have open (ADR 064). */
  | { type: 'reportsOpen'; count: number }
  | { type: 'error'; code: ErrorCode; tempId?: string };

export type ServerEventType = ServerEvent['type'];

/**
 * What changed in the roster since the room's previous presence frame, net (a guest who went
 * offline and came back within it is no change), with the counts after it. Guests of a large room
 * hear of the manager and hosts only; `seen` is every member's for the manager, one's own otherwise.
 */
export interface PresenceEvent {
  type: 'presence';
  memberCount: number;
  onlineCount: number;
  joined?: Member[];
  online?: string[];
  offline?: string[];
  seen?: Record<string, number>;
}

/** Byte length of a frame as UTF-8, without allocating for ASCII-only text. */
export function frameBytes(frame: string): number {
  let bytes = 0;
  for (let i = 0; i < frame.length; i++) {
    const code = frame.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export type ParsedFrame = { ok: true; event: ClientEvent } | { ok: false; code: ErrorCode; tempId?: string };

/** Size cap, JSON.parse in a try, then the schema. Never throws. */
export function parseClientFrame(frame: string | ArrayBuffer): ParsedFrame {
  if (typeof frame !== 'string') return { ok: false, code: 'invalidFrame' };
  if (frame.length > LIMITS.frameBytesMax || frameBytes(frame) > LIMITS.frameBytesMax) {
    return { ok: false, code: 'frameTooLarge' };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(frame);
  } catch {
    return { ok: false, code: 'invalidFrame' };
  }
  const parsed = ClientEventSchema.safeParse(raw);
  if (parsed.success) return { ok: true, event: parsed.data };
  const tempId = tempIdOf(raw);
  const first = parsed.error.issues[0];
  let code: ErrorCode = 'invalidFrame';
  if (first && first.path.length === 1 && first.path[0] === 'type') code = 'unknownEvent';
  else if (
    first?.message &&
    ['messageEmpty', 'messageTooLong', 'invalidText', 'invalidName', 'unknownEvent', 'mediaTypeMismatch', ...CARD_ERROR_CODES].includes(first.message)
  ) {
    code = first.message as ErrorCode;
  }
  return tempId ? { ok: false, code, tempId } : { ok: false, code };
}

function tempIdOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const tempId = (raw as { tempId?: unknown }).tempId;
  return TempIdSchema.safeParse(tempId).success ? (tempId as string) : undefined;
}
