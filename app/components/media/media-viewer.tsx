import type { CSSProperties } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { Caption } from './caption';
import { CloseIcon, DownloadIcon } from './media-icons';
import { PdfViewer } from './pdf-viewer';
import { VideoPlayer } from './video-player';

export interface ViewedMedia {
  id: string;
  title: string;
  mediaType: 'video' | 'audio' | 'application';
  /** Whether a preview is stored; undefined where that is not known (a party's message): then it is tried. */
  hasPreview?: boolean | undefined;
  /** The caption written with it in a chat or a template, shown whole under the file. */
  caption?: string | null | undefined;
}

/**
 * The room a caption takes under the file at most (its box scrolls beyond): the PDF and the video
 * leave it free (`--caption-room`), so file and caption fit the screen together.
 */
const CAPTION_ROOM = '5.75rem';

/**
 * A video, PDF or audio file of the library, opened in the media viewer. Video streams through the
 * player; a PDF is drawn by pdf.js on every device (PdfViewer: phones have no viewer of their own),
 * under the title the document gives itself where it has one; audio in the browser's player.
 * The caption of a chat's or a template's message is shown whole beneath. Downloading is always offered.
 */
export function MediaViewer({
  media,
  partyId,
  onClose,
}: {
  media: ViewedMedia;
  /** Opened in a party's chat. */ partyId?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  const file = `/files/${media.id}`;
  // The title a PDF gives itself, for the file it came from (the viewer may be handed another).
  const [own, setOwn] = useState<{ file: string; title: string | null } | null>(null);
  const title = (own?.file === file ? own.title : null) ?? media.title;
  const caption = media.caption?.trim() ? media.caption : null;
  const round = 'flex h-11 w-11 shrink-0 items-center justify-center rounded-full ring-1 ring-white/30 hover:bg-white/10';

  return (
    <Dialog
      aria-labelledby={`${id}-title`}
      aria-describedby={caption ? `${id}-caption` : undefined}
      size="viewer"
      tone="dark"
      initialFocus={close}
      onCancel={onClose}
    >
      <div className="flex items-center gap-2 px-3 py-2 sm:px-4">
        <h2 id={`${id}-title`} className="min-w-0 flex-1 truncate font-semibold" title={title}>
          {title}
        </h2>
        <a href={`${file}?download=1`} download aria-label={t('media.viewer.downloadNamed', { title: media.title })} className={round}>
          <DownloadIcon className="h-5 w-5" />
        </a>
        <button ref={close} type="button" onClick={onClose} aria-label={t('common.close')} className={round}>
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div className="px-3 pb-3 sm:px-4 sm:pb-4" style={caption ? ({ '--caption-room': CAPTION_ROOM } as CSSProperties) : undefined}>
        {media.mediaType === 'video' ? (
          <VideoPlayer id={media.id} title={media.title} partyId={partyId} />
        ) : media.mediaType === 'audio' ? (
          <audio controls preload="metadata" src={file} aria-label={media.title} className="w-full" data-testid="audio-player" />
        ) : (
          <PdfViewer
            key={file}
            file={file}
            title={title}
            previewSrc={media.hasPreview === false ? null : `${file}/preview`}
            onTitle={(found) => setOwn({ file, title: found })}
          />
        )}
        {caption ? <Caption id={`${id}-caption`} text={caption} className="mt-3 max-h-20" /> : null}
      </div>
    </Dialog>
  );
}
