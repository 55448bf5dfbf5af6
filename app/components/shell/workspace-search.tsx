import { useLocation } from '@remix-run/react';
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The top bar's search box (ADR 037): it searches the items of the page shown (parties, media,
 * templates) by the one rule of app/core/search.ts. The query belongs to the page: another page
 * starts without one. It lives in the workspace's state, not the address, so typing never reloads
 * the page's data; each page reads it with `useWorkspaceSearch`.
 */

/** The pages with items to search, and the label of their search. */
const SEARCHABLE: Record<string, string> = {
  '/parties': 'parties.search',
  '/media': 'media.search',
  '/templates': 'templates.search',
};

interface WorkspaceSearchState {
  query: string;
  setQuery: (query: string) => void;
}

const SearchContext = createContext<WorkspaceSearchState>({ query: '', setQuery: () => undefined });

export function WorkspaceSearchProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [search, setSearch] = useState({ pathname, query: '' });
  // A query typed on another page is not this page's: it reads as empty at once, before any effect.
  const query = search.pathname === pathname ? search.query : '';
  useEffect(() => setSearch((current) => (current.pathname === pathname ? current : { pathname, query: '' })), [pathname]);
  return <SearchContext.Provider value={{ query, setQuery: (next) => setSearch({ pathname, query: next }) }}>{children}</SearchContext.Provider>;
}

/** The page's search query, as typed in the top bar. */
export function useWorkspaceSearch(): WorkspaceSearchState {
  return useContext(SearchContext);
}

/** The search box: on a page with items only; on a phone a row of its own below the top bar's buttons. */
export function WorkspaceSearch() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { query, setQuery } = useWorkspaceSearch();
  const label = SEARCHABLE[pathname.replace(/\/$/, '')];
  if (!label) return null;
  return (
    <form role="search" className="relative order-last w-full sm:order-none sm:w-72" onSubmit={(event) => event.preventDefault()}>
      <input
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-label={t(label)}
        placeholder={t(label)}
        data-testid="workspace-search"
        className="block w-full rounded-full border border-slate-300 bg-white py-2 pr-10 pl-4 focus:border-primary-dark [&::-webkit-search-cancel-button]:appearance-none"
      />
      {query ? (
        <button
          type="button"
          onClick={() => setQuery('')}
          aria-label={t('media.clearSearch')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded-full p-1.5 text-slate-600 hover:bg-slate-100"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      ) : null}
    </form>
  );
}
