import type { MutableRefObject } from 'react';
import { Suspense, memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingMessage } from '~/core/chat-state';
import { markerOf } from '~/core/markers';
import { raffleNotice } from '~/core/raffle';
import { raffleWords } from '~/components/raffle/raffle-notice';
import type { Actor, PartyState } from '~/core/permissions';
import type { ChatMessage, ClientEvent, Member } from '~/core/protocol';
import { isMediaMessage } from '~/components/chat/media-message';
import { preview } from '~/core/message-preview';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { lazyNamed } from '~/lib/lazy-named';
import { whenIdle } from '~/lib/when-idle';
import { useChatVirtualizer } from './use-chat-virtualizer';
import type { MessageActions, RowShared } from './message-rows';
import { MessageRow, PendingItem, receiptProps } from './message-rows';
import type { ReactionHandlers, ReactionsView } from '~/components/social/reactions';
import { useCardChoices } from '~/components/cards/use-card-choices';
import type { CardTally } from '~/core/cards';

// The lightbox and the viewer (with the video player) load when a file is first opened, so the
// party page's own script stays small.
const Lightbox = lazyNamed(() => needingWorkspaceTexts(import('~/components/media/lightbox')), 'Lightbox');
const MediaViewer = lazyNamed(() => needingWorkspaceTexts(import('~/components/media/media-viewer')), 'MediaViewer');

interface Props extends MessageActions {
  /** The party's id: a video sent in it streams through the party's own file route. */
  partyId: string;
  messages: ChatMessage[];
  pending: PendingMessage[];
  me: Actor | null;
  party: PartyState;
  members: Member[];
  seen: Record<string, number>;
  /** Messages after this seq (not one's own) are new to the reader: a divider marks the first. */
  lastSeenAtOpen: number | null;
  hasMore: boolean;
  /** The loaded messages stop short of the newest (after a jump far back). */
  hasNewer: boolean;
  /** Selection mode (mass delete and forward): the selected ids, or null. */
  selected: ReadonlySet<string> | null;
  onToggleSelected: (id: string) => void;
  /**
   * Set to a function that scrolls to a message (the table of contents uses it); given the seq of
   * a message that is not loaded, it loads the page around it first.
   */
  jumpRef?: MutableRefObject<((id: string, seq?: number) => void) | null>;
  onLoadOlder: () => Promise<number>;
  onLoadNewer: () => Promise<number>;
  /** Replaces the loaded messages with the page around a seq, or without one the newest page. */
  onLoadAround: (seq?: number) => Promise<boolean>;
  onRetry: (tempId: string) => void;
  /** Puts away a message that cannot be sent (the party ended). */
  onDiscard: (tempId: string) => void;
  /** No connection to the room: what is sending waits (kept in the outbox) and says so. */
  waiting: boolean;
  /** Reactions under the bubbles, and the menu's pin and who-reacted options (ADR 043). */
  social?: ReactionsView;
  /** Product cards' and polls' tallies, and what the reader does with a card (ADR 044). `members`: for the manager's "who". */
  cards: Record<string, CardTally>;
  /** The room refused something (a choice among others): choices waiting for confirmation are dropped. */
  lastError: unknown;
  onCardFrame: (event: Extract<ClientEvent, { type: 'cardChoice' | 'closePoll' }>) => boolean;
}

/** A row of the list: a stored message, or one of the reader's own still on its way. */
type Row = { kind: 'message'; message: ChatMessage } | { kind: 'pending'; item: PendingMessage };

/** A first guess of a row's height; each row is measured once it is on screen. */
const ESTIMATED_ROW_PX = 72;
/**
 * Rows rendered above and below the visible ones, so fast scrolling does not show gaps; the first
 * screen draws only a few more than it shows, the rest come when the browser is idle (ADR 051).
 */
const OVERSCAN = 10;
const FIRST_OVERSCAN = 2;
/** Scrolled this close to the top, the page before is fetched. */
const LOAD_OLDER_PX = 600;
/** Within this distance of the end, the reader is "at the bottom" and the list follows new rows. */
const AT_END_PX = 80;

/**
 * The conversation, virtualised: only the rows on screen (and a few around them) are in the DOM,
 * so a party with thousands of loaded messages scrolls like one with fifty. It sticks to the end
 * while the reader is there; otherwise it keeps their place (also when an older page arrives
 * above) and offers a button to the new messages. Older pages load when the top comes near.
 * Drawn again only when its props change, and then each row only when its own do (ADR 051): a
 * word of the room about someone else (presence, a count) does not draw the conversation again.
 */
export const MessageList = memo(function MessageList({
  partyId,
  messages,
  pending,
  me,
  party,
  members,
  seen,
  lastSeenAtOpen,
  hasMore,
  hasNewer,
  selected,
  onToggleSelected,
  jumpRef,
  onLoadOlder,
  onLoadNewer,
  onLoadAround,
  onRetry,
  onDiscard,
  waiting,
  social,
  cards,
  lastError,
  onCardFrame,
  ...actions
}: Props) {
  const { t } = useTranslation();
  const cardActions = useCardChoices(cards, !waiting, lastError, onCardFrame);
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const [unseenBelow, setUnseenBelow] = useState(false);
  const [listTop, setListTop] = useState(0);
  const loading = useRef(false);
  const [opened, setOpened] = useState<ChatMessage | null>(null);
  const byId = new Map(messages.map((message) => [message.id, message]));
  // The lightbox goes through the loaded photos of the party, in their order.
  const photos = messages.filter((message) => message.messageType === 'photo' && !message.deleted && isMediaMessage(message));
  const photoIndex = opened ? photos.findIndex((photo) => photo.id === opened.id) : -1;
  const firstNew = lastSeenAtOpen === null ? undefined : messages.find((m) => m.seq > lastSeenAtOpen && m.sender !== me?.id && !markerOf(m))?.id;
  const showReceipts = me?.role === 'manager';
  // A message its manager deleted fully (`fullDelete`, app/core/markers.ts) leaves no row.
  const rows: Row[] = [
    ...messages.filter((message) => markerOf(message) !== 'erased').map((message) => ({ kind: 'message' as const, message })),
    ...pending.map((item) => ({ kind: 'pending' as const, item })),
  ];
  const rowKey = (row: Row) => (row.kind === 'message' ? row.message.id : `pending:${row.item.tempId}`);

  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);
  const drawn = rows.length > 0;
  useEffect(() => (drawn && overscan < OVERSCAN ? whenIdle(() => setOverscan(OVERSCAN)) : undefined), [drawn, overscan]);

  // An older page arriving above keeps the reader's place; new rows at the end are followed while
  // the reader is at the end.
  const virtualizer = useChatVirtualizer({
    scroller,
    list,
    keys: rows.map(rowKey),
    estimate: ESTIMATED_ROW_PX,
    overscan,
    scrollMargin: listTop,
    // A window far back grows at its end by pages the reader asked for, not by live messages.
    followOnAppend: !hasNewer,
    endThreshold: AT_END_PX,
  });

  // The list starts below the "load older" button; the virtualiser counts from the list's top.
  useLayoutEffect(() => {
    setListTop(list.current?.offsetTop ?? 0);
  }, [hasMore, rows.length === 0]);

  // The first page: start at the end.
  const started = useRef(false);
  useLayoutEffect(() => {
    if (started.current || rows.length === 0) return;
    started.current = true;
    virtualizer.scrollToEnd();
  }, [rows.length, virtualizer]);

  // Whether the reader was at the end before the rows changed (the scroll handler keeps it).
  const atEnd = useRef(true);

  // A new row at the end: one's own message (sent, or its pending row) brings the list to it
  // wherever the reader was; someone else's follows a reader at the end (also when a welcome after
  // a reconnect replaced the rows) and otherwise offers the button instead of moving them.
  const newestRow = rows[rows.length - 1];
  const newestKey = newestRow ? rowKey(newestRow) : '';
  const newestIsMine = newestRow !== undefined && (newestRow.kind === 'pending' || newestRow.message.sender === me?.id);
  const wasFarBack = useRef(hasNewer);
  useLayoutEffect(() => {
    const fromFarBack = wasFarBack.current;
    wasFarBack.current = hasNewer;
    if (!started.current || !newestKey || hasNewer) return;
    if (newestIsMine || atEnd.current) {
      virtualizer.scrollToEnd();
      atEnd.current = true;
      setUnseenBelow(false);
    } else if (!fromFarBack) setUnseenBelow(true);
    // Only a new newest row (or reaching the newest) counts, not a change of who is reading.
  }, [newestKey, hasNewer, virtualizer]);

  // A jump far back waits for the page around its target, then scrolls there.
  const [jumpTarget, setJumpTarget] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!jumpTarget) return;
    const index = rows.findIndex((row) => row.kind === 'message' && row.message.id === jumpTarget);
    if (index < 0) return;
    setJumpTarget(null);
    atEnd.current = false;
    virtualizer.scrollToIndex(index);
  });

  // The reader scrolling near the top with more to load fetches the page before (one request at
  // a time); the list keeps the reader's place by itself when the page arrives.
  const loadOlderRef = useRef<() => void>(() => undefined);
  loadOlderRef.current = () => {
    if (loading.current || !hasMore) return;
    loading.current = true;
    void onLoadOlder().finally(() => {
      loading.current = false;
    });
  };
  // Likewise near the bottom of a window far back: the page after it.
  const loadNewerRef = useRef<() => void>(() => undefined);
  loadNewerRef.current = () => {
    if (loading.current || !hasNewer) return;
    loading.current = true;
    void onLoadNewer().finally(() => {
      loading.current = false;
    });
  };
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atEnd.current = virtualizer.isAtEnd();
      if (atEnd.current) setUnseenBelow(false);
      if (element.scrollTop < LOAD_OLDER_PX) loadOlderRef.current();
      if (element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_OLDER_PX) loadNewerRef.current();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [virtualizer]);

  if (jumpRef) {
    jumpRef.current = (id: string, seq?: number) => {
      const index = rows.findIndex((row) => row.kind === 'message' && row.message.id === id);
      if (index >= 0) virtualizer.scrollToIndex(index, { smooth: true });
      else if (seq !== undefined) {
        setJumpTarget(id);
        void onLoadAround(seq);
      }
    };
  }

  // Screen readers hear each newly arrived message from someone else once, not every row that
  // scrolls into the DOM.
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef<number | null>(null);
  const newest = messages[messages.length - 1];
  useEffect(() => {
    if (!newest) return;
    if (announced.current !== null && newest.seq > announced.current && newest.sender !== me?.id && !newest.deleted) {
      setAnnouncement(
        markerOf(newest) === 'guestJoined'
          ? t('party.guestJoined', { name: newest.senderName })
          : raffleNotice(newest)
            ? raffleWords(t, raffleNotice(newest)!).won
            : `${newest.senderName}: ${preview(newest, 200)}`,
      );
    }
    announced.current = Math.max(announced.current ?? 0, newest.seq);
  }, [newest, me?.id, t]);

  /** How many of the other members have seen a message, for the manager's receipts. */
  function seenBy(message: ChatMessage): { seen: number; total: number } | null {
    if (!showReceipts) return null;
    const others = members.filter((member) => member.id !== message.sender);
    return { seen: others.filter((member) => (seen[member.id] ?? 0) >= message.seq).length, total: others.length };
  }

  const jumpToMessage = useCallback((id: string) => jumpRef?.current?.(id), [jumpRef]);
  const { onReply, onEdit, onDelete, onShowReceipts, onSaveToLibrary, onReport } = actions;
  const handlers = useMemo<ReactionHandlers | null>(
    () => (social ? { mayReact: social.mayReact, onReact: social.onReact, onPin: social.onPin, onShowReactions: social.onShowReactions } : null),
    [social !== undefined, social?.mayReact, social?.onReact, social?.onPin, social?.onShowReactions],
  );
  // What every row shares, one object while none of it changes: rows are drawn again when their own props change.
  const shared = useMemo<RowShared>(
    () => ({
      me,
      party,
      actions: { onReply, onEdit, onDelete, onShowReceipts, onSaveToLibrary, onReport },
      handlers,
      toggle: selected ? onToggleSelected : null,
      onJump: jumpToMessage,
      onOpenMedia: setOpened,
      members,
      cardActions,
    }),
    [
      me,
      party,
      onReply,
      onEdit,
      onDelete,
      onShowReceipts,
      onSaveToLibrary,
      onReport,
      handlers,
      selected !== null,
      onToggleSelected,
      jumpToMessage,
      members,
      cardActions,
    ],
  );

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        className="relative flex-1 overflow-y-auto px-3 py-4 [overflow-anchor:none] sm:px-6"
        role="log"
        aria-live="off"
        aria-label={t('party.messages')}
        tabIndex={0}
      >
        {hasMore ? <PageButton label={t('party.loadOlder')} onClick={() => loadOlderRef.current()} className="mb-4" /> : null}
        {rows.length === 0 ? <p className="mt-10 text-center text-slate-600">{t('party.noMessages')}</p> : null}
        <ol ref={list} style={{ paddingTop: virtualizer.paddingTop, paddingBottom: virtualizer.paddingBottom }}>
          {virtualizer.rows.map((virtual) => {
            const row = rows[virtual.index]!;
            return (
              <li key={virtual.key} data-index={virtual.index} ref={virtualizer.measure} className="pb-2">
                {row.kind === 'message' ? (
                  <MessageRow
                    message={row.message}
                    repliedTo={row.message.replyingTo ? (byId.get(row.message.replyingTo) ?? null) : undefined}
                    {...receiptProps(seenBy(row.message))}
                    firstNew={row.message.id === firstNew}
                    selected={selected?.has(row.message.id) ?? false}
                    reactions={social?.reactions[row.message.id]}
                    pinned={social?.pinned?.id === row.message.id}
                    tally={cards[row.message.id]}
                    shared={shared}
                  />
                ) : (
                  <PendingItem item={row.item} waiting={waiting} onRetry={onRetry} onDiscard={onDiscard} />
                )}
              </li>
            );
          })}
        </ol>
        {hasNewer ? <PageButton label={t('party.loadNewer')} onClick={() => loadNewerRef.current()} className="mt-2" /> : null}
      </div>
      <p className="sr-only" aria-live="polite" data-testid="announcement">
        {announcement}
      </p>
      {unseenBelow || hasNewer ? (
        <button
          type="button"
          onClick={() => {
            setUnseenBelow(false);
            // Far back, the newest page replaces the window; the list then starts at its end.
            if (hasNewer) {
              atEnd.current = true;
              void onLoadAround();
            } else virtualizer.scrollToEnd({ smooth: true });
          }}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary-dark px-4 py-2 text-sm font-medium text-white shadow-lg"
        >
          {hasNewer ? t('party.toLatest') : t('party.newMessages')} ↓
        </button>
      ) : null}
      {opened ? (
        <Suspense fallback={null}>
          {photoIndex >= 0 ? (
            <Lightbox
              photos={photos.map((photo) => ({
                id: photo.mediaAttachment ?? '',
                title: t('chatMedia.photoFrom', { name: photo.senderName }),
                caption: photo.message,
              }))}
              index={photoIndex}
              onIndex={(index) => setOpened(photos[index] ?? null)}
              onClose={() => setOpened(null)}
            />
          ) : opened.mediaAttachment && opened.messageType !== 'photo' ? (
            <MediaViewer
              partyId={partyId}
              media={{
                id: opened.mediaAttachment,
                title:
                  opened.mediaTitle ??
                  (opened.message
                    ? preview({ messageType: 'text', message: opened.message })
                    : t(`chatMedia.kind.${opened.messageType as 'video' | 'audio' | 'voice' | 'document'}`)),
                mediaType: opened.mediaAttachmentType === 'video' || opened.mediaAttachmentType === 'audio' ? opened.mediaAttachmentType : 'application',
                caption: opened.message,
              }}
              onClose={() => setOpened(null)}
            />
          ) : null}
        </Suspense>
      ) : null}
    </div>
  );
});

/** Loads the page before or after the loaded messages (scrolling does it too; this is for keys and screen readers). */
function PageButton({ label, onClick, className }: { label: string; onClick: () => void; className: string }) {
  return (
    <div className={`text-center ${className}`}>
      <button type="button" onClick={onClick} className="rounded-full px-4 py-1.5 text-sm ring-1 ring-slate-300 hover:bg-slate-100">
        {label}
      </button>
    </div>
  );
}
