import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { Notice } from '~/components/notice';
import { FileDropZone } from '~/components/media/file-drop-zone';
import { UploadBanner } from '~/components/media/upload-banner';
import { DotsIcon, Menu } from '~/components/menu';
import { ContentsPanel } from '~/components/chat/contents-panel';
import { InputBar } from '~/components/chat/input-bar';
import { PageHeader } from '~/components/shell/page-header';
import type { HeaderAction } from '~/components/shell/page-header';
import { formatDateTime } from '~/core/dates';
import { LIMITS } from '~/core/limits';
import { MEDIA_KINDS } from '~/core/media';
import type { ChatMessage } from '~/core/messages';
import { NORMAL, selecting, toggleSelected } from '~/core/template-editor';
import type { TemplateDetail } from '~/core/templates';
import { isEditableMessage } from '~/core/templates';
import { TemplateMessageList } from './template-message-list';
import { TemplateEditorDialogs } from './template-editor-dialogs';
import { useTemplateEditor } from './use-template-editor';

/**
 * The template editor at /templates/{id}: the messages in order with the chat's bubbles, the table
 * of contents of its headings, the input bar (text, headings, profile card, files through the
 * library), the insert point, drag and drop, and the exclusive screen modes (normal, mass delete,
 * forward, move, editing). For a recipient of a shared template it is read-only: no input bar,
 * handles, menus, rename or delete.
 */
export function TemplateEditor({ initial, authorName }: { initial: TemplateDetail; authorName: string }) {
  const { t, i18n } = useTranslation();
  const editor = useTemplateEditor(initial, authorName);
  const {
    add,
    backTo,
    cancelMode,
    chat,
    chosen,
    detail,
    dialog,
    edit,
    editable,
    editing,
    error,
    importError,
    headings,
    insertBefore,
    insertPoint,
    messages,
    mode,
    move,
    notice,
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
    uploads,
  } = editor;
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

      <TemplateEditorDialogs editor={editor} />
    </div>
  );
}
