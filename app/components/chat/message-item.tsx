import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '~/components/formatted-text';
import { useDateFormatter } from '~/components/local-time';
import { DotsIcon, Menu } from '~/components/menu';
import { markerOf } from '~/core/markers';
import { raffleNotice } from '~/core/raffle';
import { RaffleNotice } from '~/components/raffle/raffle-notice';
import { parseProfileCard } from '~/core/profile-card';
import { preview } from '~/core/message-preview';
import { receiptLine } from '~/core/receipts';
import { MediaMessageBody, isMediaMessage } from './media-message';
import { ProfileCardView } from './profile-card';
import type { ChatMessage } from '~/core/protocol';

/** One action of a message's menu; `delete` is shown as destructive. */
export interface MessageOption {
  key: string;
  label: string;
  run: () => void;
}

const HEADING_CLASS = { heading: 'text-xl font-bold', heading2: 'text-lg font-semibold', heading3: 'text-base font-semibold uppercase tracking-wide' } as const;

export function isHeading(message: Pick<ChatMessage, 'messageType'>): message is ChatMessage & { messageType: keyof typeof HEADING_CLASS } {
  return message.messageType in HEADING_CLASS;
}

interface Props {
  message: ChatMessage;
  /** The reader's own message: on the right, without the sender's name. */
  mine: boolean;
  repliedTo: ChatMessage | null | undefined;
  /** How many of the other members have seen this message, where the reader may see it; the line opens `onShowReceipts`. */
  receipts: { seen: number; total: number } | null;
  onShowReceipts?: ((message: ChatMessage) => void) | undefined;
  /** In selection mode: whether this message is selected, and how to toggle it. */
  selection?: { selected: boolean; toggle: () => void } | undefined;
  /** Scrolls to another message (a reply's quote links to the message it answers). */
  onJump: (id: string) => void;
  /** Opens a media message's file in the lightbox or the viewer. */
  onOpenMedia: (message: ChatMessage) => void;
  /** What the reader may do with the message, as the screen decides it; empty: no menu. */
  menuOptions: readonly MessageOption[];
  /** No time line: a template's message has no time of its own. */
  timeless?: boolean;
  /** Under the bubble's text (the reactions), and beside its menu (the reaction button). */
  footer?: ReactNode;
  aside?: ReactNode;
  /** A product card's or a poll's body (app/components/cards, loaded when first needed), drawn by the screen. */
  card?: ReactNode;
  /** Photos whole, up to 500 px high (the party's chat), rather than cropped into a box (ChatPhoto). */
  wholePhotos?: boolean;
}

/**
 * One message: a bubble (own ones on the right), a heading, or the placeholder of a deleted one.
 * It knows no roles: the screen says what the reader may do (its menu) and see (the receipts).
 */
export function MessageItem({
  message,
  mine,
  repliedTo,
  receipts,
  onShowReceipts,
  selection,
  onJump,
  onOpenMedia,
  menuOptions,
  timeless = false,
  footer,
  aside,
  card,
  wholePhotos = false,
}: Props) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const receipt = receipts && !message.deleted ? receiptLine(receipts.seen, receipts.total) : null;
  const checkbox =
    selection && !message.deleted ? (
      <label className="flex items-center self-center p-1">
        <input
          type="checkbox"
          checked={selection.selected}
          onChange={selection.toggle}
          className="h-5 w-5"
          aria-label={`${t('selection.select')}: ${preview(message, 40)}`}
        />
      </label>
    ) : null;
  const options = selection ? [] : menuOptions;

  const menu =
    options.length > 0 ? (
      <Menu
        label={t('messageMenu.label')}
        buttonContent={<DotsIcon className="h-4 w-4" />}
        items={options.map((option) => ({ key: option.key, label: option.label, onSelect: option.run, destructive: option.key === 'delete' }))}
        align={mine ? 'right' : 'left'}
        className="self-start"
        buttonClassName="rounded-full p-1.5 text-slate-500 opacity-100 hover:bg-slate-200 focus:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
      />
    ) : null;

  if (markerOf(message) === 'guestJoined') {
    return (
      <div id={`message-${message.id}`} data-testid="notice" data-seq={message.seq} className="flex justify-center py-1">
        <p className="rounded-full bg-slate-200/70 px-3 py-1 text-xs text-slate-700">
          {t('party.guestJoined', { name: message.senderName })} · {format(message.timestamp, 'time')}
        </p>
      </div>
    );
  }

  const draw = raffleNotice(message);
  if (draw) return <RaffleNotice id={message.id} seq={message.seq} draw={draw} time={format(message.timestamp, 'time')} />;

  if (isHeading(message)) {
    return (
      <div id={`message-${message.id}`} data-testid="message" data-seq={message.seq} className="group flex scroll-mt-4 items-center justify-center gap-2 py-3">
        {checkbox}
        {message.deleted ? (
          <p className="text-sm italic text-slate-500">{t('party.deletedHeading')}</p>
        ) : (
          <p
            role="heading"
            aria-level={message.messageType === 'heading' ? 2 : message.messageType === 'heading2' ? 3 : 4}
            className={`text-center ${HEADING_CLASS[message.messageType]}`}
          >
            <FormattedText text={message.message} />
          </p>
        )}
        {message.deleted ? null : (
          <>
            {footer}
            {aside}
            {menu}
          </>
        )}
      </div>
    );
  }

  return (
    <div
      id={`message-${message.id}`}
      className={`group flex scroll-mt-4 items-start gap-1 ${mine ? 'flex-row-reverse' : ''}`}
      data-testid="message"
      data-seq={message.seq}
    >
      {checkbox}
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${mine ? 'rounded-br-md bg-primary-light' : 'rounded-bl-md bg-white ring-1 ring-slate-200'}`}
      >
        {!mine ? (
          <p className={`text-sm font-semibold ${message.senderType === 'manager' ? 'text-secondary-dark' : 'text-primary-dark'}`}>{message.senderName}</p>
        ) : null}
        {message.deleted ? (
          <p className="italic text-slate-500">{t('party.deletedMessage')}</p>
        ) : (
          <>
            {message.forwarded ? (
              <p className="mb-0.5 flex items-center gap-1 text-xs italic text-slate-600" data-testid="forwarded">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-3.5 w-3.5 shrink-0"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d="m15 5 6 6-6 6M21 11H9a6 6 0 0 0-6 6v2" />
                </svg>
                {t('party.forwarded')}
              </p>
            ) : null}
            {repliedTo !== undefined ? (
              <a
                href={repliedTo ? `#message-${repliedTo.id}` : undefined}
                onClick={(event) => {
                  if (!repliedTo) return;
                  event.preventDefault();
                  onJump(repliedTo.id);
                }}
                className="mb-1 block rounded-lg border-l-4 border-primary bg-slate-50 px-2 py-1 text-sm text-slate-700"
                data-testid="reply-quote"
              >
                {repliedTo ? (
                  <>
                    <span className="block font-semibold">{repliedTo.senderName}</span>
                    {repliedTo.deleted ? t('party.deletedMessage') : preview(repliedTo)}
                  </>
                ) : (
                  t('party.olderMessage')
                )}
              </a>
            ) : null}
            {message.messageType === 'profile' ? (
              <ProfileCardView card={parseProfileCard(message.message)} />
            ) : card !== undefined ? (
              card
            ) : isMediaMessage(message) ? (
              <>
                <MediaMessageBody message={message} onOpen={() => onOpenMedia(message)} wholePhoto={wholePhotos} />
                {message.message ? (
                  <p className="mt-1 whitespace-pre-wrap break-words" data-testid="caption">
                    <FormattedText text={message.message} />
                  </p>
                ) : null}
              </>
            ) : (
              <p className="whitespace-pre-wrap break-words">
                <FormattedText text={message.message} />
              </p>
            )}
          </>
        )}
        {timeless ? null : (
          <p className="mt-0.5 flex justify-end gap-2 text-xs text-slate-600">
            {message.editedAt && !message.deleted ? <span>{t('party.edited')}</span> : null}
            <span>{format(message.timestamp, 'time')}</span>
            {receipt ? (
              <button type="button" onClick={() => onShowReceipts?.(message)} className="underline decoration-dotted" data-testid="receipts">
                {receipt.key === 'receipts.seenBy' ? t(receipt.key, { seen: receipt.seen, total: receipt.total }) : t(receipt.key)}
              </button>
            ) : null}
          </p>
        )}
        {message.deleted ? null : footer}
      </div>
      {message.deleted ? null : (
        <>
          {aside}
          {menu}
        </>
      )}
    </div>
  );
}
