import type { MessageMedia } from './chat-media';
import { LIMITS } from './limits';
import { truncate } from './text';

/**
 * The messages and members of a party as the server stores and sends them: plain types and pure
 * helpers, free of the protocol's schemas, so the party page's bundle does not carry zod.
 */

/** The API's message types, and the media ones (video, audio, document for a PDF). */
export const MESSAGE_TYPES = [
  'text',
  'photo',
  'voice',
  'video',
  'audio',
  'document',
  'profile',
  'heading',
  'heading2',
  'heading3',
  'product',
  'poll',
  'booking',
  'team',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const PARTY_ROLES = ['manager', 'host', 'guest'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export type SenderType = 'manager' | 'guest';

/** Someone in a party, as every participant sees them. */
export interface Member {
  id: string;
  firstName: string;
  lastName: string;
  role: PartyRole;
}

/**
 * A chat message as the server stores and sends it. A media message (chat-media.ts) also carries
 * its file's fields (`MessageMedia`, the API's names), and `message` is its caption (may be empty);
 * other messages have none of them.
 */
export interface ChatMessage extends Partial<MessageMedia> {
  id: string;
  /** The seq of the event that created it: its place in the party's order. */
  seq: number;
  tempId: string | null;
  sender: string;
  senderType: SenderType;
  senderName: string;
  messageType: MessageType;
  message: string;
  replyingTo: string | null;
  /** Server time, epoch milliseconds. */
  timestamp: number;
  editedAt: number | null;
  deleted: boolean;
  /** Copied here from another party by the manager; only the room's forwarding path sets it. */
  forwarded: boolean;
  /** Played from a template; only the room's template path sets it. */
  fromTemplate?: true;
}

export const HEADING_TYPES = ['heading', 'heading2', 'heading3'] as const satisfies readonly MessageType[];
export type HeadingType = (typeof HEADING_TYPES)[number];

/**
 * One line of the party's table of contents. The room keeps the whole party's headings (the
 * loaded pages hold only part of a long party); a deleted one stays in the list, marked deleted.
 */
export interface HeadingEntry {
  id: string;
  seq: number;
  level: HeadingType;
  /** Cut to what a table of contents shows, so a welcome stays small. */
  text: string;
  deleted: boolean;
}

export function isHeadingType(type: MessageType): type is HeadingType {
  return (HEADING_TYPES as readonly MessageType[]).includes(type);
}

/** The table-of-contents line of a heading message (null for any other message). */
export function headingEntry(message: Pick<ChatMessage, 'id' | 'seq' | 'messageType' | 'message' | 'deleted'>): HeadingEntry | null {
  if (!isHeadingType(message.messageType)) return null;
  return { id: message.id, seq: message.seq, level: message.messageType, text: truncate(message.message, LIMITS.headingIndexText), deleted: message.deleted };
}
