import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { Dialog } from '~/components/dialog';
import { DialogActions } from '~/components/dialog-actions';
import { MediaCard } from '~/components/media/media-card';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import type { MediaKind } from '~/core/media';
import { apiFetch, signInAgain } from '~/lib/api';
import type { MediaEntry, MediaListing } from '~/core/media-entry';
import { CaptionField } from './caption-field';

/** A file of the library, by id: what the picker hands over (its kind names a template message's type). */
export interface PickedItem {
  id: string;
  title: string;
  kind: MediaKind;
}

/** Typing pauses this long before a search is sent (as on the library page). */
const SEARCH_DELAY_MS = 250;

/** A folder the picker went into: its id, title and path for the API (ids from the top joined by '/'). */
interface Place {
  id: string;
  title: string;
  path: string;
}

/** Whether an entry may go into a chat or a template: a ready file outside the trash. */
const sendable = (entry: MediaEntry) => entry.mediaType !== 'folder' && entry.state === 'ready' && entry.deletesAt === null;

/**
 * The media picker: the manager chooses files of her library for the chat, in its folders or by a
 * search (the library's rule: every word in the title; the server answers it), shown as the
 * library's cards with their previews. At most `LIMITS.chatUploadFilesMax` at once, as for files
 * from her device; one caption goes with the first of them. A converting or failed item is shown
 * but cannot be chosen.
 */
export function MediaPickerDialog({ onSend, onCancel }: { onSend: (caption: string, items: PickedItem[]) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const search = useRef<HTMLInputElement>(null);
  const [trail, setTrail] = useState<Place[]>([]);
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [entries, setEntries] = useState<MediaEntry[] | { error: ErrorCode } | null>(null);
  const [chosen, setChosen] = useState<PickedItem[]>([]);
  const [caption, setCaption] = useState('');
  const place = trail.at(-1) ?? null;
  const searching = searched.trim() !== '';

  useEffect(() => {
    const timer = setTimeout(() => setSearched(query), query.trim() === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    let current = true;
    setEntries(null);
    const request = searching
      ? apiFetch<MediaEntry[]>(`/api/media/search?${new URLSearchParams({ q: searched.trim() })}`)
      : apiFetch<MediaListing>(`/api/media?${new URLSearchParams({ path: place?.path ?? '', sort: 'date' })}`).then((result) =>
          result.ok ? { ok: true as const, data: result.data.entries } : result,
        );
    void request.then((result) => {
      if (!current) return;
      if (!result.ok && result.status === 401) return signInAgain(true);
      setEntries(result.ok ? result.data : { error: result.code });
    });
    return () => {
      current = false;
    };
  }, [searching, searched, place?.path]);

  const full = chosen.length >= LIMITS.chatUploadFilesMax;
  const toggle = (entry: MediaEntry) =>
    setChosen((current) =>
      current.some((item) => item.id === entry.id)
        ? current.filter((item) => item.id !== entry.id)
        : current.length >= LIMITS.chatUploadFilesMax
          ? current
          : [...current, { id: entry.id, title: entry.title, kind: entry.mediaType as MediaKind /* only a sendable entry, never a folder, is chosen */ }],
    );
  const openFolder = (entry: MediaEntry) => {
    setQuery('');
    setSearched('');
    setTrail((current) => [...current, { id: entry.id, title: entry.title, path: entry.path ? `${entry.path}/${entry.id}` : entry.id }]);
  };
  // As the library's breadcrumb (BREADCRUMB_LEVELS): the last two folders, an ellipsis for those above.
  const shown = trail.slice(-2);
  const crumb = 'rounded px-1.5 py-0.5 hover:bg-slate-100 hover:underline';
  const list = entries && !('error' in entries) ? entries : null;

  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={onCancel} initialFocus={search} size="lg" className="p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('chatMedia.picker.title')}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <nav aria-label={t('chatMedia.picker.folders')} className="flex min-w-0 flex-1 flex-wrap items-center gap-1 text-sm">
          <button type="button" onClick={() => setTrail([])} className={crumb} aria-current={place === null && !searching ? 'location' : undefined}>
            {t('media.root')}
          </button>
          {trail.length > shown.length ? <span aria-hidden="true">› …</span> : null}
          {shown.map((folder, index) => (
            <span key={folder.id} className="flex min-w-0 items-center gap-1">
              <span aria-hidden="true">›</span>
              <button
                type="button"
                onClick={() => setTrail((current) => current.slice(0, current.indexOf(folder) + 1))}
                className={`${crumb} max-w-40 truncate`}
                aria-current={index === shown.length - 1 && !searching ? 'location' : undefined}
              >
                {folder.title}
              </button>
            </span>
          ))}
        </nav>
        <form role="search" className="w-full sm:w-64" onSubmit={(event) => event.preventDefault()}>
          <input
            ref={search}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('media.search')}
            placeholder={t('media.search')}
            className="block w-full rounded-full border border-slate-300 bg-white px-4 py-2 focus:border-primary-dark"
          />
        </form>
      </div>
      <section
        aria-label={searching ? t('media.results', { query: searched.trim() }) : (place?.title ?? t('media.root'))}
        aria-busy={entries === null}
        className="mt-3 h-[40dvh] min-h-40 overflow-y-auto p-1"
      >
        {entries && 'error' in entries ? (
          <ErrorBanner code={entries.error} />
        ) : list === null ? (
          <p className="text-slate-600">{t('media.loading')}</p>
        ) : list.length === 0 ? (
          <p className="text-slate-600">{searching ? t('media.noResults', { query: searched.trim() }) : place ? t('media.emptyFolder') : t('media.empty')}</p>
        ) : (
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,180px),1fr))] gap-3" data-testid="picker-cards">
            {list.map((entry) => {
              const selected = chosen.some((item) => item.id === entry.id);
              return (
                <MediaCard
                  key={entry.id}
                  entry={entry}
                  onRename={() => undefined}
                  onMove={() => undefined}
                  onTrash={() => undefined}
                  onRestore={() => undefined}
                  onOpen={entry.mediaType === 'folder' ? () => openFolder(entry) : undefined}
                  pick={sendable(entry) ? { selected, disabled: full && !selected, onToggle: () => toggle(entry) } : null}
                />
              );
            })}
          </ul>
        )}
      </section>
      <p className="mt-2 text-sm text-slate-600" aria-live="polite" data-testid="picker-count">
        {full ? t('chatMedia.picker.full', { max: LIMITS.chatUploadFilesMax }) : t('chatMedia.picker.chosen', { count: chosen.length })}
      </p>
      <CaptionField value={caption} onChange={setCaption} className="mt-2" />
      <DialogActions
        confirmLabel={t('input.send')}
        onConfirm={() => onSend(caption.trim(), chosen)}
        onCancel={onCancel}
        confirmDisabled={chosen.length === 0}
      />
    </Dialog>
  );
}
