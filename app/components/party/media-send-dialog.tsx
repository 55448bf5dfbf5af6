import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { MediaIcon } from '~/components/media/media-icons';
import type { MediaMessageType } from '~/core/chat-media';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';
import { acceptedKind } from '~/core/media';
import { apiFetch } from '~/lib/api';
import { extensionOf, uploadMedia } from '~/lib/upload';

export interface SentMedia {
  messageType: MediaMessageType;
  mediaAttachment: string;
}

/** A content type without its parameters, as the upload's PUT must repeat it. */
function bareType(file: File): string {
  return file.type.split(';')[0]!.trim().toLowerCase();
}

/**
 * Spec section 2, the photo/file send dialog: the file's preview and a caption. A photo goes up
 * to the party (announce, then one PUT of the bytes); the manager may keep it in her library
 * instead, and every other kind she sends always goes into her library first (spec section 5:
 * save-to-library forced and locked for non-images) and is sent from there. The message itself is
 * queued by the chat once the file is stored, so it is sent once and shows as pending.
 */
export function MediaSendDialog({
  file,
  partyId,
  isManager,
  onSend,
  onCaption,
  onCancel,
}: {
  file: File;
  partyId?: string;
  isManager: boolean;
  onSend?: (caption: string, media: SentMedia) => void;
  /** Instead of uploading here: the caption goes to the caller, whose uploads take the file (the template editor's go through the library's queue). */
  onCaption?: (caption: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const kind = acceptedKind(bareType(file));
  const image = kind === 'image';
  const [caption, setCaption] = useState('');
  const [save, setSave] = useState(!image);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, image]);

  async function send() {
    if (onCaption) return onCaption(caption.trim());
    setBusy(true);
    setError(null);
    const result = image && !save ? await partyUpload() : await libraryUpload();
    setBusy(false);
    if (result.ok) onSend?.(caption.trim(), result.media);
    else setError(result.code);
  }

  async function partyUpload(): Promise<{ ok: true; media: SentMedia } | { ok: false; code: ErrorCode }> {
    const announced = await apiFetch<{ mediaAttachment: string; uploadUrl: string }>(`/api/parties/${partyId}/media`, {
      method: 'POST',
      body: { messageType: 'photo', contentType: bareType(file), mediaExtension: extensionOf(file.name), size: file.size },
    });
    if (!announced.ok) return announced;
    const put = await apiFetch(announced.data.uploadUrl, { method: 'PUT', body: file.slice(0, file.size, bareType(file)) });
    if (!put.ok) return put;
    return { ok: true, media: { messageType: 'photo', mediaAttachment: announced.data.mediaAttachment } };
  }

  async function libraryUpload(): Promise<{ ok: true; media: SentMedia } | { ok: false; code: ErrorCode }> {
    const uploaded = await uploadMedia(file, { title: file.name, path: '' });
    if (!uploaded.ok) return uploaded;
    const offered = await apiFetch<{ mediaAttachment: string; messageType: MediaMessageType }>(`/api/parties/${partyId}/media`, { method: 'POST', body: { mediaId: uploaded.data.id } });
    if (!offered.ok) return offered;
    return { ok: true, media: { messageType: offered.data.messageType, mediaAttachment: offered.data.mediaAttachment } };
  }

  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={busy ? undefined : onCancel} initialFocus={cancel} className="p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {image ? t('chatMedia.sendPhoto') : t('chatMedia.sendFile')}
      </h2>
      <div className="mt-3 flex justify-center">
        {url ? (
          <img src={url} alt={file.name} className="max-h-64 max-w-full rounded-lg object-contain" data-testid="send-preview" />
        ) : (
          <p className="flex min-w-0 items-center gap-2 text-slate-700">
            <MediaIcon type={kind ?? 'application'} className="h-8 w-8 shrink-0 text-primary-dark" />
            <span className="truncate">{file.name}</span>
          </p>
        )}
      </div>
      <label className="mt-4 block">
        <span className="font-medium text-slate-900">{t('chatMedia.caption')}</span>
        <textarea
          value={caption}
          rows={2}
          maxLength={LIMITS.messageTextMax}
          disabled={busy}
          onChange={(event) => setCaption(event.target.value)}
          className="mt-1 block w-full resize-none rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-primary-dark"
        />
      </label>
      {isManager ? (
        <label className="mt-3 flex items-start gap-2">
          <input type="checkbox" checked={save} disabled={!image || busy} onChange={(event) => setSave(event.target.checked)} className="mt-1 h-4 w-4" />
          <span>
            {t('chatMedia.saveToLibrary')}
            {!image ? <span className="block text-sm text-slate-600">{t('chatMedia.saveForced')}</span> : null}
          </span>
        </label>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {t(`errors.${error}`)}
        </p>
      ) : null}
      <div className="mt-5 flex items-center justify-end gap-2">
        {busy ? (
          <p role="status" className="mr-auto text-sm text-slate-600">
            {t('chatMedia.uploading')}
          </p>
        ) : null}
        <button ref={cancel} type="button" onClick={onCancel} disabled={busy} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40">
          {t('common.cancel')}
        </button>
        <button type="button" onClick={() => void send()} disabled={busy} className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90 disabled:opacity-40">
          {t('input.send')}
        </button>
      </div>
    </Dialog>
  );
}
