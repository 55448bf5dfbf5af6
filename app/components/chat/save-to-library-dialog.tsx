import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogError, DialogTitle } from '~/components/dialog-actions';
import { TitleField } from '~/components/library/title-dialog';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import type { MediaEntry } from '~/core/media-entry';
import type { LibraryFolder } from '~/core/media-library';
import { apiPath, libraryTree, moveTargets } from '~/core/media-library';
import type { ChatMessage } from '~/core/protocol';
import { apiFetch, signInAgain } from '~/lib/api';

/** What a copy is called unless the manager says otherwise: the library item's title, else what it is and who sent it. */
function copyTitle(message: ChatMessage, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (message.mediaTitle) return message.mediaTitle;
  const title =
    message.messageType === 'photo'
      ? t('chatMedia.photoFrom', { name: message.senderName })
      : t('media.chatCopy.fromSender', { kind: t(`chatMedia.kind.${message.messageType}`), name: message.senderName });
  return title.slice(0, LIMITS.mediaTitleMax);
}

/**
 * Saves the file a chat message shows into the manager's media library afterwards (POST
 * /api/media/duplicate, ADR 039): she names the copy and picks its folder among her folders (the
 * move dialog's tree); the server's refusal shows in the dialog, which stays open. Once saved it
 * hands the page the confirmation to show (the party page itself speaks no library texts).
 */
export function SaveToLibraryDialog({ message, onSaved, onCancel }: { message: ChatMessage; onSaved: (confirmation: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(() => copyTitle(message, t));
  const [folders, setFolders] = useState<LibraryFolder[] | null>(null);
  const [folderId, setFolderId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  useEffect(() => {
    void apiFetch<LibraryFolder[]>('/api/media/folders').then((result) => {
      if (!result.ok && result.status === 401) return signInAgain(true);
      setFolders(result.ok ? result.data : []);
    });
  }, []);
  const targets = folders ? moveTargets({ id: '', isFolder: false }, folders, i18n.language, t('media.chatCopy.top')) : [];
  const blank = title.trim() === '';

  const save = async () => {
    setBusy(true);
    setError(null);
    const result = await apiFetch<MediaEntry>('/api/media/duplicate', {
      method: 'POST',
      body: {
        origin: message.mediaAttachment,
        type: message.mediaAttachmentType,
        saveInLibrary: true,
        path: apiPath(folderId || null, libraryTree(folders ?? [])),
        title,
      },
    });
    setBusy(false);
    if (result.ok) {
      // The copy's card shows a picture or a PDF's page once the browser drew it, as after an
      // upload (the Worker draws none, ADR 015); a video's poster comes with its conversion.
      if (result.data.mediaType === 'image' || result.data.mediaType === 'application') {
        void import('~/lib/preview').then(({ regeneratePreview }) => regeneratePreview(result.data));
      }
      return onSaved(t('media.chatCopy.saved', { title: result.data.title }));
    }
    if (result.status === 401) return signInAgain(true);
    setError(result.code);
  };

  return (
    <Dialog aria-labelledby={`${id}-heading`} onCancel={onCancel}>
      <form
        className="p-5"
        data-testid="save-to-library"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank && !busy && folders) void save();
        }}
      >
        <DialogTitle id={`${id}-heading`}>{t('media.chatCopy.heading')}</DialogTitle>
        <TitleField label={t('media.chatCopy.name')} value={title} onChange={setTitle} errorId={error ? `${id}-error` : null} />
        <label className="mt-4 block">
          <span className="font-medium">{t('media.chatCopy.folder')}</span>
          <select
            value={folderId}
            onChange={(event) => setFolderId(event.target.value)}
            disabled={!folders}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5"
          >
            {targets.map((target) => (
              <option key={target.folderId ?? ''} value={target.folderId ?? ''}>
                {'\u2002'.repeat(Math.min(target.depth, 8))}
                {target.title}
              </option>
            ))}
          </select>
        </label>
        <DialogError id={`${id}-error`} error={error} />
        <DialogActions confirmLabel={t('media.chatCopy.save')} onCancel={onCancel} confirmDisabled={blank || busy || !folders} />
      </form>
    </Dialog>
  );
}
