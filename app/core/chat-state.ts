import type { AppliedTemplate } from './applied-template';
import type { LiveState } from './live';
import type { ErrorCode } from './errors';
import { isFinalSendError } from './errors';
import type { ChatEvent, ChatMessage, HeadingEntry, Member, MessageType, PresenceEvent, ServerEvent } from './protocol';
import type { RosterMode } from './roster';
import { headingEntry } from './messages';
import type { SocialState } from './social';
import { initialSocialState, socialReducer } from './social';
import type { CardTally } from './cards';
import { applyCardEvent } from './cards';

/**
 * The party page's view of a chat, as a pure reducer. It applies server events in `seq` order,
 * exactly once; a gap means events were missed and the page must resume from `lastSeq`.
 */
export interface PendingMessage {
  tempId: string;
  message: string;
  messageType: MessageType;
  replyingTo: string | null;
  /** A media message's file, uploaded (or offered from the library) before the message is queued. */
  mediaAttachment?: string;
  createdAt: number;
  status: 'sending' | 'failed';
  error?: ErrorCode;
}

/** `offline`: the browser says it has no network; messages queue until it is back. */
export type Connection = 'connecting' | 'open' | 'closed' | 'offline';

export interface ChatState {
  connection: Connection;
  /** Set once the room answered `join`. */
  ready: boolean;
  me: Member | null;
  /** Messages in seq order; at most one per id. */
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** The newest seq applied; null before the first welcome. */
  lastSeq: number | null;
  hasMore: boolean;
  /**
   * The loaded messages stop short of the newest (after a jump far back): newer pages load on
   * scrolling down, and live messages are not appended until the window reaches the newest.
   */
  hasNewer: boolean;
  /** The whole party's table of contents, kept current by the events of heading messages. */
  headings: HeadingEntry[];
  /** The members known: everyone when `roster` is 'full', else the pages loaded so far. */
  members: Member[];
  /** The online ones among `members`. */
  online: string[];
  /** The room's word on how many members it has and how many are online. */
  memberCount: number;
  onlineCount: number;
  roster: RosterMode;
  /** Every member's for the manager; one's own for everyone else (PartySnapshot.seen). */
  seen: Record<string, number>;
  restrictedMessaging: boolean;
  /** The room says the party is over; the manager still reads it, guests see it ended. */
  expired: boolean;
  /**
   * Terminal states the page shows instead of the chat (a deleted party shows as expired);
   * `signedOut`: the manager's session ended while the page was open (ADR 020).
   */
  ended: null | 'expired' | 'removed' | 'notFound' | 'signedOut';
  /** The client must resume: events were missed, or the room asked for a reload. */
  needsResync: null | 'resume' | 'reload';
  lastError: ErrorCode | null;
  /** The manager's page only: the template being played into the party (the room's word). */
  applied: AppliedTemplate | null;
  /** The party's live video (app/core/live.ts): the show on air, if any (the room's word). */
  live: LiveState;
  /** The manager's and the host's open reports of abuse (ADR 064); 0 for everyone else. */
  reportsOpen: number;
  /** Reactions and the pinned message, as the room last told (app/core/social.ts). */
  social: SocialState;
  /** Product cards' and polls' tallies by message id, as the room last told this member (app/core/cards.ts). */
  cards: Record<string, CardTally>;
}

export type Ended = NonNullable<ChatState['ended']>;

/** The errors of the party's info that end the chat, as the view each one shows (page and socket alike). */
export const ENDED_BY_ERROR: Partial<Record<ErrorCode, Ended>> = { partyNotFound: 'notFound', partyExpired: 'expired', removed: 'removed' };

/** Whether a failed message may be sent again (its "tap to resend"). */
export function mayResend(pending: PendingMessage): boolean {
  return pending.status === 'failed' && !(pending.error && isFinalSendError(pending.error));
}

export const initialChatState: ChatState = {
  connection: 'connecting',
  ready: false,
  me: null,
  messages: [],
  pending: [],
  lastSeq: null,
  hasMore: false,
  hasNewer: false,
  headings: [],
  members: [],
  online: [],
  memberCount: 0,
  onlineCount: 0,
  roster: 'full',
  seen: {},
  restrictedMessaging: false,
  expired: false,
  ended: null,
  needsResync: null,
  lastError: null,
  applied: null,
  live: { show: null, hostsMayGoLive: false },
  reportsOpen: 0,
  social: initialSocialState,
  cards: {},
};

export type ChatAction =
  | { type: 'server'; event: ServerEvent }
  | { type: 'connection'; connection: Connection }
  | { type: 'queued'; tempId: string; message: string; messageType?: MessageType; replyingTo?: string | null; mediaAttachment?: string; at: number }
  | { type: 'retry'; tempId: string }
  /** Messages kept from an earlier visit (the outbox), put among the waiting ones by age. */
  | { type: 'restored'; pending: PendingMessage[] }
  /** A message that was not sent, put away by its writer. */
  | { type: 'discard'; tempId: string }
  | { type: 'olderLoaded'; messages: ChatMessage[]; hasMore: boolean }
  /** A page that replaces the loaded window: around a jump target, or the newest. `seq`: the room's when it answered. */
  | { type: 'windowLoaded'; messages: ChatMessage[]; hasMore: boolean; hasNewer: boolean; seq: number }
  | { type: 'newerLoaded'; messages: ChatMessage[]; hasNewer: boolean; seq: number }
  | { type: 'ended'; reason: NonNullable<ChatState['ended']> }
  | { type: 'failed'; code: ErrorCode | null };

/** Inserts or replaces by id, keeping seq order. Most arrivals are the newest: append fast. */
export function upsertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  const last = messages[messages.length - 1];
  if (!last || last.seq < message.seq) return [...messages, message];
  const index = messages.findIndex((m) => m.id === message.id);
  if (index >= 0) {
    const next = messages.slice();
    next[index] = message;
    return next;
  }
  const at = messages.findIndex((m) => m.seq > message.seq);
  if (at < 0) return [...messages, message];
  return [...messages.slice(0, at), message, ...messages.slice(at)];
}

function mergeOlder(messages: ChatMessage[], older: ChatMessage[]): ChatMessage[] {
  const known = new Set(messages.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...messages].sort((a, b) => a.seq - b.seq);
}

/**
 * A message older than the loaded page while older pages exist is left for that page to bring:
 * putting it in now would make it the oldest loaded message, and paging back from it would skip
 * everything between.
 */
function beyondLoaded(state: ChatState, message: ChatMessage): boolean {
  const oldest = state.messages[0];
  const newest = state.messages[state.messages.length - 1];
  // Likewise a message newer than a window that stops short of the newest: the next newer page brings it.
  return (state.hasMore && oldest !== undefined && message.seq < oldest.seq) || (state.hasNewer && newest !== undefined && message.seq > newest.seq);
}

/** The table of contents follows every heading change, loaded or not; an erased heading leaves it. */
function withHeading(headings: HeadingEntry[], message: ChatMessage): HeadingEntry[] {
  const entry = headingEntry(message);
  if (!entry) return headings.some((heading) => heading.id === message.id) ? headings.filter((heading) => heading.id !== message.id) : headings;
  const index = headings.findIndex((heading) => heading.id === entry.id);
  if (index >= 0) return headings.map((heading, i) => (i === index ? entry : heading));
  return [...headings, entry].sort((a, b) => a.seq - b.seq);
}

/**
 * A page fetched over HTTP reflects the room at its `seq`. Changes after that, which the socket
 * already delivered, may have been skipped (beyond the window) or overwritten by the page: rewind
 * and resume from the page's seq, and the room replays them.
 */
function afterPage(state: ChatState, seq: number): ChatState {
  // Nothing from the room yet (a party opened offline, from the page the service worker kept):
  // the page's seq is where the room resumes once the socket joins.
  if (state.lastSeq === null) return { ...state, lastSeq: seq };
  return seq < state.lastSeq ? { ...state, lastSeq: seq, needsResync: 'resume' } : state;
}

function withoutPending(pending: PendingMessage[], tempId: string | null): PendingMessage[] {
  return tempId === null ? pending : pending.filter((p) => p.tempId !== tempId);
}

/** Applies one seq'd change; a change from the future means a gap. */
function applyChange(state: ChatState, seq: number, message: ChatMessage): ChatState {
  const lastSeq = state.lastSeq ?? 0;
  if (seq > lastSeq + 1) return { ...state, needsResync: 'resume' };
  const pending = message.sender === state.me?.id ? withoutPending(state.pending, message.tempId) : state.pending;
  if (seq <= lastSeq) {
    // Already applied (a duplicate ack, or a replay that overlapped): keep the newest copy.
    const current = state.messages.find((m) => m.id === message.id);
    const newer = !current || (message.editedAt ?? 0) >= (current.editedAt ?? 0);
    const keep = !newer || beyondLoaded(state, message);
    const headings = newer ? withHeading(state.headings, message) : state.headings;
    return { ...state, pending, headings, messages: keep ? state.messages : upsertMessage(state.messages, message) };
  }
  const messages = beyondLoaded(state, message) ? state.messages : upsertMessage(state.messages, message);
  return { ...state, pending, lastSeq: seq, messages, headings: withHeading(state.headings, message) };
}

function applyEvents(state: ChatState, events: ChatEvent[]): ChatState {
  let next = state;
  for (const event of events) {
    next = applyChange(next, event.seq, event.message);
    if (next.needsResync) break;
  }
  return next;
}

/**
 * The party ended or, its expiry edited back, goes on. Ended: what waits to be sent can no longer
 * be, and shows so (kept, not dropped); a guest's page ends. Going on: those become resendable,
 * and a guest whose page ended with it (its socket still open) is back in the chat.
 */
function setExpired(state: ChatState, expired: boolean): ChatState {
  if (expired) {
    const pending = state.pending.map((p) => (p.status === 'sending' ? { ...p, status: 'failed' as const, error: 'partyExpired' as const } : p));
    const ended = state.ended ?? (state.me && state.me.role !== 'manager' ? 'expired' : null);
    return { ...state, expired, pending, ended };
  }
  const pending = state.pending.map(({ error, ...p }) => (error === 'partyExpired' ? p : { ...p, ...(error ? { error } : {}) }));
  return { ...state, expired, pending, ended: state.ended === 'expired' ? null : state.ended };
}

function onServerEvent(state: ChatState, event: ServerEvent): ChatState {
  switch (event.type) {
    case 'welcome': {
      // A rejoin to a large room keeps the members this page had paged in (the list a guest scrolled
      // through does not shrink back to the first page under her); the welcome's page refreshes its own.
      const keep = event.roster === 'page' && state.roster === 'page' && state.me?.id === event.me.id;
      const roster = keep ? withPage(state, event.members, event.online, event.memberCount) : { members: event.members, online: event.online };
      const base: ChatState = {
        ...state,
        ready: true,
        me: event.me,
        members: roster.members,
        online: roster.online,
        memberCount: event.memberCount,
        onlineCount: event.onlineCount,
        roster: event.roster,
        seen: event.seen,
        restrictedMessaging: event.restrictedMessaging,
        needsResync: null,
      };
      if (event.mode === 'replay') return withExpiry(applyEvents(base, event.events), event.expired);
      const acked = new Set(event.messages.filter((m) => m.sender === event.me.id).map((m) => m.tempId));
      return withExpiry(
        {
          ...base,
          messages: event.messages,
          hasMore: event.hasMore,
          hasNewer: false,
          headings: event.headings,
          lastSeq: event.seq,
          pending: state.pending.filter((p) => !acked.has(p.tempId)),
        },
        event.expired,
      );
    }
    case 'ack':
      return applyChange(state, event.seq, event.message);
    case 'newMessage':
      return applyChange(state, event.seq, event.message);
    case 'updatedMessage':
      return { ...applyChange(state, event.seq, event.message), social: socialReducer(state.social, event) };
    case 'reaction':
    case 'reactions':
    case 'pinned':
      return { ...state, social: socialReducer(state.social, event) };
    case 'guestUpdate': {
      const me = state.me?.id === event.member.id ? event.member : state.me;
      // A large room tells of renames of members this page may not have loaded: only known ones change.
      const known = state.members.some((m) => m.id === event.member.id);
      const members = known ? state.members.map((m) => (m.id === event.member.id ? event.member : m)) : state.members;
      return { ...state, me, members };
    }
    case 'presence':
      return withPresence(state, event);
    case 'members':
      return withPage(state, event.members, event.online, event.memberCount);
    case 'batch':
      return event.events.reduce(onServerEvent, state);
    case 'iAmOnline':
    case 'userJoined':
    case 'userLeft':
    case 'updatedSeen':
      // The page joins with the compact protocol: presence frames tell it all this (ADR 035); the
      // heartbeat's answer only says the connection is alive.
      return state;
    case 'updateRestriction':
      return { ...state, restrictedMessaging: event.restrictedMessaging };
    case 'reloadMessages':
      return { ...state, needsResync: 'reload' };
    case 'updateExpiry':
      return setExpired(state, event.expired);
    case 'partyDeleted':
    case 'deleteParty':
      return { ...state, ended: 'expired' };
    case 'appliedTemplate':
      return { ...state, applied: event.applied };
    case 'reportsOpen':
      return { ...state, reportsOpen: event.count };
    case 'cardTally':
    case 'cardTallies':
      return { ...state, cards: applyCardEvent(state.cards, event) };
    case 'live':
      return { ...state, live: event.live };
    case 'liveWatching':
      return state.live.show ? { ...state, live: { ...state.live, show: { ...state.live.show, watching: event.watching } } } : state;
    case 'raffleDrawn':
      // The draw's notice comes as a new message to every page, the asking one too (ADR 045).
      return state;
    case 'guestRemoved':
      if (event.guestId === state.me?.id) return { ...state, ended: 'removed' };
      return { ...state, members: state.members.filter((m) => m.id !== event.guestId), online: state.online.filter((id) => id !== event.guestId) };
    case 'error': {
      if (event.tempId) {
        const pending = state.pending.map((p) => (p.tempId === event.tempId ? { ...p, status: 'failed' as const, error: event.code } : p));
        // The room refused it because the party is over: so is everything else that waits.
        return event.code === 'partyExpired' ? setExpired({ ...state, pending }, true) : { ...state, pending };
      }
      if (event.code === 'removed') return { ...state, ended: 'removed' };
      // The room closes a socket whose session ended (signed out) or whose access token expired;
      // the page then refreshes the token and reconnects, which is no error to show.
      if (event.code === 'unauthorized') return { ...state, ended: 'signedOut' };
      if (event.code === 'sessionExpired') return state;
      return { ...state, lastError: event.code };
    }
    default:
      // An event of a newer room than this page knows: ignored, never the page's state.
      event satisfies never;
      return state;
  }
}

/** One presence frame: its members added, its online changes applied, its counts taken. */
function withPresence(state: ChatState, event: PresenceEvent): ChatState {
  let members = state.members;
  if (event.joined && event.joined.length > 0) {
    const joined = new Map(event.joined.map((member) => [member.id, member]));
    members = [...state.members.filter((m) => !joined.has(m.id)), ...joined.values()];
  }
  let online = state.online;
  if ((event.online && event.online.length > 0) || (event.offline && event.offline.length > 0)) {
    const set = new Set(state.online);
    for (const id of event.offline ?? []) set.delete(id);
    for (const id of event.online ?? []) set.add(id);
    online = [...set];
  }
  const seen = event.seen ? { ...state.seen, ...event.seen } : state.seen;
  return { ...state, members, online, seen, memberCount: event.memberCount, onlineCount: event.onlineCount };
}

/** A page of the roster asked for: its members merged in by id, their online state as the page says. */
function withPage(state: ChatState, page: Member[], pageOnline: string[], memberCount: number): ChatState {
  const byId = new Map(page.map((member) => [member.id, member]));
  const known = new Set(state.members.map((m) => m.id));
  const members = [...state.members.map((m) => byId.get(m.id) ?? m), ...page.filter((m) => !known.has(m.id))];
  const onlineNow = new Set(pageOnline);
  const online = new Set(state.online.filter((id) => !byId.has(id) || onlineNow.has(id)));
  for (const id of onlineNow) online.add(id);
  return { ...state, members, online: [...online], memberCount };
}

/** A (re)join's word on the expiry; only a change does anything. */
function withExpiry(state: ChatState, expired: boolean): ChatState {
  return expired === state.expired ? state : setExpired(state, expired);
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'server':
      return onServerEvent(state, action.event);
    case 'connection':
      return { ...state, connection: action.connection, ready: action.connection === 'open' ? state.ready : false };
    case 'queued':
      return {
        ...state,
        pending: [
          ...state.pending,
          {
            tempId: action.tempId,
            message: action.message,
            messageType: action.messageType ?? 'text',
            replyingTo: action.replyingTo ?? null,
            ...(action.mediaAttachment ? { mediaAttachment: action.mediaAttachment } : {}),
            createdAt: action.at,
            status: 'sending',
          },
        ],
      };
    case 'retry':
      return {
        ...state,
        pending: state.pending.map(({ error: _error, ...p }) =>
          p.tempId === action.tempId ? { ...p, status: 'sending' as const } : { ...p, ...(_error ? { error: _error } : {}) },
        ),
      };
    case 'restored': {
      const known = new Set(state.pending.map((p) => p.tempId));
      return { ...state, pending: [...state.pending, ...action.pending.filter((p) => !known.has(p.tempId))].sort((a, b) => a.createdAt - b.createdAt) };
    }
    case 'discard':
      return { ...state, pending: withoutPending(state.pending, action.tempId) };
    case 'olderLoaded':
      return { ...state, messages: mergeOlder(state.messages, action.messages), hasMore: action.hasMore };
    case 'windowLoaded':
      return afterPage({ ...state, messages: action.messages, hasMore: action.hasMore, hasNewer: action.hasNewer }, action.seq);
    case 'newerLoaded':
      return afterPage({ ...state, messages: mergeOlder(action.messages, state.messages), hasNewer: action.hasNewer }, action.seq);
    case 'ended':
      return { ...state, ended: action.reason };
    case 'failed':
      return { ...state, lastError: action.code };
  }
}
