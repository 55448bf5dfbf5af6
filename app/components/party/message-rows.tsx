// The rows of the party's message list (ADR 051): each memoised, drawn again only when what it
// shows changes. The list (message-list.tsx) lays them out in its virtualiser.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '~/components/formatted-text';
import type { PendingMessage } from '~/core/chat-state';
import { mayResend } from '~/core/chat-state';
import { markerOf } from '~/core/markers';
import type { Actor, PartyState } from '~/core/permissions';
import { can } from '~/core/permissions';
import type { ChatMessage, Member } from '~/core/protocol';
import type { MessageOption } from '~/components/chat/message-item';
import { MessageItem } from '~/components/chat/message-item';
import { ChatPhoto } from '~/components/chat/chat-photo';
import { errorKeys } from '~/i18n/error-keys';
import type { MessageSocial, ReactionHandlers } from '~/components/social/reactions';
import { ReactButton, ReactionChips, socialOptions } from '~/components/social/reactions';
import { CardSlot } from '~/components/cards/card-slot';
import type { CardTally } from '~/core/cards';
import type { MessageReactions } from '~/core/social';
import { isCardType } from '~/core/cards';

export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onShowReceipts: (message: ChatMessage) => void;
  /** Opens the dialog that saves the message's file into the reader's library. */
  onSaveToLibrary: (message: ChatMessage) => void;
  /** Opens the dialog that reports the message or its sender (ADR 064). */
  onReport: (message: ChatMessage) => void;
}

/**
 * A message's menu in the party: for the manager always, for the others only while the party is
 * not restricted; each action as far as the reader may take it.
 */
function partyMenu(message: ChatMessage, me: Actor | null, party: PartyState, actions: MessageActions, label: (key: string) => string): MessageOption[] {
  if (me === null || party.expired) return [];
  // Anyone may report someone else's message, restricted or not (ADR 064); a notice has no sender to report.
  const report: MessageOption | null =
    message.sender !== me.id && !message.deleted && markerOf(message) === null
      ? { key: 'report', label: label('messageMenu.report'), run: () => actions.onReport(message) }
      : null;
  if (me.role !== 'manager' && party.restrictedMessaging) return report ? [report] : [];
  const options: (MessageOption | null)[] = [
    can(me, { type: 'replyTo', message }, party) ? { key: 'reply', label: label('messageMenu.reply'), run: () => actions.onReply(message) } : null,
    can(me, { type: 'editMessage', message }, party) ? { key: 'edit', label: label('messageMenu.edit'), run: () => actions.onEdit(message) } : null,
    can(me, { type: 'saveToLibrary', message }, party) && message.mediaAttachment
      ? { key: 'saveToLibrary', label: label('messageMenu.saveToLibrary'), run: () => actions.onSaveToLibrary(message) }
      : null,
    can(me, { type: 'deleteMessage', message }, party) ? { key: 'delete', label: label('messageMenu.delete'), run: () => actions.onDelete(message) } : null,
    report,
  ];
  return options.filter((option) => option !== null);
}

/** What every row of the list shares: who reads, what she may do, and the handlers. */
export interface RowShared {
  me: Actor | null;
  party: PartyState;
  actions: MessageActions;
  /** Reactions and the pin, where the screen has them. */
  handlers: ReactionHandlers | null;
  /** Selection mode: how a row toggles its message; null while not selecting. */
  toggle: ((id: string) => void) | null;
  onJump: (id: string) => void;
  onOpenMedia: (message: ChatMessage) => void;
  members: readonly Member[];
  cardActions: { choose: (messageId: string, options: number[]) => void; closePoll: (messageId: string) => void };
}

/** A message's receipts as the row's props: numbers, so an unchanged count draws nothing again. */
export function receiptProps(receipts: { seen: number; total: number } | null): { seenBy: number | null; receiptTotal: number } {
  return receipts ? { seenBy: receipts.seen, receiptTotal: receipts.total } : { seenBy: null, receiptTotal: 0 };
}

/**
 * One message of the list, with its menu, reactions and card. Memoised (ADR 051): it is drawn again
 * only when its message, its quote, its receipts, its reactions, its tally or what every row shares
 * changes.
 */
export const MessageRow = memo(function MessageRow({
  message,
  repliedTo,
  seenBy,
  receiptTotal,
  firstNew,
  selected,
  reactions,
  pinned,
  tally,
  shared,
}: {
  message: ChatMessage;
  repliedTo: ChatMessage | null | undefined;
  seenBy: number | null;
  receiptTotal: number;
  /** The first message new to the reader since she opened the party: the divider goes above it. */
  firstNew: boolean;
  selected: boolean;
  reactions: MessageReactions | undefined;
  pinned: boolean;
  tally: CardTally | undefined;
  shared: RowShared;
}) {
  const { t } = useTranslation();
  const { me, party, actions, handlers, toggle } = shared;
  const social: MessageSocial | null = handlers ? { reactions, pinned, handlers } : null;
  const marked = markerOf(message) !== null;
  const mine = message.sender === me?.id;
  return (
    <>
      {firstNew ? <NewMessagesDivider label={t('party.newMessages')} /> : null}
      <MessageItem
        message={message}
        mine={mine}
        wholePhotos
        repliedTo={repliedTo}
        receipts={seenBy === null ? null : { seen: seenBy, total: receiptTotal }}
        selection={toggle ? { selected, toggle: () => toggle(message.id) } : undefined}
        onJump={shared.onJump}
        onOpenMedia={shared.onOpenMedia}
        onShowReceipts={actions.onShowReceipts}
        menuOptions={[...partyMenu(message, me, party, actions, t), ...(social && !toggle ? socialOptions(message, social, me, party, t) : [])]}
        footer={social && !marked ? <ReactionChips messageId={message.id} social={social} /> : null}
        aside={social && !toggle && !marked ? <ReactButton messageId={message.id} social={social} align={mine ? 'right' : 'left'} /> : null}
        card={
          isCardType(message.messageType) ? (
            <CardSlot
              message={message}
              tally={tally}
              members={shared.members}
              controls={
                me
                  ? {
                      mayChoose: can(me, { type: 'chooseOnCard' }, party),
                      mayClose: can(me, { type: 'closePoll' }, party),
                      onChoose: (options) => shared.cardActions.choose(message.id, options),
                      onClose: () => shared.cardActions.closePoll(message.id),
                    }
                  : undefined
              }
            />
          ) : undefined
        }
      />
    </>
  );
});

export const PendingItem = memo(function PendingItem({
  item,
  waiting,
  onRetry,
  onDiscard,
}: {
  item: PendingMessage;
  waiting: boolean;
  onRetry: (tempId: string) => void;
  onDiscard: (tempId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end" data-testid="pending-message" data-status={item.status === 'sending' && waiting ? 'waiting' : item.status}>
      {item.status === 'failed' && !mayResend(item) ? (
        // A refusal another try cannot overcome (the party is over): said so, no retry offered,
        // and the writer may put it away (it is kept until then, app/lib/outbox.ts).
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-red-50 px-3.5 py-2 shadow-sm ring-1 ring-red-300 sm:max-w-[70%]">
          <p className="whitespace-pre-wrap break-words">{item.message}</p>
          <p className="mt-0.5 flex flex-wrap items-center justify-end gap-1 text-xs text-red-800">
            <span aria-hidden="true">⚠</span>
            {item.error ? `${t(errorKeys(item.error))} ` : ''}
            {t('party.notSent')}
            <button type="button" onClick={() => onDiscard(item.tempId)} className="ml-1 rounded font-medium underline hover:text-red-950">
              {t('party.discard')}
            </button>
          </p>
        </div>
      ) : item.status === 'failed' ? (
        <button
          type="button"
          onClick={() => onRetry(item.tempId)}
          className="max-w-[85%] rounded-2xl rounded-br-md bg-red-50 px-3.5 py-2 text-left shadow-sm ring-1 ring-red-300 sm:max-w-[70%]"
        >
          {/* Plain text: a link may not sit inside the retry button. */}
          <span className="block whitespace-pre-wrap break-words">{item.message}</span>
          <span className="mt-0.5 flex items-center justify-end gap-1 text-xs text-red-800">
            <span aria-hidden="true">⚠</span>
            {item.error && item.error !== 'generic' ? `${t(errorKeys(item.error))} ` : ''}
            {t('party.failed')}
          </span>
        </button>
      ) : (
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary-light/70 px-3.5 py-2 shadow-sm sm:max-w-[70%]">
          {item.mediaAttachment && item.messageType === 'photo' ? (
            <ChatPhoto src={`/files/${item.mediaAttachment}`} mediaId={item.mediaAttachment} alt="" whole className="-mx-1.5 mt-1 rounded-xl" />
          ) : null}
          <p className="whitespace-pre-wrap break-words">
            <FormattedText text={item.message} />
          </p>
          <p className="mt-0.5 text-right text-xs text-slate-600">
            <span aria-hidden="true">🕓</span> <span className={waiting ? undefined : 'sr-only'}>{t(waiting ? 'party.waiting' : 'party.sending')}</span>
          </p>
        </div>
      )}
    </div>
  );
});

function NewMessagesDivider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 pb-2 pt-1 text-xs font-semibold uppercase tracking-wide text-primary-dark" data-testid="new-messages-divider">
      <span className="h-px flex-1 bg-primary" aria-hidden="true" />
      {label}
      <span className="h-px flex-1 bg-primary" aria-hidden="true" />
    </div>
  );
}
