import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { PlusIcon } from '~/components/media/media-icons';
import { Notice } from '~/components/notice';
import { PageHeader } from '~/components/shell/page-header';
import type { HeaderAction } from '~/components/shell/page-header';
import { TRASH_RETENTION_DAYS } from '~/core/folders';
import { folderOfPath } from '~/core/media-library';
import { LibraryBreadcrumb } from './library-breadcrumb';
import { MoveDialog } from './move-dialog';
import { TitleDialog } from './title-dialog';
import { libraryDialog } from './use-library-page';
import type { LibraryPageState } from './use-library-page';

interface Entry {
  id: string;
  title: string;
  path: string;
}

interface Props<E extends Entry, D extends { kind: string }> {
  library: LibraryPageState<E, D>;
  /** What the page does besides (before the new entry and the new folder); none in the trash. */
  actions?: HeaderAction[];
  /** A new entry of the library's own, named in a dialog first (a template): the button's and the field's labels, and what makes it. */
  make?: { label: string; field: string; onMake: (title: string) => void };
  isFolder: (entry: E) => boolean;
  /** The rename dialog's heading and label for an entry. */
  renameTexts: (entry: E) => { heading: string; label: string };
  /** A card: the page's own, given what it is dropped on (a folder card takes the dragged entry). */
  card: (entry: E, dropped: (id: string, target: string | null | 'trash') => void) => ReactNode;
  /** Before the page's contents (a hidden file input). */
  before?: ReactNode;
  /** After them: the page's own dialogs, viewers, drop zone. */
  children?: ReactNode;
}

/**
 * The page of a library with folders (the media library and the templates; ADR 028): header with
 * its actions and the sort, breadcrumb (the search is the top bar's), the notice (the trash's with Undo), errors, the
 * place's heading and cards, and the dialogs every library has (new folder, rename, move). The page
 * brings its cards, its own actions and dialogs; useLibraryPage holds the state.
 */
export function LibraryShell<E extends Entry, D extends { kind: string }>({
  library,
  actions = [],
  make,
  isFolder,
  renameTexts,
  card,
  before,
  children,
}: Props<E, D>) {
  const { t } = useTranslation();
  const { name, folders, setParams, sort, folderId, inTrash, titleOf, to, open, folderGone, searched, searching, current, entries, hidden, shown } = library;
  const { dialog, setDialog, openDialog, busy, dialogError, pageError, notices, findEntry, createFolder, rename, move, trash } = library;
  const notice = notices.notice;
  const own = libraryDialog(dialog);
  const heading = searching ? t('media.results', { query: searched.trim() }) : inTrash ? t('media.trash') : titleOf(folderId);
  // The texts each library words its own way, under its name (`media.*`, `templates.*`).
  const root = t(`${name}.root`);
  const headingId = `${name}-place`;
  const makeAction: HeaderAction[] = make ? [{ label: make.label, onClick: () => openDialog({ kind: 'make' }), icon: <PlusIcon className="h-5 w-5" /> }] : [];

  // Dropped on a breadcrumb entry or a folder: moved there; on the trash: into the trash, as from the menu.
  const dropped = (id: string, target: string | null | 'trash') => {
    const entry = findEntry(id);
    if (!entry) return;
    if (target === 'trash') void trash(entry);
    else void move(entry, target);
  };

  // The trashed card took the focus with it: the Undo gets it, so the keyboard's next step is the way back.
  const noticeBox = useRef<HTMLDivElement>(null);
  const focusedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!notice?.undo || focusedFor.current === notice) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    focusedFor.current = notice;
    noticeBox.current?.querySelector('button')?.focus();
  }, [notice, entries]);

  return (
    <div>
      <PageHeader
        title={t(`${name}.title`)}
        // Nothing is made or uploaded in the trash.
        actions={
          inTrash
            ? []
            : [
                ...actions,
                ...makeAction,
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
      {before}
      <main id="main" className="px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <LibraryBreadcrumb rootLabel={root} hidden={hidden} shown={shown} inTrash={inTrash} linkTo={to} onOpen={open} onDrop={dropped} />
        </div>
        <div ref={noticeBox} className="mt-3 empty:hidden">
          {notice ? (
            <Notice
              text={notice.text}
              action={notice.undo ? { label: t('media.undo'), onClick: notice.undo } : undefined}
              onHold={notices.hold}
              testId="library-notice"
            />
          ) : folderGone ? (
            <Notice text={t(`${name}.folderGone`)} tone="warning" />
          ) : null}
        </div>
        <ErrorBanner code={pageError} className="mt-3" />
        <section aria-labelledby={headingId} aria-busy={entries === null && !(current && 'error' in current)} className="mt-4">
          <h2 id={headingId} className="mb-1 text-lg font-semibold wrap-anywhere">
            {heading}
          </h2>
          {inTrash && !searching ? <p className="mb-3 text-sm text-slate-600">{t('media.trashNote', { days: TRASH_RETENTION_DAYS })}</p> : null}
          {current && 'error' in current ? (
            <ErrorBanner code={current.error} />
          ) : entries === null ? (
            <p className="text-slate-600">{t('media.loading')}</p>
          ) : entries.length === 0 ? (
            <p className="text-slate-600">
              {searching
                ? t(`${name}.noResults`, { query: searched.trim() })
                : inTrash
                  ? t('media.emptyTrash')
                  : folderId === null
                    ? t(`${name}.empty`)
                    : t('media.emptyFolder')}
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(min(100%,250px),1fr))] gap-3" data-testid={`${name}-cards`}>
              {entries.map((entry) => card(entry, dropped))}
            </ul>
          )}
        </section>
      </main>
      {own?.kind === 'newFolder' || (own?.kind === 'make' && make) ? (
        <TitleDialog
          heading={own.kind === 'make' ? make!.label : t('media.newFolder')}
          label={own.kind === 'make' ? make!.field : t('media.folderName')}
          confirmLabel={t('media.create')}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => (own.kind === 'make' ? make!.onMake(title) : void createFolder(title))}
        />
      ) : null}
      {own?.kind === 'rename' ? (
        <TitleDialog
          {...renameTexts(own.entry)}
          confirmLabel={t('common.save')}
          initial={own.entry.title}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void rename(own.entry, title)}
        />
      ) : null}
      {own?.kind === 'move' ? (
        <MoveDialog
          topTitle={root}
          entry={{ id: own.entry.id, title: own.entry.title, isFolder: isFolder(own.entry) }}
          currentFolderId={folderOfPath(own.entry.path)}
          folders={folders}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onMove={(target) => void move(own.entry, target)}
        />
      ) : null}
      {children}
    </div>
  );
}
