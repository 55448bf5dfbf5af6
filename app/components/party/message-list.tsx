import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormattedText } from '~/components/formatted-text';
import type { PendingMessage } from '~/core/chat-state';
import type { Actor, PartyState } from '~/core/permissions';
import type { ChatMessage, Member } from '~/core/protocol';
import type { MessageActions } from './message-item';
import { MessageItem } from './message-item';

interface Props extends MessageActions {
  messages: ChatMessage[];
  pending: PendingMessage[];
  me: Actor | null;
  party: PartyState;
  members: Member[];
  seen: Record<string, number>;
  /** Messages after this seq (not one's own) are new to the reader: a divider marks the first. */
  lastSeenAtOpen: number | null;
  hasMore: boolean;
  /** Selection mode (mass delete and forward): the selected ids and how to toggle one. */
  selection: { ids: ReadonlySet<string>; toggle: (id: string) => void } | null;
  onLoadOlder: () => Promise<number>;
  onRetry: (tempId: string) => void;
}

const NEAR_BOTTOM_PX = 80;

/**
 * The conversation. Sticks to the bottom while the reader is there; otherwise keeps their place
 * and offers a button to the new messages.
 */
export function MessageList({ messages, pending, me, party, members, seen, lastSeenAtOpen, hasMore, selection, onLoadOlder, onRetry, ...actions }: Props) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseenBelow, setUnseenBelow] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  /** While an older page loads: the first message before it, and the distance from the bottom. */
  const anchor = useRef<{ firstId: string | undefined; fromBottom: number } | null>(null);
  const firstId = messages[0]?.id;
  const newestKey = `${messages[messages.length - 1]?.id}|${pending.length}`;
  const byId = new Map(messages.map((message) => [message.id, message]));
  const firstNew = lastSeenAtOpen === null ? undefined : messages.find((m) => m.seq > lastSeenAtOpen && m.sender !== me?.id)?.id;
  const showReceipts = me?.role === 'manager';

  // New at the bottom: follow if the reader is there, otherwise offer the button.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (atBottom.current) element.scrollTop = element.scrollHeight;
    else setUnseenBelow(true);
  }, [newestKey]);

  // An older page arrived above: keep what the reader was looking at in place.
  useLayoutEffect(() => {
    const element = scroller.current;
    const saved = anchor.current;
    if (!element || !saved || saved.firstId === firstId) return;
    element.scrollTop = element.scrollHeight - saved.fromBottom;
    anchor.current = null;
  }, [firstId]);

  function loadOlder() {
    const element = scroller.current;
    if (!element || anchor.current) return;
    anchor.current = { firstId, fromBottom: element.scrollHeight - element.scrollTop };
    // The layout effect below restores the position when the page arrives; a load that brought
    // nothing (or failed) releases the anchor here.
    void onLoadOlder().then(
      (added) => {
        if (added === 0) anchor.current = null;
      },
      () => {
        anchor.current = null;
      },
    );
  }

  // Reaching the top loads the page before it. One observer while there is more; it calls the
  // latest loadOlder through a ref, so new messages do not rebuild it.
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadOlderRef.current(), {
      root: scroller.current,
      rootMargin: '200px 0px 0px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
      if (atBottom.current) setUnseenBelow(false);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  function receiptsFor(message: ChatMessage) {
    if (!showReceipts) return null;
    const others = members.filter((member) => member.id !== message.sender);
    return { seen: others.filter((member) => (seen[member.id] ?? 0) >= message.seq).length, total: others.length };
  }

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div ref={scroller} className="flex-1 overflow-y-auto px-3 py-4 sm:px-6" role="log" aria-live="polite" aria-label={t('party.messages')}>
        {hasMore ? (
          <div ref={sentinel} className="mb-4 text-center">
            <button type="button" onClick={loadOlder} className="rounded-full px-4 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100">
              {t('party.loadOlder')}
            </button>
          </div>
        ) : null}
        {messages.length + pending.length === 0 ? <p className="mt-10 text-center text-slate-600">{t('party.noMessages')}</p> : null}
        <ol className="space-y-2">
          {messages.map((message) => (
            <FragmentWithDivider key={message.id} divider={message.id === firstNew} label={t('party.newMessages')}>
              <MessageItem
                message={message}
                me={me}
                party={party}
                repliedTo={message.replyingTo ? (byId.get(message.replyingTo) ?? null) : undefined}
                receipts={receiptsFor(message)}
                selection={selection ? { selected: selection.ids.has(message.id), toggle: () => selection.toggle(message.id) } : undefined}
                {...actions}
              />
            </FragmentWithDivider>
          ))}
          {pending.map((item) => (
            <li key={item.tempId} className="flex justify-end" data-testid="pending-message" data-status={item.status}>
              {item.status === 'failed' ? (
                <button
                  type="button"
                  onClick={() => onRetry(item.tempId)}
                  className="max-w-[85%] rounded-2xl rounded-br-md bg-red-50 px-3.5 py-2 text-left shadow-sm ring-1 ring-red-300 sm:max-w-[70%]"
                >
                  {/* Plain text: a link may not sit inside the retry button. */}
                  <span className="block whitespace-pre-wrap break-words">{item.message}</span>
                  <span className="mt-0.5 flex items-center justify-end gap-1 text-xs text-red-800">
                    <span aria-hidden="true">⚠</span>
                    {item.error && item.error !== 'generic' ? `${t(`errors.${item.error}`)} ` : ''}
                    {t('party.failed')}
                  </span>
                </button>
              ) : (
                <div className="max-w-[85%] rounded-2xl rounded-br-md bg-primary-light/70 px-3.5 py-2 shadow-sm sm:max-w-[70%]">
                  <p className="whitespace-pre-wrap break-words">
                    <FormattedText text={item.message} />
                  </p>
                  <p className="mt-0.5 text-right text-xs text-slate-600">
                    <span aria-hidden="true">🕓</span> <span className="sr-only">{t('party.sending')}</span>
                  </p>
                </div>
              )}
            </li>
          ))}
        </ol>
      </div>
      {unseenBelow ? (
        <button
          type="button"
          onClick={() => {
            const element = scroller.current;
            if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
            setUnseenBelow(false);
          }}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-primary-dark px-4 py-2 text-sm font-medium text-white shadow-lg"
        >
          {t('party.newMessages')} ↓
        </button>
      ) : null}
    </div>
  );
}

function FragmentWithDivider({ divider, label, children }: { divider: boolean; label: string; children: React.ReactNode }) {
  return (
    <>
      {divider ? (
        <li className="flex items-center gap-3 py-2 text-xs font-semibold uppercase tracking-wide text-primary-dark" data-testid="new-messages-divider">
          <span className="h-px flex-1 bg-primary" aria-hidden="true" />
          {label}
          <span className="h-px flex-1 bg-primary" aria-hidden="true" />
        </li>
      ) : null}
      {children}
    </>
  );
}
