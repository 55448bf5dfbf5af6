import type { Member } from './messages';

/**
 * Who is in a party, as the room tells its sockets (ADR 035). A small room sends everyone the
 * whole roster and every change; a large one sends guests counts, the first page and the changes
 * of its manager and hosts, and pages the rest on demand, so a join costs the others O(1).
 */
export const ROSTER = {
  /** Rooms up to this many active members (manager included) send the whole roster and every change to everyone. */
  fullMax: 100,
  /** The first page of a large room's welcome, and the size of each page asked for later. */
  page: 50,
  /** Presence changes (joins, online, offline, seen) leave as at most one frame per this many ms per room. */
  flushMs: 100,
  /**
   * In a large room, a guest's frames that would only move the counts come at most this often: a
   * count that ticks ten times a second is not read, and every such frame goes to every socket.
   */
  guestCountsMs: 1000,
} as const;

/**
 * When every socket of a room drops at once (a deploy, an eviction), its clients come back spread
 * over memberCount / connectsPerSecond seconds, so the object never sees more connects per second
 * than it can welcome.
 */
export const RECONNECT = { connectsPerSecond: 500, minMs: 1000, maxMs: 5000 } as const;

/**
 * The wait before reconnect try `attempt` (0: the first after a drop), with `random` in [0, 1):
 * full jitter over the exponential back-off plus the room's spread window. Monotone in `random`.
 */
export function reconnectDelay(attempt: number, memberCount: number, random: number): number {
  const backOff = Math.min(RECONNECT.maxMs, RECONNECT.minMs * 2 ** Math.max(0, attempt));
  const spread = (Math.max(0, memberCount) / RECONNECT.connectsPerSecond) * 1000;
  return Math.floor(random * (backOff + spread));
}

export type RosterMode = 'full' | 'page';

export function rosterMode(memberCount: number): RosterMode {
  return memberCount <= ROSTER.fullMax ? 'full' : 'page';
}

/** Manager and hosts: their comings and goings reach every guest, whatever the room's size. */
export function isFeatured(member: Pick<Member, 'role'>): boolean {
  return member.role !== 'guest';
}

const RANK: Record<Member['role'], number> = { manager: 0, host: 1, guest: 2 };

/**
 * The roster's order for pages: the manager, the hosts, then guests as they joined (`members` is in
 * join order). Stable on purpose: a reader paging through it while others write or join neither
 * misses anyone nor sees anyone twice (newcomers come at the end).
 */
export function rosterOrder<M extends Member>(members: Iterable<M>): M[] {
  const list = [...members];
  const joinIndex = new Map(list.map((member, index) => [member.id, index]));
  return list.sort((a, b) => RANK[a.role] - RANK[b.role] || (joinIndex.get(a.id) ?? 0) - (joinIndex.get(b.id) ?? 0));
}

/**
 * The first page of a large room's welcome, without sorting the whole room: manager and hosts,
 * the reader herself, the recent writers, then the earliest members, up to `size`; removed members never.
 */
export function firstPage<M extends Member & { removed?: boolean }>(
  members: ReadonlyMap<string, M>,
  lastWrote: ReadonlyMap<string, number>,
  me: string,
  size: number = ROSTER.page,
): M[] {
  const page = new Map<string, M>();
  const add = (member: M | undefined) => {
    if (member && !member.removed && page.size < size && !page.has(member.id)) page.set(member.id, member);
  };
  const featured = [...members.values()].filter((member) => isFeatured(member) && !member.removed).sort((a, b) => RANK[a.role] - RANK[b.role]);
  for (const member of featured) add(member);
  add(members.get(me));
  const writers = [...lastWrote.entries()].sort((a, b) => b[1] - a[1]);
  for (const [id] of writers) {
    if (page.size >= size) break;
    add(members.get(id));
  }
  for (const member of members.values()) {
    if (page.size >= size) break;
    add(member);
  }
  return [...page.values()];
}
