import { useTranslation } from 'react-i18next';

/** The search field of a library page (media, templates): typing searches, the cross clears. */
export function LibrarySearch({ label, query, onQuery }: { label: string; query: string; onQuery: (query: string) => void }) {
  const { t } = useTranslation();
  return (
    <form role="search" className="relative w-full sm:w-72" onSubmit={(event) => event.preventDefault()}>
      <input
        type="search"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        aria-label={label}
        placeholder={label}
        className="block w-full rounded-full border border-slate-300 bg-white py-2 pr-10 pl-4 focus:border-primary-dark"
      />
      {query ? (
        <button
          type="button"
          onClick={() => onQuery('')}
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
