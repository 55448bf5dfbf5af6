import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LibraryShell } from '~/components/library/library-shell';
import { useLibraryPage } from '~/components/library/use-library-page';
import { FileDropZone } from '~/components/media/file-drop-zone';
import { Lightbox } from '~/components/media/lightbox';
import { DescriptionDialog } from '~/components/media/description-dialog';
import { MediaCard } from '~/components/media/media-card';
import { UploadIcon } from '~/components/media/media-icons';
import { MediaViewer } from '~/components/media/media-viewer';
import type { ViewedMedia } from '~/components/media/media-viewer';
import { UploadBanner } from '~/components/media/upload-banner';
import { useUploads } from '~/components/media/use-uploads';
import { MEDIA_KINDS, acceptAttribute } from '~/core/media';
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

/** An item opened: a photo in the lightbox (among the photos shown, so next and previous follow the list), anything else in the viewer. */
type Opened = { kind: 'photo'; id: string } | { kind: 'viewer'; media: ViewedMedia };
/** The accepted types, for the file picker; what is chosen is checked again. */
const ACCEPT = acceptAttribute(MEDIA_KINDS);

export default function MediaLibrary() {
  const { t } = useTranslation();
  const { folders } = useLoaderData<typeof loader>();
  const library = useLibraryPage<MediaEntry, { kind: 'describe'; entry: MediaEntry }>({
    name: 'media',
    folders,
    moveKey: 'mediaId',
    sortByName: (entries) => sortEntries(entries, 'name'),
  });
  const { mounted, folderId, inTrash, path, titleOf, to, searching, reload, listing, entries, dialog, openDialog, change, trash, restore } = library;
  const [opened, setOpened] = useState<Opened | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const uploads = useUploads(reload);
  const describe = (entry: MediaEntry, description: string) =>
    void change(
      apiFetch<MediaEntry>(`/api/media/${entry.id}/description`, { method: 'PUT', body: { description } }),
      t('media.chatCopy.described', { title: entry.title }),
    );

  // pdf.js and the drawing code load only when a preview is made, and never into the server's
  // bundle (pdf.js needs the DOM when it loads; the menu is only ever used in the browser).
  const regenerate = (entry: MediaEntry) => {
    if (import.meta.env.SSR) return;
    void change(
      import('~/lib/preview').then(({ regeneratePreview }) => regeneratePreview(entry)),
      t('media.previewRegenerated', { title: entry.title }),
    );
  };
  // A video converting when the page was opened (or uploaded elsewhere) is followed to its end as well:
  // its row only learns Stream's news when asked. Each once per page: a refusal does not loop.
  const followed = useRef(new Set<string>());
  useEffect(() => {
    const converting =
      listing && 'entries' in listing
        ? listing.entries.filter((entry) => entry.mediaType === 'video' && entry.state === 'converting' && entry.deletesAt === null)
        : [];
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

  return (
    <LibraryShell
      library={library}
      actions={[{ label: t('media.upload.button'), onClick: () => picker.current?.click(), icon: <UploadIcon className="h-5 w-5" /> }]}
      isFolder={(entry) => entry.mediaType === 'folder'}
      renameTexts={() => ({ heading: t('media.renameTitle'), label: t('media.titleLabel') })}
      card={(entry, dropped) => (
        <MediaCard
          key={entry.id}
          entry={entry}
          folderLink={entry.mediaType === 'folder' && !inTrash ? to(entry.id) : undefined}
          location={searching ? t('media.location', { place: titleOf(folderOfPath(entry.path)) }) : undefined}
          onRename={() => openDialog({ kind: 'rename', entry })}
          onDescribe={() => openDialog({ kind: 'describe', entry })}
          onMove={() => openDialog({ kind: 'move', entry })}
          onTrash={() => void trash(entry)}
          onRestore={() => void restore(entry)}
          onDropInto={(id) => dropped(id, entry.id)}
          onOpen={openerOf(entry)}
          onRegeneratePreview={() => regenerate(entry)}
        />
      )}
      before={
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
      }
    >
      {opened?.kind === 'photo' && photoIndex >= 0 ? (
        <Lightbox photos={photos} index={photoIndex} onIndex={(index) => setOpened({ kind: 'photo', id: photos[index]!.id })} onClose={() => setOpened(null)} />
      ) : null}
      {dialog?.kind === 'describe' ? (
        <DescriptionDialog
          title={dialog.entry.title}
          initial={dialog.entry.description ?? ''}
          busy={library.busy}
          error={library.dialogError}
          onSubmit={(description) => describe(dialog.entry, description)}
          onCancel={() => library.setDialog(null)}
        />
      ) : null}
      {opened?.kind === 'viewer' ? <MediaViewer media={opened.media} onClose={() => setOpened(null)} /> : null}
      <FileDropZone
        enabled={mounted && !inTrash && dialog === null && !viewing}
        title={t('media.upload.dropTitle')}
        hint={t('media.upload.dropHint', { place: placeTitle })}
        onFiles={upload}
      />
      <UploadBanner progress={uploads.progress} failures={uploads.failures} tooMany={uploads.tooMany} />
    </LibraryShell>
  );
}
