import type { ErrorCode } from './errors';
import { folderOfPath } from './media-library';
import { isSearch, searchResults } from './search';

/**
 * How the parties dashboard orders and splits the consultant's parties (tabs Active and Expired),
 * and its folders (ADR 037): the Active tab is a place in the party folders, the Expired tab lists
 * every expired party wherever it lies, and a search finds parties of the tab in every folder.
 */

export type DashboardTab = 'active' | 'expired';
export type DashboardSort = 'date' | 'name';

export interface DashboardParty {
  title: string;
  start: number | null;
  expired: boolean;
  createdAt: number;
}

const collator = (locale: string) => new Intl.Collator(locale, { sensitivity: 'base', numeric: true });

/** The party's date on the dashboard: its start, or when it was created if it has none. */
export function partyDate(party: DashboardParty): number {
  return party.start ?? party.createdAt;
}

/**
 * The parties of one tab. By date: the newest first (a coming party before a past one); by
 * name: A–Z in the reader's language, then by date.
 */
export function dashboardParties<T extends DashboardParty>(parties: readonly T[], tab: DashboardTab, sort: DashboardSort, locale: string): T[] {
  const compare = collator(locale);
  const byDate = (a: T, b: T) => partyDate(b) - partyDate(a);
  return parties
    .filter((party) => party.expired === (tab === 'expired'))
    .sort(sort === 'name' ? (a, b) => compare.compare(a.title, b.title) || byDate(a, b) : byDate);
}

/** Quick links: the parties of the tab shown, A–Z or newest first. */
export function quickLinks<T extends DashboardParty>(parties: readonly T[], tab: DashboardTab, alphabetical: boolean, locale: string): T[] {
  return dashboardParties(parties, tab, alphabetical ? 'name' : 'date', locale);
}

export function isDashboardTab(value: unknown): value is DashboardTab {
  return value === 'active' || value === 'expired';
}

export function isDashboardSort(value: unknown): value is DashboardSort {
  return value === 'date' || value === 'name';
}

/**
 * What the tab shows: the Active tab the parties in `folderId` (its folders are drawn beside
 * them), the Expired tab every expired party; a search the tab's parties in every folder whose
 * title holds every word (app/core/search.ts). Ordered as `dashboardParties`; `path` is the
 * party's folder path (folder ids from the top, joined by '/'; empty: the top level).
 */
export function dashboardPlace<T extends DashboardParty & { path: string }>(
  parties: readonly T[],
  place: { tab: DashboardTab; folderId: string | null; query: string },
  sort: DashboardSort,
  locale: string,
): T[] {
  const ordered = dashboardParties(parties, place.tab, sort, locale);
  if (isSearch(place.query)) return searchResults(ordered, place.query, (party) => ({ title: party.title, isFolder: false }));
  if (place.tab === 'expired') return ordered;
  return ordered.filter((party) => folderOfPath(party.path) === place.folderId);
}

/**
 * The move rule for parties (ADR 037): only a party that never expires is filed into a folder; one
 * that has an expiration may still leave its folder for the top level (it got its expiration after
 * it was filed).
 */
export function partyMoveError(party: { expiration: number | null }, targetFolderId: string | null): ErrorCode | null {
  return party.expiration !== null && targetFolderId !== null ? 'partyExpires' : null;
}

/** Whether the dashboard offers "Move" for the party: it could go somewhere by the rule above. */
export function offersMove(party: { expiration: number | null; path: string }): boolean {
  return party.expiration === null || party.path !== '';
}
