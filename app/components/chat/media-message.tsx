import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaIcon } from '~/components/media/media-icons';
import { isMediaMessageType } from '~/core/chat-media';
import type { MediaKind } from '~/core/media';
import type { ChatMessage } from '~/core/protocol';
import { lazyNamed } from '~/lib/lazy-named';
import { ChatPhoto } from './chat-photo';

// The player's code comes with the first voice or audio message; its box is held meanwhile. The
// server and the hydrating page show only the box: a lazy boundary still hydrating when the
// socket's first news arrives is an error (React #421).
const AudioPlayer = lazyNamed(() => import('./audio-player'), 'AudioPlayer');

/** The player's box, the same size as the player, while its code loads. */
function PlayerBox() {
  return (
    <div className="mt-1 flex w-64 max-w-full items-center gap-2 rounded-xl bg-slate-50 px-2 py-2 ring-1 ring-slate-200" aria-hidden="true">
      <span className="h-11 w-11 shrink-0 rounded-full bg-primary-dark/40" />
    </div>
  );
}

/** A message that carries a file it can show (a media message whose file is named). */
export function isMediaMessage(message: ChatMessage): message is ChatMessage & { mediaAttachment: string } {
  return isMediaMessageType(message.messageType) && typeof message.mediaAttachment === 'string';
}

/**
 * The file of a media message inside its bubble. A photo as ChatPhoto shows it; voice and audio
 * play in the bubble; a PDF or a video is a card with its preview, its title and its kind that
 * opens the viewer on a click.
 */
export function MediaMessageBody({
  message,
  onOpen,
  wholePhoto,
}: {
  message: ChatMessage & { mediaAttachment: string };
  onOpen: () => void;
  /** A photo shows whole, up to 500 px high (the party's chat), or cropped into its box (ChatPhoto). */
  wholePhoto: boolean;
}) {
  const { t } = useTranslation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (message.messageType === 'photo') {
    const label = t('chatMedia.photoFrom', { name: message.senderName });
    return (
      <button type="button" onClick={onOpen} aria-label={label} className="-mx-1.5 mt-1 block overflow-hidden rounded-xl" data-testid="chat-photo">
        <ChatPhoto src={`/files/${message.mediaAttachment}`} mediaId={message.mediaAttachment} alt={label} whole={wholePhoto} />
      </button>
    );
  }
  if (message.messageType === 'voice' || message.messageType === 'audio') {
    if (!mounted) return <PlayerBox />;
    return (
      <Suspense fallback={<PlayerBox />}>
        <AudioPlayer
          src={`/files/${message.mediaAttachment}`}
          title={message.messageType === 'voice' ? t('voice.from', { name: message.senderName }) : t('chatMedia.kind.audio')}
        />
      </Suspense>
    );
  }
  const kind = t(`chatMedia.kind.${message.messageType as 'video' | 'document'}`);
  const type = message.mediaAttachmentType ?? 'application';
  return (
    <button
      type="button"
      onClick={onOpen}
      className="mt-1 block w-64 max-w-full overflow-hidden rounded-xl bg-slate-50 text-left ring-1 ring-slate-200 hover:bg-slate-100"
      data-testid="chat-file"
    >
      <FilePreview src={`/files/${message.mediaAttachment}/preview`} type={type} />
      <span className="flex items-center gap-3 px-3 py-2">
        <MediaIcon type={type} className="h-7 w-7 shrink-0 text-primary-dark" />
        <span className="min-w-0">
          <span className="block truncate font-medium" data-testid="chat-file-title">
            {message.mediaTitle ?? kind}
          </span>
          {message.mediaTitle ? <span className="block text-sm text-slate-600">{kind}</span> : null}
        </span>
      </span>
    </button>
  );
}

/**
 * A file's preview in its bubble (a PDF's first page, a video's poster: stored at upload), in a box
 * of fixed size, so the list knows the row's height before it loads. The page is shown from its top,
 * where a catalogue names itself. A file without one (sent before previews, or whose preview
 * failed) keeps the kind's icon in the box. Decorative: the title beside it names the file.
 */
function FilePreview({ src, type }: { src: string; type: MediaKind }) {
  const [shown, setShown] = useState(true);
  const image = useRef<HTMLImageElement>(null);
  // A preview that failed while the server's page was loading did so before React listened.
  useEffect(() => {
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setShown(false);
  }, []);
  return (
    <span className="relative flex h-36 items-center justify-center bg-slate-100 text-slate-400" aria-hidden="true">
      <MediaIcon type={type} className="h-12 w-12" />
      {shown ? (
        <img
          ref={image}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setShown(false)}
          className="absolute inset-0 h-full w-full bg-white object-cover object-top"
          data-testid="chat-file-preview"
        />
      ) : null}
    </span>
  );
}
