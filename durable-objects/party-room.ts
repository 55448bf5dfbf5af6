import { DurableObject } from 'cloudflare:workers';
import type { AppliedAction, AppliedTemplate } from '#core/applied-template';
import type { GuestExportPage, RoomExportPage } from '#core/export';
import type { MessageMedia } from '#core/chat-media';
import type { FollowUp } from '#core/follow-up';
import type { ChatMessage, Member } from '#core/protocol';
import { PING_FRAME, PONG_FRAME } from '#core/protocol';
import type { LiveState } from '#core/live';
import type { RoomRecap } from '#core/recap';
import type { NewReport, PartyReport, ReportAction, ReportFiled } from '#core/reports';
import type { ChatSearchHit } from '#core/social';
import type { TemplateMessage } from '#core/templates';
import type { Env } from '../worker/env';
import type { ApplyMode, HistoryPage, ImportedMessage, Outcome, PartyRoomCalls, RoomFacts, SendInput, SocketSession } from './contract';
import { ROOM_HEADER } from './contract';
import { Cards } from './features/cards';
import { Exports } from './features/export';
import { Chat } from './features/chat';
import { FollowUps } from './features/follow-up';
import { Import } from './features/import';
import { Live } from './features/live';
import { Members } from './features/members';
import { Presence } from './features/presence';
import { Push } from './features/push';
import { Raffles } from './features/raffle';
import { Recaps } from './features/recap';
import { Reports } from './features/reports';
import type { ReportTarget } from './features/reports';
import { ChatSearch } from './features/search';
import { Social } from './features/social';
import { TemplatePlay } from './features/templates/play';
import { GroupCommit } from './kernel/group-commit';
import { Room } from './kernel/room';
import type { RoomStore } from './kernel/store';

/** Only the Worker reaches the room, so what it put in these headers is trusted. */
function readHeader<T>(request: Request, name: string): T | null {
  const value = request.headers.get(name);
  return value ? (JSON.parse(decodeURIComponent(value)) as T) : null;
}

const ok = <T>(value: T) => ({ ok: true, value }) as const;

/**
 * One per party: the single writer of its live state (ADR 001). This class is the Durable Object's
 * lifecycle (the socket's upgrade, its frames and close, the alarm) and the RPC entry points of the
 * contract (contract.ts), each of which hands its work to the kernel (kernel/room.ts: members, the
 * party's facts, the permission check, the sockets, the log) or to a feature (features/). The
 * features are registered below, one line each, in the order the kernel asks them (ADR 054).
 */
export class PartyRoom extends DurableObject<Env> implements PartyRoomCalls {
  readonly kernel: Room;
  /** The kernel's store (members, the log), as tests read it. */
  readonly store: RoomStore;
  readonly presence: Presence;
  readonly members: Members;
  readonly chat: Chat;
  readonly push: Push;
  readonly templates: TemplatePlay;
  readonly social: Social;
  readonly cards: Cards;
  readonly raffles: Raffles;
  readonly chatSearch: ChatSearch;
  readonly imports: Import;
  readonly recaps: Recaps;
  readonly followUps: FollowUps;
  readonly live: Live;
  readonly exports: Exports;
  readonly abuse: Reports;
  private readonly frames = new GroupCommit();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    const kernel = (this.kernel = new Room(ctx, env));
    this.store = kernel.store;
    // The features. Their order is the order of the alarm's duties (after the kernel's), of what a
    // welcome adds, and of the D1 mirror's writes.
    this.presence = kernel.use(new Presence(kernel));
    this.members = kernel.use(new Members(kernel));
    this.chat = kernel.use(new Chat(kernel));
    this.push = kernel.use(new Push(kernel));
    this.templates = kernel.use(new TemplatePlay(kernel));
    this.social = kernel.use(new Social(kernel));
    this.cards = kernel.use(new Cards(kernel));
    this.raffles = kernel.use(new Raffles(kernel, this.cards.store));
    this.chatSearch = kernel.use(new ChatSearch(kernel));
    this.imports = kernel.use(new Import(kernel));
    this.recaps = kernel.use(new Recaps(kernel, this.cards.store));
    this.followUps = kernel.use(new FollowUps(kernel, this.cards.store, this.raffles.store));
    this.live = kernel.use(new Live(kernel));
    this.exports = kernel.use(new Exports(kernel, this.social.store, this.cards.store));
    this.abuse = kernel.use(new Reports(kernel));
    // The runtime answers the page's heartbeat itself: pings never wake a hibernated room, and
    // the alarm reads each socket's last ping (getWebSocketAutoResponseTimestamp).
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_FRAME, PONG_FRAME));
    ctx.blockConcurrencyWhile(() => kernel.load());
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  /** A socket the Worker authorised (contract.ts roomUpgrade): for a member and the party's facts, or one a ticket vouches for. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade') !== 'websocket') return new Response(null, { status: 426 });
    const session = readHeader<SocketSession>(request, ROOM_HEADER.session);
    const known = readHeader<string>(request, ROOM_HEADER.known);
    let accepted: WebSocket | number;
    if (known !== null) accepted = this.kernel.accept({ known }, session);
    else {
      const member = readHeader<Member>(request, ROOM_HEADER.member);
      const facts = readHeader<RoomFacts>(request, ROOM_HEADER.facts);
      if (!member || !facts) return new Response(null, { status: 400 });
      accepted = this.kernel.accept({ member, facts }, session);
    }
    return typeof accepted === 'number' ? new Response(null, { status: accepted }) : new Response(null, { status: 101, webSocket: accepted });
  }

  override async webSocketMessage(ws: WebSocket, frame: string | ArrayBuffer): Promise<void> {
    return this.frames.take(() => this.kernel.handleFrame(ws, frame));
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.kernel.sockets.left(ws);
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closing');
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.kernel.sockets.left(ws);
  }

  /**
   * The one alarm's duties (kernel/alarm.ts): drop silent sockets, close expired sessions, announce
   * the expiry and (by push) the start, play the autoplay's next message when it is due, and mirror
   * to D1 whatever waits. The autoplay's step stores what it sent with the message, so an alarm that
   * runs again finds it done.
   */
  override async alarm(): Promise<void> {
    await this.kernel.ring();
  }

  // ---- the party and its members (kernel/room.ts, features/members) ---------------------------

  async configure(facts: RoomFacts): Promise<void> {
    this.kernel.configure(facts);
  }

  async addMember(member: Member, facts?: RoomFacts): Promise<void> {
    this.members.add(member, facts);
  }

  async makeHost(actor: Member, facts: RoomFacts, target: Member): Promise<Outcome<null>> {
    return this.kernel.entered(actor, facts, (stored) => this.members.makeHost(stored, target));
  }

  async dropMember(memberId: string, how: 'removed' | 'left'): Promise<void> {
    this.members.drop(memberId, how);
  }

  async seenSeqOf(memberId: string): Promise<number> {
    return this.members.seenSeqOf(memberId);
  }

  async markSeen(member: Member, facts: RoomFacts, at: { seq: number } | { timestamp: number }): Promise<Outcome<{ seq: number }>> {
    return this.kernel.entered(member, facts, (stored) => ok({ seq: this.presence.seen(stored, 'seq' in at ? at.seq : this.store.seqSentBy(at.timestamp)) }));
  }

  async endSessions(sessionIds: string[]): Promise<void> {
    this.kernel.endSessions(sessionIds);
  }

  async beginPasswordAttempt(client: string): Promise<boolean> {
    return this.members.beginPasswordAttempt(client);
  }

  async passwordAccepted(client: string): Promise<void> {
    this.members.passwordAccepted(client);
  }

  async destroy(): Promise<void> {
    await this.kernel.destroy();
  }

  // ---- chat (features/chat) -----------------------------------------------------------------

  async history(member: Member, before: number | undefined): Promise<Outcome<HistoryPage>> {
    return this.kernel.admitted(member, () => ok(this.chat.history(before)));
  }

  async historyWindow(member: Member, at: { around: number } | { after: number }): Promise<Outcome<HistoryPage & { hasNewer: boolean }>> {
    return this.kernel.admitted(member, () => ok(this.chat.historyWindow(at)));
  }

  async post(member: Member, facts: RoomFacts, input: SendInput, trusted = false): Promise<Outcome<{ message: ChatMessage; duplicate: boolean }>> {
    return this.kernel.entered(member, facts, (stored) => this.chat.post(stored, input, trusted));
  }

  async offerMedia(member: Member, facts: RoomFacts, media: MessageMedia): Promise<Outcome<MessageMedia>> {
    return this.kernel.entered(member, facts, (stored) => this.chat.offer(stored, media));
  }

  async edit(member: Member, facts: RoomFacts, messageId: string, text: string): Promise<Outcome<ChatMessage>> {
    return this.kernel.entered(member, facts, (stored) => this.chat.edit(stored, messageId, text));
  }

  async deleteMessages(member: Member, facts: RoomFacts, ids: string[], erase = false): Promise<Outcome<ChatMessage[]>> {
    return this.kernel.entered(member, facts, (stored) => this.chat.delete(stored, ids, erase));
  }

  async postMany(member: Member, facts: RoomFacts, inputs: SendInput[]): Promise<Outcome<number>> {
    return this.kernel.entered(member, facts, (stored) => this.chat.forward(stored, inputs));
  }

  async messagesById(member: Member, ids: string[]): Promise<Outcome<ChatMessage[]>> {
    return this.kernel.admitted(member, () => this.chat.messagesById(ids));
  }

  // ---- a template played into the party (features/templates) --------------------------------

  async appliedTemplate(member: Member, facts: RoomFacts): Promise<Outcome<AppliedTemplate | null>> {
    return this.kernel.entered(member, facts, (stored) => this.templates.read(stored));
  }

  async applyTemplate(
    member: Member,
    facts: RoomFacts,
    template: { id: string; title: string; messages: TemplateMessage[] },
    mode: ApplyMode | undefined,
  ): Promise<Outcome<AppliedTemplate>> {
    return this.kernel.entered(member, facts, (stored) => this.templates.apply(stored, template, mode));
  }

  async changeApplied(member: Member, facts: RoomFacts, action: AppliedAction): Promise<Outcome<{ applied: AppliedTemplate | null; message?: ChatMessage }>> {
    return this.kernel.entered(member, facts, (stored) => this.templates.change(stored, action));
  }

  async removeApplied(member: Member, facts: RoomFacts): Promise<Outcome<null>> {
    return this.kernel.entered(member, facts, (stored) => this.templates.remove(stored));
  }

  async sendFullTemplate(member: Member, facts: RoomFacts, templateId: string): Promise<Outcome<number>> {
    return this.kernel.entered(member, facts, (stored) => this.templates.sendFull(stored, templateId));
  }

  async withdrawTemplate(templateId: string): Promise<boolean> {
    return this.templates.withdraw(templateId);
  }

  // ---- search, recap, follow-up, import, push -----------------------------------------------

  async search(member: Member, text: string): Promise<Outcome<ChatSearchHit[]>> {
    return this.kernel.admitted(member, () => ok(this.chatSearch.find(text)));
  }

  async recap(member: Member): Promise<Outcome<RoomRecap>> {
    return this.kernel.admitted(member, () => ok(this.recaps.of(member.id)));
  }

  async followUp(member: Member, facts: RoomFacts): Promise<Outcome<FollowUp>> {
    return this.kernel.entered(member, facts, (stored) => this.followUps.for(stored));
  }

  async importMembers(facts: RoomFacts, members: Member[]): Promise<void> {
    this.kernel.configure(facts);
    this.imports.members(members);
  }

  async importMessage(facts: RoomFacts, sender: Member, input: ImportedMessage): Promise<Outcome<ChatMessage>> {
    this.kernel.configure(facts);
    return this.imports.message(sender, input);
  }

  // ---- live video (features/live) -----------------------------------------------------------

  async liveInputFor(member: Member, facts: RoomFacts): Promise<Outcome<{ inputId: string | null }>> {
    return this.kernel.entered(member, facts, (stored) => this.live.inputFor(stored));
  }

  async startLive(member: Member, facts: RoomFacts, input: { inputId: string; playbackUrl: string }, partyName: string): Promise<Outcome<LiveState>> {
    return this.kernel.entered(member, facts, (stored) => this.live.start(stored, input, partyName));
  }

  async livePlayback(member: Member): Promise<Outcome<{ inputId: string; playbackUrl: string; live: LiveState }>> {
    return this.kernel.admitted(member, () => this.live.playing());
  }

  async stopLive(member: Member, facts: RoomFacts, caption: string): Promise<Outcome<LiveState>> {
    return this.kernel.entered(member, facts, (stored) => this.live.stop(stored, caption));
  }

  async allowHostsLive(member: Member, facts: RoomFacts, allowed: boolean): Promise<Outcome<LiveState>> {
    return this.kernel.entered(member, facts, (stored) => this.live.allowHosts(stored, allowed));
  }

  async exportPage(afterSeq: number, limit: number): Promise<RoomExportPage> {
    return this.exports.page(afterSeq, limit);
  }

  async exportOf(senders: string[], afterSeq: number, limit: number): Promise<GuestExportPage> {
    return this.exports.pageOf(senders, afterSeq, limit);
  }

  async fileReport(member: Member, facts: RoomFacts, input: NewReport): Promise<Outcome<ReportFiled>> {
    return this.kernel.entered(member, facts, (stored) => this.abuse.file(stored, input));
  }

  async reports(member: Member, facts: RoomFacts): Promise<Outcome<PartyReport[]>> {
    return this.kernel.entered(member, facts, (stored) => this.abuse.list(stored));
  }

  async reportTarget(member: Member, facts: RoomFacts, reportId: string): Promise<Outcome<ReportTarget>> {
    return this.kernel.entered(member, facts, (stored) => this.abuse.target(stored, reportId));
  }

  async resolveReport(member: Member, facts: RoomFacts, reportId: string, action: ReportAction): Promise<Outcome<null>> {
    return this.kernel.entered(member, facts, (stored) => this.abuse.resolve(stored, reportId, action));
  }

  async pushSubscribed(memberId: string): Promise<void> {
    this.push.subscribed(memberId);
  }

  /** Resolves once the Queue has every push job enqueued so far (features/push.ts); the workers tests wait for it before an eviction. */
  async enqueued(): Promise<void> {
    await this.push.enqueued();
  }
}
