import type { ChatMessage, Member } from './messages';
import type { CardType } from './cards';

/**
 * Self-service export (ADR 062): what the export page and the API say of a running or finished
 * export, and the shapes of what a party's room hands the export job. The archive's own format is
 * described in ADR 062 and written by worker/export/.
 */

export const EXPORT_STATES = ['running', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** The mailed download link works this long, and once. */
export const EXPORT_LINK_TTL_MS = 24 * 3_600_000;
/** A finished archive is kept this long after it was made; then the daily cron deletes it. */
export const EXPORT_KEEP_MS = 7 * 24 * 3_600_000;
/** The export page asks for progress this often while the job runs. */
export const EXPORT_POLL_MS = 2_000;
/** Fresh links for one archive: at most this many mails (a lost mail, a link opened too early). */
export const EXPORT_LINK_SENDS = 5;

/** The export Queue's message: the export to work on (worker/services/export.ts). */
export interface ExportJob {
  exportId: string;
}

/** An export as its owner's page sees it. */
export interface ExportStatus {
  id: string;
  state: ExportState;
  /** collect: reading the account; pack: writing the archive. */
  phase: 'collect' | 'pack' | 'done';
  filesTotal: number;
  filesDone: number;
  /** The archive's bytes so far (its size once ready). */
  bytes: number;
  createdAt: number;
  finishedAt: number | null;
  /** Until when the archive is kept (ready only). */
  keptUntil: number | null;
  /** The mailed link: until when it works, and whether it was used. */
  link: { expiresAt: number; used: boolean } | null;
}

/** What the export endpoint answers: the person's newest export, if any. */
export interface ExportAnswer {
  export: ExportStatus | null;
  /** Where the link is mailed (the account's address). */
  email: string | null;
}

/** A member of a party as the consultant's export lists them: with removal and how far they read. */
export interface ExportMember extends Member {
  removed: boolean;
  seenSeq: number;
}

/** A card's (product, poll or lead) state and every member's choice, for the consultant's export. */
export interface ExportCard {
  messageId: string;
  kind: CardType;
  multiple: boolean;
  correct: number[] | null;
  closedAt: number | null;
  /** Member id → chosen options (a product's "I want this" is option 0). */
  choices: Record<string, number[]>;
}

/** A page of a party's whole log for its manager's export, oldest first. */
export interface RoomExportPage {
  /** Everyone who was ever a member (first page only; empty after). */
  members: ExportMember[];
  messages: ChatMessage[];
  /** Message id → emoji → member ids. */
  reactions: Record<string, Record<string, string[]>>;
  cards: ExportCard[];
  /** The last seq of this page: the next page starts after it. */
  lastSeq: number;
  hasMore: boolean;
}

/**
 * A guest's own message with its context line (ADR 062): the message she replied to, shortened,
 * and who wrote it only when that was the party's consultant or herself; another guest is "a guest".
 */
export interface GuestExportMessage {
  message: ChatMessage;
  context: ExportContext | null;
}

export interface ExportContext {
  /** Empty for a deleted message. */
  text: string;
  by: 'manager' | 'self' | 'guest';
  managerName: string | null;
}

export interface GuestExportPage {
  messages: GuestExportMessage[];
  /** Her "I want this" and votes (first page only): the card's text and her options. */
  choices: { kind: CardType; card: string; options: number[] }[];
  /** Her reactions (first page only), each with the line of the message it is on. */
  reactions: { emoji: string; context: ExportContext | null }[];
  lastSeq: number;
  hasMore: boolean;
}

/** The context line's length. */
export const EXPORT_CONTEXT_CHARS = 160;
