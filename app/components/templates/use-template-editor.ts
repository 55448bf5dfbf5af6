import type { CardType } from '~/core/cards';
import { useNavigate } from '@remix-run/react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploads } from '~/components/media/use-uploads';
import type { PickedItem } from '~/components/chat/media-picker-dialog';
import { preview } from '~/core/message-preview';
import { libraryMessageType } from '~/core/chat-media';
import { hashOfPath } from '~/core/media-library';
import type { ErrorCode } from '~/core/errors';
import { LIMITS, TIMINGS } from '~/core/limits';
import { acceptedKind } from '~/core/media';
import type { ChatMessage, MessageType } from '~/core/messages';
import type { EditorMode } from '~/core/template-editor';
import { NORMAL, asChatMessage, reordered, selectedIds, templateHeadings, withChanges } from '~/core/template-editor';
import type { TemplateDetail, TemplateMessage } from '~/core/templates';
import { templateCallError } from '~/core/errors';
import { apiFetch, signInAgain } from '~/lib/api';
import type { ForwardTarget } from './forward-dialog';
import type { ImportChoice } from './import-dialog';
import { useTimedNotice } from '~/lib/use-timed-notice';

/** After sending with an insert point, the list scrolls to the new message this much later. */
const SCROLL_AFTER_INSERT_MS = 500;

/** The one dialog open on this screen (ADR 026); the files waiting for their captions go one at a time. */
export type Dialog =
  | { kind: 'heading' | 'profileCard' | 'rename' | 'deleteTemplate' | 'forward' | 'massDelete' | 'library' | 'import' }
  | { kind: 'voice'; title: string }
  | { kind: 'deleteMessage'; message: ChatMessage }
  | { kind: 'captions'; files: File[] }
  | { kind: 'media'; message: ChatMessage }
  | { kind: 'card'; card: CardType };

type NewMessage = { messageType: MessageType; message?: string; mediaId?: string };

/**
 * The template editor's state and its calls to /api/templates/{id} (template-editor.tsx): the template
 * and its messages as the server keeps them, the screen's mode, insert point and one dialog, the
 * files on their way into the library, and every change the editor makes.
 */
export function useTemplateEditor(initial: TemplateDetail, authorName: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [detail, setDetail] = useState(initial);
  const [messages, setMessages] = useState<TemplateMessage[]>(initial.messages);
  const [mode, setMode] = useState<EditorMode>(NORMAL);
  const [insertBefore, setInsertBefore] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogError, setDialogError] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorCode | null>(null);
  const notice = useTimedNotice<string>(TIMINGS.successNoticeMs);
  const [tab, setTab] = useState<'messages' | 'contents'>('messages');
  const tooManyFiles = useTimedNotice<true>(TIMINGS.tooManyFilesMs);
  // An import that failed is said for a while only (the specification); other errors stay until closed.
  const importError = useTimedNotice<ErrorCode>(TIMINGS.importErrorMs);
  // The captions given to files in the send dialog, until each file is up.
  const captions = useRef(new Map<File, string>());
  const scroller = useRef<HTMLDivElement>(null);
  const editable = detail.role === 'owner';
  const base = `/api/templates/${detail.id}`;
  // Back to the folder the template is in for the one asking, as the templates page keeps it in the hash.
  const folderHash = hashOfPath(detail.path);
  const backTo = folderHash ? `/templates#${folderHash}` : '/templates';

  // One chat-shaped object per stored message object (withChanges and reordered keep the others'):
  // after a move or an edit only the rows whose message changed render again.
  const converted = useRef(new WeakMap<TemplateMessage, ChatMessage>());
  const chat = useMemo(
    () =>
      messages.map((message) => {
        let shown = converted.current.get(message);
        if (!shown || shown.senderName !== authorName) converted.current.set(message, (shown = asChatMessage(message, authorName)));
        return shown;
      }),
    [messages, authorName],
  );
  const headings = useMemo(() => templateHeadings(messages), [messages]);
  const photos = chat.filter((message) => message.messageType === 'photo' && message.mediaAttachment);
  const opened = dialog?.kind === 'media' ? dialog.message : null;
  const photoIndex = opened ? photos.findIndex((photo) => photo.id === opened.id) : -1;

  /**
   * A refused call: the session's end signs in again; anything else is said (`say`: how) and the
   * template read again, which leaves the editor when the template itself is gone (a call's own
   * `templateNotFound` may name another, an import's source).
   */
  const failed = useCallback(
    async (result: { code: ErrorCode; status: number }, say: (code: ErrorCode) => void = setError) => {
      if (result.status === 401) return signInAgain(true);
      say(templateCallError(result));
      const fresh = await apiFetch<TemplateDetail>(base);
      if (fresh.ok) {
        setDetail(fresh.data);
        setMessages(fresh.data.messages);
      } else if (fresh.code === 'templateNotFound' || fresh.code === 'templateTrashed') navigate('/templates', { replace: true });
    },
    [base, navigate],
  );

  function scrollToMessage(id: string, delay = 0) {
    setTimeout(() => document.getElementById(`message-${id}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }), delay);
  }

  const insertBeforeRef = useRef(insertBefore);
  insertBeforeRef.current = insertBefore;
  const add = useCallback(
    async (body: NewMessage) => {
      const result = await apiFetch<TemplateMessage>(`${base}/sendMessage`, { method: 'POST', body: { ...body, beforeMessageId: insertBeforeRef.current } });
      if (!result.ok) return void failed(result);
      setMessages((current) => withChanges([...current, result.data], []));
      if (insertBeforeRef.current) scrollToMessage(result.data.id, SCROLL_AFTER_INSERT_MS);
      else requestAnimationFrame(() => scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' }));
    },
    [base, failed],
  );

  // Files go into the library's root one at a time (the library's own queue and banner); each
  // becomes a message once it is up (a video once converted), with the caption it was given.
  const uploads = useUploads(noopChanged, (item, file) => {
    const caption = captions.current.get(file) ?? '';
    captions.current.delete(file);
    void add({ messageType: libraryMessageType(item.kind), mediaId: item.id, ...(caption ? { message: caption } : {}) });
  });

  /** Up to 10 files at once; audio goes at once, anything else through the send dialog first, one file after another. */
  function takeFiles(files: File[]) {
    if (files.length === 0) return;
    if (files.length > LIMITS.templateDropFilesMax) return tooManyFiles.show(true);
    const audio = files.filter((file) => acceptedKind(file.type.split(';')[0]!.trim().toLowerCase()) === 'audio');
    if (audio.length > 0) uploads.add(audio, '');
    const rest = files.filter((file) => !audio.includes(file));
    if (rest.length > 0)
      setDialog((current) => (current?.kind === 'captions' ? { kind: 'captions', files: [...current.files, ...rest] } : { kind: 'captions', files: rest }));
  }
  /** The file in the send dialog is done with (sent or left out): the next one, or none. */
  const nextCaption = () =>
    setDialog((current) => (current?.kind === 'captions' && current.files.length > 1 ? { kind: 'captions', files: current.files.slice(1) } : null));

  /** Items chosen in the library go in the order chosen, the caption with the first (as in the chat). */
  async function addPicked(caption: string, items: PickedItem[]) {
    for (const [index, item] of items.entries()) {
      await add({ messageType: libraryMessageType(item.kind), mediaId: item.id, ...(index === 0 && caption ? { message: caption } : {}) });
    }
  }

  async function edit(id: string, text: string) {
    const result = await apiFetch<TemplateMessage>(`${base}/editMessage/${id}`, { method: 'PUT', body: { message: text } });
    if (!result.ok) return failed(result);
    setMessages((current) => withChanges(current, [result.data]));
  }

  async function remove(ids: string[]) {
    const result =
      ids.length === 1
        ? await apiFetch(`${base}/deleteMessage/${ids[0]}`, { method: 'DELETE' })
        : await apiFetch(`${base}/deleteMessages`, { method: 'PUT', body: { messageIds: ids } });
    if (!result.ok) return failed(result);
    const gone = new Set(ids);
    setMessages((current) => current.filter((message) => !gone.has(message.id)));
    if (insertBefore && gone.has(insertBefore)) setInsertBefore(null);
  }

  /** Shown moved at once; the server's answer brings the new ranks (a refusal reloads the template). */
  async function move(ids: string[], beforeId: string | null) {
    setMessages((current) => reordered(current, ids, beforeId));
    const result =
      ids.length === 1
        ? await apiFetch<TemplateMessage[]>(`${base}/moveMessage/${ids[0]}`, { method: 'PUT', body: { newNextId: beforeId } })
        : await apiFetch<TemplateMessage[]>(`${base}/moveMessages`, { method: 'PUT', body: { messageIds: ids, newNextId: beforeId } });
    if (!result.ok) return failed(result);
    setMessages((current) => withChanges(current, result.data));
  }

  async function forward(target: ForwardTarget, ids: string[]) {
    const body = { messageIds: ids, ...(target.kind === 'party' ? { targetPartyId: target.id } : { targetTemplateId: target.id }) };
    const result = await apiFetch<{ forwarded: number }>(`${base}/forward`, { method: 'POST', body });
    if (!result.ok) return setError(templateCallError(result));
    notice.show(t('selection.forwarded', { party: target.title }));
  }

  /** Another template, whole or chosen messages, at the insert point (or the end); the new messages are scrolled to. */
  async function importFrom({ source, messageIds }: ImportChoice) {
    const beforeMessageId = insertBeforeRef.current;
    const result =
      messageIds === null
        ? await apiFetch<TemplateMessage[]>(`${base}/sendFullTemplate`, { method: 'POST', body: { templateId: source.id, beforeMessageId } })
        : await apiFetch<TemplateMessage[]>(`${base}/copyMessages`, { method: 'POST', body: { sourceId: source.id, messageIds, beforeMessageId } });
    if (!result.ok) return failed(result, importError.show);
    setMessages((current) => withChanges([...current, ...result.data], []));
    notice.show(t('templateEditor.imported', { count: result.data.length, title: source.title }));
    if (result.data[0]) scrollToMessage(result.data[0].id, SCROLL_AFTER_INSERT_MS);
  }

  async function rename(name: string) {
    setBusy(true);
    const result = await apiFetch<{ title: string }>(base, { method: 'PUT', body: { name } });
    setBusy(false);
    if (!result.ok) return result.status === 401 ? signInAgain(true) : setDialogError(templateCallError(result));
    setDetail((current) => ({ ...current, title: result.data.title }));
    setDialog(null);
  }

  async function trashTemplate() {
    const result = await apiFetch(base, { method: 'DELETE' });
    setDialog(null);
    if (!result.ok) return failed(result);
    navigate(backTo);
  }

  const close = () => {
    setDialog(null);
    setDialogError(null);
  };
  const cancelMode = () => setMode(NORMAL);
  const chosen = selectedIds(mode, messages);
  const editing = mode.kind === 'editing' ? chat.find((message) => message.id === mode.messageId) : undefined;
  // What the insert point stands before, as the bar under the list and the import dialog say it.
  const insertPoint = insertBefore ? preview(chat.find((message) => message.id === insertBefore) ?? { messageType: 'text', message: '' }, 60) : null;

  return {
    add,
    addPicked,
    backTo,
    busy,
    cancelMode,
    captions,
    chat,
    chosen,
    close,
    detail,
    dialog,
    dialogError,
    edit,
    editable,
    editing,
    error,
    forward,
    headings,
    importError,
    importFrom,
    insertBefore,
    insertPoint,
    messages,
    mode,
    move,
    nextCaption,
    notice,
    opened,
    photoIndex,
    photos,
    remove,
    rename,
    scrollToMessage,
    scroller,
    setDialog,
    setError,
    setInsertBefore,
    setMode,
    setTab,
    tab,
    takeFiles,
    tooManyFiles,
    trashTemplate,
    uploads,
  };
}

export type TemplateEditorState = ReturnType<typeof useTemplateEditor>;

/** The library page refreshes its cards on upload; the editor adds a message when a file is done instead. */
function noopChanged() {}
