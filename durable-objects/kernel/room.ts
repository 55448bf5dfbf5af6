import { SOCKET_TICKET_TTL_MS } from '#core/limits';
import { isExpired } from '#core/party';
import type { MessageMedia } from '#core/chat-media';
import type { ErrorCode } from '#core/errors';
import type { ChatMessage, ClientEventType, Member, MessageType, ServerEvent } from '#core/protocol';
import type { ClientEventOf } from './feature';
import { ClientEventSchema, PROTOCOL_VERSION, parseClientFrame } from '#core/protocol';
import { SOCKET_CLOSE } from '#core/protocol-version';
import { fullName } from '#core/text';
import type { Env } from '../../worker/env';
import type { Outcome, RoomFacts, SocketSession } from '../contract';
import { Alarm, Mirror } from './alarm';
import type { EventHandler, Feature, Prepared } from './feature';
import { SendLimiter, publicMember } from './rules';
import { closeExpiredSessions, endSessions, sessionExpired, sessionTag, sessionsDue } from './sessions';
import { SilentSockets } from './silence';
import { Sockets } from './sockets';
import type { NewMessage, StoredMember } from './store';
import { Tally } from './tally';
import { RoomStore, endedMembership } from './store';
import { welcome } from './welcome';

/** Storage keys of the kernel's own duties (the D1 mirror keeps its own, kernel/alarm.ts). */
const EXPIRY_ANNOUNCED = 'expiryAnnounced';

/**
 * How long an ended session or membership is remembered: past a ticket's life, with room for
 * clocks (a ticket checked just before it ended may be signed just after).
 */
export const ENDED_MEMORY_MS = 2 * SOCKET_TICKET_TTL_MS;

/** What a call for someone the room does not admit answers. */
export const NOT_MEMBER = { ok: false, code: 'notMember' } as const;

/** Every client event type the protocol knows: each must have a feature that answers it. */
const CLIENT_EVENT_TYPES: readonly ClientEventType[] = ClientEventSchema.options.map((option) => option.shape.type.value);

/**
 * The party's room as its features see it (ADR 054): the kernel. It holds the member and party
 * state (the store: facts, members, the message log), the permission check (kernel/rules.ts), the
 * sockets and what leaves to them (kernel/sockets.ts), the store's transaction, the one alarm and
 * the D1 mirror. It imports no feature: each registers its events, its welcome, its hooks and its
 * alarm duty with `use`, and the kernel calls them in that order. PartyRoom (party-room.ts) owns
 * the Durable Object's lifecycle and hands everything here.
 */
export class Room {
  readonly store: RoomStore;
  readonly sockets: Sockets;
  /** The room's SQLite, for the features' own tables. */
  readonly sql: SqlStorage;
  private readonly features: Feature[] = [];
  private readonly handlers = new Map<ClientEventType, { handle: EventHandler<ClientEventType>; limited: boolean }>();
  /** Per member, not per socket: more sockets do not buy a higher rate. */
  private readonly limiters = new Map<string, SendLimiter>();
  private readonly alarm: Alarm;
  private readonly mirror: Mirror;
  /** The features' writes to D1, in their order (Feature.mirror). */
  private readonly mirrorWrites: ((facts: RoomFacts) => Promise<void>)[] = [];
  /** The room's log lines and counters, written once a minute (ADR 063). */
  readonly tally: Tally;
  private readonly silent: SilentSockets;
  /** The expiry last announced to the sockets, so the alarm announces each expiry once. */
  private expiryAnnounced: number | null = null;

  constructor(
    readonly ctx: DurableObjectState,
    readonly env: Env,
  ) {
    this.store = new RoomStore(ctx.storage.sql, ctx.storage);
    this.sql = ctx.storage.sql;
    this.alarm = new Alarm(ctx);
    const arm = () => this.alarm.arm();
    this.sockets = new Sockets(ctx, {
      onlineChanged: (memberId) => this.each('onlineChanged', memberId),
      gone: (ws) => {
        this.silent.closed(ws);
        this.tally.add('socketClose');
      },
    });
    this.silent = new SilentSockets(
      {
        all: () => ctx.getWebSockets(),
        open: (ws) => ws.readyState === WebSocket.OPEN,
        lastPing: (ws) => ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? null,
        since: (ws) => this.sockets.attachment(ws)?.since,
      },
      (ws) => {
        this.sockets.close(ws, SOCKET_CLOSE.silent, 'silent');
        this.sockets.left(ws);
      },
      arm,
    );
    this.mirror = new Mirror(
      ctx.storage,
      (work) => ctx.waitUntil(work),
      () => this.store.facts,
      this.mirrorWrites,
      arm,
    );
    // The kernel's duties come first, in this order: silent sockets go before anything is announced.
    this.alarm.add(this.silent);
    this.alarm.add({
      due: () => {
        const managerId = this.store.facts?.ownerUserId;
        return managerId ? sessionsDue(this, managerId) : null;
      },
      run: (now) => {
        const managerId = this.store.facts?.ownerUserId;
        if (managerId) closeExpiredSessions(this, managerId, now);
      },
    });
    this.alarm.add({ due: () => this.expiryDue(), run: (now) => this.announceExpiry(now) });
    this.tally = new Tally(env, arm);
    this.alarm.add(this.tally);
    this.handlers.set('join', { handle: (ws, member, event) => this.join(ws, member, event as ClientEventOf<'join'>), limited: false });
  }

  /** Registers a feature (one line per feature in PartyRoom's constructor); answers it, for its calls. */
  use<F extends Feature>(feature: F): F {
    this.features.push(feature);
    for (const [type, handle] of Object.entries(feature.events ?? {}) as [ClientEventType, EventHandler<ClientEventType>][]) {
      if (this.handlers.has(type)) throw new Error(`${feature.name}: another feature answers ${type}`);
      this.handlers.set(type, { handle, limited: feature.rateLimited?.includes(type) ?? false });
    }
    if (feature.alarm) this.alarm.add(feature.alarm);
    const mirror = feature.mirror?.bind(feature);
    if (mirror) this.mirrorWrites.push(mirror);
    return feature;
  }

  /** Runs inside blockConcurrencyWhile, once every feature is registered: the tables, then what each keeps. */
  async load(): Promise<void> {
    const unanswered = CLIENT_EVENT_TYPES.filter((type) => !this.handlers.has(type));
    if (unanswered.length > 0) throw new Error(`no feature answers ${unanswered.join(', ')}`);
    // The mirror is the alarm's last duty: what the others did is in it.
    this.alarm.add(this.mirror);
    this.store.load();
    for (const feature of this.features) await feature.load?.();
    await this.mirror.load();
    this.expiryAnnounced = (await this.ctx.storage.get<number>(EXPIRY_ANNOUNCED)) ?? null;
    await this.alarm.load();
  }

  now(): number {
    return Date.now();
  }

  waitUntil(work: Promise<unknown>): void {
    this.ctx.waitUntil(work);
  }

  // ---- the sockets ----------------------------------------------------------------------------

  send(ws: WebSocket, event: ServerEvent): void {
    this.sockets.send(ws, event);
  }

  broadcast(event: ServerEvent, except?: WebSocket): void {
    this.sockets.broadcast(event, except);
  }

  sendToMember(memberId: string, event: ServerEvent): void {
    this.sockets.sendToMember(memberId, event);
  }

  online(): string[] {
    return [...this.sockets.onlineMembers().keys()];
  }

  isOnline(memberId: string): boolean {
    return this.sockets.isOnline(memberId);
  }

  onlineCount(): number {
    return this.sockets.onlineMembers().size;
  }

  /** Tells the socket why with an error frame, closes it, and counts it gone. */
  end(ws: WebSocket, code: ErrorCode, closeCode: number): void {
    this.send(ws, { type: 'error', code });
    this.sockets.close(ws, closeCode, code);
    this.sockets.left(ws);
  }

  /**
   * An upgrade the Worker authorised, for a member it vouches for (checked against D1): the room
   * keeps its own copy and refuses anyone it has seen removed. Or, for a socket a ticket vouches
   * for (ADR 047), only a member id: the member as this room knows her. Answers the client's end
   * of the socket, or the status to refuse with (409: the Worker then checks against D1).
   */
  accept(request: { member: Member; facts: RoomFacts } | { known: string }, session: SocketSession | null): WebSocket | number {
    let member: Member | null;
    if ('known' in request) {
      member = this.ticketed(request.known, session);
      if (!member) return 409;
    } else {
      member = request.member;
      this.configure(request.facts);
      if (!this.admit(member)) return 403;
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, session ? [member.id, sessionTag(session.id)] : [member.id]);
    const since = this.now();
    this.sockets.setAttachment(server, { memberId: member.id, joined: false, since, ...(session ? { session } : {}) });
    this.silent.connected(server, since);
    this.tally.add('socketOpen');
    this.alarm.arm();
    return client;
  }

  /** One frame from a socket: who sent it is the room's own record of the socket, checked on every event. */
  handleFrame(ws: WebSocket, frame: string | ArrayBuffer): void {
    this.silent.touched();
    const attachment = this.sockets.attachment(ws);
    const member = attachment ? this.store.members.get(attachment.memberId) : undefined;
    // Roles and membership can change while a socket is open: check on every event.
    if (!attachment || !member || member.removed) {
      this.send(ws, { type: 'error', code: 'removed' });
      this.sockets.close(ws, SOCKET_CLOSE.removed, 'removed');
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
      this.tally.event('invalid', 0, parsed.code);
      return;
    }
    const event = parsed.event;
    const handler = this.handlers.get(event.type)!;
    if (handler.limited && !this.takeSend(member.id)) {
      const tempId = event.type === 'sendMessage' ? event.tempId : undefined;
      this.send(ws, tempId ? { type: 'error', code: 'rateLimited', tempId } : { type: 'error', code: 'rateLimited' });
      this.tally.event(event.type, 0, 'rateLimited');
      return;
    }
    if (!attachment.joined && event.type !== 'join') {
      this.send(ws, { type: 'error', code: 'notMember' });
      this.tally.event(event.type, 0, 'notMember');
      return;
    }
    const started = performance.now();
    handler.handle(ws, member, event);
    this.tally.event(event.type, performance.now() - started);
  }

  /** The socket joins the party: its welcome, then what each feature adds to it. */
  private join(ws: WebSocket, member: StoredMember, event: ClientEventOf<'join'>): void {
    if (event.protocolVersion !== PROTOCOL_VERSION) {
      this.send(ws, { type: 'error', code: 'protocolVersion' });
      return;
    }
    const compact = event.batch === true;
    this.sockets.markJoined(ws, compact);
    this.send(ws, welcome(this, member, event.lastSeq ?? null, compact));
    for (const feature of this.features) for (const part of feature.welcome?.(member) ?? []) this.send(ws, part);
  }

  /** Takes one send from the member's bucket (socket and API share it); false when it is empty. */
  takeSend(memberId: string): boolean {
    let limiter = this.limiters.get(memberId);
    if (!limiter) this.limiters.set(memberId, (limiter = new SendLimiter(this.now())));
    return limiter.take(this.now());
  }

  // ---- members and the party's facts --------------------------------------------------------

  /**
   * Takes the party's facts as D1 has them (the Worker hands them with a call). Open sockets learn
   * of a new restriction at once; an expiry edited into the past ends the party now, edited back it
   * goes on.
   */
  configure(facts: RoomFacts): void {
    const previous = this.store.facts;
    if (previous && JSON.stringify(previous) === JSON.stringify(facts)) return;
    this.store.setFacts(facts);
    if (previous && previous.restrictedMessaging !== facts.restrictedMessaging) {
      this.broadcast({ type: 'updateRestriction', partyId: facts.partyId, restrictedMessaging: facts.restrictedMessaging });
    }
    if (previous && previous.expiresAt !== facts.expiresAt) {
      const now = this.now();
      const expired = isExpired(facts.expiresAt, now);
      if (expired) this.setExpiryAnnounced(facts.expiresAt);
      if (expired !== isExpired(previous.expiresAt, now)) this.broadcast({ type: 'updateExpiry', partyId: facts.partyId, expired });
    }
    this.alarm.arm();
  }

  /**
   * The Worker vouches for who the member is (checked against D1); the room keeps its own copy
   * and refuses anyone it has seen removed. Returns the stored member, or null.
   */
  admit(member: Member): StoredMember | null {
    const before = this.store.members.get(member.id);
    if (before?.removed) return null;
    const stored = this.store.upsertMember(member);
    // A guest D1 vouches for whom the room was not told of yet: a join tells it after answering
    // (ADR 049), and her socket or call got here first. She arrives now; the join's word, when it
    // comes, finds her known and adds nothing.
    if (!before && stored.role === 'guest') this.memberAdded(publicMember(stored));
    return stored;
  }

  /** An API call on behalf of a member: current facts first, then the member (or null). */
  enter(member: Member, facts: RoomFacts): StoredMember | null {
    this.silent.touched();
    this.configure(facts);
    return this.admit(member);
  }

  /** Runs a call on behalf of a member the room admits (`admit`); `notMember` for anyone else. */
  admitted<R>(member: Member, call: (stored: StoredMember) => R): R | typeof NOT_MEMBER {
    const stored = this.admit(member);
    return stored ? call(stored) : NOT_MEMBER;
  }

  /** The same with the party's current facts first (`enter`), as every call that may change something. */
  entered<R>(member: Member, facts: RoomFacts, call: (stored: StoredMember) => R): R | typeof NOT_MEMBER {
    const stored = this.enter(member, facts);
    return stored ? call(stored) : NOT_MEMBER;
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

  /** These sessions ended (signed out, deleted): their sockets close now, and their tickets open none. */
  endSessions(sessionIds: readonly string[]): void {
    this.store.rememberEnded(sessionIds, this.now(), ENDED_MEMORY_MS);
    endSessions(this, sessionIds);
  }

  /** Someone became a member: the features hear of it (presence, for its next frame). */
  memberAdded(member: Member): void {
    this.each('memberAdded', member);
  }

  memberDropped(memberId: string): void {
    this.each('memberDropped', memberId);
  }

  // ---- the message log ----------------------------------------------------------------------

  /** A message of `messageType` as the feature that owns its type prepares it; any other type as it is. */
  prepareMessage(messageType: MessageType, text: string): Outcome<Prepared> {
    for (const feature of this.features) {
      const prepared = feature.prepareMessage?.(messageType, text);
      if (prepared) return prepared;
    }
    return { ok: true, value: { text } };
  }

  /**
   * Stores a message in the member's name and tells everyone but `from`, then the features (push);
   * null (nothing stored, nobody told) when the member has used its tempId already. The log's one
   * way in for what members say (imported messages keep their own times, features/import.ts).
   */
  append(
    member: StoredMember,
    input: Pick<NewMessage, 'tempId' | 'messageType' | 'message' | 'replyingTo' | 'forwarded' | 'fromTemplate'> & Partial<MessageMedia>,
    from?: WebSocket,
  ): ChatMessage | null {
    const message = this.store.appendMessage({
      ...input,
      id: crypto.randomUUID(),
      sender: member.id,
      senderType: member.role === 'manager' ? 'manager' : 'guest',
      senderName: fullName(member),
      timestamp: this.now(),
    });
    if (!message) return null;
    this.tally.add('send');
    this.scheduleMirror();
    this.broadcast({ type: 'newMessage', seq: message.seq, message }, from);
    this.each('appended', message);
    return message;
  }

  /** Messages were deleted and everyone told: the features hear of it (a pinned one unpins). */
  deleted(ids: readonly string[]): void {
    this.each('deleted', ids);
  }

  // ---- the alarm ----------------------------------------------------------------------------

  /** Something for D1 changed: the mirror writes it a little later, from the alarm. */
  scheduleMirror(): void {
    this.mirror.schedule();
  }

  /** A duty's due time changed: sets the alarm to the earliest one. */
  rearm(): void {
    this.alarm.arm();
  }

  ring(): Promise<void> {
    return this.alarm.ring(this.now());
  }

  private expiryDue(): number | null {
    const expiresAt = this.store.facts?.expiresAt ?? null;
    // A party is over once its expiry has passed (isExpired), so the alarm rings just after it.
    return expiresAt !== null && expiresAt !== this.expiryAnnounced ? expiresAt + 1 : null;
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
    this.waitUntil(expiresAt === null ? this.ctx.storage.delete(EXPIRY_ANNOUNCED) : this.ctx.storage.put(EXPIRY_ANNOUNCED, expiresAt));
  }

  /** The party was deleted: tell everyone, close every socket, forget everything. */
  async destroy(): Promise<void> {
    const partyId = this.store.facts?.partyId ?? '';
    this.broadcast({ type: 'partyDeleted', partyId });
    for (const ws of this.ctx.getWebSockets()) this.sockets.close(ws, SOCKET_CLOSE.partyDeleted, 'party deleted');
    this.sockets.clear();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.store.cleared();
    this.alarm.cleared();
    this.mirror.cleared();
    this.expiryAnnounced = null;
    this.each('cleared');
  }

  /** Calls one hook of every feature that has it, in the order they were registered. */
  private each<K extends 'onlineChanged' | 'memberAdded' | 'memberDropped' | 'appended' | 'deleted' | 'cleared'>(
    hook: K,
    ...args: Parameters<NonNullable<Feature[K]>>
  ): void {
    for (const feature of this.features) (feature[hook] as ((...args: unknown[]) => void) | undefined)?.(...args);
  }
}
