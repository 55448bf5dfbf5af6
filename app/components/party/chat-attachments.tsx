import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatSelection } from '~/core/chat-media';
import { LIMITS, TIMINGS } from '~/core/limits';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { lazyNamed } from '~/lib/lazy-named';
import { useTimedNotice } from '~/lib/use-timed-notice';
import type { ChatBatch, SentMedia } from './chat-uploads';
import type { PartyDialog } from './party-dialogs';

// The uploads (with the uploaders) load when they are first used, with the media library's texts.
const ChatUploads = lazyNamed(() => needingWorkspaceTexts(import('./chat-uploads')), 'ChatUploads');
// The screen-wide drop zone is not needed for the first screen: it loads once the browser is idle.
const FileDropZone = lazyNamed(() => import('~/components/media/file-drop-zone'), 'FileDropZone');

/**
 * Files for the chat: chosen or dropped ones wait in the send dialog (with the message they
 * answer), and what was sent goes on as batches through the uploads. At most 10 files at once; a
 * guest's non-images are left out, and she is told so (app/core/chat-media.ts).
 */
export function useChatAttachments({
  mayAttach,
  isManager,
  replyingTo,
  openDialog,
  onQueued,
}: {
  mayAttach: boolean;
  isManager: boolean;
  replyingTo: string | null;
  openDialog: (dialog: PartyDialog) => void;
  /** A batch went on its way (a reply is then answered). */
  onQueued: () => void;
}) {
  const [batches, setBatches] = useState<ChatBatch[]>([]);
  const tooManyFiles = useTimedNotice<true>(TIMINGS.tooManyFilesMs);
  const imagesOnly = useTimedNotice<true>(TIMINGS.guestNonImageNoteMs);
  const chooseFiles = (files: File[]) => {
    if (!mayAttach) return;
    const selection = chatSelection(files, isManager);
    if ('tooMany' in selection) return tooManyFiles.show(true);
    if (selection.imagesOnly) imagesOnly.show(true);
    if (selection.files.length > 0) openDialog({ kind: 'send', files: selection.files, replyingTo });
  };
  const queueBatch = (batch: Omit<ChatBatch, 'key'>) => {
    setBatches((current) => [...current, { ...batch, key: Date.now() + current.length }]);
    onQueued();
  };
  return { batches, tooMany: tooManyFiles.notice !== null, imagesOnly: imagesOnly.notice !== null, chooseFiles, queueBatch };
}

/** The uploads under way, and the drop zone over the whole screen (drawn in the browser, once it is idle). */
export function ChatAttachments({
  partyId,
  isManager,
  batches,
  tooMany,
  dropEnabled,
  idle,
  onFiles,
  onSend,
}: {
  partyId: string;
  isManager: boolean;
  batches: ChatBatch[];
  tooMany: boolean;
  dropEnabled: boolean;
  idle: boolean;
  onFiles: (files: File[]) => void;
  onSend: (caption: string, media: SentMedia) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {batches.length > 0 || tooMany ? (
        <Suspense fallback={null}>
          <ChatUploads partyId={partyId} canSaveToLibrary={isManager} batches={batches} tooMany={tooMany} onSend={onSend} />
        </Suspense>
      ) : null}
      {idle ? (
        <Suspense fallback={null}>
          <FileDropZone
            enabled={dropEnabled}
            title={t(isManager ? 'chatMedia.dropFiles' : 'chatMedia.dropPhotos')}
            hint={t(isManager ? 'chatMedia.dropHintManager' : 'chatMedia.dropHintGuest', { max: LIMITS.chatUploadFilesMax })}
            onFiles={onFiles}
          />
        </Suspense>
      ) : null}
    </>
  );
}
