import { useRevalidator, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '~/core/errors';
import type { EntrySort } from '~/core/folders';
import { TIMINGS } from '~/core/limits';
import type { LibraryFolder } from '~/core/media-library';
import { apiPath } from '~/core/media-library';
import { apiFetch, signInAgain } from '~/lib/api';
import type { ApiResult } from '~/lib/api';
import { useTimedNotice } from '~/lib/use-timed-notice';
import { useWorkspaceSearch } from '~/components/shell/workspace-search';
import { useFolderPlace } from './use-folder-place';

/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

interface Entry {
  id: string;
  title: string;
}

export type LibraryName = 'media' | 'templates';

/** The dialogs every library has (`make`: a new entry of the library's own, where it makes them by title); a page adds its own (`D`). */
export type LibraryDialog<E> = { kind: 'newFolder' } | { kind: 'make' } | { kind: 'rename'; entry: E } | { kind: 'move'; entry: E };

const LIBRARY_DIALOGS: readonly string[] = ['newFolder', 'make', 'rename', 'move'] satisfies LibraryDialog<unknown>['kind'][];

/** The dialog open, when it is one every library has (LibraryShell draws those; the page its own). */
export function libraryDialog<E>(dialog: LibraryDialog<E> | { kind: string } | null): LibraryDialog<E> | null {
  return dialog && LIBRARY_DIALOGS.includes(dialog.kind) ? (dialog as LibraryDialog<E>) : null;
}

/** A notice on a library page: what was done, and for the trash the step back. */
export interface LibraryNotice {
  text: string;
  undo?: () => void;
}

type Listing<E> = { key: string; entries: E[] } | { key: string; error: ErrorCode };

interface Options<E> {
  /** The library: its API is `/api/{name}` (the same calls under each; worker/services/library.ts), its texts `{name}.*`. */
  name: LibraryName;
  folders: LibraryFolder[];
  /** The move call names the entry by this key (`mediaId`, `templateId`). */
  moveKey: string;
  /** The trash and search results come newest first: sorted by name here when asked. */
  sortByName: (entries: E[]) => E[];
  /** The error a refused or unanswered call shows (templates: 'Template function down' when the service fails); its code by default. */
  errorOf?: (result: { code: ErrorCode; status: number }) => ErrorCode;
}

const ownCode = (result: { code: ErrorCode }) => result.code;

/**
 * What the media library and the template list share: the place (useFolderPlace), the top bar's search (shell/workspace-search.tsx) sent after a pause, the place's
 * entries from the API, the dialogs' busy and error state, the notice (it belongs to the place it
 * was raised in), and the changes every library makes: a new folder, rename, move, restore, and the
 * trash, which acts at once and offers to undo (ADR 028). A page renders it with LibraryShell
 * (library-shell.tsx).
 */
export function useLibraryPage<E extends Entry, D extends { kind: string } = never>({ name, folders, moveKey, sortByName, errorOf = ownCode }: Options<E>) {
  const { t } = useTranslation();
  const api = `/api/${name}`;
  const rootTitle = t(`${name}.root`);
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const sort: EntrySort = params.get('sort') === 'name' ? 'name' : 'date';
  const { navigate, tree, mounted, gone, folderId, inTrash, titleOf, to, open, folderGone, hidden, shown } = useFolderPlace(folders, rootTitle);

  const { query, setQuery } = useWorkspaceSearch();
  const [searched, setSearched] = useState('');
  const searching = searched.trim() !== '';
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  const [listing, setListing] = useState<Listing<E> | null>(null);
  const [dialog, setDialog] = useState<LibraryDialog<E> | D | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<ErrorCode | null>(null);
  const [pageError, setPageError] = useState<ErrorCode | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearched(query), query.trim() === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const path = apiPath(folderId, tree);
  const key = searching ? `search:${searched.trim()}` : inTrash ? 'trash' : `folder:${path}`;
  const placeKey = `${key}|${sort}|${mounted}`;
  // A notice stays with the place it was raised in: opening the folder just made does not carry "created" along.
  const notices = useTimedNotice<LibraryNotice>(TIMINGS.successNoticeMs, key);
  const shownKey = `${placeKey}|${version}`;
  useEffect(() => {
    if (gone || !mounted) return;
    let current = true;
    const request: Promise<ApiResult<E[]>> = searching
      ? apiFetch<E[]>(`${api}/search?${new URLSearchParams({ q: searched.trim() })}`)
      : inTrash
        ? apiFetch<E[]>(`${api}/trash`)
        : apiFetch<{ entries: E[] }>(`${api}?${new URLSearchParams({ path, sort })}`).then((result) =>
            result.ok ? { ok: true as const, data: result.data.entries } : result,
          );
    void request.then((result) => {
      if (!current) return;
      if (!result.ok && result.status === 401) return signInAgain(true);
      setListing(result.ok ? { key: placeKey, entries: result.data } : { key: placeKey, error: errorOf(result) });
    });
    return () => {
      current = false;
    };
  }, [shownKey]);

  /** Runs a change through the API; on success closes the dialog, says so, loads the place again and answers the API's answer (null for none); undefined when refused. */
  const change = async <T>(call: Promise<ApiResult<T>>, success: string | null): Promise<T | undefined> => {
    setBusy(true);
    setPageError(null);
    const result = await call;
    setBusy(false);
    if (!result.ok) {
      if (result.status === 401) {
        signInAgain(true);
        return;
      }
      if (dialog) setDialogError(errorOf(result));
      else setPageError(errorOf(result));
      return;
    }
    setDialog(null);
    setDialogError(null);
    if (success) notices.show({ text: success });
    reload();
    revalidator.revalidate();
    return result.data;
  };
  const openDialog = (next: LibraryDialog<E> | D) => {
    setDialogError(null);
    setDialog(next);
  };

  const findEntry = (id: string) => (listing && 'entries' in listing ? listing.entries.find((entry) => entry.id === id) : undefined);
  const move = (entry: Entry, target: string | null) =>
    change(
      apiFetch(`${api}/folder`, { method: 'PUT', body: { [moveKey]: entry.id, path: apiPath(target, tree) } }),
      t('media.moved', { title: entry.title, place: titleOf(target) }),
    );
  const restore = (entry: Entry) => change(apiFetch(`${api}/${entry.id}/restore`, { method: 'PUT' }), t('media.restored', { title: entry.title }));
  /** Into the trash at once, the notice offering the step back: the restore puts it back where it was (worker/services/library.ts restoreOnShelf). */
  const trash = async (entry: Entry) => {
    const done = await change(apiFetch(`${api}/${entry.id}`, { method: 'DELETE' }), null);
    if (done === undefined) return;
    notices.show({ text: t('media.trashed', { title: entry.title }), undo: () => void restore(entry) }, TIMINGS.undoNoticeMs);
  };
  const createFolder = (title: string) =>
    change(apiFetch(`${api}/folder`, { method: 'POST', body: { title, path } }), t('media.created', { title: title.trim() }));
  const rename = (entry: Entry, title: string) =>
    change(apiFetch(`${api}/${entry.id}`, { method: 'PUT', body: { name: title } }), t('media.renamed', { title: title.trim() }));

  // After a change the place's old contents stay until the new ones arrive: no flash of "loading".
  const current = listing?.key === placeKey ? listing : null;
  // The API sorts a folder as asked; the trash (newest trashed first) and search results (newest first) are sorted here by name.
  const entries = current && 'entries' in current ? (sort === 'name' && (inTrash || searching) ? sortByName(current.entries) : current.entries) : null;

  return {
    name,
    folders,
    navigate,
    setParams,
    sort,
    mounted,
    folderId,
    inTrash,
    path,
    titleOf,
    to,
    open,
    folderGone,
    query,
    setQuery,
    searched,
    searching,
    reload,
    listing,
    current,
    entries,
    hidden,
    shown,
    dialog,
    setDialog,
    openDialog,
    busy,
    dialogError,
    setDialogError,
    pageError,
    notices,
    change,
    findEntry,
    createFolder,
    rename,
    move,
    trash,
    restore,
  };
}

export type LibraryPageState<E extends Entry, D extends { kind: string }> = ReturnType<typeof useLibraryPage<E, D>>;
