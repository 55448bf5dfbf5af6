import { generateNKeysBetween } from 'fractional-indexing';
import type { MessageMedia } from './chat-media';
import type { ErrorCode } from './errors';
import type { EntrySort } from './folders';
import { sortBy } from './folders';
import type { MediaState } from './media';
import type { MessageType } from './messages';

/**
 * Message templates (ADR 016): what the API sends, who may do what, and the order of a template's
 * messages. Folders, trash, moves and search are the media library's rules (folders.ts). A template
 * belongs to its owner; someone who added it through its share link is a recipient: they keep their
 * own place for it (a folder of theirs, their own trash) and may read and play it, never change it.
 */

/** A template or a template folder as the list shows it. */
export interface TemplateEntry {
  id: string;
  title: string;
  isFolder: boolean;
  /** Where it is for the one asking: their folder ids from the root joined by '/', empty for the root. */
  path: string;
  created: number;
  /** Any change to the template or its messages (the owner's; a recipient sees the owner's edits). */
  lastEdited: number;
  lastApplied: number | null;
  /** Set when it was put in the trash itself (for a recipient: their copy), not only with a folder. */
  trashedAt: number | null;
  /** In the trash: when it is deleted for good. */
  deletesAt: number | null;
  /** The owner's name when someone else shared it with the one asking; null for their own. */
  sharedBy: string | null;
  /** The owner only: how many have added it (recipients, trashed copies included). */
  sharedWith: number;
  /** The owner only, while shared: the token of the share link. */
  shareToken: string | null;
  /** Enables the move-messages mode: true for every template (all are ordered by rank), false for folders. */
  usesRank: boolean;
}

export interface TemplateListing {
  path: string;
  /** Folders first, then templates (own and shared with me), in the order asked for. */
  entries: TemplateEntry[];
}

/**
 * A template's message. A media message names an item of the owner's library by `mediaId`; its file
 * fields (`MessageMedia`, the chat's names) are read from the item, and are absent when the item is
 * gone (deleted for good). `message` is the text, a media message's caption, or a profile card's
 * JSON.
 */
export interface TemplateMessage extends Partial<MessageMedia> {
  id: string;
  templateId: string;
  /** Its place: messages are ordered by rank (plain string order). */
  rank: string;
  messageType: MessageType;
  message: string;
  mediaId: string | null;
  /** The library item's state and whether it has a preview, for the editor's card (its title is `mediaTitle`). */
  mediaState?: MediaState;
  hasPreview?: boolean;
  /** The item is in its owner's trash: the message cannot be played until it is restored. */
  mediaTrashed?: boolean;
  created: number;
  lastEdited: number;
}

/** One template with its messages in order, and the asker's standing towards it. */
export interface TemplateDetail extends TemplateEntry {
  role: Exclude<TemplateRole, 'stranger'>;
  messages: TemplateMessage[];
}

/** What the share link shows before it is accepted: title and sharer, nothing else. */
export interface SharePreview {
  title: string;
  sharedBy: string;
}

/** A listing in the shared order (folders.ts `sortBy`): folders first, by date (created) or A–Z. */
export function sortTemplates(entries: readonly TemplateEntry[], sort: EntrySort): TemplateEntry[] {
  return sortBy(entries, sort, (entry) => ({ id: entry.id, title: entry.title, created: entry.created, isFolder: entry.isFolder }));
}

/** Who the asker is for a template: its owner, someone who added it through its link, or no one. */
export type TemplateRole = 'owner' | 'recipient' | 'stranger';

export type TemplateAction =
  /** Open it, list it, play it into a party. */
  | 'read'
  /** Rename, trash or restore the template, change its messages, move it between folders. */
  | 'edit'
  /** Create or stop its share link; see how many use it. */
  | 'share'
  /** Put one's own place for it in a folder, trash or restore it (a recipient's copy). */
  | 'place'
  /** Delete it for good from the trash, before the cron would (ADR 038). */
  | 'purge';

/**
 * The owner does everything; a recipient reads it and keeps their copy where they like, but changes
 * nothing of the template and cannot share it again; a stranger nothing.
 */
export function mayOnTemplate(role: TemplateRole, action: TemplateAction): boolean {
  if (role === 'owner') return true;
  if (role === 'recipient') return action === 'read' || action === 'place';
  return false;
}

/** The error for an action refused to `role`: a stranger learns nothing of the template. */
export function refusal(role: TemplateRole): ErrorCode {
  return role === 'stranger' ? 'templateNotFound' : 'templateReadOnly';
}

/**
 * The hidden placeholder message (ADR 038): a text message whose whole text is this identifier
 * holds a template's place without being one of its messages. The server never lists, plays,
 * copies or forwards it (worker/db/templates.ts leaves it out of every read), and refuses it as
 * the text of a message anyone writes, so nothing a consultant typed can vanish.
 */
export const TEMPLATE_PLACEHOLDER = '#salon:template-placeholder#';

export function isTemplatePlaceholder(text: string): boolean {
  return text.trim() === TEMPLATE_PLACEHOLDER;
}

/** No edit of audio, voice, profile messages or cards, as in the chat (a caption of a photo may change). */
const NOT_EDITABLE: ReadonlySet<MessageType> = new Set(['voice', 'audio', 'profile', 'product', 'poll', 'booking', 'team']);

export function isEditableMessage(type: MessageType): boolean {
  return !NOT_EDITABLE.has(type);
}

/** A share link's token: 128 random bits in base64url (22 characters). */
export const SHARE_TOKEN_BYTES = 16;

export function isShareToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(token);
}

// ---- order -----------------------------------------------------------------------------------

export interface Ranked {
  id: string;
  rank: string;
}

/** Plain code-unit order: what fractional-indexing and SQLite's BINARY collation both use. */
export function byRank(a: Ranked, b: Ranked): number {
  return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0;
}

/**
 * The rank of a new message placed before `beforeId` (the insert point), or at the end for null.
 * `ordered` is the template's messages in rank order. Null when `beforeId` is not one of them.
 */
export function rankBefore(ordered: readonly Ranked[], beforeId: string | null): string | null {
  return ranksBefore(ordered, beforeId, 1)?.[0] ?? null;
}

/** `count` ranks for new messages placed, in this order, before `beforeId` (or at the end). */
export function ranksBefore(ordered: readonly Ranked[], beforeId: string | null, count: number): string[] | null {
  const at = beforeId === null ? ordered.length : ordered.findIndex((message) => message.id === beforeId);
  if (at < 0) return null;
  return generateNKeysBetween(ordered[at - 1]?.rank ?? null, ordered[at]?.rank ?? null, count);
}

export type MoveResult = { ranks: Map<string, string> } | { error: ErrorCode };

/**
 * New ranks for moving `movedIds` (in their present order) before `beforeId`, or to the end for
 * null (one or many move to the chosen point). Only the moved messages get a rank; no other row
 * changes. Nothing moves when they already stand together right there (dropping on the same place).
 * Moving before one of the moved messages means before the first message after it that stays.
 */
export function moveRanks(ordered: readonly Ranked[], movedIds: readonly string[], beforeId: string | null): MoveResult {
  const moving = new Set(movedIds);
  if (moving.size !== movedIds.length) return { error: 'invalidInput' };
  const known = new Set(ordered.map((message) => message.id));
  if ([...moving].some((id) => !known.has(id)) || (beforeId !== null && !known.has(beforeId))) return { error: 'messageNotFound' };
  let target = beforeId;
  if (target !== null && moving.has(target)) {
    const from = ordered.findIndex((message) => message.id === target);
    target = ordered.slice(from).find((message) => !moving.has(message.id))?.id ?? null;
  }
  const staying = ordered.filter((message) => !moving.has(message.id));
  const moved = ordered.filter((message) => moving.has(message.id));
  const at = target === null ? staying.length : staying.findIndex((message) => message.id === target);
  const lower = staying[at - 1]?.rank ?? null;
  const upper = staying[at]?.rank ?? null;
  // Already in place: together, in order, between the same neighbours.
  const first = ordered.findIndex((message) => moving.has(message.id));
  const together = ordered.slice(first, first + moved.length).every((message) => moving.has(message.id));
  const before = ordered[first - 1]?.rank ?? null;
  const after = ordered[first + moved.length]?.rank ?? null;
  if (together && before === lower && after === upper) return { ranks: new Map() };
  const ranks = generateNKeysBetween(lower, upper, moved.length);
  return { ranks: new Map(moved.map((message, index) => [message.id, ranks[index]!])) };
}
