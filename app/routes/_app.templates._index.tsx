import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData, useLocation, useNavigate, useRevalidator, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { LibraryBreadcrumb } from '~/components/library/library-breadcrumb';
import { LibrarySearch } from '~/components/library/library-search';
import { MoveDialog } from '~/components/library/move-dialog';
import { TitleDialog } from '~/components/library/title-dialog';
import { PlusIcon } from '~/components/media/media-icons';
import { PageHeader } from '~/components/shell/page-header';
import { ShareDialog } from '~/components/templates/share-dialog';
import { TemplateCard } from '~/components/templates/template-card';
import type { ErrorCode } from '~/core/errors';
import type { EntrySort } from '~/core/folders';
import { TRASH_RETENTION_DAYS } from '~/core/folders';
import type { LibraryPlace } from '~/core/media-library';
import { apiPath, breadcrumb, folderOfPath, hashOf, libraryTree, placeOfHash } from '~/core/media-library';
import type { TemplateEntry, TemplateListing } from '~/core/templates';
import { sortTemplates } from '~/core/templates';
import { apiFetch, signInAgain } from '~/lib/api';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

/**
 * The consultant's folders (for the hash path, the breadcrumb and the move-to dialog). As on the
 * media page, the place lives in the address's hash, which never reaches the server: the page
 * asks the API for that place's contents once it knows it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  return { folders: await context.services.templates.listTemplateFolders(context.db, userId) };
}

/** How long a success notice stays (spec section 9: success toast 2 s). */
const NOTICE_MS = 2000;
/** Typing pauses this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'newTemplate' }
  | { kind: 'rename'; entry: TemplateEntry }
  | { kind: 'move'; entry: TemplateEntry }
  | { kind: 'trash'; entry: TemplateEntry }
  | { kind: 'share'; entry: TemplateEntry; token: string | null };
type Listing = { key: string; entries: TemplateEntry[] } | { key: string; error: ErrorCode };

export default function Templates() {
  const { t } = useTranslation();
  const { folders } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const sort: EntrySort = params.get('sort') === 'name' ? 'name' : 'date';
  const tree = useMemo(() => libraryTree(folders), [folders]);
  // The server never sees the hash: the first render is the top level on both sides, then the place.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const hash = mounted ? location.hash : '';
  const resolved = useMemo(() => placeOfHash(hash, folders), [hash, folders]);
  const place: LibraryPlace = resolved ?? { kind: 'folder', folderId: null };
  const folderId = place.kind === 'folder' ? place.folderId : null;
  const inTrash = place.kind === 'trash';
  const titleOf = useCallback((id: string | null) => (id === null ? t('templates.root') : (folders.find((folder) => folder.id === id)?.title ?? t('templates.root'))), [folders, t]);

  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const searching = searched.trim() !== '';
  const [version, setVersion] = useState(0);
  const [listing, setListing] = useState<Listing | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<ErrorCode | null>(null);
  const [pageError, setPageError] = useState<ErrorCode | null>(null);
  const [notice, setNotice] = useState<{ text: string; at: number } | null>(null);

  const to = useCallback(
    (target: string | null | 'trash') => {
      const hash = hashOf(target === 'trash' ? { kind: 'trash' } : { kind: 'folder', folderId: target }, tree);
      return { pathname: location.pathname, search: location.search, hash: hash ? `#${hash}` : '' };
    },
    [tree, location.pathname, location.search],
  );
  const open = (target: string | null | 'trash') => navigate(to(target));

  // A hash naming no folder (one since moved or trashed, a mistyped address): the top level, said once.
  const gone = resolved === null;
  useEffect(() => {
    if (gone) navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true, state: { folderGone: true } });
  }, [gone, navigate, location.pathname, location.search]);
  const folderGone = mounted && (location.state as { folderGone?: boolean } | null)?.folderGone === true;

  useEffect(() => {
    const timer = setTimeout(() => setSearched(query), query.trim() === '' ? 0 : SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const path = apiPath(folderId, tree);
  const key = searching ? `search:${searched.trim()}` : inTrash ? 'trash' : `folder:${path}`;
  const placeKey = `${key}|${sort}|${mounted}`;
  const shownKey = `${placeKey}|${version}`;
  useEffect(() => {
    if (gone || !mounted) return;
    let current = true;
    const request = searching
      ? apiFetch<TemplateEntry[]>(`/api/templates/search?${new URLSearchParams({ q: searched.trim() })}`)
      : inTrash
        ? apiFetch<TemplateEntry[]>('/api/templates/trash')
        : apiFetch<TemplateListing>(`/api/templates?${new URLSearchParams({ path, sort })}`).then((result) => (result.ok ? { ok: true as const, data: result.data.entries } : result));
    void request.then((result) => {
      if (!current) return;
      if (!result.ok && result.status === 401) return signInAgain(true);
      setListing(result.ok ? { key: placeKey, entries: result.data } : { key: placeKey, error: result.code });
    });
    return () => {
      current = false;
    };
  }, [shownKey]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  /** Runs a change through the API; on success closes the dialog, says so and loads the place again. */
  const change = async <T,>(call: Promise<{ ok: true; data: T } | { ok: false; code: ErrorCode; status: number }>, success: string | null) => {
    setBusy(true);
    setPageError(null);
    const result = await call;
    setBusy(false);
    if (!result.ok) {
      if (result.status === 401) return signInAgain(true);
      if (dialog) setDialogError(result.code);
      else setPageError(result.code);
      return;
    }
    setDialog(null);
    setDialogError(null);
    if (success) setNotice({ text: success, at: Date.now() });
    setVersion((value) => value + 1);
    revalidator.revalidate();
    return result.data;
  };

  const findEntry = (id: string) => (listing && 'entries' in listing ? listing.entries.find((entry) => entry.id === id) : undefined);
  const move = (entry: { id: string; title: string }, target: string | null) =>
    change(apiFetch('/api/templates/folder', { method: 'PUT', body: { templateId: entry.id, path: apiPath(target, tree) } }), t('media.moved', { title: entry.title, place: titleOf(target) }));
  const trash = (entry: { id: string; title: string }) => change(apiFetch(`/api/templates/${entry.id}`, { method: 'DELETE' }), t('media.trashed', { title: entry.title }));
  const restore = (entry: TemplateEntry) => change(apiFetch(`/api/templates/${entry.id}/restore`, { method: 'PUT' }), t('media.restored', { title: entry.title }));
  const create = async (title: string) => {
    const made = await change(apiFetch<TemplateEntry>('/api/templates/create', { method: 'POST', body: { title, path } }), null);
    if (made) navigate(`/templates/${made.id}`);
  };
  /** The owner's link: made when the dialog opens (the same one while it stays shared). */
  const share = async (entry: TemplateEntry) => {
    setDialogError(null);
    setDialog({ kind: 'share', entry, token: entry.shareToken });
    if (entry.shareToken) return;
    const result = await apiFetch<{ shareToken: string }>(`/api/templates/${entry.id}/share`, { method: 'PUT' });
    if (!result.ok) {
      if (result.status === 401) return signInAgain(true);
      return setDialogError(result.code);
    }
    setDialog((current) => (current?.kind === 'share' && current.entry.id === entry.id ? { ...current, token: result.data.shareToken } : current));
    setVersion((value) => value + 1);
  };
  const stopSharing = (entry: TemplateEntry) => change(apiFetch(`/api/templates/${entry.id}/revokeShare`, { method: 'PUT' }), t('templates.stopped', { title: entry.title }));
  // Dropped on a breadcrumb entry or a folder: moved there; on the trash: asked first, as from the menu.
  const dropped = (id: string, target: string | null | 'trash') => {
    const entry = findEntry(id);
    if (!entry) return;
    if (target === 'trash') openDialog({ kind: 'trash', entry });
    else void move(entry, target);
  };
  const openDialog = (next: Dialog) => {
    setDialogError(null);
    setDialog(next);
  };

  const { hidden, shown } = breadcrumb(folderId, folders);
  // After a change the place's old contents stay until the new ones arrive: no flash of "loading".
  const current = listing?.key === placeKey ? listing : null;
  // The API sorts a folder as asked; the trash (newest trashed first) and search results (newest first) are sorted here by name.
  const entries = current && 'entries' in current ? (sort === 'name' && (inTrash || searching) ? sortTemplates(current.entries, 'name') : current.entries) : null;
  const heading = searching ? t('media.results', { query: searched.trim() }) : inTrash ? t('media.trash') : titleOf(folderId);
  const trashText = (entry: TemplateEntry) =>
    entry.isFolder ? t('templates.trashFolderText', { days: TRASH_RETENTION_DAYS }) : entry.sharedBy !== null ? t('templates.trashCopyText', { days: TRASH_RETENTION_DAYS }) : t('templates.trashText', { days: TRASH_RETENTION_DAYS });

  return (
    <div>
      <PageHeader
        title={t('templates.title')}
        // Nothing is made in the trash.
        actions={
          inTrash
            ? []
            : [
                { label: t('templates.newTemplate'), onClick: () => openDialog({ kind: 'newTemplate' }), icon: <PlusIcon className="h-5 w-5" /> },
                { label: t('media.newFolder'), onClick: () => openDialog({ kind: 'newFolder' }), icon: <PlusIcon className="h-5 w-5" />, style: 'inherit' },
              ]
        }
        sort={{
          current: sort,
          onChange: (value) =>
            setParams(
              (currentParams) => {
                const next = new URLSearchParams(currentParams);
                next.set('sort', value);
                return next;
              },
              { replace: true, preventScrollReset: true },
            ),
          items: [
            { value: 'date', label: t('sort.date') },
            { value: 'name', label: t('sort.name') },
          ],
        }}
      />
      <main id="main" className="px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <LibraryBreadcrumb rootLabel={t('templates.root')} hidden={hidden} shown={shown} inTrash={inTrash} linkTo={to} onOpen={open} onDrop={dropped} />
          <LibrarySearch label={t('templates.search')} query={query} onQuery={setQuery} />
        </div>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {notice ? <p className="rounded-lg bg-green-50 px-3 py-2 text-green-800">{notice.text}</p> : folderGone ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('templates.folderGone')}</p> : null}
        </div>
        {pageError ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {t(`errors.${pageError}`)}
          </p>
        ) : null}
        <section aria-labelledby="templates-place" aria-busy={entries === null && !(current && 'error' in current)} className="mt-4">
          <h2 id="templates-place" className="mb-1 text-lg font-semibold wrap-anywhere">
            {heading}
          </h2>
          {inTrash && !searching ? <p className="mb-3 text-sm text-slate-600">{t('media.trashNote', { days: TRASH_RETENTION_DAYS })}</p> : null}
          {current && 'error' in current ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
              {t(`errors.${current.error}`)}
            </p>
          ) : entries === null ? (
            <p className="text-slate-600">{t('media.loading')}</p>
          ) : entries.length === 0 ? (
            <p className="text-slate-600">
              {searching ? t('templates.noResults', { query: searched.trim() }) : inTrash ? t('media.emptyTrash') : folderId === null ? t('templates.empty') : t('media.emptyFolder')}
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(min(100%,250px),1fr))] gap-3" data-testid="template-cards">
              {entries.map((entry) => (
                <TemplateCard
                  key={entry.id}
                  entry={entry}
                  link={entry.deletesAt !== null ? undefined : entry.isFolder ? to(entry.id) : `/templates/${entry.id}`}
                  location={searching ? t('media.location', { place: titleOf(folderOfPath(entry.path)) }) : undefined}
                  onOpen={() => navigate(`/templates/${entry.id}`)}
                  onRename={() => openDialog({ kind: 'rename', entry })}
                  onMove={() => openDialog({ kind: 'move', entry })}
                  onShare={() => void share(entry)}
                  onTrash={() => openDialog({ kind: 'trash', entry })}
                  onRestore={() => void restore(entry)}
                  onDropInto={(id) => dropped(id, entry.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </main>
      {dialog?.kind === 'newFolder' ? (
        <TitleDialog
          heading={t('media.newFolder')}
          label={t('media.folderName')}
          confirmLabel={t('media.create')}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void change(apiFetch('/api/templates/folder', { method: 'POST', body: { title, path } }), t('media.created', { title: title.trim() }))}
        />
      ) : null}
      {dialog?.kind === 'newTemplate' ? (
        <TitleDialog
          heading={t('templates.newTemplate')}
          label={t('templates.templateName')}
          confirmLabel={t('media.create')}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void create(title)}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <TitleDialog
          heading={dialog.entry.isFolder ? t('media.renameTitle') : t('templates.renameTitle')}
          label={dialog.entry.isFolder ? t('media.folderName') : t('templates.templateName')}
          confirmLabel={t('common.save')}
          initial={dialog.entry.title}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void change(apiFetch(`/api/templates/${dialog.entry.id}`, { method: 'PUT', body: { name: title } }), t('media.renamed', { title: title.trim() }))}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          topTitle={t('templates.root')}
          entry={{ id: dialog.entry.id, title: dialog.entry.title, isFolder: dialog.entry.isFolder }}
          currentFolderId={folderOfPath(dialog.entry.path)}
          folders={folders}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onMove={(target) => void move(dialog.entry, target)}
        />
      ) : null}
      {dialog?.kind === 'trash' ? (
        <ConfirmDialog title={t('templates.trashTitle', { title: dialog.entry.title })} confirmLabel={t('media.toTrash')} destructive onConfirm={() => void trash(dialog.entry)} onCancel={() => setDialog(null)}>
          <p>{trashText(dialog.entry)}</p>
          {dialogError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800">
              {t(`errors.${dialogError}`)}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'share' ? (
        <ShareDialog
          title={dialog.entry.title}
          token={dialog.token}
          sharedWith={dialog.entry.sharedWith}
          busy={busy}
          error={dialogError}
          onStop={() => void stopSharing(dialog.entry)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
