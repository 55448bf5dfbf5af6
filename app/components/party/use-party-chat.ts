import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { AppliedTemplate } from '~/core/applied-template';
import type { ChatAction, ChatState, Ended, PendingMessage } from '~/core/chat-state';
import type { ErrorCode } from '~/core/errors';
import { ENDED_BY_ERROR, chatReducer, initialChatState, mayResend } from '~/core/chat-state';
import { TIMINGS } from '~/core/limits';
import type { ChatMessage, ClientEvent, Member, MessageType, ServerEvent } from '~/core/protocol';
import { PING_FRAME, PONG_FRAME, PROTOCOL_VERSION, SOCKET_CLOSE } from '~/core/protocol-version';
import { apiFetch, signInAgain } from '~/lib/api';
import { uuid } from '~/lib/uuid';
import { RoomSocket } from './room-socket';

type Outbox = typeof import('~/lib/outbox');
/** The outbox loads only for a member: a visitor's first load stays light (ADR 027). */
export const loadOutbox = () => import('~/lib/outbox');
type Writer = import('~/lib/outbox').Writer;
type SendFrame = Extract<ClientEvent, { type: 'sendMessage' }>;
type ReactFrame = Extract<ClientEvent, { type: 'react' }>;

/** The frame for a message that waits to be sent; the same tempId every time it is tried. */
function frameOf(pending: Pick<PendingMessage, 'tempId' | 'message' | 'messageType' | 'replyingTo' | 'mediaAttachment'>): SendFrame {
  const media = pending.mediaAttachment ? { mediaAttachment: pending.mediaAttachment } : {};
  return { type: 'sendMessage', tempId: pending.tempId, messageType: pending.messageType, message: pending.message, replyingTo: pending.replyingTo, ...media };
}
const SEEN_THROTTLE_MS = 1000;

/** The room's close codes that end the chat, as the view each one shows. */
const ENDED_BY_CLOSE: Partial<Record<number, Ended>> = {
  [SOCKET_CLOSE.removed]: 'removed',
  [SOCKET_CLOSE.partyDeleted]: 'expired',
  [SOCKET_CLOSE.signedOut]: 'signedOut',
};

/** Where a page of the roster that arrived in this frame ends in the room's order, or null for none. */
function pageEnd(event: ServerEvent): number | null {
  if (event.type === 'members') return event.offset + event.members.length;
  if (event.type !== 'batch') return null;
  return event.events.reduce<number | null>((end, inner) => pageEnd(inner) ?? end, null);
}

/** A history page away from the loaded one; the newest page has no `hasNewer` (nothing is newer). */
type HistoryWindow = { messages: ChatMessage[]; hasMore: boolean; hasNewer?: boolean; seq: number };

/**
 * The live party: one reconnecting socket, the pure reducer, and the duties around them —
 * joining with the last applied seq (the room replays what was missed), re-sending messages that
 * were never acknowledged (the tempId makes that safe), a heartbeat, the seen position, and the
 * outbox that keeps what waits to be sent across closed tabs (app/lib/outbox.ts).
 */
export function usePartyChat(
  party: { id: string; shortId: string; me: Pick<Member, 'id' | 'role'> | null },
  enabled: boolean,
  socketTicket: string | null = null,
) {
  const [state, dispatch] = useReducer(chatReducer, initialChatState);
  const stateRef = useRef<ChatState>(state);
  stateRef.current = state;
  const socketRef = useRef<RoomSocket | null>(null);
  // Each ticket the page loads is used once (a page revalidated after a join brings a new one).
  const ticketRef = useRef<string | null>(null);
  useEffect(() => {
    ticketRef.current = socketTicket;
  }, [socketTicket]);
  // Restored once the room has spoken (or the browser says it is offline): a page update while a
  // lazy boundary still hydrates is an error (React #421), and the room's first news comes later.
  const { restored, api: outbox } = useOutbox(party, enabled, state.ready || state.connection === 'offline', dispatch, state.pending);

  const sendFrame = useCallback((event: ClientEvent): boolean => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== socket.OPEN) return false;
    socket.send(JSON.stringify(event));
    return true;
  }, []);

  // Pages of a large party's roster (app/core/roster.ts), one asked at a time. `pagedTo`: where the
  // room's last page ended, so that a page of members known already still moves the next one on.
  // Each connection starts again from its welcome's first page.
  const pagingRef = useRef({ loading: false, pagedTo: 0 });
  const [paging, setPagingState] = useState(pagingRef.current);
  const setPaging = useCallback((next: { loading: boolean; pagedTo: number }) => {
    pagingRef.current = next;
    setPagingState(next);
  }, []);

  useEffect(() => {
    if (!enabled) return;
    // The page's socket ticket (ADR 047) opens one connection without a D1 read: it is used once;
    // a stale one costs nothing (the Worker then checks the socket as any other).
    const url = () => {
      const ticket = ticketRef.current;
      ticketRef.current = null;
      const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : '';
      return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/parties/${party.id}/socket${query}`;
    };
    const socket = new RoomSocket(url, () => stateRef.current.memberCount);
    socketRef.current = socket;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    let everOpened = false;

    // The heartbeat: the room's runtime answers each ping without waking the room, and the room
    // drops a socket that stops pinging (others see the guest offline within seconds). No frame
    // back within the time-out: the connection is dead even if the browser has not noticed.
    const ping = () => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(PING_FRAME);
      deadline ??= setTimeout(() => {
        deadline = undefined;
        socket.drop();
      }, TIMINGS.heartbeatTimeoutMs);
    };
    const stopHeartbeat = () => {
      clearInterval(heartbeat);
      clearTimeout(deadline);
      deadline = undefined;
    };

    socket.addEventListener('open', () => {
      everOpened = true;
      setPaging({ loading: false, pagedTo: 0 });
      dispatch({ type: 'connection', connection: 'open' });
      const current = stateRef.current;
      const lastSeq = current.needsResync === 'reload' ? null : current.lastSeq;
      socket.send(JSON.stringify({ type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq, batch: true } satisfies ClientEvent));
      stopHeartbeat();
      ping();
      heartbeat = setInterval(ping, TIMINGS.pingIntervalMs);
    });
    socket.addEventListener('message', (message) => {
      clearTimeout(deadline);
      deadline = undefined;
      if (message.data === PONG_FRAME) return;
      let event: ServerEvent;
      try {
        event = JSON.parse(String(message.data)) as ServerEvent;
      } catch {
        return;
      }
      // One frame, one action: a batch is folded into one state change by the reducer.
      dispatch({ type: 'server', event });
      const end = pageEnd(event);
      if (end !== null) setPaging({ loading: false, pagedTo: end });
    });
    socket.addEventListener('close', (event) => {
      stopHeartbeat();
      if (pagingRef.current.loading) setPaging({ ...pagingRef.current, loading: false });
      dispatch({ type: 'connection', connection: navigator.onLine ? 'closed' : 'offline' });
      const ended = ENDED_BY_CLOSE[event.code];
      if (ended) {
        socket.close();
        dispatch({ type: 'ended', reason: ended });
        return;
      }
      // A refused handshake looks like any other failure; ask the API why. Asking also refreshes
      // an expired access token, so the next attempt of a socket closed for it gets in.
      if (!everOpened || event.code === 1006 || event.code === SOCKET_CLOSE.sessionExpired) void checkAccessOnce();
    });

    // One question at a time: two at once would both refresh the expired token, and the second,
    // holding the refresh token the first just rotated, would sign the page out.
    let checking: Promise<void> | null = null;
    function checkAccessOnce(): Promise<void> {
      checking ??= checkAccess().finally(() => {
        checking = null;
      });
      return checking;
    }

    async function checkAccess() {
      const info = await apiFetch<{ me: unknown }>(`/api/parties/${party.shortId}`);
      // No longer a member at all also ends the chat: a guest was removed, the manager signed out.
      const gone = stateRef.current.me?.role === 'manager' ? 'signedOut' : 'removed';
      const reason = info.ok ? (info.data.me === null ? gone : null) : (ENDED_BY_ERROR[info.code] ?? null);
      if (!reason) return;
      dispatch({ type: 'ended', reason });
      socket.close();
    }

    // The browser knows first when the network goes: say so at once (not a heartbeat later) and
    // let messages queue; back online, reconnect without waiting out the retry delay.
    const offline = () => {
      stopHeartbeat();
      dispatch({ type: 'connection', connection: 'offline' });
      socket.reconnect();
    };
    const online = () => {
      if (socket.readyState !== socket.OPEN) socket.reconnect();
    };
    // A phone wakes a tab in the background slowly: coming back to it tries at once.
    const visible = () => {
      if (document.visibilityState === 'visible') online();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    document.addEventListener('visibilitychange', visible);

    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      document.removeEventListener('visibilitychange', visible);
      stopHeartbeat();
      socket.close();
      socketRef.current = null;
    };
  }, [party.id, party.shortId, enabled, setPaging]);

  // Reactions the room has not confirmed yet go again after every (re)join: each frame carries the
  // state wanted, so one that arrives twice changes nothing (ADR 043). Confirmed: the reader's own matches.
  const reactionsRef = useRef(new Map<string, ReactFrame>());

  // After every (re)join, and once the outbox of an earlier visit is back, send again (in order)
  // whatever was never acknowledged.
  const mayFlush = state.ready && restored;
  useEffect(() => {
    if (!mayFlush) return;
    for (const pending of stateRef.current.pending) {
      if (pending.status === 'sending') sendFrame(frameOf(pending));
    }
    for (const frame of reactionsRef.current.values()) sendFrame(frame);
  }, [mayFlush, sendFrame]);

  useEffect(() => {
    for (const [key, frame] of reactionsRef.current) {
      if ((state.social.reactions[frame.messageId]?.[frame.emoji]?.mine ?? false) === frame.on) reactionsRef.current.delete(key);
    }
  }, [state.social.reactions]);

  // A gap in seq: rejoin, and the room replays what was missed.
  useEffect(() => {
    if (state.needsResync) socketRef.current?.reconnect();
  }, [state.needsResync]);

  // The seen position follows what has arrived while the page is visible. Until the room confirms
  // it (my own entry in the seen of its presence frames), it is sent again every `TIMINGS.markSeenRetryMs`.
  const seenRef = useRef({ sent: 0, at: 0 });
  const [seenTries, setSeenTries] = useState(0);
  useEffect(() => {
    const visible = () => setSeenTries((n) => n + 1);
    document.addEventListener('visibilitychange', visible);
    return () => document.removeEventListener('visibilitychange', visible);
  }, []);
  useEffect(() => {
    if (!state.ready || state.lastSeq === null || !state.me) return;
    const mine = state.seen[state.me.id] ?? 0;
    if (state.lastSeq <= mine || document.visibilityState !== 'visible') return;
    const { sent, at } = seenRef.current;
    const wait = Math.max(0, at + (state.lastSeq > sent ? SEEN_THROTTLE_MS : TIMINGS.markSeenRetryMs) - Date.now());
    const timer = setTimeout(() => {
      const seq = stateRef.current.lastSeq ?? 0;
      seenRef.current = { sent: seq, at: Date.now() };
      sendFrame({ type: 'updateSeen', seq });
      setSeenTries((n) => n + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [state.ready, state.lastSeq, state.me, state.seen, sendFrame, seenTries]);

  /**
   * Replaces the loaded messages with the page around `seq` (a heading far back); newer pages
   * follow on scrolling down. Without a seq: the newest page, back to the live end.
   */
  const loadAround = useCallback(
    async (seq?: number): Promise<boolean> => {
      const page = await apiFetch<HistoryWindow>(`/api/parties/${party.id}/chat${seq === undefined ? '' : `?around=${seq}`}`);
      if (!page.ok) return false;
      dispatch({ type: 'windowLoaded', ...page.data, hasNewer: page.data.hasNewer ?? false });
      return true;
    },
    [party.id],
  );

  /** Loads the page after the newest loaded message, while the window stops short of the newest. */
  const loadNewer = useCallback(async (): Promise<number> => {
    const current = stateRef.current;
    const newest = current.messages[current.messages.length - 1];
    if (!newest || !current.hasNewer) return 0;
    const page = await apiFetch<HistoryWindow>(`/api/parties/${party.id}/chat?after=${newest.seq}`);
    if (!page.ok) return 0;
    dispatch({ type: 'newerLoaded', messages: page.data.messages, hasNewer: page.data.hasNewer ?? false, seq: page.data.seq });
    return page.data.messages.length;
  }, [party.id]);

  const send = useCallback(
    (text: string, options: { messageType?: MessageType; replyingTo?: string | null; mediaAttachment?: string } = {}) => {
      const media = options.mediaAttachment ? { mediaAttachment: options.mediaAttachment } : {};
      const pending = { tempId: uuid(), message: text, messageType: options.messageType ?? 'text', replyingTo: options.replyingTo ?? null, ...media };
      const at = outbox.nextAt();
      dispatch({ type: 'queued', ...pending, at });
      const frame = frameOf(pending);
      // Kept first, sent after: a tab closed right after sending still has it.
      void outbox.keep(frame, at).then(() => {
        if (stateRef.current.ready && outbox.restoredRef.current) sendFrame(frame);
      });
      // One's own message is shown where it lands, at the newest: leave a window far back.
      if (stateRef.current.hasNewer) void loadAround();
    },
    [sendFrame, loadAround, outbox],
  );

  const retry = useCallback(
    (tempId: string) => {
      const pending = stateRef.current.pending.find((p) => p.tempId === tempId);
      if (!pending || !mayResend(pending)) return;
      dispatch({ type: 'retry', tempId });
      if (stateRef.current.ready) sendFrame(frameOf(pending));
    },
    [sendFrame],
  );

  /** Loads the page before the oldest message; resolves to how many messages it added. */
  const loadOlder = useCallback(async (): Promise<number> => {
    const oldest = stateRef.current.messages[0];
    if (!oldest) return 0;
    const page = await apiFetch<{ messages: ChatMessage[]; hasMore: boolean }>(`/api/parties/${party.id}/chat?from=${oldest.seq}`);
    if (!page.ok) return 0;
    dispatch({ type: 'olderLoaded', messages: page.data.messages, hasMore: page.data.hasMore });
    return page.data.messages.length;
  }, [party.id]);

  /** Calls an action endpoint of this party; a refusal shows as the chat's error, a 401 signs out. */
  const act = useCallback(
    async (path: string, method: 'POST' | 'PUT' | 'DELETE', body?: unknown): Promise<boolean> => {
      const result = await apiFetch(`/api/parties/${party.id}/${path}`, { method, body });
      if (!result.ok && result.status === 401) signInAgain(stateRef.current.me?.role === 'manager');
      else if (!result.ok) dispatch({ type: 'failed', code: result.code });
      return result.ok;
    },
    [party.id],
  );

  // Stable across renders: pages use these in effect dependencies.
  const actions = useMemo(
    () => ({
      edit: (messageId: string, message: string) => sendFrame({ type: 'updateMessage', messageId, message }),
      react: (messageId: string, emoji: ReactFrame['emoji'], on: boolean) => {
        const frame: ReactFrame = { type: 'react', messageId, emoji, on };
        reactionsRef.current.set(`${messageId} ${emoji}`, frame);
        sendFrame(frame);
      },
      /** Pins a message, or unpins with null (the manager and the host). */
      pin: (messageId: string | null) => sendFrame({ type: 'pin', messageId }),
      deleteMessages: (messageIds: string[]) => act('deleteMessages', 'PUT', { messageIds }),
      forward: (messageIds: string[], targetPartyId: string) => act('forward', 'POST', { messageIds, targetPartyId }),
      makeHost: (guestId: string) => act('host', 'PUT', { guestId }),
      removeGuest: (guestId: string) => act(`removeGuest/${guestId}`, 'DELETE'),
      setRestriction: (restrictedMessaging: boolean) => act('restriction', 'PUT', { restrictedMessaging }),
      rename: (firstName: string, lastName: string) => act('changeName', 'PUT', { firstName, lastName }),
      /** Leaving takes this member's outbox along: nobody else on the device may send it. */
      leave: async () => (await act('leave', 'DELETE')) && (await outbox.clear(), true),
      /** A message that was not sent, put away (from the page and the outbox). */
      discard: (tempId: string) => dispatch({ type: 'discard', tempId }),
      /** A profile card is built by the server from one of the manager's profiles (API only). */
      sendProfileCard: (profileId: string) => act('chat', 'POST', { tempId: crypto.randomUUID(), messageType: 'profile', message: profileId }),
      /** A product card (its photo an item of the manager's library) or a poll, through the API like a library item. */
      sendCard: (card: { messageType: 'product' | 'poll'; message: string; mediaId?: string | undefined }) =>
        act('chat', 'POST', {
          tempId: crypto.randomUUID(),
          messageType: card.messageType,
          message: card.message,
          ...(card.mediaId ? { mediaAttachment: card.mediaId } : {}),
        }),
      /** A choice on a card or closing a poll (the message list keeps and resends choices, ADR 044). */
      cardFrame: (event: Extract<ClientEvent, { type: 'cardChoice' | 'closePoll' }>) => sendFrame(event),
      /** The manager's draw (the raffle dialog resends it after a rejoin until its notice arrives, ADR 045). */
      raffleFrame: (event: Extract<ClientEvent, { type: 'drawRaffle' }>) => sendFrame(event),
      dismissError: () => dispatch({ type: 'failed', code: null }),
      showError: (code: ErrorCode) => {
        if (code === 'unauthorized' || code === 'sessionExpired') signInAgain(true);
        else dispatch({ type: 'failed', code });
      },
      /** The room's answer to a template call, ahead of the same news over the socket. */
      setApplied: (applied: AppliedTemplate | null) => dispatch({ type: 'server', event: { type: 'appliedTemplate', applied } }),
      /** Asks the room for the page of the roster from `offset`; one at a time, the rest are dropped. */
      loadMembers: (offset: number) => {
        if (!pagingRef.current.loading && sendFrame({ type: 'members', offset })) setPaging({ ...pagingRef.current, loading: true });
      },
    }),
    [act, sendFrame, outbox, setPaging],
  );

  return { state, paging, send, retry, loadOlder, loadNewer, loadAround, actions };
}

/**
 * Whether this member's outbox on this device may hold messages: said when the page keeps one,
 * unsaid when a restore finds none. Only the page adds entries (the service worker only sends and
 * removes them), so "none" is never wrong; without storage (a private window) it is always "maybe".
 */
const outboxHint = {
  key: (partyId: string, memberId: string) => `salon-outbox:${partyId}/${memberId}`,
  mayHold(partyId: string, memberId: string): boolean {
    try {
      return localStorage.getItem(this.key(partyId, memberId)) !== null;
    } catch {
      return true;
    }
  },
  set(partyId: string, memberId: string, holds: boolean): void {
    try {
      if (holds) localStorage.setItem(this.key(partyId, memberId), '1');
      else localStorage.removeItem(this.key(partyId, memberId));
    } catch {
      // No storage: the outbox is asked every time.
    }
  },
};

/**
 * The page's side of the outbox (app/lib/outbox.ts), loaded only for a member, so a visitor's
 * first load stays light (ADR 027), and only when it holds something or a message is written
 * (ADR 051): restores what an earlier visit left, keeps each message before it is sent, and
 * follows the pending list. Writes go one after another: an entry is never removed before it was
 * kept. Storage refused (private mode, a full disk): the chat goes on without it.
 */
function useOutbox(
  party: { id: string; shortId: string; me: Pick<Member, 'id' | 'role'> | null },
  enabled: boolean,
  mayRestore: boolean,
  dispatch: (action: ChatAction) => void,
  pending: PendingMessage[],
) {
  const memberId = enabled ? (party.me?.id ?? null) : null;
  const manager = party.me?.role === 'manager';
  const moduleRef = useRef<Promise<Outbox> | null>(null);
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const [restored, setRestored] = useState(false);
  const restoredRef = useRef(false);
  const lastAt = useRef(0);
  const known = useRef(pending);
  /** Messages kept by this page: a restore that found none unsays the hint only if none came meanwhile. */
  const keeps = useRef(0);

  const api = useMemo(() => {
    const writer: Writer | null = memberId ? { partyId: party.id, shortId: party.shortId, memberId, manager } : null;
    const write = (work: (outbox: Outbox, writer: Writer) => Promise<unknown>): Promise<void> => {
      const load = writer ? (moduleRef.current ??= loadOutbox()) : null;
      const next = writes.current.then(() => load && writer && load.then((outbox) => work(outbox, writer))).catch(() => undefined);
      writes.current = next;
      return next.then(() => undefined);
    };
    return {
      write,
      restoredRef,
      /** A creation time later than every earlier one of this page: the outbox's order. */
      nextAt: () => (lastAt.current = Math.max(Date.now(), lastAt.current + 1)),
      keep: (frame: SendFrame, createdAt: number) => {
        keeps.current++;
        if (memberId) outboxHint.set(party.id, memberId, true);
        return write((outbox, w) => outbox.keep(w, frame, createdAt));
      },
      clear: () => write((outbox, w) => outbox.forget(w)),
    };
  }, [memberId, manager, party.id, party.shortId]);

  useEffect(() => {
    if (!memberId || !mayRestore || restoredRef.current) return;
    // Nothing kept here: restored as it is, without opening the outbox.
    if (!outboxHint.mayHold(party.id, memberId)) {
      restoredRef.current = true;
      setRestored(true);
      return;
    }
    let live = true;
    const keptBefore = keeps.current;
    void api
      .write(async (outbox, writer) => {
        const kept = await outbox.restore(writer);
        if (live && kept.length > 0) dispatch({ type: 'restored', pending: kept });
        if (kept.length === 0 && keeps.current === keptBefore) outboxHint.set(party.id, writer.memberId, false);
      })
      .then(() => {
        restoredRef.current = live;
        setRestored(live);
      });
    return () => {
      live = false;
    };
  }, [memberId, mayRestore, api, dispatch, party.id]);

  useEffect(() => {
    const before = known.current;
    known.current = pending;
    if (before !== pending) void api.write((outbox) => outbox.follow(before, pending));
  }, [pending, api]);

  return { restored, api };
}
