import type { CardType } from '~/core/cards';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton } from '~/components/copy-link-button';
import { LanguageMenu } from '~/components/language-menu';
import { useDateFormatter } from '~/components/local-time';
import { ContentsPanel } from '~/components/chat/contents-panel';
import { InputBar } from '~/components/chat/input-bar';
// Static: the server renders it for a visitor who has not joined, and a lazy boundary still
// hydrating when the socket's first news arrives is an error (React #421).
import { JoinDialog } from '~/components/party/join-dialog';
import type { SignedInGuest } from '~/components/party/join-dialog';
import type { SocialDialogOf } from '~/components/social/social-dialog';
import type { InputMode } from '~/components/chat/input-bar';
import { GuestsTabLabel } from '~/components/party/guests-tab-label';
import { useOfflineHistory } from '~/components/party/use-offline-history';
import { RestrictionToggle } from '~/components/party/restriction-toggle';
import { ErrorBanner } from '~/components/error-banner';
import { Notice } from '~/components/notice';
import { loadOutbox, usePartyChat } from '~/components/party/use-party-chat';
import type { ChatBatch } from '~/components/party/chat-uploads';
import { chatSelection } from '~/core/chat-media';
import { LIMITS, TIMINGS } from '~/core/limits';
import { MEDIA_KINDS, PICTURE_KINDS } from '~/core/media';
import { useUnreadIndicator } from '~/components/party/use-unread-indicator';
import { apiFetch } from '~/lib/api';
import type { AppliedTemplate } from '~/core/applied-template';
import { StatePanel } from '~/components/state-panel';
import { isAppError, templateCallError } from '~/core/errors';
import type { ErrorCode } from '~/core/errors';
import { isShortId } from '~/core/party';
import { can } from '~/core/permissions';
import { ENDED_BY_ERROR } from '~/core/chat-state';
import type { Ended, PendingMessage } from '~/core/chat-state';
import type { ChatMessage } from '~/core/protocol';
import { JoinPartySchema, firstErrorCode } from '~/core/schemas';
import { needingWorkspaceTexts } from '~/i18n/workspace-texts';
import { lazyNamed } from '~/lib/lazy-named';
import { inRecordingDocument } from '~/lib/microphone';
import type { PartyInfo } from '~/core/party';
import { directMessagePath } from '~/core/profile';
import { useClearAfter, useTimedNotice } from '~/lib/use-timed-notice';

// The message list (the bubbles, the virtualiser, formatting) is drawn only once the room has sent
// the chat, never on the server, so no page waits for it to hydrate: it loads while the socket
// connects, and for a new guest right after the join dialog has become usable (ADR 027).
const loadMessageList = () => import('~/components/party/message-list');
const MessageList = lazyNamed(loadMessageList, 'MessageList');
// The guest's own menu shows only once she has joined: a new guest's first load goes without it
// (and the install offer in it, ADR 033). Drawn in the browser only, like the drop zone: a lazy
// boundary still hydrating when the room's first updates come would be thrown away (React #421).
const NameMenu = lazyNamed(() => import('~/components/party/name-menu'), 'NameMenu');
// The dialogs and the selection bar: none is part of the first paint, each loads when first opened.
const ConfirmDialog = lazyNamed(() => import('~/components/confirm-dialog'), 'ConfirmDialog');
const HeadingDialog = lazyNamed(() => import('~/components/chat/heading-dialog'), 'HeadingDialog');
const ProfileCardDialog = lazyNamed(() => import('~/components/chat/profile-card-dialog'), 'ProfileCardDialog');
// A product card's or a poll's form (its photo from the library, with the library's texts).
const CardDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/cards/card-dialog')), 'CardDialog');
// The manager's raffle (ADR 045): the dialog and its texts when she first opens it.
const RaffleDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/raffle/raffle-dialog')), 'RaffleDialog');
// The bell is a member's, never part of a new guest's first paint.
// The bell and its dialog speak workspace texts (the `notify` section): they come after the first paint, with them.
const NotifyButton = lazyNamed(() => needingWorkspaceTexts(import('~/components/party/notify-button')), 'NotifyButton');
const NotifyDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/party/notify-dialog')), 'NotifyDialog');
const ReceiptsDialog = lazyNamed(() => import('~/components/party/receipts-dialog'), 'ReceiptsDialog');
const SelectionBar = lazyNamed(() => import('~/components/party/selection-bar'), 'SelectionBar');
// The guests panel (a virtualised list, the moderation) is not needed before the join dialog is
// usable; like the name menu it is drawn in the browser only.
const MembersPanel = lazyNamed(() => import('~/components/party/members-panel'), 'MembersPanel');
// The send dialog, the picker and the uploads (with the uploaders) load when they are first used;
// the picker and the uploads speak the media library's texts, which come with them.
const MediaSendDialog = lazyNamed(() => import('~/components/chat/media-send-dialog'), 'MediaSendDialog');
const MediaPickerDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/chat/media-picker-dialog')), 'MediaPickerDialog');
const SaveToLibraryDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/chat/save-to-library-dialog')), 'SaveToLibraryDialog');
const ChatUploads = lazyNamed(() => needingWorkspaceTexts(import('~/components/party/chat-uploads')), 'ChatUploads');
// Offered to a guest who has just joined without an address (to keep the party on all her devices).
const ClaimOffer = lazyNamed(() => import('~/components/party/claim-offer'), 'ClaimOffer');
// The screen-wide drop zone is not needed for the first paint: it loads right after.
const FileDropZone = lazyNamed(() => import('~/components/media/file-drop-zone'), 'FileDropZone');
// Playing templates is the manager's: the dialog and the panel load when she uses them, with
// their texts.
const ApplyTemplateDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/party/apply-template-dialog')), 'ApplyTemplateDialog');
const OverwriteDialog = lazyNamed(() => needingWorkspaceTexts(import('~/components/party/apply-template-dialog')), 'OverwriteDialog');
const AppliedTemplatePanel = lazyNamed(() => needingWorkspaceTexts(import('~/components/party/applied-template-panel')), 'AppliedTemplatePanel');
// The recorder, and the converters it may load, come only when the voice button is pressed.
const VoiceDialog = lazyNamed(() => import('~/components/chat/voice-dialog'), 'VoiceDialog');
// The header's QR and search buttons, the pinned message, and their dialogs (ADR 043): each when first needed.
// The buttons and dialogs speak workspace texts (the `socialTools` section) and come with them.
const loadSocialTools = () => needingWorkspaceTexts(import('~/components/social/social-dialog'));
const SocialButtons = lazyNamed(loadSocialTools, 'SocialButtons');
const SocialDialog = lazyNamed(loadSocialTools, 'SocialDialog');
const PinnedBar = lazyNamed(() => import('~/components/social/pinned-bar'), 'PinnedBar');
// A guest's recap once the party is over (ADR 046), with its texts (the `recap` section).
const RecapView = lazyNamed(() => needingWorkspaceTexts(import('~/components/recap/recap-view')), 'RecapView');

/**
 * Guests open this page on their phones: it loads only the party's part of the texts. Voice
 * messages are recorded here: its policy allows the microphone (app/lib/microphone.ts).
 */
export const handle = { texts: 'party', microphone: true };
export const clientLoader = inRecordingDocument;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && 'party' in data && data.party ? `${data.party.title} · Salon` : 'Salon' },
  { name: 'robots', content: 'noindex' },
];

/**
 * The one dialog open on this screen, with what it is about (ADR 026): opening one closes the
 * other, and the drop zone asks only whether one is open.
 */
type Dialog =
  | { kind: 'heading' | 'profileCard' | 'voice' | 'chooseTemplate' | 'notify' | 'raffle' }
  | SocialDialogOf
  | { kind: 'send'; files: File[]; replyingTo: string | null }
  | { kind: 'picker'; replyingTo: string | null }
  | { kind: 'overwrite'; template: { id: string; title: string } }
  | { kind: 'receipts'; message: ChatMessage }
  | { kind: 'saveToLibrary'; message: ChatMessage }
  | { kind: 'deleteMessage'; message: ChatMessage }
  | { kind: 'card'; card: CardType };

/** `kept`: whose outbox on this device belongs to this party, to show what it holds as not sent. */
type LoaderData =
  | { state: 'ok'; party: PartyInfo; guest?: SignedInGuest; socketTicket?: string }
  | { state: 'ended'; reason: Ended; kept?: { partyId: string; memberId: string } };

function endedBy(error: unknown): { reason: Ended; status: number } | null {
  if (!isAppError(error)) return null;
  const reason = ENDED_BY_ERROR[error.code];
  return reason ? { reason, status: error.status } : null;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const shortId = params.partyId ?? '';
  if (!isShortId(shortId)) return data<LoaderData>({ state: 'ended', reason: 'notFound' }, { status: 404 });
  try {
    // One round trip for a guest (ADR 049); a guest signed in here who is not yet a member joins with her account's names.
    const { party, joiningAs: guest, room } = await context.services.parties.openParty(context.db, shortId, context.identity);
    const consultant = context.identity.consultant;
    if (party.me?.role === 'manager' && consultant) await context.services.parties.markEntered(context.db, party, consultant.userId);
    // A member guest's socket, opened within the minute, skips its D1 read (ADR 047).
    const socketTicket = party.me
      ? await context.services.socketTicketFor(context.env.SOCKET_TICKET_SECRET, request, room, party.me, { fresh: null, checked: context.identity.guest })
      : null;
    return data<LoaderData>({ state: 'ok', party, ...(guest ? { guest } : {}), ...(socketTicket ? { socketTicket } : {}) });
  } catch (error) {
    const ended = endedBy(error);
    if (!ended) throw error;
    const kept = ended.reason === 'expired' ? await context.services.parties.memberByShortId(context.db, shortId, context.identity) : null;
    return data<LoaderData>({ state: 'ended', reason: ended.reason, ...(kept ? { kept } : {}) }, { status: ended.status });
  }
}

/** Joining from the page: the same domain function as `PUT /api/parties/{id}/join`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = JoinPartySchema.safeParse({
    firstName: form.get('firstName') ?? '',
    lastName: form.get('lastName') ?? '',
    password: form.get('password') ?? undefined,
  });
  if (!parsed.success) return data({ ok: false as const, code: firstErrorCode(parsed.error) }, { status: 400 });
  const { parties, cookies } = context.services;
  try {
    const client = request.headers.get('CF-Connecting-IP') ?? 'local';
    // The party by its link, read in the join's own round trip (ADR 049).
    const later = (work: Promise<unknown>) => context.ctx.waitUntil(work);
    const result = await parties.joinParty(context.env, context.db, { shortId: params.partyId ?? '' }, context.identity, parsed.data, client, later);
    const headers = new Headers();
    if (result.credentials) {
      headers.append('Set-Cookie', cookies.guestCookie(request, result.credentials));
    }
    return data({ ok: true as const }, { headers });
  } catch (error) {
    if (isAppError(error)) return data({ ok: false as const, code: error.code as ErrorCode }, { status: error.status });
    throw error;
  }
}

export default function PartyPage() {
  const loaded = useLoaderData<typeof loader>();
  return loaded.state === 'ok' ? (
    <Party party={loaded.party} guest={loaded.guest ?? null} socketTicket={loaded.socketTicket ?? null} />
  ) : (
    <EndedOnLoad reason={loaded.reason} kept={loaded.kept} />
  );
}

/** A party that ended before the page was opened: messages kept from an earlier visit show as not sent. */
function EndedOnLoad({ reason, kept }: { reason: Ended; kept?: { partyId: string; memberId: string } }) {
  const [unsent, setUnsent] = useState<PendingMessage[]>([]);
  useEffect(() => {
    if (kept)
      void loadOutbox()
        .then((outbox) => outbox.unsentOf(kept))
        .then(setUnsent, () => undefined);
  }, [kept]);
  const discard = (tempId: string) => {
    setUnsent((current) => current.filter((p) => p.tempId !== tempId));
    void loadOutbox().then((outbox) => outbox.removeEntry(tempId));
  };
  return <EndedPanel reason={reason} unsent={unsent} onDiscard={discard} recapOf={kept?.partyId} />;
}

const ENDED_VIEWS = {
  notFound: { title: 'party.notFoundTitle', text: 'party.notFoundText', tone: 'neutral' },
  expired: { title: 'party.expiredTitle', text: 'party.expiredText', tone: 'warning' },
  removed: { title: 'party.removedTitle', text: 'party.removedText', tone: 'warning' },
  signedOut: { title: 'party.signedOutTitle', text: 'party.signedOutText', tone: 'neutral' },
} as const satisfies Record<Ended, { title: string; text: string; tone: 'neutral' | 'warning' }>;

/**
 * The full-screen view of a party this reader cannot (or can no longer) see. Messages that were
 * still waiting when it ended are shown as not sent, not silently dropped.
 */
function EndedPanel({
  reason,
  unsent = [],
  onDiscard,
  recapOf,
}: {
  reason: Ended;
  unsent?: PendingMessage[];
  onDiscard?: (tempId: string) => void;
  /** The party whose recap a guest sees once it is over. */
  recapOf?: string | undefined;
}) {
  const { t } = useTranslation();
  const view = ENDED_VIEWS[reason];
  // The recap asks the API as the guest: her browser's, never the server render's.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <StatePanel title={t(view.title)} tone={view.tone}>
      <p>{t(view.text)}</p>
      {reason === 'signedOut' ? <SignInAgain /> : null}
      {unsent.length > 0 ? (
        <div className="text-left" data-testid="unsent">
          <p className="text-sm font-medium text-red-800">{t('party.notSent')}</p>
          <ul className="mt-1 space-y-1">
            {unsent.map((item) => (
              <li key={item.tempId} className="flex items-start gap-2 rounded-xl bg-red-50 px-3 py-1.5 text-sm text-slate-800 ring-1 ring-red-200">
                <span className="min-w-0 flex-1 whitespace-pre-wrap break-words">{item.message}</span>
                {onDiscard ? (
                  <button
                    type="button"
                    onClick={() => onDiscard(item.tempId)}
                    className="shrink-0 rounded text-xs font-medium text-red-800 underline hover:text-red-950"
                  >
                    {t('party.discard')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {reason === 'expired' && recapOf && mounted ? (
        <Suspense fallback={null}>
          <RecapView partyId={recapOf} />
        </Suspense>
      ) : null}
    </StatePanel>
  );
}

/** Back to this party once signed in (the sign-in returns to the page it was asked from). */
function SignInAgain() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <a
      href={`/login?returnTo=${encodeURIComponent(pathname)}`}
      className="inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90"
    >
      {t('party.signInAgain')}
    </a>
  );
}

function Party({ party, guest, socketTicket }: { party: PartyInfo; guest: SignedInGuest | null; socketTicket: string | null }) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const joined = party.me !== null;
  const chat = usePartyChat(party, joined, socketTicket);
  const { state, actions } = chat;
  const navigate = useNavigate();
  useOfflineHistory(party, state, chat.loadAround);
  useUnreadIndicator(state.ready, state.messages, state.me?.id ?? party.me?.id ?? null, `${party.title} · Salon`);
  // Closing the page with messages still unsent asks nothing: the outbox keeps them (ADR 032).
  const [tab, setTab] = useState<'messages' | 'contents' | 'guests'>('messages');
  const [inputMode, setInputMode] = useState<InputMode>(null);
  // Files chosen or dropped wait in the send dialog, the library in the picker; both remember the
  // message they answer. What was sent goes on as batches through the uploads.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const [batches, setBatches] = useState<ChatBatch[]>([]);
  // What the notifications dialog turned on or off here; until then the bell asks the browser.
  const [notifyOn, setNotifyOn] = useState<boolean | null>(null);
  const tooManyFiles = useTimedNotice<true>(TIMINGS.tooManyFilesMs);
  const imagesOnly = useTimedNotice<true>(TIMINGS.guestNonImageNoteMs);
  // The drop zone is the browser's alone: rendered on the server, its lazy boundary would still be
  // hydrating when the page's first updates come.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  useEffect(() => void loadMessageList(), []);
  /** Applying the template that is already applied asks first: restart it, or continue where it was. */
  const applyTemplate = async (template: { id: string; title: string }, mode?: 'restart' | 'continue') => {
    close();
    const result = await apiFetch<{ applied: AppliedTemplate }>(`/api/parties/${party.id}/template`, {
      method: 'POST',
      body: mode ? { templateId: template.id, mode } : { templateId: template.id },
    });
    if (result.ok) actions.setApplied(result.data.applied);
    else if (result.code === 'templateAlreadyApplied') setDialog({ kind: 'overwrite', template });
    else actions.showError(templateCallError(result));
  };
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const toggleSelected = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  // The reader's seen position when the chat first loaded: the divider marks what is new since.
  const [lastSeenAtOpen, setLastSeenAtOpen] = useState<number | null>(null);
  useEffect(() => {
    if (state.ready && lastSeenAtOpen === null && state.me) setLastSeenAtOpen(state.seen[state.me.id] ?? 0);
  }, [state.ready, state.me, state.seen, lastSeenAtOpen]);
  const jumpRef = useRef<((id: string, seq?: number) => void) | null>(null);
  const jumpTo = (id: string, seq: number) => {
    setTab('messages');
    requestAnimationFrame(() => jumpRef.current?.(id, seq));
  };
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

  if (state.ended) return <EndedPanel reason={state.ended} unsent={state.pending} onDiscard={actions.discard} recapOf={party.id} />;

  const me = state.me ?? party.me;
  const isManager = me?.role === 'manager';
  // Once the room has spoken, its word on the expiry is newer than the loader's (it ends live).
  const expired = state.lastSeq !== null ? state.expired : party.expired;
  const partyState = { restrictedMessaging: state.ready ? state.restrictedMessaging : party.restrictedMessaging, expired };
  const mayWrite = me !== null && can(me, { type: 'sendMessage', messageType: 'text' }, partyState);
  // One send at a time while connected; without a connection messages queue (sent in order later).
  const busy = state.connection === 'open' && state.pending.some((p) => p.status === 'sending');
  const mayRestrict = me !== null && can(me, { type: 'restrictMessaging' }, partyState) && !expired;
  const mayAttach = joined && mayWrite && !expired && !selected;
  const replyingTo = inputMode?.kind === 'reply' ? inputMode.message.id : null;
  /** At most 10 files at once; a guest's non-images are left out, and she is told so (app/core/chat-media.ts). */
  const chooseFiles = (files: File[]) => {
    if (!mayAttach) return;
    const selection = chatSelection(files, isManager);
    if ('tooMany' in selection) return tooManyFiles.show(true);
    if (selection.imagesOnly) imagesOnly.show(true);
    if (selection.files.length > 0) setDialog({ kind: 'send', files: selection.files, replyingTo });
  };
  const queueBatch = (batch: Omit<ChatBatch, 'key'>) => {
    setBatches((current) => [...current, { ...batch, key: Date.now() + current.length }]);
    if (inputMode?.kind === 'reply') setInputMode(null);
  };
  const connecting = (
    <div className="flex flex-1 items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-primary-light border-t-primary-dark" aria-hidden="true" />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
  const tabClass = (active: boolean) =>
    // Sized by their labels: the guests' count of a large party needs more room than "Contents".
    `flex-auto whitespace-nowrap border-b-2 px-2 py-2 text-sm font-medium ${active ? 'border-primary-dark text-primary-dark' : 'border-transparent text-slate-600'}`;

  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      {/* On a phone the manager's tools may not fit beside the title: they wrap to a second row
          rather than widen the page; a guest's few fit beside it. */}
      <header className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-2 sm:flex-nowrap sm:gap-2 sm:px-4">
        {isManager ? (
          <Link to="/parties" className="rounded-full p-2 hover:bg-slate-100" aria-label={t('nav.backToDashboard')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="m15 18-6-6 6-6" />
            </svg>
          </Link>
        ) : null}
        <div className="min-w-0 flex-1 basis-32">
          <h1 className="truncate text-lg font-semibold">{party.title}</h1>
          <p className="truncate text-sm text-slate-600">
            {[
              party.host ? t('party.host', { host: party.host }) : null,
              party.manager ? t('party.managedBy', { name: `${party.manager.firstName} ${party.manager.lastName}` }) : null,
              party.start ? t('party.startsAt', { date: format(party.start) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {me ? <CopyLinkButton path={`/${party.shortId}`} disabled={expired} compact /> : null}
        {mounted && joined ? (
          <Suspense fallback={null}>
            <SocialButtons
              onQr={me && !expired ? () => setDialog({ kind: 'qr' }) : null}
              qrOnPhones={isManager}
              onSearch={() => setDialog({ kind: 'search' })}
            />
          </Suspense>
        ) : null}
        {isManager && !expired && !selected ? (
          <HeaderTool
            label={t('selection.start')}
            onClick={() => setSelected(new Set())}
            icon={
              <>
                <rect x="4" y="4" width="16" height="16" rx="3" />
                <path d="m8 12 3 3 5-6" />
              </>
            }
          />
        ) : null}
        {isManager && !expired ? (
          <HeaderTool
            label={t('party.templateButton')}
            onClick={() => setDialog({ kind: 'chooseTemplate' })}
            icon={<path d="M5 4h14v16H5Z M8 8h8 M8 12h8 M8 16h5" />}
          />
        ) : null}
        {isManager && !expired ? (
          <HeaderTool
            label={t('raffle.tool')}
            onClick={() => setDialog({ kind: 'raffle' })}
            icon={<path d="M4 11h16v9H4Z M3 7h18v4H3Z M12 7v13 M12 7c-2-4-6-4-6-1s6 1 6 1Zm0 0c2-4 6-4 6-1s-6 1-6 1Z" />}
          />
        ) : null}
        {isManager ? (
          <Link to={`/parties/${party.id}/follow-up`} className="rounded-full p-2 hover:bg-slate-100" title={t('raffle.followUp')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M9 6h11 M9 12h11 M9 18h11 M4 6h.01 M4 12h.01 M4 18h.01" />
            </svg>
            <span className="sr-only">{t('raffle.followUp')}</span>
          </Link>
        ) : null}
        {mayRestrict ? (
          <RestrictionToggle
            restricted={partyState.restrictedMessaging}
            onChange={(value) => void actions.setRestriction(value)}
            className="hidden py-1.5 sm:block"
          />
        ) : null}
        {me && !expired && mounted ? (
          <Suspense fallback={null}>
            <NotifyButton partyId={party.id} on={notifyOn} onOpen={() => setDialog({ kind: 'notify' })} />
          </Suspense>
        ) : null}
        <LanguageMenu disabled={expired && !isManager} />
        {mounted && me && me.role !== 'manager' ? (
          <Suspense fallback={null}>
            <NameMenu
              me={me}
              disabled={expired}
              onRename={actions.rename}
              onLeave={async () => {
                if (await actions.leave()) navigate('/', { replace: true });
              }}
            />
          </Suspense>
        ) : null}
      </header>

      {joined && (state.connection === 'offline' || (state.connection !== 'open' && state.lastSeq !== null)) ? (
        <p role="status" data-testid="connection-status" className="bg-amber-50 px-4 py-1.5 text-center text-sm text-amber-900">
          {t(state.connection === 'offline' ? 'party.youAreOffline' : 'party.reconnecting')}
        </p>
      ) : null}

      <Notice layout="bar" text={notice.notice} onClose={notice.clear} onHold={notice.hold} testId="notice-bar" />
      {offerOnJoin && joined ? (
        <Suspense fallback={null}>
          <ClaimOffer />
        </Suspense>
      ) : null}
      <ErrorBanner layout="bar" code={state.lastError} onClose={actions.dismissError} />

      <div role="tablist" aria-label={t('party.sections')} className="flex border-b border-slate-200 bg-white lg:hidden">
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

      <div className="flex min-h-0 flex-1">
        <main id="main" className={`min-w-0 flex-1 flex-col ${tab === 'messages' ? 'flex' : 'hidden lg:flex'}`}>
          {state.social.pinned ? (
            <Suspense fallback={null}>
              <PinnedBar
                message={state.social.pinned}
                onJump={() => state.social.pinned && jumpTo(state.social.pinned.id, state.social.pinned.seq)}
                onUnpin={me && can(me, { type: 'pinMessage', message: null }, partyState) ? () => actions.pin(null) : null}
              />
            </Suspense>
          ) : null}
          {state.ready || state.lastSeq !== null ? (
            <Suspense fallback={connecting}>
              <MessageList
                partyId={party.id}
                messages={state.messages}
                pending={state.pending}
                me={me}
                party={partyState}
                members={state.members}
                seen={state.seen}
                lastSeenAtOpen={lastSeenAtOpen}
                hasMore={state.hasMore}
                hasNewer={state.hasNewer}
                jumpRef={jumpRef}
                selection={selected ? { ids: selected, toggle: toggleSelected } : null}
                onLoadOlder={chat.loadOlder}
                onLoadNewer={chat.loadNewer}
                onLoadAround={chat.loadAround}
                onRetry={chat.retry}
                onDiscard={actions.discard}
                waiting={!state.ready}
                cards={state.cards}
                lastError={state.lastError}
                onCardFrame={actions.cardFrame}
                onReply={(message) => setInputMode({ kind: 'reply', message })}
                onEdit={(message) => setInputMode({ kind: 'edit', message })}
                onDelete={(message) => setDialog({ kind: 'deleteMessage', message })}
                onShowReceipts={(message) => setDialog({ kind: 'receipts', message })}
                onSaveToLibrary={(message) => setDialog({ kind: 'saveToLibrary', message })}
                social={{
                  ...state.social,
                  mayReact: joined && !expired,
                  onReact: actions.react,
                  onPin: actions.pin,
                  onShowReactions: isManager ? (messageId) => setDialog({ kind: 'reactions', messageId }) : null,
                }}
              />
            </Suspense>
          ) : joined ? (
            connecting
          ) : (
            // Behind the join dialog: the room sends a visitor none of the chat, so there is none to show.
            <div className="flex-1 px-3 py-4 sm:px-6">
              <p className="mt-10 text-center text-slate-600">{t('party.noMessages')}</p>
            </div>
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
                onCancel={() => setSelected(null)}
                onDelete={() => {
                  void actions.deleteMessages([...selected]);
                  setSelected(null);
                }}
                onForward={(target) => {
                  void actions.forward([...selected], target.id).then((ok) => ok && notice.show(t('selection.forwarded', { party: target.title })));
                  setSelected(null);
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
              {imagesOnly.notice ? (
                <p role="alert" className="border-t border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="images-only">
                  {t('chatMedia.imagesOnly')}
                </p>
              ) : null}
              <InputBar
                busy={busy}
                disabled={!joined}
                mode={inputMode}
                onCancelMode={() => setInputMode(null)}
                onHeading={isManager ? () => setDialog({ kind: 'heading' }) : undefined}
                onProfileCard={isManager ? () => setDialog({ kind: 'profileCard' }) : undefined}
                onCard={isManager ? (card) => setDialog({ kind: 'card', card }) : undefined}
                onFiles={chooseFiles}
                onLibrary={isManager ? () => setDialog({ kind: 'picker', replyingTo }) : undefined}
                onVoice={() => setDialog({ kind: 'voice' })}
                acceptedKinds={isManager ? MEDIA_KINDS : PICTURE_KINDS}
                onSubmit={(text) => {
                  if (inputMode?.kind === 'edit') actions.edit(inputMode.message.id, text);
                  else chat.send(text, { replyingTo });
                  setInputMode(null);
                }}
              />
            </>
          )}
        </main>
        <aside className={`shrink-0 overflow-y-auto border-slate-200 bg-white lg:block lg:w-72 lg:border-l ${tab === 'messages' ? 'hidden' : 'block w-full'}`}>
          <div className={tab === 'contents' ? '' : 'hidden lg:block'}>
            <ContentsPanel headings={state.headings} onJump={jumpTo} />
          </div>
          <div className={tab === 'guests' ? '' : 'hidden lg:block'}>
            {mounted ? (
              <Suspense fallback={null}>
                <MembersPanel
                  roster={state}
                  paging={chat.paging}
                  onLoadMore={actions.loadMembers}
                  me={me}
                  party={partyState}
                  directMessage={party.manager?.profileShortId ? directMessagePath(party.manager.profileShortId) : null}
                  onMakeHost={(id) => void actions.makeHost(id)}
                  onRemove={(id) => void actions.removeGuest(id)}
                />
              </Suspense>
            ) : null}
            {mayRestrict ? (
              <div className="border-t border-slate-200 p-4 sm:hidden">
                <RestrictionToggle
                  restricted={partyState.restrictedMessaging}
                  onChange={(value) => void actions.setRestriction(value)}
                  className="w-full py-2"
                />
              </div>
            ) : null}
          </div>
        </aside>
      </div>

      {dialog?.kind === 'heading' ? (
        <Suspense fallback={null}>
          <HeadingDialog
            onCancel={close}
            onSubmit={(text, level) => {
              chat.send(text, { messageType: level });
              close();
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'profileCard' ? (
        <Suspense fallback={null}>
          <ProfileCardDialog
            onCancel={close}
            onSubmit={(profileId) => {
              void actions.sendProfileCard(profileId);
              close();
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'raffle' ? (
        <Suspense fallback={null}>
          <RaffleDialog
            partyId={party.id}
            messages={state.messages}
            ready={state.ready}
            lastError={state.lastError}
            onDraw={actions.raffleFrame}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'card' ? (
        <Suspense fallback={null}>
          <CardDialog
            kind={dialog.card}
            purpose="send"
            onCancel={close}
            onSubmit={(draft) => {
              void actions.sendCard(draft);
              close();
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'send' ? (
        <Suspense fallback={null}>
          <MediaSendDialog
            files={dialog.files}
            canSaveToLibrary={isManager}
            onCancel={close}
            onSend={(caption, save) => {
              queueBatch({ items: dialog.files.map((file) => ({ kind: 'file', file, save })), caption, replyingTo: dialog.replyingTo });
              close();
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'picker' ? (
        <Suspense fallback={null}>
          <MediaPickerDialog
            onCancel={close}
            onSend={(caption, items) => {
              queueBatch({ items: items.map((item) => ({ kind: 'library', item })), caption, replyingTo: dialog.replyingTo });
              close();
            }}
          />
        </Suspense>
      ) : null}
      {batches.length > 0 || tooManyFiles.notice ? (
        <Suspense fallback={null}>
          <ChatUploads
            partyId={party.id}
            canSaveToLibrary={isManager}
            batches={batches}
            tooMany={tooManyFiles.notice !== null}
            onSend={(caption, media) => chat.send(caption, media)}
          />
        </Suspense>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <FileDropZone
            enabled={mayAttach && dialog === null}
            title={t(isManager ? 'chatMedia.dropFiles' : 'chatMedia.dropPhotos')}
            hint={t(isManager ? 'chatMedia.dropHintManager' : 'chatMedia.dropHintGuest', { max: LIMITS.chatUploadFilesMax })}
            onFiles={chooseFiles}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'voice' ? (
        <Suspense fallback={null}>
          <VoiceDialog
            target={{ kind: 'party', partyId: party.id }}
            onClose={close}
            onRecorded={(mediaAttachment) => chat.send('', { messageType: 'voice', mediaAttachment })}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'chooseTemplate' ? (
        <Suspense fallback={null}>
          <ApplyTemplateDialog onChoose={(template) => void applyTemplate(template)} onCancel={close} onError={actions.showError} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'overwrite' ? (
        <Suspense fallback={null}>
          <OverwriteDialog title={dialog.template.title} onChoose={(mode) => void applyTemplate(dialog.template, mode)} onCancel={close} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'notify' ? (
        <Suspense fallback={null}>
          <NotifyDialog partyId={party.id} onClose={close} onChange={setNotifyOn} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'receipts' ? (
        <Suspense fallback={null}>
          <ReceiptsDialog message={dialog.message} members={state.members} seen={state.seen} onClose={close} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'saveToLibrary' ? (
        <Suspense fallback={null}>
          <SaveToLibraryDialog
            message={dialog.message}
            onCancel={close}
            onSaved={(text) => {
              close();
              notice.show(text);
            }}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'deleteMessage' ? (
        <Suspense fallback={null}>
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
        </Suspense>
      ) : null}
      {dialog?.kind === 'reactions' || dialog?.kind === 'search' || dialog?.kind === 'qr' ? (
        <Suspense fallback={null}>
          <SocialDialog
            dialog={dialog}
            party={party}
            social={state.social}
            members={state.members}
            onClose={close}
            onJump={(hit) => {
              close();
              jumpTo(hit.id, hit.seq);
            }}
          />
        </Suspense>
      ) : null}
      {!joined ? <JoinDialog title={party.title} passwordProtected={party.passwordProtected} guest={guest} /> : null}
    </div>
  );
}

/** A tool in the party's header: an icon on phones, so the party's title keeps its room; the text from sm up. */
function HeaderTool({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="rounded-full p-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 sm:px-3 sm:py-1.5">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        {icon}
      </svg>
      <span className="sr-only sm:not-sr-only">{label}</span>
    </button>
  );
}
