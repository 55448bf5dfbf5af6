import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogTitle } from '~/components/dialog-actions';
import { MediaIcon } from '~/components/media/media-icons';
import { CaptionField } from './caption-field';
import { acceptedKind } from '~/core/media';

function kindOf(file: File) {
  return acceptedKind(file.type.split(';')[0]!.trim().toLowerCase());
}

/**
 * The photo/file send dialog: the chosen files (up to 10) with their previews and one caption. A
 * sender with a library (`canSaveToLibrary`) may keep photos there as well; once any file is not a
 * picture, keeping is forced and locked: only photos and voice can be party uploads, so videos,
 * audio and PDFs always go into the chat from her library (ADR 015). Sending closes the dialog: the
 * files then go up one after another under the banner (chat-uploads.tsx), and the caption goes with
 * the first message.
 */
export function MediaSendDialog({
  files,
  canSaveToLibrary,
  onSend,
  onCancel,
}: {
  files: File[];
  canSaveToLibrary: boolean;
  onSend: (caption: string, save: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const onlyImages = files.every((file) => kindOf(file) === 'image');
  const [caption, setCaption] = useState('');
  const [save, setSave] = useState(!onlyImages);
  const [urls, setUrls] = useState<(string | null)[]>([]);
  useEffect(() => {
    const made = files.map((file) => (kindOf(file) === 'image' ? URL.createObjectURL(file) : null));
    setUrls(made);
    return () => made.forEach((url) => url && URL.revokeObjectURL(url));
  }, [files]);
  const heading = files.length > 1 ? t('chatMedia.sendMany', { count: files.length }) : onlyImages ? t('chatMedia.sendPhoto') : t('chatMedia.sendFile');

  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={onCancel} initialFocus={cancel} className="p-6">
      <DialogTitle id={`${id}-title`}>{heading}</DialogTitle>
      <ul className={`mt-3 max-h-72 overflow-y-auto ${files.length > 1 ? 'grid grid-cols-3 gap-2' : 'flex justify-center'}`}>
        {files.map((file, index) => {
          const url = urls[index];
          return (
            <li key={`${index}-${file.name}`} className="min-w-0">
              {url ? (
                <img
                  src={url}
                  alt={file.name}
                  className={files.length > 1 ? 'h-24 w-full rounded-lg object-cover' : 'max-h-64 max-w-full rounded-lg object-contain'}
                  data-testid="send-preview"
                />
              ) : (
                <p className="flex h-full min-w-0 items-center gap-2 rounded-lg bg-slate-50 p-2 text-slate-700 ring-1 ring-slate-200" data-testid="send-file">
                  <MediaIcon type={kindOf(file) ?? 'application'} className="h-8 w-8 shrink-0 text-primary-dark" />
                  <span className="truncate text-sm">{file.name}</span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <CaptionField value={caption} onChange={setCaption} className="mt-4" />
      {canSaveToLibrary ? (
        <label className="mt-3 flex items-start gap-2">
          <input type="checkbox" checked={save} disabled={!onlyImages} onChange={(event) => setSave(event.target.checked)} className="mt-1 h-4 w-4" />
          <span>
            {t('chatMedia.saveToLibrary')}
            {!onlyImages ? <span className="block text-sm text-slate-600">{t('chatMedia.saveForced')}</span> : null}
          </span>
        </label>
      ) : null}
      <DialogActions confirmLabel={t('input.send')} onConfirm={() => onSend(caption.trim(), save)} onCancel={onCancel} cancelRef={cancel} />
    </Dialog>
  );
}
