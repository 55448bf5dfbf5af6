import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppliedTemplate } from '~/core/applied-template';
import type { CardType } from '~/core/cards';
import type { ChatState } from '~/core/chat-state';
import { templateCallError } from '~/core/errors';
import type { PartyInfo } from '~/core/party';
import type { ChatMessage } from '~/core/protocol';
import type { SocialDialogOf } from '~/components/social/social-dialog';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { apiFetch } from '~/lib/api';
import { lazyNamed } from '~/lib/lazy-named';
import type { ChatBatch } from './chat-uploads';
import type { usePartyChat } from './use-party-chat';

// None of the dialogs is part of the first paint: each loads when first opened.
const ConfirmDialog = lazyNamed(() => import('~/components/confirm-dialog'), 'ConfirmDialog');
const HeadingDialog = lazyNamed(() => import('~/components/chat/heading-dialog'), 'HeadingDialog');
const ProfileCardDialog = lazyNamed(() => import('~/components/chat/profile-card-dialog'), 'ProfileCardDialog');
// A product card's or a poll's form (its photo from the library, with the library's texts).
const CardDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/cards/card-dialog')), 'CardDialog');
// The manager's raffle (ADR 045): the dialog and its texts when she first opens it.
const RaffleDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/raffle/raffle-dialog')), 'RaffleDialog');
const NotifyDialog = lazyNamed(() => needingWorkspaceTexts(import('./notify-dialog')), 'NotifyDialog');
const ReceiptsDialog = lazyNamed(() => import('./receipts-dialog'), 'ReceiptsDialog');
// The send dialog and the picker load when they are first used; the picker speaks the media
// library's texts, which come with it.
const MediaSendDialog = lazyNamed(() => import('~/components/chat/media-send-dialog'), 'MediaSendDialog');
const MediaPickerDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/chat/media-picker-dialog')), 'MediaPickerDialog');
const SaveToLibraryDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/chat/save-to-library-dialog')), 'SaveToLibraryDialog');
// Playing templates is the manager's: the dialogs load when she uses them, with their texts.
const ApplyTemplateDialog = lazyNamed(() => needingWorkspaceTexts(import('./apply-template-dialog')), 'ApplyTemplateDialog');
const OverwriteDialog = lazyNamed(() => needingWorkspaceTexts(import('./apply-template-dialog')), 'OverwriteDialog');
// The recorder, and the converters it may load, come only when the voice button is pressed.
const VoiceDialog = lazyNamed(() => import('~/components/chat/voice-dialog'), 'VoiceDialog');
// Who reacted, the search and the QR code (ADR 043), with their texts (the `socialTools` section).
// Reporting abuse and the reports' list (ADR 064), with their texts.
const ReportDialog = lazyNamed(() => needingWorkspaceTexts(import('./report-dialogs')), 'ReportDialog');
const ReportsDialog = lazyNamed(() => needingWorkspaceTexts(import('./report-dialogs')), 'ReportsDialog');
const SocialDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/social/social-dialog')), 'SocialDialog');

/**
 * The one dialog open on the party's screen, with what it is about (ADR 026): opening one closes
 * the other, and the drop zone asks only whether one is open.
 */
export type PartyDialog =
  | { kind: 'heading' | 'profileCard' | 'voice' | 'chooseTemplate' | 'notify' | 'raffle' }
  | SocialDialogOf
  | { kind: 'send'; files: File[]; replyingTo: string | null }
  | { kind: 'picker'; replyingTo: string | null }
  | { kind: 'overwrite'; template: { id: string; title: string } }
  | { kind: 'receipts'; message: ChatMessage }
  | { kind: 'saveToLibrary'; message: ChatMessage }
  | { kind: 'deleteMessage'; message: ChatMessage }
  | { kind: 'report'; message: ChatMessage }
  | { kind: 'reports' }
  | { kind: 'card'; card: CardType };

type Chat = ReturnType<typeof usePartyChat>;

interface Props {
  dialog: PartyDialog;
  openDialog: (dialog: PartyDialog | null) => void;
  party: PartyInfo;
  isManager: boolean;
  state: Pick<ChatState, 'messages' | 'ready' | 'lastError' | 'members' | 'seen' | 'social'>;
  send: Chat['send'];
  actions: Chat['actions'];
  /** Files or library items, with their caption, on their way through the uploads. */
  queueBatch: (batch: Omit<ChatBatch, 'key'>) => void;
  onNotifyChange: (on: boolean) => void;
  /** A short confirmation in the page's notice bar. */
  onNotice: (text: string) => void;
  /** Scrolls the chat to a message, loading the page around it first when it is far back. */
  jumpTo: (id: string, seq: number) => void;
}

/** The party screen's dialogs: the one that is open, loaded when first needed (this module too). */
export function PartyDialogs({ dialog, openDialog, party, isManager, state, send, actions, queueBatch, onNotifyChange, onNotice, jumpTo }: Props) {
  const { t } = useTranslation();
  const close = () => openDialog(null);
  /** Applying the template that is already applied asks first: restart it, or continue where it was. */
  const applyTemplate = async (template: { id: string; title: string }, mode?: 'restart' | 'continue') => {
    close();
    const result = await apiFetch<{ applied: AppliedTemplate }>(`/api/parties/${party.id}/template`, {
      method: 'POST',
      body: mode ? { templateId: template.id, mode } : { templateId: template.id },
    });
    if (result.ok) actions.setApplied(result.data.applied);
    else if (result.code === 'templateAlreadyApplied') openDialog({ kind: 'overwrite', template });
    else actions.showError(templateCallError(result));
  };
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'heading' ? (
        <HeadingDialog
          onCancel={close}
          onSubmit={(text, level) => {
            send(text, { messageType: level });
            close();
          }}
        />
      ) : dialog.kind === 'profileCard' ? (
        <ProfileCardDialog
          onCancel={close}
          onSubmit={(profileId) => {
            void actions.sendProfileCard(profileId);
            close();
          }}
        />
      ) : dialog.kind === 'raffle' ? (
        <RaffleDialog
          partyId={party.id}
          messages={state.messages}
          ready={state.ready}
          lastError={state.lastError}
          onDraw={actions.raffleFrame}
          onClose={close}
        />
      ) : dialog.kind === 'card' ? (
        <CardDialog
          kind={dialog.card}
          purpose="send"
          onCancel={close}
          onSubmit={(draft) => {
            void actions.sendCard(draft);
            close();
          }}
        />
      ) : dialog.kind === 'send' ? (
        <MediaSendDialog
          files={dialog.files}
          canSaveToLibrary={isManager}
          onCancel={close}
          onSend={(caption, save) => {
            queueBatch({ items: dialog.files.map((file) => ({ kind: 'file', file, save })), caption, replyingTo: dialog.replyingTo });
            close();
          }}
        />
      ) : dialog.kind === 'picker' ? (
        <MediaPickerDialog
          onCancel={close}
          onSend={(caption, items) => {
            queueBatch({ items: items.map((item) => ({ kind: 'library', item })), caption, replyingTo: dialog.replyingTo });
            close();
          }}
        />
      ) : dialog.kind === 'voice' ? (
        <VoiceDialog
          target={{ kind: 'party', partyId: party.id }}
          onClose={close}
          onRecorded={(mediaAttachment) => send('', { messageType: 'voice', mediaAttachment })}
        />
      ) : dialog.kind === 'chooseTemplate' ? (
        <ApplyTemplateDialog onChoose={(template) => void applyTemplate(template)} onCancel={close} onError={actions.showError} />
      ) : dialog.kind === 'overwrite' ? (
        <OverwriteDialog title={dialog.template.title} onChoose={(mode) => void applyTemplate(dialog.template, mode)} onCancel={close} />
      ) : dialog.kind === 'notify' ? (
        <NotifyDialog partyId={party.id} onClose={close} onChange={onNotifyChange} />
      ) : dialog.kind === 'receipts' ? (
        <ReceiptsDialog message={dialog.message} members={state.members} seen={state.seen} onClose={close} />
      ) : dialog.kind === 'saveToLibrary' ? (
        <SaveToLibraryDialog
          message={dialog.message}
          onCancel={close}
          onSaved={(text) => {
            close();
            onNotice(text);
          }}
        />
      ) : dialog.kind === 'deleteMessage' ? (
        <ConfirmDialog
          title={t('messageMenu.deleteTitle')}
          confirmLabel={t('messageMenu.delete')}
          destructive
          onCancel={close}
          onConfirm={() => {
            void actions.deleteMessages([dialog.message.id]);
            close();
          }}
        >
          {t('messageMenu.deleteText')}
        </ConfirmDialog>
      ) : dialog.kind === 'report' ? (
        <ReportDialog
          partyId={party.id}
          message={dialog.message}
          onClose={close}
          onSent={(text) => {
            close();
            onNotice(text);
          }}
        />
      ) : dialog.kind === 'reports' ? (
        <ReportsDialog partyId={party.id} onClose={close} onNotice={onNotice} />
      ) : dialog.kind === 'reactions' || dialog.kind === 'search' || dialog.kind === 'qr' || dialog.kind === 'invite' ? (
        <SocialDialog
          dialog={dialog}
          party={party}
          social={state.social}
          members={state.members}
          onClose={close}
          onQr={() => openDialog({ kind: 'qr' })}
          onJump={(hit) => {
            close();
            jumpTo(hit.id, hit.seq);
          }}
        />
      ) : null}
    </Suspense>
  );
}
