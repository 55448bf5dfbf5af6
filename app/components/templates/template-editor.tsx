import type { CardType } from '~/core/cards';
import { Link, useNavigate } from '@remix-run/react';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorBanner } from '~/components/error-banner';
import { Notice } from '~/components/notice';
import { FileDropZone } from '~/components/media/file-drop-zone';
import { TitleDialog } from '~/components/library/title-dialog';
import { UploadBanner } from '~/components/media/upload-banner';
import { useUploads } from '~/components/media/use-uploads';
import { DotsIcon, Menu } from '~/components/menu';
import { ContentsPanel } from '~/components/chat/contents-panel';
import { HeadingDialog } from '~/components/chat/heading-dialog';
import { InputBar } from '~/components/chat/input-bar';
import type { PickedItem } from '~/components/chat/media-picker-dialog';
import { preview } from '~/core/message-preview';
import { ProfileCardDialog } from '~/components/chat/profile-card-dialog';
import { PageHeader } from '~/components/shell/page-header';
import type { HeaderAction } from '~/components/shell/page-header';
import { libraryMessageType } from '~/core/chat-media';
import { hashOfPath } from '~/core/media-library';
import { formatDateTime } from '~/core/dates';
import type { ErrorCode } from '~/core/errors';
import { LIMITS, TIMINGS } from '~/core/limits';
import { MEDIA_KINDS, acceptedKind } from '~/core/media';
import type { ChatMessage, MessageType } from '~/core/messages';
import type { EditorMode } from '~/core/template-editor';
import { NORMAL, asChatMessage, reordered, selectedIds, selecting, templateHeadings, toggleSelected, withChanges } from '~/core/template-editor';
import type { TemplateDetail, TemplateMessage } from '~/core/templates';
import { isEditableMessage } from '~/core/templates';
import { templateCallError } from '~/core/errors';
import { apiFetch, signInAgain } from '~/lib/api';
import { ForwardDialog } from './forward-dialog';
import type { ForwardTarget } from './forward-dialog';
import { ImportDialog } from './import-dialog';
import type { ImportChoice } from './import-dialog';
import { TemplateMessageList } from './template-message-list';
import { lazyNamed } from '~/lib/lazy-named';
import { useTimedNotice } from '~/lib/use-timed-notice';

// Opened only when asked for: the send dialog (with the uploaders), the lightbox and the viewer.
const MediaSendDialog = lazyNamed(() => import('~/components/chat/media-send-dialog'), 'MediaSendDialog');
const Lightbox = lazyNamed(() => import('~/components/media/lightbox'), 'Lightbox');
const MediaViewer = lazyNamed(() => import('~/components/media/media-viewer'), 'MediaViewer');
const MediaPickerDialog = lazyNamed(() => import('~/components/chat/media-picker-dialog'), 'MediaPickerDialog');
const CardDialog = lazyNamed(() => import('~/components/cards/card-dialog'), 'CardDialog');
const VoiceDialog = lazyNamed(() => import('~/components/chat/voice-dialog'), 'VoiceDialog');

/** After sending with an insert point, the list scrolls to the new message this much later. */
const SCROLL_AFTER_INSERT_MS = 500;

/** The one dialog open on this screen (ADR 026); the files waiting for their captions go one at a time. */
type Dialog =
  | { kind: 'heading' | 'profileCard' | 'rename' | 'deleteTemplate' | 'forward' | 'massDelete' | 'library' | 'import' }
  | { kind: 'voice'; title: string }
  | { kind: 'deleteMessage'; message: ChatMessage }
  | { kind: 'captions'; files: File[] }
  | { kind: 'media'; message: ChatMessage }
  | { kind: 'card'; card: CardType };

type NewMessage = { messageType: MessageType; message?: string; mediaId?: string };

/**
 * The template editor at /templates/{id}: the messages in order with the chat's bubbles, the table
 * of contents of its headings, the input bar (text, headings, profile card, files through the
 * library), the insert point, drag and drop, and the exclusive screen modes (normal, mass delete,
 * forward, move, editing). For a recipient of a shared template it is read-only: no input bar,
 * handles, menus, rename or delete.
 */
export function TemplateEditor({ initial, authorName }: { initial: TemplateDetail; authorName: string }) {
  const { t, i18n } = useTranslation();
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

  const menuFor = (message: ChatMessage) => [
    ...(isEditableMessage(message.messageType)
      ? [{ key: 'edit', label: t('messageMenu.edit'), run: () => setMode({ kind: 'editing', messageId: message.id }) }]
      : []),
    { key: 'delete', label: t('messageMenu.delete'), run: () => setDialog({ kind: 'deleteMessage', message }) },
  ];

  // Each mode has its own header actions; rename and delete only for the owner.
  const actions: HeaderAction[] =
    mode.kind === 'massDelete'
      ? [
          { label: t('selection.delete'), style: 'destructive', disabled: chosen.length === 0, onClick: () => setDialog({ kind: 'massDelete' }) },
          { label: t('common.cancel'), style: 'inherit', onClick: cancelMode },
        ]
      : mode.kind === 'forward'
        ? [
            { label: t('selection.forward'), disabled: chosen.length === 0, onClick: () => setDialog({ kind: 'forward' }) },
            { label: t('common.cancel'), style: 'inherit', onClick: cancelMode },
          ]
        : mode.kind === 'move'
          ? [{ label: t('common.cancel'), style: 'inherit', onClick: cancelMode }]
          : editable
            ? [
                { label: t('templateEditor.rename'), style: 'inherit', onClick: () => setDialog({ kind: 'rename' }) },
                { label: t('templateEditor.delete'), style: 'destructive', onClick: () => setDialog({ kind: 'deleteTemplate' }) },
              ]
            : [];
  const bulk =
    mode.kind === 'normal' && (editable || messages.length > 0) ? (
      <Menu
        label={t('templateEditor.bulk')}
        buttonContent={<DotsIcon className="h-5 w-5" />}
        buttonClassName="flex h-10 w-10 items-center justify-center rounded-full ring-1 ring-slate-300 hover:bg-slate-100"
        listClassName="w-56"
        items={[
          // Importing fills an empty template too; the selecting modes need messages.
          ...(editable ? [{ key: 'import', label: t('templateEditor.import'), onSelect: () => setDialog({ kind: 'import' }) }] : []),
          ...(editable && messages.length > 0
            ? [
                { key: 'move', label: t('templateEditor.moveMode'), onSelect: () => setMode(selecting('move')) },
                { key: 'delete', label: t('templateEditor.deleteMode'), onSelect: () => setMode(selecting('massDelete')), destructive: true },
              ]
            : []),
          ...(messages.length > 0 ? [{ key: 'forward', label: t('templateEditor.forwardMode'), onSelect: () => setMode(selecting('forward')) }] : []),
        ]}
      />
    ) : null;
  const modeHint =
    mode.kind === 'move' ? t('templateEditor.moveHint') : mode.kind === 'massDelete' || mode.kind === 'forward' ? t('templateEditor.selectHint') : null;
  const tabClass = (active: boolean) =>
    `flex-1 border-b-2 py-2 text-sm font-medium ${active ? 'border-primary-dark text-primary-dark' : 'border-transparent text-slate-600'}`;

  return (
    <div className="flex h-[calc(100dvh-57px)] flex-col">
      <div className="bg-white px-4 pt-3 sm:px-6">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-primary-dark hover:underline">
          <span aria-hidden="true">←</span> {t('templateEditor.back')}
        </Link>
      </div>
      <PageHeader title={detail.title} actions={actions} menu={bulk} />
      {detail.sharedBy ? (
        <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm text-slate-700 sm:px-6" data-testid="shared-note">
          {t('templateEditor.sharedBy', { name: detail.sharedBy })}
        </p>
      ) : null}
      {modeHint ? (
        <p role="status" className="border-b border-slate-200 bg-primary-light/40 px-4 py-2 text-sm sm:px-6" data-testid="mode-hint">
          {modeHint} {t('selection.count', { count: chosen.length })}
        </p>
      ) : null}
      <ErrorBanner
        layout="bar"
        code={error ?? importError.notice}
        onClose={() => {
          setError(null);
          importError.clear();
        }}
      />
      {tooManyFiles.notice ? (
        <p role="alert" className="bg-amber-50 px-4 py-2 text-sm text-amber-900">
          {t('media.upload.tooMany', { max: LIMITS.templateDropFilesMax })}
        </p>
      ) : null}
      <Notice layout="bar" text={notice.notice} onHold={notice.hold} />

      <div role="tablist" aria-label={t('party.sections')} className="flex border-b border-slate-200 bg-white lg:hidden">
        <button type="button" role="tab" aria-selected={tab === 'messages'} onClick={() => setTab('messages')} className={tabClass(tab === 'messages')}>
          {t('party.messages')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'contents'} onClick={() => setTab('contents')} className={tabClass(tab === 'contents')}>
          {t('party.contents')}
        </button>
      </div>

      <div className="flex min-h-0 flex-1">
        <section aria-label={t('party.messages')} className={`min-w-0 flex-1 flex-col ${tab === 'messages' ? 'flex' : 'hidden lg:flex'}`}>
          <div ref={scroller} className="flex-1 overflow-y-auto px-3 py-4 sm:px-6">
            {messages.length === 0 ? <p className="mt-10 text-center text-slate-600">{editable ? t('templateEditor.empty') : t('party.noMessages')}</p> : null}
            <TemplateMessageList
              messages={chat}
              mode={mode}
              editable={editable}
              insertBefore={insertBefore}
              onInsertPoint={setInsertBefore}
              onMoveHere={(beforeId) => {
                const ids = chosen;
                setMode(NORMAL);
                if (ids.length > 0) void move(ids, beforeId);
              }}
              onDragMove={(id, beforeId) => void move([id], beforeId)}
              onToggle={(id) => setMode((current) => toggleSelected(current, id))}
              menuFor={menuFor}
              onOpenMedia={(message) => setDialog({ kind: 'media', message })}
            />
          </div>
          {editable && (mode.kind === 'normal' || mode.kind === 'editing') ? (
            <>
              {insertPoint ? (
                <p className="flex items-center gap-2 border-t border-slate-200 bg-secondary-light/30 px-3 py-1.5 text-sm" data-testid="insert-point">
                  <span className="min-w-0 flex-1 truncate">{t('templateEditor.insertingBefore', { what: insertPoint })}</span>
                  <button
                    type="button"
                    onClick={() => setInsertBefore(null)}
                    className="rounded-full px-3 py-1 font-medium ring-1 ring-slate-300 hover:bg-slate-100"
                  >
                    {t('templateEditor.insertAtEnd')}
                  </button>
                </p>
              ) : null}
              <InputBar
                busy={false}
                disabled={false}
                mode={editing ? { kind: 'edit', message: editing } : null}
                onCancelMode={cancelMode}
                onHeading={() => setDialog({ kind: 'heading' })}
                onProfileCard={() => setDialog({ kind: 'profileCard' })}
                onCard={(card) => setDialog({ kind: 'card', card })}
                onFiles={takeFiles}
                onLibrary={() => setDialog({ kind: 'library' })}
                onVoice={() => setDialog({ kind: 'voice', title: t('templateEditor.voiceTitle', { date: formatDateTime(Date.now(), i18n.language) }) })}
                acceptedKinds={MEDIA_KINDS}
                onSubmit={(text) => {
                  if (editing) void edit(editing.id, text);
                  else void add({ messageType: 'text', message: text });
                  setMode(NORMAL);
                }}
              />
            </>
          ) : null}
        </section>
        <aside className={`shrink-0 overflow-y-auto border-slate-200 bg-white lg:block lg:w-72 lg:border-l ${tab === 'contents' ? 'block w-full' : 'hidden'}`}>
          <ContentsPanel
            headings={headings}
            onJump={(id) => {
              setTab('messages');
              scrollToMessage(id);
            }}
          />
        </aside>
      </div>

      {editable ? (
        <FileDropZone
          enabled={mode.kind === 'normal' && dialog === null}
          title={t('media.upload.dropTitle')}
          hint={t('templateEditor.dropHint', { max: LIMITS.templateDropFilesMax })}
          onFiles={takeFiles}
        />
      ) : null}
      <UploadBanner progress={uploads.progress} failures={uploads.failures} tooMany={uploads.tooMany} />

      {dialog?.kind === 'heading' ? (
        <HeadingDialog
          onCancel={close}
          onSubmit={(text, level) => {
            close();
            void add({ messageType: level, message: text });
          }}
        />
      ) : null}
      {dialog?.kind === 'profileCard' ? (
        <ProfileCardDialog
          onCancel={close}
          onSubmit={(profileId) => {
            close();
            void add({ messageType: 'profile', message: profileId });
          }}
        />
      ) : null}
      {dialog?.kind === 'card' ? (
        <Suspense fallback={null}>
          <CardDialog
            kind={dialog.card}
            purpose="add"
            onCancel={close}
            onSubmit={(draft) => {
              close();
              void add(draft);
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'rename' ? (
        <TitleDialog
          heading={t('templateEditor.renameTitle')}
          label={t('templateEditor.name')}
          confirmLabel={t('common.save')}
          initial={detail.title}
          busy={busy}
          error={dialogError}
          onSubmit={(name) => void rename(name)}
          onCancel={close}
        />
      ) : null}
      {dialog?.kind === 'deleteTemplate' ? (
        <ConfirmDialog
          title={t('templateEditor.deleteTitle', { title: detail.title })}
          confirmLabel={t('templateEditor.delete')}
          destructive
          onCancel={close}
          onConfirm={() => void trashTemplate()}
        >
          {t('templateEditor.deleteText')}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'deleteMessage' ? (
        <ConfirmDialog
          title={t('messageMenu.deleteTitle')}
          confirmLabel={t('messageMenu.delete')}
          destructive
          onCancel={close}
          onConfirm={() => {
            close();
            void remove([dialog.message.id]);
          }}
        >
          {preview(dialog.message)}
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'massDelete' ? (
        <ConfirmDialog
          title={t('selection.deleteTitle', { count: chosen.length })}
          confirmLabel={t('selection.delete')}
          destructive
          onCancel={close}
          onConfirm={() => {
            close();
            setMode(NORMAL);
            void remove(chosen);
          }}
        />
      ) : null}
      {dialog?.kind === 'forward' ? (
        <ForwardDialog
          templateId={detail.id}
          count={chosen.length}
          onCancel={close}
          onForward={(target) => {
            close();
            setMode(NORMAL);
            void forward(target, chosen);
          }}
        />
      ) : null}
      {dialog?.kind === 'import' ? (
        <ImportDialog
          templateId={detail.id}
          where={insertPoint ? t('templateEditor.importAtPoint', { what: insertPoint }) : t('templateEditor.importAtEnd')}
          onCancel={close}
          onImport={(choice) => {
            close();
            void importFrom(choice);
          }}
        />
      ) : null}
      {dialog?.kind === 'library' ? (
        <Suspense fallback={null}>
          <MediaPickerDialog
            onCancel={close}
            onSend={(caption, items) => {
              close();
              void addPicked(caption, items);
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'voice' ? (
        <Suspense fallback={null}>
          <VoiceDialog
            target={{ kind: 'library', title: dialog.title }}
            onClose={close}
            onRecorded={(mediaId) => void add({ messageType: 'voice', mediaId })}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'captions' && dialog.files[0] ? (
        <Suspense fallback={null}>
          <MediaSendDialog
            key={`${dialog.files[0].name}-${dialog.files.length}`}
            files={[dialog.files[0]]}
            // Whatever the editor sends goes into the library: nothing to choose.
            canSaveToLibrary={false}
            onCancel={nextCaption}
            onSend={(caption) => {
              const file = dialog.files[0]!;
              captions.current.set(file, caption);
              uploads.add([file], '');
              nextCaption();
            }}
          />
        </Suspense>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          {photoIndex >= 0 ? (
            <Lightbox
              photos={photos.map((photo) => ({ id: photo.mediaAttachment ?? '', title: detail.title, caption: photo.message }))}
              index={photoIndex}
              onIndex={(index) => setDialog(photos[index] ? { kind: 'media', message: photos[index] } : null)}
              onClose={close}
            />
          ) : opened.mediaAttachment ? (
            <MediaViewer
              media={{
                id: opened.mediaAttachment,
                title: messages.find((message) => message.id === opened.id)?.mediaTitle ?? detail.title,
                mediaType: opened.mediaAttachmentType === 'video' || opened.mediaAttachmentType === 'audio' ? opened.mediaAttachmentType : 'application',
                hasPreview: messages.find((message) => message.id === opened.id)?.hasPreview ?? false,
                caption: opened.message,
              }}
              onClose={close}
            />
          ) : null}
        </Suspense>
      ) : null}
    </div>
  );
}

/** The library page refreshes its cards on upload; the editor adds a message when a file is done instead. */
function noopChanged() {}
