import type { RowRange } from './chat-layout';
import type { Member } from './messages';

/**
 * The arithmetic of the guests panel (app/components/party/members-panel.tsx), apart from the DOM:
 * which members it shows in which order, which rows are in view, and when it asks the room for the
 * next page of a large party's roster (app/core/roster.ts).
 */

const ROLE_ORDER: Record<Member['role'], number> = { manager: 0, host: 1, guest: 2 };

/**
 * The panel's order. A full roster: manager, hosts, then guests by first name. A paged one keeps the
 * room's order within each role (its pages come in that order): a page loaded at the end never
 * pushes the rows above it around.
 */
export function memberRows(members: readonly Member[], roster: 'full' | 'page'): Member[] {
  return [...members].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || (roster === 'full' ? a.firstName.localeCompare(b.firstName) : 0));
}

/**
 * The rows of a list of `count` rows of equal height that meet the view, and `overscan` more on
 * either side. `top` is the view's top in the list's coordinates: negative while the list starts
 * below it, past the list's end once it has scrolled by.
 */
export function fixedRowRange(count: number, rowHeight: number, top: number, height: number, overscan: number): RowRange | null {
  if (count === 0 || rowHeight <= 0) return null;
  const first = Math.min(count - 1, Math.max(0, Math.floor(top / rowHeight)));
  const last = Math.min(count - 1, Math.max(first, Math.ceil((top + height) / rowHeight) - 1));
  return { first: Math.max(0, first - overscan), last: Math.min(count - 1, last + overscan) };
}

/**
 * Paging a large party's roster: `next` is the offset to ask the room for (null when it has no
 * more), `now` whether the rows drawn reach the end of the known ones, so it is time to ask. Pages
 * follow the room's stable order (manager, hosts, guests as they joined) from its start, wherever
 * the welcome's first page came from: `pagedTo` is where the room's last page ended, and members
 * known already (the reader herself, a recent writer) are merged, not counted.
 */
export function memberPaging(paging: { roster: 'full' | 'page'; known: number; pagedTo: number; memberCount: number; range: RowRange | null }): {
  next: number | null;
  now: boolean;
} {
  if (paging.roster === 'full' || paging.pagedTo >= paging.memberCount || paging.known >= paging.memberCount) return { next: null, now: false };
  return { next: paging.pagedTo, now: paging.range === null || paging.range.last >= paging.known - 1 };
}
