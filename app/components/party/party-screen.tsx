import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputMode } from '~/components/chat/input-bar';
import { ErrorBanner } from '~/components/error-banner';
import { Notice } from '~/components/notice';
import { TIMINGS } from '~/core/limits';
import type { PartyInfo } from '~/core/party';
import { can } from '~/core/permissions';
import { directMessagePath } from '~/core/profile';
import { lazyNamed } from '~/lib/lazy-named';
import { SIDE_BY_SIDE, STAGE_BESIDE, useMediaQuery } from '~/lib/use-media-query';
import { whenIdle } from '~/lib/when-idle';
import { useClearAfter, useTimedNotice } from '~/lib/use-timed-notice';
import { ChatAttachments, useChatAttachments } from './chat-attachments';
import { ChatColumn } from './chat-column';
import { EndedPanel } from './ended-panel';
import { GuestsTabLabel } from './guests-tab-label';
// Static: the server renders it for a visitor who has not joined, and a lazy boundary still
// hydrating when the socket's first news arrives is an error (React #421).
import { JoinDialog } from './join-dialog';
import type { SignedInGuest } from './join-dialog';
import type { PartyDialog } from './party-dialogs';
import { PartyHeader } from './party-header';
import { SideColumn, loadMembersPanel } from './side-column';
import type { PartyTab } from './side-column';
import { useOfflineHistory } from './use-offline-history';
import { usePartyChat } from './use-party-chat';
import { useUnreadIndicator } from './use-unread-indicator';

// Offered to a guest who has just joined without an address (to keep the party on all her devices).
const ClaimOffer = lazyNamed(() => import('./claim-offer'), 'ClaimOffer');
// The dialogs: none is part of the first screen; they load (each with its own chunk) when one opens.
const loadDialogs = () => import('./party-dialogs');
const PartyDialogs = lazyNamed(loadDialogs, 'PartyDialogs');
// The live video (ADR 060): loaded only while a show is on or the reader opens her camera (ADR 051).
const LiveStage = lazyNamed(() => import('~/components/live/live-stage'), 'LiveStage');

/**
 * The party's screen: the header, the chat, the contents and the guests (tabs on a phone), and
 * the one dialog open. Guests open it on their phones from a link.
 */
export function Party({ party, guest, socketTicket }: { party: PartyInfo; guest: SignedInGuest | null; socketTicket: string | null }) {
  const { t } = useTranslation();
  const joined = party.me !== null;
  const chat = usePartyChat(party, joined, socketTicket);
  const { state, actions } = chat;
  useOfflineHistory(party, state, chat.loadAround);
  useUnreadIndicator(state.ready, state.messages, state.me?.id ?? party.me?.id ?? null, `${party.title} · Salon`);
  // Closing the page with messages still unsent asks nothing: the outbox keeps them (ADR 032).
  const [tab, setTab] = useState<PartyTab>('messages');
  const [inputMode, setInputMode] = useState<InputMode>(null);
  const [dialog, setDialog] = useState<PartyDialog | null>(null);
  // What the notifications dialog turned on or off here; until then the bell asks the browser.
  const [notifyOn, setNotifyOn] = useState<boolean | null>(null);
  // The lazy tools and the drop zone are the browser's alone: rendered on the server, their lazy
  // boundaries would still be hydrating when the page's first updates come.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // What no first screen shows (the drop zone) waits until the browser is idle (ADR 051).
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setIdle(true);
        if (!joined) return;
        void loadDialogs();
        void loadMembersPanel();
      }),
    [joined],
  );
  const [selected, setSelected] = useState<Set<string> | null>(null);
  // Handlers of the memoised parts (the header, the list, the input) stay the same (ADR 051).
  const toggleSelected = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const startSelection = useCallback(() => setSelected(new Set()), []);
  const endSelection = useCallback(() => setSelected(null), []);
  // The reader's seen position when the chat first loaded: the divider marks what is new since.
  const [lastSeenAtOpen, setLastSeenAtOpen] = useState<number | null>(null);
  useEffect(() => {
    if (state.ready && lastSeenAtOpen === null && state.me) setLastSeenAtOpen(state.seen[state.me.id] ?? 0);
  }, [state.ready, state.me, state.seen, lastSeenAtOpen]);
  const jumpRef = useRef<((id: string, seq?: number) => void) | null>(null);
  const jumpTo = useCallback((id: string, seq: number) => {
    setTab('messages');
    requestAnimationFrame(() => jumpRef.current?.(id, seq));
  }, []);
  useClearAfter(state.lastError, TIMINGS.chatErrorMs, actions.dismissError);
  const notice = useTimedNotice<string>(TIMINGS.partyNoticeMs);
  // A guest made host while here is told what she may do now (not one who opens the page as host).
  const role = state.me?.role;
  const lastRole = useRef(role);
  const showNotice = notice.show;
  useEffect(() => {
    if (lastRole.current === 'guest' && role === 'host') showNotice(t('party.nowHost'));
    lastRole.current = role;
  }, [role, t, showNotice]);
  // A visitor without an address (the loader tells only while she is not a member) is offered one once she joins.
  const [offerOnJoin] = useState(!joined && !guest?.claimed);

  const me = state.me ?? party.me;
  const isManager = me?.role === 'manager';
  // Once the room has spoken, its word on the expiry is newer than the loader's (it ends live).
  const expired = state.lastSeq !== null ? state.expired : party.expired;
  const restrictedMessaging = state.ready ? state.restrictedMessaging : party.restrictedMessaging;
  const partyState = useMemo(() => ({ restrictedMessaging, expired }), [restrictedMessaging, expired]);
  const restrict = useCallback((value: boolean) => void actions.setRestriction(value), [actions]);
  const { members, online, memberCount, onlineCount, roster } = state;
  const rosterView = useMemo(() => ({ members, online, memberCount, onlineCount, roster }), [members, online, memberCount, onlineCount, roster]);
  // On a phone the contents and the guests are behind their tabs: not drawn until one is chosen.
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const stageBeside = useMediaQuery(STAGE_BESIDE);
  const mayWrite = me !== null && can(me, { type: 'sendMessage', messageType: 'text' }, partyState);
  const mayRestrict = me !== null && can(me, { type: 'restrictMessaging' }, partyState) && !expired;
  const mayAttach = joined && mayWrite && !expired && !selected;
  const attachments = useChatAttachments({
    mayAttach,
    isManager,
    replyingTo: inputMode?.kind === 'reply' ? inputMode.message.id : null,
    openDialog: setDialog,
    onQueued: () => {
      if (inputMode?.kind === 'reply') setInputMode(null);
    },
  });

  // Live video: who may go live, the stage while a show is on or her camera is open, and a product
  // card sent meanwhile over the video for a few seconds.
  const [publishing, setPublishing] = useState(false);
  const live = state.live;
  const mayGoLive = joined && me !== null && can(me, { type: 'goLive', hostsMayGoLive: live.hostsMayGoLive }, partyState);
  const openLive = useCallback(() => setPublishing(true), []);
  const closeLive = useCallback(() => setPublishing(false), []);
  const watchLive = useCallback((watching: boolean) => void actions.watchLive(watching), [actions]);
  const stage =
    joined && mounted && me && (publishing || live.show) ? (
      <Suspense fallback={null}>
        <LiveStage
          partyId={party.id}
          me={me}
          live={live}
          publishing={publishing}
          newest={state.messages[state.messages.length - 1] ?? null}
          sideBySide={stageBeside}
          onClose={closeLive}
          onWatching={watchLive}
          onError={actions.showError}
        />
      </Suspense>
    ) : null;

  if (state.ended) return <EndedPanel reason={state.ended} unsent={state.pending} onDiscard={actions.discard} recapOf={party.id} />;

  const tabClass = (active: boolean) =>
    // Sized by their labels: the guests' count of a large party needs more room than "Contents".
    `flex-auto whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium ${active ? 'border-primary-dark text-primary-dark' : 'border-transparent text-slate-600'}`;

  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <PartyHeader
        party={party}
        me={me}
        joined={joined}
        expired={expired}
        selecting={selected !== null}
        restricted={partyState.restrictedMessaging}
        mayRestrict={mayRestrict}
        notifyOn={notifyOn}
        mounted={mounted}
        reportsOpen={state.reportsOpen}
        openDialog={setDialog}
        onStartSelection={startSelection}
        onRestrict={restrict}
        onGoLive={mayGoLive && !live.show && !publishing ? openLive : null}
        onRename={actions.rename}
        onLeave={actions.leave}
      />

      <Notice layout="bar" text={notice.notice} onClose={notice.clear} onHold={notice.hold} testId="notice-bar" />
      {offerOnJoin && joined ? (
        <Suspense fallback={null}>
          <ClaimOffer />
        </Suspense>
      ) : null}
      <ErrorBanner layout="bar" code={state.lastError} onClose={actions.dismissError} />

      <div role="tablist" aria-label={t('party.sections')} className="flex border-b border-slate-200 bg-white md:hidden">
        <button type="button" role="tab" aria-selected={tab === 'messages'} onClick={() => setTab('messages')} className={tabClass(tab === 'messages')}>
          {t('party.messages')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'contents'} onClick={() => setTab('contents')} className={tabClass(tab === 'contents')}>
          {t('party.contents')}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'guests'} onClick={() => setTab('guests')} className={tabClass(tab === 'guests')}>
          <GuestsTabLabel memberCount={state.memberCount} onlineCount={state.onlineCount} />
        </button>
      </div>

      {stageBeside ? null : stage}
      <div className="relative flex min-h-0 flex-1">
        {/* Over the chat's top, not above it: its coming and going moves nothing (ADR 051). */}
        {joined && (state.connection === 'offline' || (state.connection !== 'open' && state.lastSeq !== null)) ? (
          <p
            role="status"
            data-testid="connection-status"
            className="absolute inset-x-0 top-0 z-20 bg-amber-50/95 px-4 py-1.5 text-center text-sm text-amber-900 shadow-sm"
          >
            {t(state.connection === 'offline' ? 'party.youAreOffline' : 'party.reconnecting')}
          </p>
        ) : null}
        <ChatColumn
          party={party}
          chat={chat}
          me={me}
          joined={joined}
          expired={expired}
          partyState={partyState}
          mayWrite={mayWrite}
          shown={tab === 'messages'}
          lastSeenAtOpen={lastSeenAtOpen}
          jumpRef={jumpRef}
          jumpTo={jumpTo}
          selected={selected}
          onToggleSelected={toggleSelected}
          onEndSelection={endSelection}
          onNotice={notice.show}
          inputMode={inputMode}
          onInputMode={setInputMode}
          openDialog={setDialog}
          onFiles={attachments.chooseFiles}
          imagesOnly={attachments.imagesOnly}
        />
        {stageBeside ? stage : null}
        <SideColumn
          tab={tab}
          sideBySide={sideBySide}
          stacked={stageBeside && stage !== null}
          roster={rosterView}
          headings={state.headings}
          paging={chat.paging}
          me={me}
          partyState={partyState}
          directMessage={party.manager?.profileShortId ? directMessagePath(party.manager.profileShortId) : null}
          mayRestrict={mayRestrict}
          mounted={mounted}
          onJump={jumpTo}
          onLoadMembers={actions.loadMembers}
          onMakeHost={actions.makeHost}
          onRemove={actions.removeGuest}
          onRestrict={restrict}
        />
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          <PartyDialogs
            dialog={dialog}
            openDialog={setDialog}
            party={party}
            isManager={isManager}
            state={state}
            send={chat.send}
            actions={actions}
            queueBatch={attachments.queueBatch}
            onNotifyChange={setNotifyOn}
            onNotice={notice.show}
            jumpTo={jumpTo}
          />
        </Suspense>
      ) : null}
      <ChatAttachments
        partyId={party.id}
        isManager={isManager}
        batches={attachments.batches}
        tooMany={attachments.tooMany}
        dropEnabled={mayAttach && dialog === null}
        idle={idle}
        onFiles={attachments.chooseFiles}
        onSend={(caption, media) => chat.send(caption, media)}
      />
      {!joined ? <JoinDialog title={party.title} passwordProtected={party.passwordProtected} guest={guest} /> : null}
    </div>
  );
}
