import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadBanner } from '~/components/media/upload-banner';
import type { UploadFailure, UploadProgress } from '~/components/media/use-uploads';
import type { MediaMessageType } from '~/core/chat-media';
import type { ErrorCode } from '~/core/errors';
import { LIMITS, TIMINGS } from '~/core/limits';
import { acceptedKind } from '~/core/media';
import { uploadTitle } from '~/core/media-upload';
import { apiFetch, signInAgain } from '~/lib/api';
import { uploadIntoLibrary } from '~/lib/library-upload';
import { extensionOf, uploadToParty } from '~/lib/upload';
import type { PickedItem } from '~/components/chat/media-picker-dialog';
import { useLeaveWarning } from '~/lib/use-leave-warning';

/** One thing to send: a file from the device (kept in the library or not), or an item of the library. */
export type ChatSendItem = { kind: 'file'; file: File; save: boolean } | { kind: 'library'; item: PickedItem };

/** One send: its files in order, the caption and the message they answer (both go with the first that is sent). */
export interface ChatBatch {
  key: number;
  items: ChatSendItem[];
  caption: string;
  replyingTo: string | null;
}

export interface SentMedia {
  messageType: MediaMessageType;
  mediaAttachment: string;
  replyingTo: string | null;
}

type Outcome = { ok: true; media: Omit<SentMedia, 'replyingTo'> } | { ok: false; reason: ErrorCode | 'conversion' | null; status: number };

/** A content type without its parameters, as the upload's PUT must repeat it. */
function bareType(file: File): string {
  return file.type.split(';')[0]!.trim().toLowerCase();
}

/**
 * Media sent into the chat, one file after another, with the library's progress banner: a photo not
 * kept goes up to the party (announce, one PUT); anything kept, and every non-image of the manager,
 * goes into her library first — a video converted and followed until it can be played — and is then
 * offered to the party by its id, like an item picked from the library. Each message is queued
 * through the chat once its file is there, so it is sent once and shows pending. A send stops at
 * its first file that fails: that file is named, with how many after it were left unsent, and what
 * went before stays sent (each was queued once, when its file was there); the next send goes on.
 */
export function ChatUploads({
  partyId,
  canSaveToLibrary,
  batches,
  tooMany,
  onSend,
}: {
  partyId: string;
  canSaveToLibrary: boolean;
  batches: ChatBatch[];
  tooMany: boolean;
  onSend: (caption: string, media: SentMedia) => void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failures, setFailures] = useState<UploadFailure[]>([]);
  const queue = useRef<ChatBatch[]>([]);
  // Asks before leaving while files are on their way, not while the banner says the last one arrived.
  const [working, setWorking] = useState(false);
  useLeaveWarning(working);
  const taken = useRef(new Set<number>());
  const running = useRef(false);
  const failureKey = useRef(0);
  const onSendRef = useRef(onSend);
  onSendRef.current = onSend;
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const fail = (name: string, reason: ErrorCode | 'conversion' | null, notSent: number) => {
    const key = ++failureKey.current;
    const text = reason === null || reason === 'generic' ? null : reason === 'conversion' ? t('media.upload.conversionFailed') : t(`errors.${reason}`);
    setProgress(null);
    setFailures((current) => [...current, { key, name, reason: text, notSent }]);
    setTimeout(() => alive.current && setFailures((current) => current.filter((failure) => failure.key !== key)), TIMINGS.uploadErrorMs);
  };

  /** The party's word that the library item may go into this chat (its kind decides the message's type). */
  const offer = async (mediaId: string): Promise<Outcome> => {
    const offered = await apiFetch<{ mediaAttachment: string; messageType: MediaMessageType }>(`/api/parties/${partyId}/media`, {
      method: 'POST',
      body: { mediaId },
    });
    return offered.ok
      ? { ok: true, media: { messageType: offered.data.messageType, mediaAttachment: offered.data.mediaAttachment } }
      : { ok: false, reason: offered.code, status: offered.status };
  };

  const partyUpload = async (file: File): Promise<Outcome> => {
    const uploaded = await uploadToParty(partyId, 'photo', file, bareType(file), extensionOf(file.name));
    return uploaded.ok
      ? { ok: true, media: { messageType: 'photo', mediaAttachment: uploaded.data.mediaAttachment } }
      : { ok: false, reason: uploaded.code, status: uploaded.status };
  };

  const sendOne = async (item: ChatSendItem, show: (phase: UploadProgress['phase'], percent: number) => void): Promise<Outcome> => {
    if (item.kind === 'library') return offer(item.item.id);
    const kind = acceptedKind(bareType(item.file));
    if (kind === null) return { ok: false, reason: 'mediaTypeNotAccepted', status: 415 };
    if (kind === 'image' && !(canSaveToLibrary && item.save)) {
      if (item.file.size > LIMITS.partyUploadBytesMax) return { ok: false, reason: 'fileTooLarge', status: 413 };
      show('uploading', 0);
      return partyUpload(item.file);
    }
    const uploaded = await uploadIntoLibrary(item.file, { kind, title: uploadTitle(item.file.name, kind), path: '', onPhase: show });
    return uploaded.ok ? offer(uploaded.id) : uploaded;
  };

  const run = async () => {
    if (running.current) return;
    running.current = true;
    setWorking(true);
    let batch: ChatBatch | undefined;
    while ((batch = queue.current.shift())) {
      let first = true;
      for (const [index, item] of batch.items.entries()) {
        const name = item.kind === 'file' ? item.file.name : item.item.title;
        const show = (phase: UploadProgress['phase'], percent: number) =>
          alive.current && setProgress({ title: name, index: index + 1, total: batch!.items.length, phase, percent });
        let outcome: Outcome;
        try {
          outcome = await sendOne(item, show);
        } catch {
          outcome = { ok: false, reason: null, status: 0 };
        }
        if (!outcome.ok) {
          // Only the library's owner has a session to sign into again; a guest's refusal is reported.
          if (outcome.status === 401 && canSaveToLibrary) return signInAgain(true);
          fail(name, outcome.reason, batch.items.length - index - 1);
          break;
        }
        onSendRef.current(first ? batch.caption : '', { ...outcome.media, replyingTo: first ? batch.replyingTo : null });
        first = false;
        show('success', 100);
      }
    }
    running.current = false;
    setWorking(false);
    setTimeout(() => alive.current && !running.current && setProgress(null), TIMINGS.uploadBannerClearMs);
  };

  useEffect(() => {
    const fresh = batches.filter((batch) => !taken.current.has(batch.key));
    if (fresh.length === 0) return;
    for (const batch of fresh) taken.current.add(batch.key);
    queue.current.push(...fresh);
    void run();
  }, [batches]);

  return <UploadBanner progress={progress} failures={failures} tooMany={tooMany} max={LIMITS.chatUploadFilesMax} placement="top" />;
}
