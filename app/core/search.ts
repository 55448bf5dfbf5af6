/**
 * The one search rule of the workspace (the top bar's search box on parties, media and templates;
 * the libraries' search calls; the pickers): the query is split on white space, and an entry
 * matches when every word appears in its lower-case title, in any order. Folders are never
 * results.
 */

/** The words of a search: split on white space, lower case, empty ones dropped. */
export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Whether a query searches at all: one with no words shows the place as it is. */
export function isSearch(query: string): boolean {
  return searchWords(query).length > 0;
}

/** A title matches when every word of the query appears in it, in any order, ignoring case. */
export function matchesSearch(title: string, query: string): boolean {
  const lower = title.toLowerCase();
  return searchWords(query).every((word) => lower.includes(word));
}

/** The entries a search finds, in their order: no folders, every word in the title. */
export function searchResults<T>(entries: readonly T[], query: string, key: (entry: T) => { title: string; isFolder: boolean }): T[] {
  return entries.filter((entry) => {
    const { title, isFolder } = key(entry);
    return !isFolder && matchesSearch(title, query);
  });
}
