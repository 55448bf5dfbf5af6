import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingMessage } from '~/core/chat-state';
import type { ChatMessage } from '~/core/protocol';
import { FormattedText } from '~/components/formatted-text';
import { useDateFormatter } from '~/components/local-time';

interface Props {
  messages: ChatMessage[];
  pending: PendingMessage[];
  meId: string | null;
  hasMore: boolean;
  onLoadOlder: () => void;
  onRetry: (tempId: string) => void;
}

/** The conversation. Sticks to the bottom while the reader is there; keeps their place otherwise. */
export function MessageList({ messages, pending, meId, hasMore, onLoadOlder, onRetry }: Props) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const count = messages.length + pending.length;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [count]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div ref={scroller} className="flex-1 overflow-y-auto px-3 py-4 sm:px-6" role="log" aria-live="polite" aria-label={t('party.messages')}>
      {hasMore ? (
        <div className="mb-4 text-center">
          <button type="button" onClick={onLoadOlder} className="rounded-full px-4 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100">
            {t('party.loadOlder')}
          </button>
        </div>
      ) : null}
      {count === 0 ? <p className="mt-10 text-center text-slate-500">{t('party.noMessages')}</p> : null}
      <ol className="space-y-2">
        {messages.map((message) => {
          const mine = message.sender === meId;
          return (
            <li key={message.id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid="message" data-seq={message.seq}>
              <div className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${mine ? 'rounded-br-md bg-primary-light' : 'rounded-bl-md bg-white ring-1 ring-slate-200'}`}>
                {!mine ? <p className={`text-sm font-semibold ${message.senderType === 'manager' ? 'text-secondary-dark' : 'text-primary-dark'}`}>{message.senderName}</p> : null}
                <p className="whitespace-pre-wrap break-words"><FormattedText text={message.message} /></p>
                <p className="mt-0.5 text-right text-xs text-slate-500">
                  {message.editedAt ? `${t('party.edited')} · ` : ''}
                  {format(message.timestamp, 'time')}
                </p>
              </div>
            </li>
          );
        })}
        {pending.map((item) => (
          <li key={item.tempId} className="flex justify-end" data-testid="pending-message" data-status={item.status}>
            {item.status === 'failed' ? (
              <button
                type="button"
                onClick={() => onRetry(item.tempId)}
                className="max-w-[85%] rounded-2xl rounded-br-md bg-red-50 px-3.5 py-2 text-left shadow-sm ring-1 ring-red-300 sm:max-w-[70%]"
              >
                <span className="block whitespace-pre-wrap break-words">{/* Plain text: a link may not sit inside the retry button. */}{item.message}</span>
                <span className="mt-0.5 flex items-center justify-end gap-1 text-xs text-red-800">
                  <span aria-hidden="true">⚠</span>
                  {item.error && item.error !== 'generic' ? `${t(`errors.${item.error}`)} ` : ''}
                  {t('party.failed')}
                </span>
              </button>
            ) : (
              <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary-light/70 px-3.5 py-2 shadow-sm sm:max-w-[70%]">
                <p className="whitespace-pre-wrap break-words"><FormattedText text={item.message} /></p>
                <p className="mt-0.5 text-right text-xs text-slate-500">
                  <span aria-hidden="true">🕓</span> <span className="sr-only">{t('party.sending')}</span>
                </p>
              </div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
