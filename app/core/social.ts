import type { ChatMessage } from './messages';

/**
 * Reactions, the pinned message and the chat's search (ADR 043): what the room tells of them, and
 * the page's view of them. Free of zod, as the party page's first load imports it: the frames'
 * and the query's schemas are in social-schemas.ts. Who may do it is in permissions.ts.
 */

/** The reactions a member may put on a message: a small fixed set, so counts stay readable. */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '👏'] as const;
export type ReactionEmoji = (typeof REACTIONS)[number];

/**
 * One emoji on one message as a reader sees it: how many reacted, whether the reader did
 * (`mine`, for her own sockets) and who did (`who`, member ids, for the manager alone).
 * Each carries the whole state of its pair, so applying one twice or late changes nothing.
 */
export interface ReactionCount {
  messageId: string;
  emoji: ReactionEmoji;
  count: number;
  mine?: boolean;
  who?: string[];
}

export type SocialEvent =
  | ({ type: 'reaction' } & ReactionCount)
  /** After every welcome: every reaction of the party, as this reader sees them. */
  | { type: 'reactions'; reactions: ReactionCount[] }
  /** After every welcome, and whenever it changes: the pinned message, or null. */
  | { type: 'pinned'; message: ChatMessage | null };

/** A message's reactions on the page: per emoji its count, whether mine, and who (the manager's page). */
export type MessageReactions = Partial<Record<ReactionEmoji, { count: number; mine: boolean; who?: string[] }>>;

export interface SocialState {
  reactions: Record<string, MessageReactions>;
  pinned: ChatMessage | null;
}

export const initialSocialState: SocialState = { reactions: {}, pinned: null };

function withCount(reactions: Record<string, MessageReactions>, change: ReactionCount): Record<string, MessageReactions> {
  const current = reactions[change.messageId] ?? {};
  const before = current[change.emoji];
  const next: MessageReactions = { ...current };
  if (change.count <= 0) delete next[change.emoji];
  else
    next[change.emoji] = {
      count: change.count,
      mine: change.mine ?? before?.mine ?? false,
      ...((change.who ?? before?.who) ? { who: change.who ?? before?.who } : {}),
    };
  const all = { ...reactions, [change.messageId]: next };
  if (Object.keys(next).length === 0) delete all[change.messageId];
  return all;
}

/** The page's social state after one event of the room; other events leave it as it is. */
export function socialReducer(state: SocialState, event: { type: string }): SocialState {
  const social = event as SocialEvent | { type: 'updatedMessage'; message: ChatMessage };
  switch (social.type) {
    case 'reaction':
      return { ...state, reactions: withCount(state.reactions, social) };
    case 'reactions':
      return { ...state, reactions: social.reactions.reduce(withCount, {}) };
    case 'pinned':
      return { ...state, pinned: social.message };
    case 'updatedMessage':
      // The pinned message edited shows its new text; deleted, the room unpins it.
      return state.pinned?.id === social.message.id ? { ...state, pinned: social.message } : state;
    default:
      return state;
  }
}

// ---- search ------------------------------------------------------------------------------------

export const CHAT_SEARCH = {
  /** Longer input is refused: a search is a few words. */
  queryMax: 200,
  resultsMax: 30,
  /** Tokens in a hit's snippet (FTS5 takes at most 64). */
  snippetTokens: 12,
} as const;

/** A stretch of a hit's snippet: plain text, marked where a search word matched. Rendered as text, never HTML. */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

export interface ChatSearchHit {
  id: string;
  seq: number;
  senderName: string;
  timestamp: number;
  snippet: SnippetPart[];
}

/** What the index put around its matches, private-use characters; a message's own are dropped before (searchable). */
export const HIT_OPEN = '\uE000';
export const HIT_CLOSE = '\uE001';

/** A marked snippet from the index as parts; a mark without its partner ends where the text does. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let mark = false;
  for (const piece of marked.split(/([\uE000\uE001])/)) {
    if (piece === HIT_OPEN) mark = true;
    else if (piece === HIT_CLOSE) mark = false;
    else if (piece !== '') parts.push({ text: piece, mark });
  }
  return parts;
}

/** A message's text as the index holds it: without the characters the index marks hits with. */
export function searchable(text: string): string {
  return text.replace(/[\uE000\uE001]/g, '');
}
