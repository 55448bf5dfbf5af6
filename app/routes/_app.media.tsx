import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryBreadcrumb } from '~/components/library/library-breadcrumb';
import { LibrarySearch } from '~/components/library/library-search';
import { MoveDialog } from '~/components/library/move-dialog';
import { TitleDialog } from '~/components/library/title-dialog';
import { useLibraryPage } from '~/components/library/use-library-page';
import { FileDropZone } from '~/components/media/file-drop-zone';
import { Lightbox } from '~/components/media/lightbox';
import { MediaCard } from '~/components/media/media-card';
import { PlusIcon, UploadIcon } from '~/components/media/media-icons';
import { MediaViewer } from '~/components/media/media-viewer';
import type { ViewedMedia } from '~/components/media/media-viewer';
import { UploadBanner } from '~/components/media/upload-banner';
import { useUploads } from '~/components/media/use-uploads';
import { PageHeader } from '~/components/shell/page-header';
import { TRASH_RETENTION_DAYS } from '~/core/folders';
import { folderOfPath, sortEntries } from '~/core/media-library';
import { apiFetch } from '~/lib/api';
import { watchConversion } from '~/lib/conversions';
import { requireConsultant } from '~/lib/auth.server';
import type { MediaEntry } from '~/core/media-entry';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

/**
 * The folders of the library (for the hash path, the breadcrumb and the move-to dialog). Where
 * the reader is lives in the address's hash, which never reaches the server: the page asks the
 * API for that place's contents once it knows it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  return { folders: await context.services.media.listFolders(context.db, userId) };
}

type Dialog = { kind: 'newFolder' } | { kind: 'rename'; entry: MediaEntry } | { kind: 'move'; entry: MediaEntry };
/** An item opened: a photo in the lightbox (among the photos shown, so next and previous follow the list), anything else in the viewer. */
type Opened = { kind: 'photo'; id: string } | { kind: 'viewer'; media: ViewedMedia };
/** The accepted types (spec section 5), for the file picker; what is chosen is checked again. */
const ACCEPT = 'image/*,video/*,application/pdf,audio/*';

export default function MediaLibrary() {
  const { t } = useTranslation();
  const { folders } = useLoaderData<typeof loader>();
  const library = useLibraryPage<MediaEntry, Dialog>({ api: '/api/media', folders, rootTitle: t('media.root'), moveKey: 'mediaId', sortByName: (entries) => sortEntries(entries, 'name') });
  const { setParams, sort, mounted, folderId, inTrash, path, titleOf, to, open, folderGone, query, setQuery, searched, searching, reload, listing, current, entries, hidden, shown } = library;
  const { dialog, setDialog, openDialog, busy, dialogError, pageError, notice, change, findEntry, move, trash, restore } = library;
  const [opened, setOpened] = useState<Opened | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const uploads = useUploads(reload);

  // pdf.js and the drawing code load only when a preview is made, and never into the server's
  // bundle (pdf.js needs the DOM when it loads; the menu is only ever used in the browser).
  const regenerate = (entry: MediaEntry) => {
    if (import.meta.env.SSR) return;
    void change(
      import('~/lib/preview').then(({ regeneratePreview }) => regeneratePreview(entry)),
      t('media.previewRegenerated', { title: entry.title }),
    );
  };
  const dropped = (id: string, target: string | null | 'trash') => {
    const entry = findEntry(id);
    if (!entry) return;
    if (target === 'trash') void trash(entry);
    else void move(entry, target);
  };
  // A video converting when the page was opened (or uploaded elsewhere) is followed to its end as well:
  // its row only learns Stream's news when asked. Each once per page: a refusal does not loop.
  const followed = useRef(new Set<string>());
  useEffect(() => {
    const converting = listing && 'entries' in listing ? listing.entries.filter((entry) => entry.mediaType === 'video' && entry.state === 'converting' && entry.deletesAt === null) : [];
    for (const entry of converting) {
      if (followed.current.has(entry.id)) continue;
      followed.current.add(entry.id);
      void watchConversion(entry.id).then(reload);
    }
  }, [listing]);

  const photos = (entries ?? []).filter((entry) => entry.mediaType === 'image' && entry.state === 'ready' && entry.deletesAt === null);
  const photoIndex = opened?.kind === 'photo' ? photos.findIndex((photo) => photo.id === opened.id) : -1;
  const openerOf = (entry: MediaEntry): (() => void) | undefined => {
    if (entry.mediaType === 'folder' || entry.state !== 'ready' || entry.deletesAt !== null) return undefined;
    if (entry.mediaType === 'image') return () => setOpened({ kind: 'photo', id: entry.id });
    const media: ViewedMedia = { id: entry.id, title: entry.title, mediaType: entry.mediaType, hasPreview: entry.hasPreview };
    return () => setOpened({ kind: 'viewer', media });
  };
  // A photo that left the list (trashed elsewhere, the list reloaded) closes its lightbox.
  const viewing = opened?.kind === 'viewer' || photoIndex >= 0;
  const upload = (files: File[]) => uploads.add(files, path);
  const placeTitle = inTrash ? t('media.trash') : titleOf(folderId);
  const heading = searching ? t('media.results', { query: searched.trim() }) : placeTitle;

  return (
    <div>
      <PageHeader
        title={t('media.title')}
        // Nothing is made or uploaded in the trash.
        actions={
          inTrash
            ? []
            : [
                { label: t('media.upload.button'), onClick: () => picker.current?.click(), icon: <UploadIcon className="h-5 w-5" /> },
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
      <input
        ref={picker}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Cleared, so choosing the same file again is a change too.
          event.currentTarget.value = '';
          upload(files);
        }}
      />
      <main id="main" className="px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-3">
          <LibraryBreadcrumb rootLabel={t('media.root')} hidden={hidden} shown={shown} inTrash={inTrash} linkTo={to} onOpen={open} onDrop={dropped} />
          <LibrarySearch label={t('media.search')} query={query} onQuery={setQuery} />
        </div>
        <div aria-live="polite" className="mt-3 empty:hidden">
          {notice ? <p className="rounded-lg bg-green-50 px-3 py-2 text-green-800">{notice.text}</p> : folderGone ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">{t('media.folderGone')}</p> : null}
        </div>
        {pageError ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-800">
            {t(`errors.${pageError}`)}
          </p>
        ) : null}
        <section aria-labelledby="media-place" aria-busy={entries === null && !(current && 'error' in current)} className="mt-4">
          <h2 id="media-place" className="mb-1 text-lg font-semibold wrap-anywhere">
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
              {searching ? t('media.noResults', { query: searched.trim() }) : inTrash ? t('media.emptyTrash') : folderId === null ? t('media.empty') : t('media.emptyFolder')}
            </p>
          ) : (
            <ul className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(min(100%,250px),1fr))] gap-3" data-testid="media-cards">
              {entries.map((entry) => (
                <MediaCard
                  key={entry.id}
                  entry={entry}
                  folderLink={entry.mediaType === 'folder' && !inTrash ? to(entry.id) : undefined}
                  location={searching ? t('media.location', { place: titleOf(folderOfPath(entry.path)) }) : undefined}
                  onRename={() => openDialog({ kind: 'rename', entry })}
                  onMove={() => openDialog({ kind: 'move', entry })}
                  onTrash={() => void trash(entry)}
                  onRestore={() => void restore(entry)}
                  onDropInto={(id) => dropped(id, entry.id)}
                  onOpen={openerOf(entry)}
                  onRegeneratePreview={() => regenerate(entry)}
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
          onSubmit={(title) => void change(apiFetch('/api/media/folder', { method: 'POST', body: { title, mediaType: 'folder', path } }), t('media.created', { title: title.trim() }))}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <TitleDialog
          heading={t('media.renameTitle')}
          label={t('media.titleLabel')}
          confirmLabel={t('common.save')}
          initial={dialog.entry.title}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onSubmit={(title) => void change(apiFetch(`/api/media/${dialog.entry.id}`, { method: 'PUT', body: { name: title } }), t('media.renamed', { title: title.trim() }))}
        />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveDialog
          topTitle={t('media.root')}
          entry={{ id: dialog.entry.id, title: dialog.entry.title, isFolder: dialog.entry.mediaType === 'folder' }}
          currentFolderId={folderOfPath(dialog.entry.path)}
          folders={folders}
          busy={busy}
          error={dialogError}
          onCancel={() => setDialog(null)}
          onMove={(target) => void move(dialog.entry, target)}
        />
      ) : null}
      {opened?.kind === 'photo' && photoIndex >= 0 ? (
        <Lightbox photos={photos} index={photoIndex} onIndex={(index) => setOpened({ kind: 'photo', id: photos[index]!.id })} onClose={() => setOpened(null)} />
      ) : null}
      {opened?.kind === 'viewer' ? <MediaViewer media={opened.media} onClose={() => setOpened(null)} /> : null}
      <FileDropZone enabled={mounted && !inTrash && dialog === null && !viewing} title={t('media.upload.dropTitle')} hint={t('media.upload.dropHint', { place: placeTitle })} onFiles={upload} />
      <UploadBanner progress={uploads.progress} failures={uploads.failures} tooMany={uploads.tooMany} />
    </div>
  );
}
