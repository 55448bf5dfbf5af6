import { Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import type { MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { InputBar } from '~/components/chat/input-bar';
import type { InputMode } from '~/components/chat/input-bar';
import type { CardType } from '~/core/cards';
import { MEDIA_KINDS, PICTURE_KINDS } from '~/core/media';
import type { PartyInfo } from '~/core/party';
import type { PartyState } from '~/core/permissions';
import { can } from '~/core/permissions';
import type { ChatMessage, Member } from '~/core/protocol';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { lazyNamed } from '~/lib/lazy-named';
import { useLatest } from '~/lib/use-latest';
import { whenIdle } from '~/lib/when-idle';
import type { PartyDialog } from './party-dialogs';
import type { usePartyChat } from './use-party-chat';

// The message list (the bubbles, the virtualiser, formatting) is drawn only once the room has sent
// the chat, never on the server, so no page waits for it to hydrate: it loads while the socket
// connects, and for a new guest right after the join dialog has become usable (ADR 027). It is
// drawn once its module is there, not through a lazy boundary, which would suspend its first
// drawing once more (ADR 051).
export const loadMessageList = () => import('./message-list');
type ListModule = Awaited<ReturnType<typeof loadMessageList>>;
// A member's page (the server marks its chat) fetches the list while it hydrates, not after: the
// chat's first drawing, the page's largest paint, waits for one round trip less (ADR 051). A
// visitor's stays after her join dialog is usable (ADR 027).
if (typeof document !== 'undefined' && document.querySelector('main[data-member]')) void loadMessageList();
const SelectionBar = lazyNamed(() => import('./selection-bar'), 'SelectionBar');
// The pinned message above the list (ADR 043), when there is one.
const PinnedBar = lazyNamed(() => import('~/components/social/pinned-bar'), 'PinnedBar');
// Playing templates is the manager's: the panel loads when she uses it, with its texts.
const AppliedTemplatePanel = lazyNamed(() => needingWorkspaceTexts(import('./applied-template-panel')), 'AppliedTemplatePanel');

type Chat = ReturnType<typeof usePartyChat>;

/** A guest's list is given no roster and no receipts: it draws neither, and presence does not draw it again (ADR 051). */
const NO_MEMBERS: Member[] = [];
const NO_SEEN: Record<string, number> = {};

interface Props {
  party: PartyInfo;
  chat: Chat;
  me: Member | null;
  joined: boolean;
  expired: boolean;
  partyState: PartyState;
  mayWrite: boolean;
  /** On a phone, the column shows while its tab is chosen; beside the others from md (768 px). */
  shown: boolean;
  /** The reader's seen position when the chat first loaded: the divider marks what is new since. */
  lastSeenAtOpen: number | null;
  jumpRef: MutableRefObject<((id: string, seq?: number) => void) | null>;
  jumpTo: (id: string, seq: number) => void;
  /** Selection mode (mass delete and forward): the selected ids, or null. */
  selected: Set<string> | null;
  onToggleSelected: (id: string) => void;
  onEndSelection: () => void;
  /** Forwarded: a notice says where to. */
  onNotice: (text: string) => void;
  inputMode: InputMode;
  onInputMode: (mode: InputMode) => void;
  openDialog: (dialog: PartyDialog) => void;
  onFiles: (files: File[]) => void;
  /** A guest's non-images were left out of her choice: she is told so. */
  imagesOnly: boolean;
}

/** The chat: the pinned message, the messages, the template being played, and the input (or why there is none). */
export function ChatColumn({
  party,
  chat,
  me,
  joined,
  expired,
  partyState,
  mayWrite,
  shown,
  lastSeenAtOpen,
  jumpRef,
  jumpTo,
  selected,
  onToggleSelected,
  onEndSelection,
  onNotice,
  inputMode,
  onInputMode,
  openDialog,
  onFiles,
  imagesOnly,
}: Props) {
  const { t } = useTranslation();
  const { state, actions } = chat;
  const isManager = me?.role === 'manager';
  // The chat is drawn once the room has sent it (or a reconnect kept it). Its first drawing is a
  // transition: React draws the rows in slices, between which the phone paints and answers its
  // reader, and the room's next words wait for it rather than cut it (ADR 051).
  const hasChat = state.ready || state.lastSeq !== null;
  const [list, setList] = useState<ListModule | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => void loadMessageList().then((module) => live && setList(module));
    // A member's list loads at once, while the socket connects; a visitor's once her join dialog
    // is usable (its effect runs after this one), when the browser is idle (ADR 027).
    const cancel = joined ? (load(), undefined) : whenIdle(load);
    return () => {
      live = false;
      cancel?.();
    };
  }, [joined]);
  const [listShown, setListShown] = useState(false);
  useEffect(() => {
    if (hasChat && list && !listShown) startTransition(() => setListShown(true));
  }, [hasChat, list, listShown]);
  const MessageList = listShown ? list?.MessageList : undefined;
  const replyingTo = inputMode?.kind === 'reply' ? inputMode.message.id : null;
  // The list and the input are memoised: what they are given stays the same until it changes (ADR 051).
  const listActions = useMemo(
    () => ({
      onReply: (message: ChatMessage) => onInputMode({ kind: 'reply', message }),
      onEdit: (message: ChatMessage) => onInputMode({ kind: 'edit', message }),
      onDelete: (message: ChatMessage) => openDialog({ kind: 'deleteMessage', message }),
      onShowReceipts: (message: ChatMessage) => openDialog({ kind: 'receipts', message }),
      onSaveToLibrary: (message: ChatMessage) => openDialog({ kind: 'saveToLibrary', message }),
      onReport: (message: ChatMessage) => openDialog({ kind: 'report', message }),
    }),
    [onInputMode, openDialog],
  );
  const mayReact = joined && !expired;
  const social = useMemo(
    () => ({
      ...state.social,
      mayReact,
      onReact: actions.react,
      onPin: actions.pin,
      onShowReactions: isManager ? (messageId: string) => openDialog({ kind: 'reactions', messageId }) : null,
    }),
    [state.social, mayReact, actions, isManager, openDialog],
  );
  const submit = useLatest((text: string) => {
    if (inputMode?.kind === 'edit') actions.edit(inputMode.message.id, text);
    else chat.send(text, { replyingTo });
    onInputMode(null);
  });
  const composer = {
    cancelMode: useLatest(() => onInputMode(null)),
    heading: useLatest(() => openDialog({ kind: 'heading' })),
    profileCard: useLatest(() => openDialog({ kind: 'profileCard' })),
    card: useLatest((card: CardType) => openDialog({ kind: 'card', card })),
    library: useLatest(() => openDialog({ kind: 'picker', replyingTo })),
    voice: useLatest(() => openDialog({ kind: 'voice' })),
    files: useLatest(onFiles),
  };
  const connecting = (
    <div className="flex flex-1 items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-primary-light border-t-primary-dark" aria-hidden="true" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
  return (
    <main id="main" data-member={joined ? '' : undefined} className={`min-w-0 flex-1 flex-col ${shown ? 'flex' : 'hidden md:flex'}`}>
      {state.social.pinned ? (
        <Suspense fallback={null}>
          <PinnedBar
            message={state.social.pinned}
            onJump={() => state.social.pinned && jumpTo(state.social.pinned.id, state.social.pinned.seq)}
            onUnpin={me && can(me, { type: 'pinMessage', message: null }, partyState) ? () => actions.pin(null) : null}
          />
        </Suspense>
      ) : null}
      {hasChat && MessageList ? (
        <MessageList
          partyId={party.id}
          messages={state.messages}
          pending={state.pending}
          me={me}
          party={partyState}
          members={isManager ? state.members : NO_MEMBERS}
          seen={isManager ? state.seen : NO_SEEN}
          lastSeenAtOpen={lastSeenAtOpen}
          hasMore={state.hasMore}
          hasNewer={state.hasNewer}
          jumpRef={jumpRef}
          selected={selected}
          onToggleSelected={onToggleSelected}
          onLoadOlder={chat.loadOlder}
          onLoadNewer={chat.loadNewer}
          onLoadAround={chat.loadAround}
          onRetry={chat.retry}
          onDiscard={actions.discard}
          waiting={!state.ready}
          cards={state.cards}
          lastError={state.lastError}
          onCardFrame={actions.cardFrame}
          {...listActions}
          social={social}
        />
      ) : joined || hasChat ? (
        connecting
      ) : (
        // Behind the join dialog: the room sends a visitor none of the chat, so there is nothing to
        // show, and "no messages yet" would be untrue of a party that has them.
        <div className="flex-1" />
      )}
      {isManager && !expired && state.applied ? (
        <Suspense fallback={null}>
          <AppliedTemplatePanel
            partyId={party.id}
            partyStart={party.start}
            partyExpiration={party.expiration}
            applied={state.applied}
            onApplied={actions.setApplied}
            onError={actions.showError}
          />
        </Suspense>
      ) : null}
      {selected ? (
        <Suspense fallback={null}>
          <SelectionBar
            partyId={party.id}
            count={selected.size}
            onCancel={onEndSelection}
            onDelete={() => {
              void actions.deleteMessages([...selected]);
              onEndSelection();
            }}
            onForward={(target) => {
              void actions.forward([...selected], target.id).then((ok) => ok && onNotice(t('selection.forwarded', { party: target.title })));
              onEndSelection();
            }}
          />
        </Suspense>
      ) : expired ? (
        <p className="border-t border-slate-200 bg-white p-4 text-center text-slate-600" data-testid="expired-note">
          {t('party.expiredNote')}
        </p>
      ) : joined && !mayWrite ? (
        <p className="border-t border-slate-200 bg-white p-4 text-center text-slate-600" role="status">
          {t('party.restrictedNote')}
        </p>
      ) : (
        <>
          {imagesOnly ? (
            <p role="alert" className="border-t border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="images-only">
              {t('chatMedia.imagesOnly')}
            </p>
          ) : null}
          {/* Every message goes at once, however fast they come: the outbox keeps them in order
              until the room has each (ADR 032, issue 41). */}
          <InputBar
            busy={false}
            disabled={!joined}
            mode={inputMode}
            onCancelMode={composer.cancelMode}
            onHeading={isManager ? composer.heading : undefined}
            onProfileCard={isManager ? composer.profileCard : undefined}
            onCard={isManager ? composer.card : undefined}
            onFiles={composer.files}
            onLibrary={isManager ? composer.library : undefined}
            onVoice={composer.voice}
            acceptedKinds={isManager ? MEDIA_KINDS : PICTURE_KINDS}
            onSubmit={submit}
          />
        </>
      )}
    </main>
  );
}
