import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { TitleDialog } from '~/components/library/title-dialog';
import { HeadingDialog } from '~/components/chat/heading-dialog';
import { preview } from '~/core/message-preview';
import { ProfileCardDialog } from '~/components/chat/profile-card-dialog';
import { NORMAL } from '~/core/template-editor';
import { ForwardDialog } from './forward-dialog';
import { ImportDialog } from './import-dialog';
import { lazyNamed } from '~/lib/lazy-named';
import type { TemplateEditorState } from './use-template-editor';

// Opened only when asked for: the send dialog (with the uploaders), the lightbox and the viewer.
const MediaSendDialog = lazyNamed(() => import('~/components/chat/media-send-dialog'), 'MediaSendDialog');
const Lightbox = lazyNamed(() => import('~/components/media/lightbox'), 'Lightbox');
const MediaViewer = lazyNamed(() => import('~/components/media/media-viewer'), 'MediaViewer');
const MediaPickerDialog = lazyNamed(() => import('~/components/chat/media-picker-dialog'), 'MediaPickerDialog');
const CardDialog = lazyNamed(() => import('~/components/cards/card-dialog'), 'CardDialog');
const VoiceDialog = lazyNamed(() => import('~/components/chat/voice-dialog'), 'VoiceDialog');

/** The template editor's one dialog at a time (ADR 026), and the lightbox or viewer of an opened file (template-editor.tsx). */
export function TemplateEditorDialogs({ editor }: { editor: TemplateEditorState }) {
  const { t } = useTranslation();
  const {
    add,
    addPicked,
    busy,
    captions,
    chosen,
    close,
    detail,
    dialog,
    dialogError,
    forward,
    importFrom,
    insertPoint,
    messages,
    nextCaption,
    opened,
    photoIndex,
    photos,
    remove,
    rename,
    setDialog,
    setMode,
    trashTemplate,
    uploads,
  } = editor;
  return (
    <>
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
    </>
  );
}
