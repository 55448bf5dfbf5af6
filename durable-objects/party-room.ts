import { DurableObject } from 'cloudflare:workers';
import { SOCKET_TICKET_TTL_MS, TIMINGS } from '#core/limits';
import { isExpired } from '#core/party';
import { markerOf } from '#core/markers';
import type { PushJob } from '#core/push';
import { PUSH_RECIPIENTS_PER_JOB, START_NEWS_MS, namesIn, shortText } from '#core/push';
import type { ChatMessage, Member, PresenceEvent, ServerEvent } from '#core/protocol';
import { PING_FRAME, PONG_FRAME, parseClientFrame } from '#core/protocol';
import { SOCKET_CLOSE } from '#core/protocol-version';
import type { ErrorCode } from '#core/errors';
import type { Env } from '../worker/env';
import type { ApplyMode, FollowUp, ImportedMessage, Outcome, RoomFacts, SendInput, SocketSession } from './contract';
import { importMembers, importMessage } from './import';
import { ROOM_HEADER } from './contract';
import type { Room } from './handlers';
import { SendLimiter, allowed, announceJoin, deleteMessages, editMessage, handleEvent, publicMember, sendMessage } from './handlers';
import type { MessageMedia } from '#core/chat-media';
import type { StoredMember } from './store';
import { RoomStore, endedMembership } from './store';
import { SocialStore } from './social';
import { searchChat } from './search-index';
import type { ChatSearchHit } from '#core/social';
import { linkFiles, unlinkFiles } from '../worker/db/party-media';
import { recordMemberName, recordSummary } from '../worker/db/room-writes';
import { subscribedMembers } from '../worker/db/push-subscriptions';
import { database } from '../worker/db/client';
import { collectMedia } from '../worker/media/collect';
import type { AppliedAction, AppliedTemplate } from '#core/applied-template';
import { autoplayDue } from '#core/applied-template';
import type { TemplateMessage } from '#core/templates';
import { applyTemplate, changeApplied, playDue, readApplied, removeApplied, sendFull, withdrawTemplate } from './template-play';
import { HostsInD1, makeOnlyHost } from './hosts';
import { PresenceChanges } from './presence';
import { ROSTER, rosterMode } from '#core/roster';
import type { SessionSockets } from './sessions';
import { closeExpiredSessions, endSessions, sessionExpired, sessionTag, sessionsDue } from './sessions';
import { CardStore, isCardEvent } from './cards';
import { RaffleStore } from './raffle';
import { followUpOf } from './follow-up';
import { cardLine, isCardType } from '#core/cards';
import { recapOf } from './recap';
import { FIRST_PING_WINDOW_MS, SilenceWatch, type SocketClock } from './silence';
import type { RoomRecap } from '#core/recap';

/** Kept on each socket so it survives hibernation: ids only. */
interface Attachment {
  memberId: string;
  joined: boolean;
  /** When the socket was accepted (epoch ms): a socket's silence counts from here until it pings. */
  since?: number;
  /** The consultant's session it was opened with (durable-objects/sessions.ts); guests have none. */
  session?: SocketSession;
  /**
   * The client said at its join that it speaks the compact protocol (ADR 035): batch and presence
   * frames, a paged welcome. Without it (the companion app, older pages) a socket gets the
   * product's events one per frame: userJoined, iAmOnline, userLeft, updatedSeen, the whole roster.
   */
  batch?: boolean;
}

/** An event on its way out: to one socket, or to every joined socket but `except`. */
interface Outgoing {
  frame: string;
  to?: WebSocket;
  except?: WebSocket;
}

/** Several serialised events as one `batch` frame, without parsing them again. */
function batchFrame(frames: string[]): string {
  return frames.length === 1 ? (frames[0] as string) : `{"type":"batch","events":[${frames.join(',')}]}`;
}

const MIRROR_DELAY_MS = 2000;
/**
 * A frame that comes within this long of the one before opens a batch (the group commit, ADR 011).
 * Slower than that (under 200 frames a second), a batch would hold one frame and its timer would
 * only cost.
 */
const BATCH_WITHIN_MS = 5;
/** Presence checks never come closer together than this. */
const PRESENCE_CHECK_MIN_MS = 500;
/**
 * A room nobody has written to, joined or called for this long is quiet: its presence check comes
 * only this often, so its object sleeps while the runtime answers the sockets' pings (ADR 035). A
 * phone that vanished from a quiet party shows offline within a minute instead of seconds.
 */
const QUIET_AFTER_MS = 60_000;
const QUIET_CHECK_MS = 60_000;

/** Storage keys of the alarm's duties (the one alarm serves them all; see `arm`). */
const DUE = { mirror: 'mirrorDue', expiryAnnounced: 'expiryAnnounced', startAnnounced: 'startAnnounced' } as const;

/** Only the Worker reaches the room, so what it put in these headers is trusted. */
function readHeader<T>(request: Request, name: string): T | null {
  const value = request.headers.get(name);
  return value ? (JSON.parse(decodeURIComponent(value)) as T) : null;
}

/**
 * How long an ended session or membership is remembered: past a ticket's life, with room for
 * clocks (a ticket checked just before it ended may be signed just after).
 */
const ENDED_MEMORY_MS = 2 * SOCKET_TICKET_TTL_MS;

/**
 * One per party: the single writer of its live state (messages, seen, presence, restriction).
 * A thin shell: lifecycle methods hand each event to handlers.ts; the storage is store.ts.
 */
export class PartyRoom extends DurableObject<Env> implements Room, SessionSockets {
  readonly store: RoomStore;
  readonly social: SocialStore;
  readonly cards: CardStore;
  readonly raffles: RaffleStore;
  /** D1's copy of the hosts, following the room's (durable-objects/hosts.ts). */
  private readonly hosts: HostsInD1;
  private readonly attachments = new WeakMap<WebSocket, Attachment>();
  /** Per member, not per socket: more sockets do not buy a higher rate. */
  private readonly limiters = new Map<string, SendLimiter>();
  /** Push jobs still on their way to the Queue (`pushing`, `enqueued`). */
  private readonly enqueuing = new Set<Promise<void>>();
  /** When the D1 mirror is due (null: nothing to mirror); kept in storage across hibernation. */
  private mirrorDue: number | null = null;
  /** The expiry last announced to the sockets, so the alarm announces each expiry once. */
  private expiryAnnounced: number | null = null;
  /** The start last announced by push, so the alarm announces each start once. */
  private startAnnounced: number | null = null;
  /** The alarm as set in storage (one slot per object); null when none is set. */
  private alarmAt: number | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStore(ctx.storage.sql, ctx.storage);
    this.social = new SocialStore(ctx.storage.sql);
    this.cards = new CardStore(ctx.storage.sql);
    this.raffles = new RaffleStore(ctx.storage.sql);
    this.hosts = new HostsInD1(env.DB, this.store, ctx.storage, () => this.scheduleMirror());
    // The runtime answers the page's heartbeat itself: pings never wake a hibernated room, and
    // the alarm reads each socket's last ping (getWebSocketAutoResponseTimestamp).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
    ctx.blockConcurrencyWhile(async () => {
      this.store.load();
      this.social.load();
      this.cards.load();
      this.raffles.load();
      this.mirrorDue = (await ctx.storage.get<number>(DUE.mirror)) ?? null;
      this.expiryAnnounced = (await ctx.storage.get<number>(DUE.expiryAnnounced)) ?? null;
      this.startAnnounced = (await ctx.storage.get<number>(DUE.startAnnounced)) ?? null;
      this.alarmAt = await ctx.storage.getAlarm();
    });
  }

  // ---- Room ---------------------------------------------------------------------------------

  now(): number {
    return Date.now();
  }

  send(ws: WebSocket, event: ServerEvent): void {
    this.emit({ frame: JSON.stringify(event), to: ws });
  }

  broadcast(event: ServerEvent, except?: WebSocket): void {
    this.emit(except ? { frame: JSON.stringify(event), except } : { frame: JSON.stringify(event) });
  }

  online(): string[] {
    return [...this.onlineMembers().keys()];
  }

  isOnline(memberId: string): boolean {
    return this.onlineMembers().has(memberId);
  }

  onlineCount(): number {
    return this.onlineMembers().size;
  }

  markJoined(ws: WebSocket, batch: boolean): void {
    const attachment = this.attachment(ws);
    if (!attachment || attachment.joined) return;
    // Built before the attachment says joined: a first build would count this socket, and then so would we.
    const joined = this.joined();
    this.setAttachment(ws, { ...attachment, joined: true, ...(batch ? { batch } : {}) });
    joined.set(ws, attachment.memberId);
    // What this turn broadcast before the join is in the welcome already (see flushOutbox).
    if (this.outbox.length > 0) this.joinedAt.set(ws, this.outbox.length);
    const counts = this.onlineMembers();
    const sockets = counts.get(attachment.memberId) ?? 0;
    counts.set(attachment.memberId, sockets + 1);
    if (sockets === 0) this.presenceChanged((presence) => presence.onlineChanged(attachment.memberId));
  }

  seenMoved(memberId: string, seq: number): void {
    this.presenceChanged((presence) => presence.seenChanged(memberId, seq));
  }

  scheduleMirror(): void {
    if (this.mirrorDue !== null) return;
    this.mirrorDue = Date.now() + MIRROR_DELAY_MS;
    this.ctx.waitUntil(this.ctx.storage.put(DUE.mirror, this.mirrorDue));
    this.arm();
  }

  sendToMember(memberId: string, event: ServerEvent): void {
    for (const [ws, id] of this.joined()) if (id === memberId) this.send(ws, event);
  }

  rearm(): void {
    this.arm();
  }

  /**
   * One Queue job per PUSH_RECIPIENTS_PER_JOB members who were not online when the message came
   * and can be pushed (worker/services/push.ts reads their subscriptions and sends), with those the
   * text names; enqueued in the background, so the send path never waits for push. Notices (a guest
   * joined) are not worth a notification.
   */
  notify(message: ChatMessage): void {
    const partyId = this.store.facts?.partyId;
    if (!partyId || markerOf(message)) return;
    if (this.pushable) {
      this.pushTo(partyId, message, this.pushableOffline(message.sender));
      return;
    }
    // Who is offline is taken now; which of them can be pushed once the room has read it (once per
    // instance: a room that wakes from hibernation reads it again).
    const offline = this.store.activeMembers().filter((member) => member.id !== message.sender && !this.isOnline(member.id));
    if (offline.length === 0) return;
    this.pushing(
      this.loadPushable().then((pushable) => this.pushTo(partyId, message, pushable ? offline.filter((member) => pushable.has(member.id)) : offline)),
    );
  }

  private pushTo(partyId: string, message: ChatMessage, offline: StoredMember[]): void {
    if (offline.length === 0) return;
    const job = {
      kind: 'message',
      partyId,
      messageId: message.id,
      messageType: message.messageType,
      senderId: message.sender,
      senderName: message.senderName,
      text: shortText(isCardType(message.messageType) ? cardLine(message.messageType, message.message) : message.message),
    } as const;
    const jobs: MessageSendRequest<PushJob>[] = [];
    const named = namesIn(message.message);
    for (let i = 0; i < offline.length; i += PUSH_RECIPIENTS_PER_JOB) {
      const chunk = offline.slice(i, i + PUSH_RECIPIENTS_PER_JOB);
      const mentioned = chunk.filter(named).map((member) => member.id);
      jobs.push({ body: { ...job, recipients: chunk.map((member) => member.id), ...(mentioned.length > 0 ? { mentioned } : {}) } });
    }
    this.enqueuePush(partyId, jobs);
  }

  /**
   * Members who can be pushed (a subscription to this party), learnt from D1 once per instance and
   * kept by `pushSubscribed`; null until then. A message that comes before waits for that read
   * (`notify`): a job for every offline member, subscribed or not, cost a party of 1,000 mostly
   * silent members ~30 ms of CPU per message (ADR 035), and the first message after a wake ~0.4 s
   * (`namesIn` built a pattern per member then; now only for a name the text may hold). A
   * subscription that goes stays here: its job finds nothing, which is harmless.
   */
  private pushable: Set<string> | null = null;
  private pushableLoading: Promise<Set<string> | null> | null = null;
  /** Subscriptions announced while the set was still loading. */
  private pushableLater: string[] = [];

  async pushSubscribed(memberId: string): Promise<void> {
    if (this.pushable) this.pushable.add(memberId);
    else this.pushableLater.push(memberId);
  }

  /** The set of `pushable`, read once; null when the read failed (then every offline member is pushed, and the next message reads again). */
  private loadPushable(): Promise<Set<string> | null> {
    const partyId = this.store.facts?.partyId ?? '';
    this.pushableLoading ??= subscribedMembers(database(this.env.DB), partyId)
      .then((ids) => {
        const pushable = new Set([...ids, ...this.pushableLater]);
        this.pushable = pushable;
        this.pushableLater = [];
        return pushable;
      })
      .catch((error: unknown) => {
        console.error('push subscribers unknown', partyId, error);
        return null;
      })
      .finally(() => {
        this.pushableLoading = null;
      });
    return this.pushableLoading;
  }

  /** The offline members with a subscription, once the room knows them (`pushable`). */
  private pushableOffline(sender: string): StoredMember[] {
    const offline: StoredMember[] = [];
    for (const id of this.pushable ?? []) {
      const member = this.store.members.get(id);
      if (member && !member.removed && id !== sender && !this.isOnline(id)) offline.push(member);
    }
    return offline;
  }

  // ---- SessionSockets -----------------------------------------------------------------------

  sockets(tag: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((ws) => ws.readyState === WebSocket.OPEN);
  }

  sessionOf(ws: WebSocket): SocketSession | null {
    return this.attachment(ws)?.session ?? null;
  }

  end(ws: WebSocket, code: ErrorCode, closeCode: number): void {
    this.send(ws, { type: 'error', code });
    this.closeSocket(ws, closeCode, code);
    this.left(ws);
  }

  persistName(member: Member): void {
    const partyId = this.store.facts?.partyId;
    if (!partyId) return;
    this.ctx.waitUntil(recordMemberName(this.env.DB, partyId, member));
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade') !== 'websocket') return new Response(null, { status: 426 });
    const session = readHeader<SocketSession>(request, ROOM_HEADER.session);
    const known = readHeader<string>(request, ROOM_HEADER.known);
    let member: Member | null;
    if (known !== null) {
      member = this.ticketed(known, session);
      if (!member) return new Response(null, { status: 409 });
    } else {
      member = readHeader<Member>(request, ROOM_HEADER.member);
      const facts = readHeader<RoomFacts>(request, ROOM_HEADER.facts);
      if (!member || !facts) return new Response(null, { status: 400 });
      this.configureFacts(facts);
      if (!this.admit(member)) return new Response(null, { status: 403 });
    }

    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, session ? [member.id, sessionTag(session.id)] : [member.id]);
    const since = this.now();
    this.setAttachment(server, { memberId: member.id, joined: false, since, ...(session ? { session } : {}) });
    this.silence.connected(server, since);
    this.touched();
    this.expectPing(since);
    this.arm();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Group commit. Every turn that writes ends in one SQLite commit (an fsync) before its frames
   * leave (the output gate). A frame that follows the one before closely is handled at once and
   * opens a batch: frames that arrive before the next timer tick wait for it and are handled
   * together, in arrival order, so a busy room commits once per batch instead of once per message.
   * A room where frames come further apart handles each at once, with no timer.
   */
  private batch: (() => void)[] | null = null;
  /** When the last frame came (Date.now(), which the runtime moves between events). */
  private lastFrameAt = Number.NEGATIVE_INFINITY;

  override async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    const now = Date.now();
    const busy = now - this.lastFrameAt <= BATCH_WITHIN_MS;
    this.lastFrameAt = now;
    if (this.batch) {
      // The event stays open until its frame is handled, so the object cannot hibernate with it.
      const batch = this.batch;
      return new Promise((resolve, reject) => {
        batch.push(() => {
          try {
            this.handleFrame(ws, frame);
            resolve();
          } catch (error) {
            reject(error);
          }
        });
      });
    }
    if (busy) {
      this.batch = [];
      this.scheduleDrain();
    }
    this.handleFrame(ws, frame);
  }

  private scheduleDrain(): void {
    setTimeout(() => {
      const batch = this.batch ?? [];
      if (batch.length === 0) {
        this.batch = null;
        return;
      }
      this.batch = [];
      this.scheduleDrain();
      for (const run of batch) run();
    }, 0);
  }

  private handleFrame(ws: WebSocket, frame: string | ArrayBuffer): void {
    this.touched();
    const attachment = this.attachment(ws);
    const member = attachment ? this.store.members.get(attachment.memberId) : undefined;
    // Roles and membership can change while a socket is open: check on every event.
    if (!attachment || !member || member.removed) {
      this.send(ws, { type: 'error', code: 'removed' });
      this.closeSocket(ws, SOCKET_CLOSE.removed, 'removed');
      return;
    }
    // So can the session's time: a frame that comes before the alarm is judged by it too.
    if (sessionExpired(attachment.session ?? null, this.now())) {
      this.end(ws, 'sessionExpired', SOCKET_CLOSE.sessionExpired);
      return;
    }
    const parsed = parseClientFrame(frame);
    if (!parsed.ok) {
      this.send(ws, parsed.tempId ? { type: 'error', code: parsed.code, tempId: parsed.tempId } : { type: 'error', code: parsed.code });
      return;
    }
    if (
      parsed.event.type === 'sendMessage' ||
      parsed.event.type === 'updateMessage' ||
      parsed.event.type === 'react' ||
      parsed.event.type === 'pin' ||
      parsed.event.type === 'drawRaffle' ||
      isCardEvent(parsed.event)
    ) {
      if (!this.limiter(member.id).take(this.now())) {
        const tempId = parsed.event.type === 'sendMessage' ? parsed.event.tempId : undefined;
        this.send(ws, tempId ? { type: 'error', code: 'rateLimited', tempId } : { type: 'error', code: 'rateLimited' });
        return;
      }
    }
    handleEvent(this, ws, member, parsed.event, attachment.joined);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.left(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closing');
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.left(ws);
  }

  /**
   * The one alarm's duties: drop silent sockets, announce the expiry and (by push) the start, play
   * the autoplay's next message when it is due, and mirror to D1 whatever waits (a little early
   * when another duty woke the room: the delay only batches). The autoplay's step stores what it sent with the message,
   * so an alarm that runs again finds it done.
   */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    this.inAlarm = true;
    try {
      const now = this.now();
      // Only when due (a look reads the sockets whose time has come, silence.ts); the mirror's alarm comes every 2 s while people write.
      if (!this.silence.looked || (this.presenceCheckAt !== null && now >= this.presenceCheckAt)) this.dropSilent(now);
      const managerId = this.store.facts?.ownerUserId;
      if (managerId) closeExpiredSessions(this, managerId, now);
      this.announceExpiry(now);
      this.announceStart(now);
      playDue(this, now);
      if (this.mirrorDue !== null) await this.mirror();
    } finally {
      this.inAlarm = false;
      this.arm();
    }
  }

  /**
   * Set while the alarm runs: its duties change what is due (a send schedules the mirror before the
   * autoplay has moved on), so the next alarm is set once, when they are done. An alarm set during
   * the handler for a time already passed is taken as the one running and dropped by the runtime.
   */
  private inAlarm = false;

  private async mirror(): Promise<void> {
    this.mirrorDue = null;
    await this.ctx.storage.delete(DUE.mirror);
    const facts = this.store.facts;
    if (!facts) return;
    try {
      await this.hosts.retry();
      // Notices (a guest joined) are not what was said: they neither become the latest message
      // nor make the party unread, so the seq is the latest message's, not the log's.
      const latest = this.store.latestMessage();
      const managerSeen = this.store.members.get(facts.ownerUserId)?.seenSeq ?? 0;
      // The dashboard's summary; D1 is never touched on the send path.
      await recordSummary(this.env.DB, facts.partyId, {
        latestSeq: latest?.seq ?? 0,
        latestAt: latest?.timestamp ?? null,
        latestSenderId: latest?.sender ?? null,
        latestSenderName: latest?.senderName ?? null,
        managerSeenSeq: managerSeen,
      });
    } catch (error) {
      // D1 out of reach: the summary waits for the next mirror, which writes what is latest then (issue 40).
      console.error('mirroring to D1 failed', error instanceof Error ? error.message : error);
      this.scheduleMirror();
      return;
    }
    try {
      await this.releaseMedia(facts.partyId);
    } catch (error) {
      // The list stays in storage: the next mirror tries again (and the cron's cleanup finds
      // anything deleted but not collected).
      console.error('releasing media failed', error);
      this.scheduleMirror();
    }
  }

  /**
   * Files whose last message here was deleted: the party stops showing them (its `party_media`
   * links go) and those nobody else references are deleted. The room links a file again whenever
   * it gains a hold on it (`linkHeld`), after recording the hold, so an offer or a forward that
   * arrives while the links go keeps its file. An alarm that fails is run again, with the list
   * still in storage.
   */
  private async releaseMedia(partyId: string): Promise<void> {
    const released = this.store.releasedMedia();
    if (released.length === 0) return;
    const unheld = released.filter((id) => !this.store.holdsMedia(id));
    await unlinkFiles(this.env.DB, partyId, unheld);
    const regained = unheld.filter((id) => this.store.holdsMedia(id));
    if (regained.length > 0) await linkFiles(this.env.DB, partyId, regained);
    this.store.forgetReleased(released);
    await collectMedia(
      this.env,
      unheld.filter((id) => !regained.includes(id)),
    );
  }

  /** Links files the room now holds (see releaseMedia); answers those that still exist. */
  private async linkHeld(mediaIds: string[]): Promise<Set<string>> {
    const partyId = this.store.facts?.partyId;
    return partyId && mediaIds.length > 0 ? linkFiles(this.env.DB, partyId, mediaIds) : new Set();
  }

  /**
   * Sets the one alarm to the earliest due duty: the mirror, the party's expiry and start (once
   * each), and while sockets are open the presence check. An alarm already set earlier stays (it re-arms when it
   * runs), so no path can push a duty back.
   */
  private arm(): void {
    if (this.inAlarm) return;
    const now = this.now();
    const managerId = this.store.facts?.ownerUserId;
    const dues = [
      this.mirrorDue,
      this.expiryDue(),
      this.startDue(),
      this.presenceCheckAt,
      autoplayDue(this.store.applied),
      managerId ? sessionsDue(this, managerId) : null,
    ].filter((due): due is number => due !== null);
    if (dues.length === 0) return;
    const next = Math.min(...dues);
    if (this.alarmAt !== null && this.alarmAt <= next) return;
    this.alarmAt = next;
    this.ctx.waitUntil(this.ctx.storage.setAlarm(next));
  }

  private expiryDue(): number | null {
    const expiresAt = this.store.facts?.expiresAt ?? null;
    // A party is over once its expiry has passed (isExpired), so the alarm rings just after it.
    return expiresAt !== null && expiresAt !== this.expiryAnnounced ? expiresAt + 1 : null;
  }

  /** When the alarm next looks for silent sockets (null: no socket to look at); set by each look and each connect. */
  private presenceCheckAt: number | null = null;
  /** Which sockets a look reads, and when (durable-objects/silence.ts). */
  private readonly silence = new SilenceWatch();
  private readonly clock: SocketClock = {
    all: () => this.ctx.getWebSockets(),
    open: (ws) => ws.readyState === WebSocket.OPEN,
    lastPing: (ws) => this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null,
    since: (ws) => this.attachment(ws)?.since,
  };
  /** The last write, join, connect or call; a room past QUIET_AFTER_MS of it is quiet. In memory: a room woken from sleep starts quiet. */
  private activeAt = 0;

  private touched(): void {
    const now = Date.now();
    this.activeAt = now;
    // Awake again after quiet: silent sockets are looked for within seconds, not a minute.
    const soon = now + TIMINGS.silentAfterMs;
    if (this.presenceCheckAt === null || this.presenceCheckAt > soon) {
      this.presenceCheckAt = soon;
      this.arm();
    }
  }

  /** A socket connected: its first ping should come within FIRST_PING_WINDOW_MS. */
  private expectPing(now: number): void {
    const at = now + FIRST_PING_WINDOW_MS;
    if (this.presenceCheckAt === null || at < this.presenceCheckAt) this.presenceCheckAt = at;
  }

  /**
   * A phone that dropped off the network leaves a half-open socket that never closes by itself:
   * one silent for longer than the limit is closed, and its member is offline for the others.
   */
  private dropSilent(now: number): void {
    const { silent, due } = this.silence.look(now, this.clock);
    for (const ws of silent) {
      this.closeSocket(ws, SOCKET_CLOSE.silent, 'silent');
      this.left(ws);
    }
    if (due === null) {
      this.presenceCheckAt = null;
      return;
    }
    const quiet = now - this.activeAt > QUIET_AFTER_MS;
    this.presenceCheckAt = Math.max(due, now + (quiet ? QUIET_CHECK_MS : PRESENCE_CHECK_MIN_MS));
  }

  /** The expiry arrived: every open socket hears it once (an alarm at that time wakes the room). */
  private announceExpiry(now: number): void {
    const facts = this.store.facts;
    if (!facts || facts.expiresAt === null || facts.expiresAt === this.expiryAnnounced || !isExpired(facts.expiresAt, now)) return;
    this.setExpiryAnnounced(facts.expiresAt);
    this.broadcast({ type: 'updateExpiry', partyId: facts.partyId, expired: true });
  }

  private setExpiryAnnounced(expiresAt: number | null): void {
    this.expiryAnnounced = expiresAt;
    this.ctx.waitUntil(expiresAt === null ? this.ctx.storage.delete(DUE.expiryAnnounced) : this.ctx.storage.put(DUE.expiryAnnounced, expiresAt));
  }

  // ---- RPC from the Worker (the API shares the socket's code paths) -------------------------

  /** Takes the party's current facts from D1; open sockets learn of a new restriction at once. */
  async configure(facts: RoomFacts): Promise<void> {
    this.configureFacts(facts);
  }

  /**
   * A member the Worker added (a guest's join). A rename of one known tells everyone; a newcomer is
   * news for the next presence frame, and a chat notice only while the room is small (ADR 035).
   * With `facts`, the party's current facts come along: a join is one call to the room, not two.
   */
  async addMember(member: Member, facts?: RoomFacts): Promise<void> {
    if (facts) this.configureFacts(facts);
    const known = this.store.members.has(member.id);
    const stored = this.store.upsertMember(member);
    if (known) {
      this.broadcast({ type: 'guestUpdate', member: publicMember(stored) });
      return;
    }
    this.arrived(stored);
  }

  /** A member new to the room: everyone sees her arrive, and a guest's arrival is kept as a notice. */
  private arrived(member: StoredMember): void {
    this.presenceChanged((presence) => presence.join(publicMember(member)));
    if (member.role === 'guest' && rosterMode(this.store.activeCount()) === 'full') announceJoin(this, member);
  }

  async history(member: Member, before: number | undefined): Promise<Outcome<{ messages: ChatMessage[]; hasMore: boolean; seq: number }>> {
    if (!this.admit(member)) return { ok: false, code: 'notMember' };
    return { ok: true, value: { ...this.store.page(before), seq: this.store.seq } };
  }

  /** The party's messages that match a search, best first (durable-objects/search-index.ts). */
  async search(member: Member, text: string): Promise<Outcome<ChatSearchHit[]>> {
    if (!this.admit(member)) return { ok: false, code: 'notMember' };
    return { ok: true, value: searchChat(this.ctx.storage, this.store.seq, text) };
  }

  /** The member's recap of the party (durable-objects/recap.ts); the Worker decides who may ask. */
  async recap(member: Member): Promise<Outcome<RoomRecap>> {
    if (!this.admit(member)) return { ok: false, code: 'notMember' };
    return { ok: true, value: recapOf(this, member.id) };
  }

  /** The follow-up list (durable-objects/follow-up.ts): the manager's, also after the party. */
  async followUp(member: Member, facts: RoomFacts): Promise<Outcome<FollowUp>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    if (!allowed(this, stored, { type: 'readFollowUp' })) return { ok: false, code: 'forbidden' };
    return { ok: true, value: followUpOf(this, this.ctx.storage.sql) };
  }

  /**
   * A page away from the newest: around a seq (a jump to a heading far back) or after one (paging
   * down from there). `hasNewer` says whether the page falls short of the newest message.
   */
  async historyWindow(
    member: Member,
    at: { around: number } | { after: number },
  ): Promise<Outcome<{ messages: ChatMessage[]; hasMore: boolean; hasNewer: boolean; seq: number }>> {
    if (!this.admit(member)) return { ok: false, code: 'notMember' };
    if ('around' in at) return { ok: true, value: { ...this.store.pageAround(at.around), seq: this.store.seq } };
    const page = this.store.pageAfter(at.after);
    const first = page.messages[0];
    return { ok: true, value: { ...page, hasMore: first ? this.store.hasBefore(first.seq) : false, seq: this.store.seq } };
  }

  /** A message through the API. `trusted`: the Worker built it (a profile card), not the client. */
  async post(member: Member, facts: RoomFacts, input: SendInput, trusted = false): Promise<Outcome<{ message: ChatMessage; duplicate: boolean }>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    if (!this.limiter(member.id).take(this.now())) return { ok: false, code: 'rateLimited' };
    return sendMessage(this, stored, input, undefined, trusted);
  }

  /**
   * The Worker vouches for a file (it checked the library in D1, or stored the upload): from now
   * on `member` may send it in a message, by socket or API.
   */
  async offerMedia(member: Member, facts: RoomFacts, media: MessageMedia): Promise<Outcome<MessageMedia>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    this.store.offerAttachment({ ...media, memberId: stored.id });
    // Linked after the hold is recorded; a file deleted meanwhile cannot be offered.
    if (!(await this.linkHeld([media.mediaAttachment])).has(media.mediaAttachment)) {
      this.store.withdrawAttachment(media.mediaAttachment);
      return { ok: false, code: 'mediaNotFound' };
    }
    return { ok: true, value: media };
  }

  async edit(member: Member, facts: RoomFacts, messageId: string, text: string): Promise<Outcome<ChatMessage>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    const result = editMessage(this, stored, messageId, text);
    return result.ok ? { ok: true, value: result.value.message } : result;
  }

  async deleteMessages(member: Member, facts: RoomFacts, ids: string[], erase = false): Promise<Outcome<ChatMessage[]>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    const result = deleteMessages(this, stored, ids, erase);
    return result.ok ? { ok: true, value: result.value.map((change) => change.message) } : result;
  }

  /**
   * Several messages from one trusted call (forwarding): the Worker has checked the request, so
   * the per-member chat rate does not apply; every message still passes the same rules, and each
   * is marked as forwarded.
   */
  async postMany(member: Member, facts: RoomFacts, inputs: SendInput[]): Promise<Outcome<number>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    const files = inputs.flatMap((input) => (input.media ? [input.media.mediaAttachment] : []));
    // A file deleted since its message was read is left out, like a deleted message.
    const existing = await this.linkHeld(files);
    const kept = inputs.filter((input) => !input.media || existing.has(input.media.mediaAttachment));
    for (const input of kept) {
      const result = sendMessage(this, stored, { ...input, forwarded: true }, undefined, true);
      if (!result.ok) return result;
    }
    // Again now that the messages hold them: the first links may have gone with a release meanwhile.
    await this.linkHeld(files);
    return { ok: true, value: kept.length };
  }

  /** Messages by id, in the party's order, for forwarding; unknown ids are an error. */
  async messagesById(member: Member, ids: string[]): Promise<Outcome<ChatMessage[]>> {
    if (!this.admit(member)) return { ok: false, code: 'notMember' };
    const found: ChatMessage[] = [];
    for (const id of new Set(ids)) {
      const message = this.store.findById(id);
      if (!message) return { ok: false, code: 'messageNotFound' };
      found.push(message);
    }
    return { ok: true, value: found.sort((a, b) => a.seq - b.seq) };
  }

  /** An older account's party copied in (durable-objects/import.ts): its guests, then its messages one by one. */
  async importMembers(facts: RoomFacts, members: Member[]): Promise<void> {
    this.configureFacts(facts);
    importMembers(this, members);
  }

  async importMessage(facts: RoomFacts, sender: Member, input: ImportedMessage): Promise<Outcome<ChatMessage>> {
    this.configureFacts(facts);
    return importMessage(this, sender, input);
  }

  // ---- a template played into the party (template-play.ts) -------------------------------------

  async appliedTemplate(member: Member, facts: RoomFacts): Promise<Outcome<AppliedTemplate | null>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    return readApplied(stored, this);
  }

  /** The Worker read the template (the manager may use it) and put its files in the party's reach. */
  async applyTemplate(
    member: Member,
    facts: RoomFacts,
    template: { id: string; title: string; messages: TemplateMessage[] },
    mode: ApplyMode | undefined,
  ): Promise<Outcome<AppliedTemplate>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    return applyTemplate(this, stored, template, mode);
  }

  async changeApplied(member: Member, facts: RoomFacts, action: AppliedAction): Promise<Outcome<{ applied: AppliedTemplate | null; message?: ChatMessage }>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    return changeApplied(this, stored, action);
  }

  async removeApplied(member: Member, facts: RoomFacts): Promise<Outcome<null>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    return removeApplied(this, stored);
  }

  async sendFullTemplate(member: Member, facts: RoomFacts, templateId: string): Promise<Outcome<number>> {
    const stored = this.enter(member, facts);
    if (!stored) return { ok: false, code: 'notMember' };
    return sendFull(this, stored, templateId);
  }

  /** Its owner took the template back: the applied copy, if it is this one, stops (template-play.ts). */
  async withdrawTemplate(templateId: string): Promise<boolean> {
    return withdrawTemplate(this, templateId);
  }

  /**
   * Makes `target` (an active member, as D1 knows them) the party's only host, judged by the room
   * (durable-objects/hosts.ts); answers once D1 records the room's hosts.
   */
  async makeHost(actor: Member, facts: RoomFacts, target: Member): Promise<Outcome<null>> {
    const stored = this.enter(actor, facts);
    const member = stored && this.admit(target);
    if (!stored || !member) return { ok: false, code: 'notMember' };
    const outcome = makeOnlyHost(this, stored, member);
    if (outcome.ok) await this.hosts.write();
    return outcome;
  }

  /** Removed (stays out) or left (may come back): either way their sockets close at once. */
  async dropMember(memberId: string, how: 'removed' | 'left'): Promise<void> {
    if (how === 'removed') this.store.markRemoved(memberId);
    else this.store.forgetMember(memberId);
    // A call checked before she went may still admit her again here: her tickets stay refused.
    this.store.rememberEnded([endedMembership(memberId)], this.now(), ENDED_MEMORY_MS);
    this.broadcast({ type: 'guestRemoved', guestId: memberId });
    for (const ws of this.ctx.getWebSockets(memberId)) {
      this.send(ws, { type: 'error', code: how === 'removed' ? 'removed' : 'notMember' });
      this.closeSocket(ws, how === 'removed' ? SOCKET_CLOSE.removed : SOCKET_CLOSE.left, how);
      // Closed from here: no longer online, and nothing more is sent to it.
      this.unjoin(ws);
    }
    this.presenceChanged((presence) => presence.countsTouched());
  }

  /** How far the member has read (0: nothing, or unknown here), for a guest's list of her parties. */
  async seenSeqOf(memberId: string): Promise<number> {
    return this.store.members.get(memberId)?.seenSeq ?? 0;
  }

  /** These sessions ended: their sockets close now (durable-objects/sessions.ts), and their tickets open none. */
  async endSessions(sessionIds: string[]): Promise<void> {
    this.store.rememberEnded(sessionIds, this.now(), ENDED_MEMORY_MS);
    endSessions(this, sessionIds);
  }

  async beginPasswordAttempt(client: string): Promise<boolean> {
    return this.store.beginPasswordAttempt(client, this.now());
  }

  async passwordAccepted(client: string): Promise<void> {
    this.store.passwordAccepted(client);
  }

  /** The party was deleted: tell everyone, close every socket, forget everything. */
  async destroy(): Promise<void> {
    const partyId = this.store.facts?.partyId ?? '';
    this.broadcast({ type: 'partyDeleted', partyId });
    for (const ws of this.ctx.getWebSockets()) this.closeSocket(ws, SOCKET_CLOSE.partyDeleted, 'party deleted');
    this.joined().clear();
    this.onlineMembers().clear();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store.cleared();
    this.alarmAt = null;
    this.mirrorDue = null;
    this.expiryAnnounced = null;
    this.startAnnounced = null;
  }

  // ---- internals ----------------------------------------------------------------------------

  private enqueuePush(partyId: string, jobs: MessageSendRequest<PushJob>[]): void {
    this.pushing(
      this.env.PUSH_QUEUE.sendBatch(jobs).catch((error: unknown) => {
        // A notification is a courtesy: what it tells of is stored and sent to every open page.
        console.error('push enqueue failed', partyId, error);
      }),
    );
  }

  /** Work on the way to the Queue, kept in the background and awaited by `enqueued`. */
  private pushing(work: Promise<unknown>): void {
    const done: Promise<void> = work.then(() => undefined).finally(() => this.enqueuing.delete(done));
    this.enqueuing.add(done);
    this.ctx.waitUntil(done);
  }

  /**
   * Resolves once the Queue has every job this room enqueued so far. The workers tests wait for
   * it before they evict the room: workerd's test-only abort of a Durable Object whose Queue send
   * is still on its way crashes the runtime (a segmentation fault), where a real eviction does not.
   */
  async enqueued(): Promise<void> {
    while (this.enqueuing.size > 0) await Promise.all([...this.enqueuing]);
  }

  private startDue(): number | null {
    const startAt = this.store.facts?.startAt ?? null;
    return startAt !== null && startAt !== this.startAnnounced ? startAt : null;
  }

  /**
   * The party's start arrived: its members without an open socket (not its manager, who starts it)
   * get a notification, once per start. A start the room learns of long after it passed, or in a
   * party that is over, is only marked as announced.
   */
  private announceStart(now: number): void {
    const facts = this.store.facts;
    const startAt = facts?.startAt ?? null;
    if (!facts || startAt === null || startAt === this.startAnnounced || now < startAt) return;
    this.startAnnounced = startAt;
    this.ctx.waitUntil(this.ctx.storage.put(DUE.startAnnounced, startAt));
    if (now - startAt > START_NEWS_MS || isExpired(facts.expiresAt, now)) return;
    const online = new Set(this.online());
    const offline = this.store.activeMembers().flatMap((member) => (member.id === facts.ownerUserId || online.has(member.id) ? [] : [member.id]));
    const jobs: MessageSendRequest<PushJob>[] = [];
    for (let i = 0; i < offline.length; i += PUSH_RECIPIENTS_PER_JOB)
      jobs.push({ body: { kind: 'start', partyId: facts.partyId, startAt, recipients: offline.slice(i, i + PUSH_RECIPIENTS_PER_JOB) } });
    if (jobs.length > 0) this.enqueuePush(facts.partyId, jobs);
  }

  private configureFacts(facts: RoomFacts): void {
    const previous = this.store.facts;
    if (previous && JSON.stringify(previous) === JSON.stringify(facts)) return;
    this.store.setFacts(facts);
    if (previous && previous.restrictedMessaging !== facts.restrictedMessaging) {
      this.broadcast({ type: 'updateRestriction', partyId: facts.partyId, restrictedMessaging: facts.restrictedMessaging });
    }
    if (previous && previous.expiresAt !== facts.expiresAt) {
      // The expiry was edited: past it, the party ends now; edited back, it goes on.
      const now = this.now();
      const expired = isExpired(facts.expiresAt, now);
      if (expired) this.setExpiryAnnounced(facts.expiresAt);
      if (expired !== isExpired(previous.expiresAt, now)) this.broadcast({ type: 'updateExpiry', partyId: facts.partyId, expired });
    }
    this.arm();
  }

  /**
   * The Worker vouches for who the member is (checked against D1); the room keeps its own copy
   * and refuses anyone it has seen removed. Returns the stored member, or null.
   */
  private admit(member: Member): StoredMember | null {
    const before = this.store.members.get(member.id);
    if (before?.removed) return null;
    const stored = this.store.upsertMember(member);
    // A guest D1 vouches for whom the room was not told of yet: a join tells it after answering
    // (ADR 049), and her socket or call got here first. She arrives now; the join's word, when it
    // comes, finds her known and adds nothing.
    if (!before && stored.role === 'guest') this.arrived(stored);
    return stored;
  }

  /**
   * A socket a ticket vouches for (ADR 047): the member as this room knows her, when it knows the
   * party's facts and her, she may be here now (not removed, not gone, the party not ended), and
   * neither her membership nor her session has ended since the ticket could have been issued (a
   * guest who left and came back within that time goes the D1 way). Null: the Worker checks the
   * socket against D1 instead, as any other, which also gives a refusal its reason.
   */
  private ticketed(memberId: string, session: SocketSession | null): StoredMember | null {
    const facts = this.store.facts;
    const member = this.store.members.get(memberId);
    const now = this.now();
    if (!facts || !member || member.removed || member.role === 'manager' || isExpired(facts.expiresAt, now)) return null;
    const since = now - ENDED_MEMORY_MS;
    if (this.store.endedSince(endedMembership(memberId), since) || (session && this.store.endedSince(session.id, since))) return null;
    return member;
  }

  /** An API call on behalf of a member: current facts first, then the member (or null). */
  private enter(member: Member, facts: RoomFacts): StoredMember | null {
    this.touched();
    this.configureFacts(facts);
    return this.admit(member);
  }

  private limiter(memberId: string): SendLimiter {
    let limiter = this.limiters.get(memberId);
    if (!limiter) this.limiters.set(memberId, (limiter = new SendLimiter(this.now())));
    return limiter;
  }

  private attachment(ws: WebSocket): Attachment | undefined {
    let attachment = this.attachments.get(ws);
    if (!attachment) {
      // After hibernation the in-memory cache is empty; the socket's attachment is not.
      attachment = (ws.deserializeAttachment() as Attachment | null) ?? undefined;
      if (attachment) this.attachments.set(ws, attachment);
    }
    return attachment;
  }

  private setAttachment(ws: WebSocket, attachment: Attachment): void {
    ws.serializeAttachment(attachment);
    this.attachments.set(ws, attachment);
  }

  /**
   * Joined sockets and their member ids. Asking the runtime for every socket (getWebSockets)
   * builds a wrapper per socket on each call, which made a join storm spend most of its time in
   * broadcast; this map is built from the sockets' attachments once per instance (so it survives
   * hibernation) and kept as sockets join and leave.
   */
  private joinedSockets: Map<WebSocket, string> | null = null;

  private joined(): Map<WebSocket, string> {
    if (!this.joinedSockets) {
      this.joinedSockets = new Map();
      this.socketsOf = new Map();
      for (const ws of this.ctx.getWebSockets()) {
        const attachment = this.attachment(ws);
        if (!attachment?.joined) continue;
        this.joinedSockets.set(ws, attachment.memberId);
        this.socketsOf.set(attachment.memberId, (this.socketsOf.get(attachment.memberId) ?? 0) + 1);
      }
    }
    return this.joinedSockets;
  }

  /** Joined sockets per online member: built and kept with `joined`, so presence never scans the sockets. */
  private socketsOf: Map<string, number> | null = null;

  private onlineMembers(): Map<string, number> {
    this.joined();
    return this.socketsOf as Map<string, number>;
  }

  /** Forgets a joined socket; answers the member id when it was the member's last one. */
  private unjoin(ws: WebSocket): string | null {
    const joined = this.joined();
    const memberId = joined.get(ws);
    if (memberId === undefined) return null;
    joined.delete(ws);
    const counts = this.onlineMembers();
    const sockets = (counts.get(memberId) ?? 1) - 1;
    if (sockets > 0) {
      counts.set(memberId, sockets);
      return null;
    }
    counts.delete(memberId);
    return memberId;
  }

  private left(ws: WebSocket): void {
    this.silence.closed(ws);
    const attachment = this.attachment(ws);
    const gone = this.unjoin(ws);
    if (!attachment?.joined) return;
    // The socket is closing: only the cache changes, its attachment dies with it.
    this.attachments.set(ws, { ...attachment, joined: false });
    if (gone !== null) this.presenceChanged((presence) => presence.onlineChanged(gone));
  }

  // ---- what leaves the room ----------------------------------------------------------------

  /**
   * Events of one turn leave together at its end: a socket that gets several (a busy room's group
   * commit, a join's welcome and what came with it) gets them as one `batch` frame when its client
   * applies batches; an idle room's single event leaves as before, in the same turn (ADR 035).
   */
  private outbox: Outgoing[] = [];
  /** Sockets that joined during this turn, with the outbox's length then: earlier broadcasts are not theirs. */
  private joinedAt = new Map<WebSocket, number>();

  private emit(outgoing: Outgoing): void {
    if (this.outbox.length === 0) queueMicrotask(() => this.flushOutbox());
    this.outbox.push(outgoing);
  }

  private flushOutbox(): void {
    const outgoing = this.outbox;
    if (outgoing.length === 0) return;
    this.outbox = [];
    const joinedAt = this.joinedAt;
    this.joinedAt = new Map();
    // Sockets addressed alone, left out of a broadcast, or joined during the turn get their own list; the rest share one.
    const own = new Set<WebSocket>(joinedAt.keys());
    for (const item of outgoing) {
      if (item.to) own.add(item.to);
      if (item.except) own.add(item.except);
    }
    const joined = this.joined();
    const shared = outgoing.filter((item) => !item.to).map((item) => item.frame);
    if (shared.length > 0) {
      const batch = batchFrame(shared);
      for (const ws of joined.keys()) if (!own.has(ws)) this.deliver(ws, shared, batch);
    }
    for (const ws of own) {
      const from = joinedAt.get(ws) ?? 0;
      const frames = outgoing
        .filter((item, index) => (item.to ? item.to === ws : item.except !== ws && joined.has(ws) && index >= from))
        .map((item) => item.frame);
      if (frames.length > 0) this.deliver(ws, frames, batchFrame(frames));
    }
  }

  private deliver(ws: WebSocket, frames: string[], batch: string): void {
    try {
      if (frames.length === 1 || this.attachment(ws)?.batch) ws.send(batch);
      else for (const frame of frames) ws.send(frame);
    } catch {
      // Closed without its close event reaching us: forget it; a close event would do the rest.
      this.left(ws);
    }
  }

  /** What was said to a socket leaves before it closes. */
  private closeSocket(ws: WebSocket, code: number, reason: string): void {
    this.flushOutbox();
    try {
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }

  // ---- presence (durable-objects/presence.ts) ------------------------------------------------

  private readonly presence = new PresenceChanges();
  private presenceTimer: { handle: ReturnType<typeof setTimeout>; at: number } | null = null;
  private presenceSentAt = 0;

  /** Records a change and sees that a frame follows: at once in a quiet room, else when the window since the last one ends. */
  private presenceChanged(record: (presence: PresenceChanges) => void): void {
    record(this.presence);
    this.flushPresenceAt(this.presenceSentAt + ROSTER.flushMs);
  }

  /** The next presence frame leaves at `at` at the latest (a timer already set for earlier stays). */
  private flushPresenceAt(at: number): void {
    if (this.presenceTimer !== null) {
      if (this.presenceTimer.at <= at) return;
      clearTimeout(this.presenceTimer.handle);
    }
    this.presenceTimer = { handle: setTimeout(() => this.flushPresence(), Math.max(0, at - Date.now())), at };
  }

  private flushPresence(): void {
    this.presenceTimer = null;
    if (this.presence.pending) this.sendPresence();
    // Counts a large room's guests were not told yet leave when their wait ends (ROSTER.guestCountsMs).
    const due = this.presence.guestCountsDue;
    if (due !== null) this.flushPresenceAt(due);
  }

  private sendPresence(): void {
    this.presenceSentAt = Date.now();
    // Whatever this turn said before goes first, so each socket hears things in their order.
    this.flushOutbox();
    const counts = { type: 'presence', memberCount: this.store.activeCount(), onlineCount: this.onlineCount() } as const;
    const frames = this.presence.frames({ ...counts, isOnline: (id) => this.isOnline(id), member: (id) => this.store.members.get(id) }, this.presenceSentAt);
    if (!frames.manager && !frames.guest && frames.ownSeen.size === 0) return;
    const manager = frames.manager ? JSON.stringify(frames.manager) : null;
    const guest = frames.guest ? JSON.stringify(frames.guest) : null;
    let legacy: { frame: string; arrival?: string }[] | null = null;
    for (const [ws, memberId] of this.joined()) {
      let frame: string | null;
      if (!this.attachment(ws)?.batch) {
        legacy ??= frames.manager ? legacyEvents(frames.manager) : [];
        try {
          // As before the compact protocol: a member's own arrival is not news to her.
          for (const event of legacy) if (event.arrival !== memberId) ws.send(event.frame);
        } catch {
          this.left(ws);
        }
        continue;
      }
      if (this.store.members.get(memberId)?.role === 'manager') frame = manager;
      else {
        const seen = frames.ownSeen.get(memberId);
        frame = seen === undefined ? guest : JSON.stringify({ ...(frames.guest ?? counts), seen: { [memberId]: seen } });
      }
      if (frame === null) continue;
      try {
        ws.send(frame);
      } catch {
        this.left(ws);
      }
    }
  }
}

/** The product's own events for one presence frame, for sockets that do not speak the compact protocol. */
function legacyEvents(change: PresenceEvent): { frame: string; arrival?: string }[] {
  const frame = (event: ServerEvent) => JSON.stringify(event);
  return [
    ...(change.joined ?? []).map((member) => ({ frame: frame({ type: 'userJoined', member }), arrival: member.id })),
    ...(change.online ?? []).map((memberId) => ({ frame: frame({ type: 'iAmOnline', memberId }), arrival: memberId })),
    ...(change.offline ?? []).map((memberId) => ({ frame: frame({ type: 'userLeft', memberId }) })),
    ...Object.entries(change.seen ?? {}).map(([memberId, seq]) => ({ frame: frame({ type: 'updatedSeen', memberId, seq }) })),
  ];
}
