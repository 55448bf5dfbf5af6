import { LIMITS } from '#core/limits';
import type { Member, PartySnapshot, ServerEvent } from '#core/protocol';
import { PROTOCOL_VERSION } from '#core/protocol';
import { firstPage, rosterMode } from '#core/roster';
import { partyState, publicMember } from './rules';
import type { RoomStore, StoredMember } from './store';

/** What a welcome needs of the room besides its store. */
export interface WelcomeContext {
  readonly store: RoomStore;
  now(): number;
  isOnline(memberId: string): boolean;
  onlineCount(): number;
}

/** The online ones among members sent to a reader (a welcome's roster, a page of it). */
export function onlineAmong(room: Pick<WelcomeContext, 'isOnline'>, members: Member[]): string[] {
  return members.flatMap((member) => (room.isOnline(member.id) ? [member.id] : []));
}

/**
 * The room as one member sees it on joining (ADR 035): the manager gets everyone with their seen
 * (her receipts); in a small room everyone gets everyone; in a large one a guest gets the first
 * page and the counts. Seen is the reader's own unless she is the manager. A client without the
 * compact protocol gets everyone and every seen, as the product's protocol has it.
 */
export function snapshot(room: WelcomeContext, me: StoredMember, compact: boolean): PartySnapshot {
  const store = room.store;
  const memberCount = store.activeCount();
  const whole = me.role === 'manager' || !compact;
  const roster = whole ? 'full' : rosterMode(memberCount);
  const listed = roster === 'full' ? store.activeMembers() : firstPage(store.members, store.lastWrote, me.id);
  const members = listed.map(publicMember);
  const seen: Record<string, number> = whole ? Object.fromEntries(listed.map((member) => [member.id, member.seenSeq])) : { [me.id]: me.seenSeq };
  return {
    partyId: store.facts?.partyId ?? '',
    me: publicMember(me),
    members,
    online: onlineAmong(room, members),
    memberCount,
    onlineCount: room.onlineCount(),
    roster,
    restrictedMessaging: store.facts?.restrictedMessaging ?? false,
    expired: partyState(store, room.now()).expired,
    seen,
    seq: store.seq,
  };
}

/**
 * The welcome a joining socket gets (ADR 002): a replay of every event after the seq it applied
 * last, or a fresh snapshot (the newest page and the table of contents) when it has none, one the
 * room never had, or one too far back; with the roster as the member sees it.
 */
export function welcome(room: WelcomeContext, member: StoredMember, lastSeq: number | null, compact: boolean): ServerEvent {
  const seq = room.store.seq;
  const replay = lastSeq !== null && lastSeq <= seq && seq - lastSeq <= LIMITS.replayMax;
  const page = replay ? { messages: [], hasMore: false } : room.store.page(undefined);
  return {
    type: 'welcome',
    protocolVersion: PROTOCOL_VERSION,
    mode: replay ? 'replay' : 'snapshot',
    messages: page.messages,
    hasMore: page.hasMore,
    events: replay ? room.store.eventsAfter(lastSeq) : [],
    headings: replay ? [] : room.store.headings(),
    ...snapshot(room, member, compact),
  };
}
