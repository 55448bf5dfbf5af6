import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { Caption } from './caption';
import { CloseIcon, DownloadIcon } from './media-icons';

export interface LightboxPhoto {
  id: string;
  title: string;
  /** The caption written with it in a chat or a template: shown whole under the photo. */
  caption?: string | null | undefined;
}

/** How far a finger moves sideways, in CSS pixels, before it counts as a swipe. */
const SWIPE_PX = 50;

/**
 * A photo of a folder on the whole screen, previous and next wrapping around from the last photo to
 * the first and back. The arrow keys and the buttons go through the folder's photos, a swipe does
 * on a touch screen; Escape or the close button leaves; the photo can be downloaded. A caption is
 * shown whole under the photo (its box scrolls when it is long).
 */
export function Lightbox({
  photos,
  index,
  onIndex,
  onClose,
}: {
  photos: LightboxPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const close = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index];
  if (!photo) return null;
  const several = photos.length > 1;
  const caption = photo.caption?.trim() ? photo.caption : null;
  const step = (by: number) => onIndex((index + by + photos.length) % photos.length);
  const round = 'flex h-11 w-11 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/30 hover:bg-black/80';

  return (
    <Dialog
      aria-labelledby={`${id}-title`}
      aria-describedby={caption ? `${id}-caption` : undefined}
      size="full"
      tone="dark"
      initialFocus={close}
      onCancel={onClose}
      className="overflow-hidden"
    >
      <div
        className="flex h-full flex-col"
        onKeyDown={(event) => {
          if (!several || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
          event.preventDefault();
          step(event.key === 'ArrowLeft' ? -1 : 1);
        }}
      >
        <div className="flex items-center gap-2 px-3 py-2 sm:px-4">
          <h2 id={`${id}-title`} className="min-w-0 flex-1 truncate font-semibold" title={photo.title}>
            {photo.title}
          </h2>
          {several ? (
            <p className="shrink-0 text-sm text-slate-300" data-testid="lightbox-position">
              {t('media.viewer.position', { index: index + 1, total: photos.length })}
            </p>
          ) : null}
          <a href={`/files/${photo.id}?download=1`} download aria-label={t('media.viewer.downloadNamed', { title: photo.title })} className={round}>
            <DownloadIcon className="h-5 w-5" />
          </a>
          <button ref={close} type="button" onClick={onClose} aria-label={t('common.close')} className={round}>
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2 pb-2"
          onPointerDown={(event) => {
            if (event.pointerType === 'touch') swipe.current = { x: event.clientX, y: event.clientY };
          }}
          onPointerUp={(event) => {
            const start = swipe.current;
            swipe.current = null;
            if (!start || !several) return;
            const dx = event.clientX - start.x;
            if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y)) step(dx < 0 ? 1 : -1);
          }}
          onPointerCancel={() => {
            swipe.current = null;
          }}
        >
          <img key={photo.id} src={`/files/${photo.id}`} alt={photo.title} draggable={false} className="max-h-full max-w-full object-contain select-none" />
          {several ? (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                aria-label={t('media.viewer.previous')}
                className={`${round} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m15 18-6-6 6-6" />
                </svg>
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                aria-label={t('media.viewer.next')}
                className={`${round} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m9 18 6-6-6-6" />
                </svg>
              </button>
            </>
          ) : null}
        </div>
        {caption ? <Caption key={photo.id} id={`${id}-caption`} text={caption} className="max-h-[25dvh] shrink-0 px-3 pb-3 sm:px-4" /> : null}
      </div>
    </Dialog>
  );
}
