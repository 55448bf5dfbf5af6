/** How the parties dashboard orders and splits the consultant's parties (tabs Active and Expired). */

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
