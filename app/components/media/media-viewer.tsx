import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { CloseIcon, DownloadIcon } from './media-icons';
import { VideoPlayer } from './video-player';

export interface ViewedMedia {
  id: string;
  title: string;
  mediaType: 'video' | 'audio' | 'application';
  hasPreview: boolean;
}

/**
 * A video, PDF or audio file of the library, opened (spec section 2: the media viewer). Video
 * streams through the player; a PDF shows in the browser's own viewer where it has one (phones
 * mostly do not: there its first page and a link that opens it); audio in the browser's player.
 * Downloading is always offered.
 */
export function MediaViewer({ media, partyId, onClose }: { media: ViewedMedia; /** Opened in a party's chat. */ partyId?: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  const file = `/files/${media.id}`;
  // Known only in the browser; the dialog is never rendered on the server.
  const [inlinePdf, setInlinePdf] = useState(true);
  useEffect(() => setInlinePdf(navigator.pdfViewerEnabled !== false), []);
  const round = 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full ring-1 ring-white/30 hover:bg-white/10';

  return (
    <Dialog aria-labelledby={`${id}-title`} size="viewer" tone="dark" initialFocus={close} onCancel={onClose}>
      <div className="flex items-center gap-2 px-3 py-2 sm:px-4">
        <h2 id={`${id}-title`} className="min-w-0 flex-1 truncate font-semibold" title={media.title}>
          {media.title}
        </h2>
        <a href={`${file}?download=1`} download aria-label={t('media.viewer.downloadNamed', { title: media.title })} className={round}>
          <DownloadIcon className="h-5 w-5" />
        </a>
        <button ref={close} type="button" onClick={onClose} aria-label={t('common.close')} className={round}>
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div className="px-3 pb-3 sm:px-4 sm:pb-4">
        {media.mediaType === 'video' ? (
          <VideoPlayer id={media.id} title={media.title} partyId={partyId} />
        ) : media.mediaType === 'audio' ? (
          <audio controls preload="metadata" src={file} aria-label={media.title} className="w-full" data-testid="audio-player" />
        ) : inlinePdf ? (
          <iframe src={file} title={media.title} className="h-[calc(100dvh-8rem)] w-full rounded-lg bg-white" data-testid="pdf-viewer" />
        ) : (
          <div className="flex flex-col items-center gap-3 py-2">
            {media.hasPreview ? <img src={`${file}/preview`} alt={t('media.viewer.firstPage', { title: media.title })} className="max-h-[60dvh] rounded-lg bg-white" /> : null}
            <a href={file} target="_blank" rel="noopener" className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90" data-testid="pdf-open">
              {t('media.viewer.openPdf')}
            </a>
          </div>
        )}
      </div>
    </Dialog>
  );
}
