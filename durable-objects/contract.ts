import type { AppliedAction, AppliedTemplate } from '#core/applied-template';
import type { MessageMedia } from '#core/chat-media';
import type { ErrorCode } from '#core/errors';
import type { GuestExportPage, RoomExportPage } from '#core/export';
import type { ChatMessage, Member, MessageType } from '#core/protocol';
import type { FollowUp } from '#core/follow-up';
import type { LiveState } from '#core/live';
import type { RoomRecap } from '#core/recap';
import type { NewReport, PartyReport, ReportAction, ReportFiled } from '#core/reports';
import type { ChatSearchHit } from '#core/social';
import type { TemplateMessage } from '#core/templates';

/**
 * What the Worker may know of the party's room, and all it may import from durable-objects/
 * (ADR 025; test/unit/layers.test.ts keeps it so): the facts it hands the room, the shapes of its
 * calls and answers, and the headers of the socket hand-off. The room's implementation files import
 * these from here too, so a change to the contract is a change to this file.
 */

/** What the Worker tells the room about its party (D1 owns these; the room keeps a copy). */
export interface RoomFacts {
  partyId: string;
  ownerUserId: string;
  restrictedMessaging: boolean;
  /** Epoch ms; null never expires. */
  expiresAt: number | null;
  /** When the party starts (epoch ms), for its notification; absent from facts stored before it existed. */
  startAt?: number | null;
}

/** Every call of the room answers this: a value, or the error code the API answers with. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; code: ErrorCode };

/** A message the Worker asks the room to send (the API's `post`, forwarding's `postMany`). */
export interface SendInput {
  tempId: string | null;
  messageType: MessageType;
  /** The text, or a media message's caption (may be empty). */
  message: string;
  replyingTo?: string | null | undefined;
  /** Honoured on trusted calls only (the room's forwarding path); no client schema has it. */
  forwarded?: boolean | undefined;
  /** Honoured on trusted calls only (a template played into the party); no client schema has it. */
  fromTemplate?: boolean | undefined;
  /** A media message's file, by id: one the Worker offered to this member (`offerAttachment`). */
  mediaAttachment?: string | undefined;
  /** What the client says of the file: each, when given, must agree with what the room knows. */
  mediaAttachmentType?: string | undefined;
  mediaExtension?: string | null | undefined;
  mediaAttachmentOwner?: string | undefined;
  /** Trusted calls only (forwarding): the file as the source party's message has it. */
  media?: MessageMedia | undefined;
}

/**
 * Applying the template that is already applied: `restart` plays it again from its first message,
 * `continue` keeps where it was (durable-objects/template-play.ts).
 */
export type ApplyMode = 'restart' | 'continue';

/** The session a consultant's socket was opened with, as kept in its attachment (durable-objects/sessions.ts). */
export interface SocketSession {
  id: string;
  /** Epoch ms when the access token it was opened with expires. */
  expiresAt: number;
}

/**
 * Headers the Worker sets when it forwards an authorised WebSocket upgrade: the member and the
 * party's facts as D1 has them; or, for a socket a ticket vouches for (ADR 047), only the id of a
 * member the room knows (`known`), whom the room admits by its own copy or answers 409 (the Worker
 * then checks against D1). With either, the session the socket lives no longer than.
 */
export const ROOM_HEADER = { member: 'X-Salon-Member', facts: 'X-Salon-Facts', session: 'X-Salon-Session', known: 'X-Salon-Known' } as const;

/** Whom a forwarded upgrade is for: a member as D1 has her, with the party's facts; or a member the room knows (a ticket). */
export type SocketFor = { member: Member; facts: RoomFacts; session: SocketSession | null } | { known: string; session: SocketSession };

/** The upgrade the room receives: the client's request with our headers set, and none that it sent under our names. */
export function roomUpgrade(request: Request, socketFor: SocketFor): Request {
  const headers = new Headers(request.headers);
  for (const name of Object.values(ROOM_HEADER)) headers.delete(name);
  // Header values must be Latin-1; names may not be.
  const set = (name: string, value: unknown) => headers.set(name, encodeURIComponent(JSON.stringify(value)));
  if ('known' in socketFor) set(ROOM_HEADER.known, socketFor.known);
  else {
    set(ROOM_HEADER.member, socketFor.member);
    set(ROOM_HEADER.facts, socketFor.facts);
  }
  if (socketFor.session) set(ROOM_HEADER.session, socketFor.session);
  return new Request(request.url, { headers });
}

/**
 * A message of an older account's party, copied as it was there (worker/services/import.ts): its
 * id derived from the older one, its time, its reply already named by the copy's id, its edit or
 * deletion. Only the Worker's import sends it.
 */
export interface ImportedMessage {
  id: string;
  timestamp: number;
  messageType: MessageType;
  message: string;
  replyingTo: string | null;
  media?: MessageMedia;
  editedAt: number | null;
  deleted: boolean;
}

/** The follow-up list the room answers its manager with (app/core/follow-up.ts, ADR 045). */
export type { FollowUp };

/**
 * The room's calls, as the Worker's env binds it (worker/env.ts) and calls it by RPC: every call
 * the Worker may make, grouped by the feature behind it (durable-objects/features/). The class
 * (durable-objects/party-room.ts) implements this, so a call the Worker makes is declared here
 * first; its socket, alarm and test-only methods are not the Worker's business.
 */
export interface PartyRoomCalls extends Rpc.DurableObjectBranded {
  // ---- the party and its members (the kernel; features/members) ----
  /** Takes the party's current facts from D1; open sockets learn of a new restriction at once. */
  configure(facts: RoomFacts): Promise<void>;
  /** A member the Worker added (a guest's join), with the party's facts: a join is one call. */
  addMember(member: Member, facts?: RoomFacts): Promise<void>;
  /** Makes `target` the party's only host, judged by the room; answers once D1 records it. */
  makeHost(actor: Member, facts: RoomFacts, target: Member): Promise<Outcome<null>>;
  /** Removed (stays out) or left (may come back): either way their sockets close at once. */
  dropMember(memberId: string, how: 'removed' | 'left'): Promise<void>;
  /** How far the member has read (0: nothing, or unknown here). */
  seenSeqOf(memberId: string): Promise<number>;
  /** The socket's `updateSeen` over HTTP, by the same rule (features/presence): answers the member's seen seq after it. */
  markSeen(member: Member, facts: RoomFacts, at: { seq: number } | { timestamp: number }): Promise<Outcome<{ seq: number }>>;
  /** These sessions ended: their sockets close now, and their tickets open none. */
  endSessions(sessionIds: string[]): Promise<void>;
  /** Takes one password attempt for a client; false once its limit is used up. */
  beginPasswordAttempt(client: string): Promise<boolean>;
  passwordAccepted(client: string): Promise<void>;
  /** The party was deleted: tell everyone, close every socket, forget everything. */
  destroy(): Promise<void>;

  // ---- chat (features/chat) ----
  history(member: Member, before: number | undefined): Promise<Outcome<HistoryPage>>;
  /** A page around a seq (a jump to a heading far back) or after one (paging down from there). */
  historyWindow(member: Member, at: { around: number } | { after: number }): Promise<Outcome<HistoryPage & { hasNewer: boolean }>>;
  /** A message through the API. `trusted`: the Worker built it (a profile card), not the client. */
  post(member: Member, facts: RoomFacts, input: SendInput, trusted?: boolean): Promise<Outcome<{ message: ChatMessage; duplicate: boolean }>>;
  /** The Worker vouches for a file: from now on `member` may send it in a message. */
  offerMedia(member: Member, facts: RoomFacts, media: MessageMedia): Promise<Outcome<MessageMedia>>;
  edit(member: Member, facts: RoomFacts, messageId: string, text: string): Promise<Outcome<ChatMessage>>;
  deleteMessages(member: Member, facts: RoomFacts, ids: string[], erase?: boolean): Promise<Outcome<ChatMessage[]>>;
  /** Several messages from one trusted call (forwarding), each marked as forwarded. */
  postMany(member: Member, facts: RoomFacts, inputs: SendInput[]): Promise<Outcome<number>>;
  /** Messages by id, in the party's order, for forwarding; unknown ids are an error. */
  messagesById(member: Member, ids: string[]): Promise<Outcome<ChatMessage[]>>;

  // ---- a template played into the party (features/templates) ----
  appliedTemplate(member: Member, facts: RoomFacts): Promise<Outcome<AppliedTemplate | null>>;
  applyTemplate(
    member: Member,
    facts: RoomFacts,
    template: { id: string; title: string; messages: TemplateMessage[] },
    mode: ApplyMode | undefined,
  ): Promise<Outcome<AppliedTemplate>>;
  changeApplied(member: Member, facts: RoomFacts, action: AppliedAction): Promise<Outcome<{ applied: AppliedTemplate | null; message?: ChatMessage }>>;
  removeApplied(member: Member, facts: RoomFacts): Promise<Outcome<null>>;
  sendFullTemplate(member: Member, facts: RoomFacts, templateId: string): Promise<Outcome<number>>;
  /** Its owner took the template back: the applied copy, if it is this one, stops. */
  withdrawTemplate(templateId: string): Promise<boolean>;

  // ---- search, recap, follow-up, import, push ----
  /** The party's messages that match a search, best first. */
  search(member: Member, text: string): Promise<Outcome<ChatSearchHit[]>>;
  /** The member's recap of the party; the Worker decides who may ask. */
  recap(member: Member): Promise<Outcome<RoomRecap>>;
  /** The follow-up list: the manager's, also after the party. */
  followUp(member: Member, facts: RoomFacts): Promise<Outcome<FollowUp>>;
  /** An older account's party copied in: its guests, then its messages one by one. */
  importMembers(facts: RoomFacts, members: Member[]): Promise<void>;
  importMessage(facts: RoomFacts, sender: Member, input: ImportedMessage): Promise<Outcome<ChatMessage>>;

  // ---- live video (features/live, ADR 060) ----
  /** Whether `member` may go live now: the party's Stream live input, null before its first show. */
  liveInputFor(member: Member, facts: RoomFacts): Promise<Outcome<{ inputId: string | null }>>;
  /** The show starts on that live input (the party's, or the one the Worker just made for it). */
  startLive(member: Member, facts: RoomFacts, input: { inputId: string; playbackUrl: string }, partyName: string): Promise<Outcome<LiveState>>;
  /** The show on air and its live input, for a member's playback. */
  livePlayback(member: Member): Promise<Outcome<{ inputId: string; playbackUrl: string; live: LiveState }>>;
  /** The show stops; its recording comes into the library and the chat with `caption`. */
  stopLive(member: Member, facts: RoomFacts, caption: string): Promise<Outcome<LiveState>>;
  /** The manager lets the host go live, or not. */
  allowHostsLive(member: Member, facts: RoomFacts, allowed: boolean): Promise<Outcome<LiveState>>;
  /** The export job's pages (ADR 062): the whole log for its manager's, a guest's own messages (`senders`: her ids here) for hers. */
  exportPage(afterSeq: number, limit: number): Promise<RoomExportPage>;
  exportOf(senders: string[], afterSeq: number, limit: number): Promise<GuestExportPage>;
  /** Reports of abuse (ADR 064): one filed, the open ones the manager or host reads, one's target, one resolved. */
  fileReport(member: Member, facts: RoomFacts, input: NewReport): Promise<Outcome<ReportFiled>>;
  reports(member: Member, facts: RoomFacts): Promise<Outcome<PartyReport[]>>;
  reportTarget(member: Member, facts: RoomFacts, reportId: string): Promise<Outcome<{ memberId: string; messageId: string | null }>>;
  resolveReport(member: Member, facts: RoomFacts, reportId: string, action: ReportAction): Promise<Outcome<null>>;
  /** The member subscribed to push for this party. */
  pushSubscribed(memberId: string): Promise<void>;
}

/** A page of history and the party's latest seq when it was read. */
export interface HistoryPage {
  messages: ChatMessage[];
  hasMore: boolean;
  seq: number;
}
