import { messageMedia } from './chat-media';
import type { ChatMessage, HeadingEntry } from './messages';
import { headingEntry } from './messages';
import type { TemplateMessage } from './templates';
import { byRank } from './templates';

/**
 * The template editor's rules that are not the server's: which mode the screen is in, where a drop
 * puts a message, and how a template message is shown with the chat's components.
 */

/**
 * The template's screen modes are exclusive. Selecting modes carry the selection; leaving any of
 * them (cancel) returns to normal and forgets it.
 */
export type EditorMode =
  { kind: 'normal' } | { kind: 'massDelete' | 'forward' | 'move'; selected: ReadonlySet<string> } | { kind: 'editing'; messageId: string };

export const NORMAL: EditorMode = { kind: 'normal' };

export function selecting(kind: 'massDelete' | 'forward' | 'move'): EditorMode {
  return { kind, selected: new Set() };
}

/** The mode with one message's selection flipped; other modes are left as they are. */
export function toggleSelected(mode: EditorMode, id: string): EditorMode {
  if (mode.kind !== 'massDelete' && mode.kind !== 'forward' && mode.kind !== 'move') return mode;
  const selected = new Set(mode.selected);
  if (!selected.delete(id)) selected.add(id);
  return { kind: mode.kind, selected };
}

export function selectedIds(mode: EditorMode, ordered: readonly { id: string }[]): string[] {
  if (mode.kind !== 'massDelete' && mode.kind !== 'forward' && mode.kind !== 'move') return [];
  return ordered.filter((message) => mode.selected.has(message.id)).map((message) => message.id);
}

/**
 * A drop at the same index does nothing; otherwise the message goes before the one now at the
 * target index, or to the end. Returns the `newNextId` for the move call (null: the end), or
 * undefined when nothing moves.
 */
export function dropTarget(ids: readonly string[], activeId: string, overId: string): string | null | undefined {
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0 || from === to) return undefined;
  // Moving down, the message lands after the one it was dropped on.
  const after = from < to ? ids[to + 1] : ids[to];
  return after ?? null;
}

/** The order after moving `movedIds` (in their present order) before `beforeId`, or to the end. */
export function reordered<T extends { id: string }>(ordered: readonly T[], movedIds: readonly string[], beforeId: string | null): T[] {
  const moving = new Set(movedIds);
  const moved = ordered.filter((message) => moving.has(message.id));
  const staying = ordered.filter((message) => !moving.has(message.id));
  let at = beforeId === null ? staying.length : staying.findIndex((message) => message.id === beforeId);
  if (at < 0) {
    // Before one of the moved: before the first message after it that stays.
    const from = ordered.findIndex((message) => message.id === beforeId);
    const next = ordered.slice(from).find((message) => !moving.has(message.id));
    at = next ? staying.indexOf(next) : staying.length;
  }
  return [...staying.slice(0, at), ...moved, ...staying.slice(at)];
}

/** The messages with the server's answer for some of them (new ranks, text), in rank order. */
export function withChanges(messages: readonly TemplateMessage[], changed: readonly TemplateMessage[]): TemplateMessage[] {
  const byId = new Map(changed.map((message) => [message.id, message]));
  return messages.map((message) => byId.get(message.id) ?? message).sort(byRank);
}

/** The template's author, as the bubbles show it: every message is the template's own. */
export const TEMPLATE_SENDER = 'template';

/**
 * A template message in the chat's shape, so the party's message components show it the same way
 * (own bubble, formatting, media). `senderName` names who made the template. `seq` is 0: a template
 * message has no place in a party's sequence (the list's order is the template's), and a move
 * leaves every other message's object as it was, so their rows need not render again.
 */
export function asChatMessage(message: TemplateMessage, senderName: string): ChatMessage {
  return {
    id: message.id,
    seq: 0,
    tempId: null,
    sender: TEMPLATE_SENDER,
    senderType: 'manager',
    senderName,
    messageType: message.messageType,
    message: message.message,
    replyingTo: null,
    timestamp: message.created,
    editedAt: null,
    deleted: false,
    forwarded: false,
    ...messageMedia(message),
  };
}

/** The table of contents of a template: its headings in order; a click scrolls to one. */
export function templateHeadings(messages: readonly TemplateMessage[]): HeadingEntry[] {
  return messages.flatMap((message, index) => {
    const entry = headingEntry({ id: message.id, seq: index + 1, messageType: message.messageType, message: message.message, deleted: false });
    return entry ? [entry] : [];
  });
}
