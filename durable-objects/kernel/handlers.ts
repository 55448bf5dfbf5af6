import type { MessageMedia } from '#core/chat-media';
import { MEDIA_MESSAGE_KINDS, claimsAgree, isMediaMessageType } from '#core/chat-media';
import type { ErrorCode } from '#core/errors';
import { LIMITS } from '#core/limits';
import { isExpired } from '#core/party';
import type { Action, Actor, PartyState } from '#core/permissions';
import { can } from '#core/permissions';
import type { ChatMessage, ClientEvent, Member, MessageType, PartySnapshot, ServerEvent } from '#core/protocol';
import { PROTOCOL_VERSION } from '#core/protocol';
import { MARKERS, markerOf } from '#core/markers';
import { fullName, isCleanText } from '#core/text';
import { ROSTER, firstPage, rosterMode, rosterOrder } from '#core/roster';
import type { Outcome, SendInput } from '../contract';
import type { NewMessage, RoomStore, StoredMember } from './store';
import type { SocialStore } from '../features/social';
import { pin, react, socialWelcome, unpinDeleted } from '../features/social';
import type { CardStore } from '../features/cards';
import { handleCardEvent, isCardEvent, prepareCard, tallies } from '../features/cards';
import type { RaffleStore } from '../features/raffle';
import { handleRaffleEvent } from '../features/raffle';

/**
 * What happens for each client event. The PartyRoom class stays a thin lifecycle shell; these
 * functions hold the rules. The sender and role always come from the room's own record of the
 * connection, never from the frame.
 */
export interface Room {
  store: RoomStore;
  /** Reactions and the pinned message (durable-objects/social.ts). */
  social: SocialStore;
  /** Product cards' and polls' choices (durable-objects/cards.ts). */
  cards: CardStore;
  /** The raffle's draws (durable-objects/raffle.ts). */
  raffles: RaffleStore;
  now(): number;
  send(ws: WebSocket, event: ServerEvent): void;
  /** Sends one serialised frame to every joined socket except `except`. */
  broadcast(event: ServerEvent, except?: WebSocket): void;
  isOnline(memberId: string): boolean;
  onlineCount(): number;
  /** Marks a socket as joined (`batch`: its client applies batch frames); presence tells the others. */
  markJoined(ws: WebSocket, batch: boolean): void;
  /** A member's seen moved: the next presence frame carries it (to the manager and the member). */
  seenMoved(memberId: string, seq: number): void;
  scheduleMirror(): void;
  /** D1 owns memberships: a rename is written there too. */
  persistName(member: Member): void;
  /** Sends to every joined socket of one member (the manager's devices). */
  sendToMember(memberId: string, event: ServerEvent): void;
  /** A duty of the alarm changed (the autoplay): sets the alarm to the earliest one. */
  rearm(): void;
  /** Hands a new message to Web Push for the members without an open socket; never waits for it. */
  notify(message: ChatMessage): void;
}

const fail = (code: ErrorCode) => ({ ok: false, code }) as const;

export function partyState(store: RoomStore, now: number): PartyState {
  const facts = store.facts;
  return { restrictedMessaging: facts?.restrictedMessaging ?? false, expired: isExpired(facts?.expiresAt ?? null, now) };
}

function actorOf(member: StoredMember): Actor {
  return { id: member.id, role: member.role };
}

export function allowed(room: Room, member: StoredMember, action: Action): boolean {
  return can(actorOf(member), action, partyState(room.store, room.now()));
}

/** Why an action was refused, in the words the client shows. */
export function refusal(room: Room): ErrorCode {
  const state = partyState(room.store, room.now());
  if (state.expired) return 'partyExpired';
  if (state.restrictedMessaging) return 'restricted';
  return 'forbidden';
}

export function publicMember(member: StoredMember): Member {
  return { id: member.id, firstName: member.firstName, lastName: member.lastName, role: member.role };
}

/** The online ones among members sent to a reader (a welcome's roster, a page of it). */
function onlineAmong(room: Room, members: Member[]): string[] {
  return members.flatMap((member) => (room.isOnline(member.id) ? [member.id] : []));
}

/**
 * The room as one member sees it on joining (ADR 035): the manager gets everyone with their seen
 * (her receipts); in a small room everyone gets everyone; in a large one a guest gets the first
 * page and the counts. Seen is the reader's own unless she is the manager. A client without the
 * compact protocol gets everyone and every seen, as the product's protocol has it.
 */
export function snapshot(room: Room, me: StoredMember, compact: boolean): PartySnapshot {
  const memberCount = room.store.activeCount();
  const whole = me.role === 'manager' || !compact;
  const roster = whole ? 'full' : rosterMode(memberCount);
  const listed = roster === 'full' ? room.store.activeMembers() : firstPage(room.store.members, room.store.lastWrote, me.id);
  const members = listed.map(publicMember);
  const seen: Record<string, number> = whole ? Object.fromEntries(listed.map((member) => [member.id, member.seenSeq])) : { [me.id]: me.seenSeq };
  return {
    partyId: room.store.facts?.partyId ?? '',
    me: publicMember(me),
    members,
    online: onlineAmong(room, members),
    memberCount,
    onlineCount: room.onlineCount(),
    roster,
    restrictedMessaging: room.store.facts?.restrictedMessaging ?? false,
    expired: partyState(room.store, room.now()).expired,
    seen,
    seq: room.store.seq,
  };
}

const CLIENT_TYPES: ReadonlySet<MessageType> = new Set([
  'text',
  'heading',
  'heading2',
  'heading3',
  'photo',
  'video',
  'voice',
  'audio',
  'document',
  'product',
  'poll',
]);
const TRUSTED_TYPES: ReadonlySet<MessageType> = new Set([...CLIENT_TYPES, 'profile']);

/**
 * Stores a message once and tells everyone but `from` (the sender's socket, which gets an ack).
 * A repeat with the same tempId returns the original (`duplicate`) and tells nobody, whatever the
 * room would say to it now (a resend after a restriction, or with its file's offer spent); the same
 * tempId with another body is refused. Socket and API share this, so they cannot drift apart.
 */
export function sendMessage(
  room: Room,
  member: StoredMember,
  input: SendInput,
  from?: WebSocket,
  trusted = false,
): Outcome<{ message: ChatMessage; duplicate: boolean }> {
  // A card's text is stored as everyone may read it (a quiz's answer stays with the room, cards.ts).
  const card = prepareCard(input.messageType, input.message);
  if (!card.ok) return card;
  const text = card.card ? card.card.text : input.message;
  const media = admissible(room, member, input, trusted);
  if (!media.ok) return repeated(room, member, input, text) ?? media;
  const message = append(
    room,
    member,
    {
      tempId: input.tempId,
      messageType: input.messageType,
      message: text,
      replyingTo: input.replyingTo ?? null,
      forwarded: trusted && input.forwarded === true,
      fromTemplate: trusted && input.fromTemplate === true,
      ...media.value,
    },
    from,
  );
  // Not stored: the sender has used this tempId already.
  if (!message) return repeated(room, member, input, text) ?? fail('tempIdConflict');
  if (card.card) room.cards.create(message.id, card.card);
  return { ok: true, value: { message, duplicate: false } };
}

/** What the sender stored before under this tempId: the same message again, or a conflict; null if none. */
function repeated(room: Room, member: StoredMember, input: SendInput, text: string): Outcome<{ message: ChatMessage; duplicate: true }> | null {
  const existing = input.tempId ? room.store.findByTempId(member.id, input.tempId) : null;
  if (!existing) return null;
  const same =
    existing.messageType === input.messageType &&
    existing.message === text &&
    existing.replyingTo === (input.replyingTo ?? null) &&
    (existing.mediaAttachment ?? null) === (input.media?.mediaAttachment ?? input.mediaAttachment ?? null);
  return same ? { ok: true, value: { message: existing, duplicate: true } } : fail('tempIdConflict');
}

/** Whether the member may send this message now, and its file (none for other types). */
function admissible(room: Room, member: StoredMember, input: SendInput, trusted: boolean): Outcome<MessageMedia | Record<string, never>> {
  if (!allowed(room, member, { type: 'sendMessage', messageType: input.messageType })) return fail(refusal(room));
  // The schemas check this at the door; this guards the trusted paths (forwarding) too, and so
  // keeps marker texts for the room alone.
  if (!isCleanText(input.message)) return fail('invalidText');
  // Profile cards are built by the Worker from the manager's own profile (a trusted call). Clients
  // send text, headings and media.
  if (!(trusted ? TRUSTED_TYPES : CLIENT_TYPES).has(input.messageType)) return fail('invalidInput');
  const media = mediaFor(room, member, input, trusted);
  if (!media.ok || !input.replyingTo) return media;
  const target = room.store.findById(input.replyingTo);
  if (!target) return fail('messageNotFound');
  return allowed(room, member, { type: 'replyTo', message: target }) ? media : fail('forbidden');
}

/**
 * The file of a media message (none for other types). The room knows only files the Worker
 * offered, each to one member: it checked the library or stored the upload. What the client says
 * of the file must agree; the stored fields are the room's own. Forwarding (trusted) brings the
 * file as the source party stored it.
 */
function mediaFor(room: Room, member: StoredMember, input: SendInput, trusted: boolean): Outcome<MessageMedia | Record<string, never>> {
  if (!isMediaMessageType(input.messageType)) {
    const named = input.mediaAttachment ?? input.media ?? input.mediaAttachmentType ?? input.mediaExtension ?? input.mediaAttachmentOwner;
    return named === undefined || named === null ? { ok: true, value: {} } : fail('invalidInput');
  }
  const kind = MEDIA_MESSAGE_KINDS[input.messageType];
  if (trusted && input.media) return input.media.mediaAttachmentType === kind ? { ok: true, value: input.media } : fail('mediaTypeMismatch');
  if (!input.mediaAttachment) return fail('invalidInput');
  const offered = room.store.findAttachment(input.mediaAttachment);
  if (!offered || offered.memberId !== member.id) return fail('mediaNotFound');
  const { memberId: _memberId, ...media } = offered;
  if (media.mediaAttachmentType !== kind) return fail('mediaTypeMismatch');
  if (!claimsAgree(input, media)) return fail('invalidInput');
  return { ok: true, value: media };
}

/**
 * Stores a message in the member's name and tells everyone but `from`; null (nothing stored, nobody
 * told) when the member has used its tempId already.
 */
export function append(
  room: Room,
  member: StoredMember,
  input: Pick<NewMessage, 'tempId' | 'messageType' | 'message' | 'replyingTo' | 'forwarded' | 'fromTemplate'> & Partial<MessageMedia>,
  from?: WebSocket,
): ChatMessage | null {
  const message = room.store.appendMessage({
    ...input,
    id: crypto.randomUUID(),
    sender: member.id,
    senderType: member.role === 'manager' ? 'manager' : 'guest',
    senderName: fullName(member),
    timestamp: room.now(),
  });
  if (!message) return null;
  room.scheduleMirror();
  room.broadcast({ type: 'newMessage', seq: message.seq, message }, from);
  room.notify(message);
  return message;
}

/** A new guest's arrival, kept in the conversation as a notice (a marker message). */
export function announceJoin(room: Room, member: StoredMember): void {
  append(room, member, { tempId: null, messageType: 'text', message: MARKERS.guestJoined, replyingTo: null });
}

/** Changes a message's text and tells everyone. */
export function editMessage(room: Room, member: StoredMember, messageId: string, text: string): Outcome<{ seq: number; message: ChatMessage }> {
  const target = room.store.findById(messageId);
  if (!target) return fail('messageNotFound');
  if (!allowed(room, member, { type: 'editMessage', message: target })) return fail(target.sender === member.id ? refusal(room) : 'forbidden');
  // A photo's caption may go; a text or a heading is never left empty.
  if (text === '' && !isMediaMessageType(target.messageType)) return fail('messageEmpty');
  const change = room.store.editMessage(target, text, room.now());
  room.broadcast({ type: 'updatedMessage', seq: change.seq, message: change.message });
  return { ok: true, value: change };
}

/**
 * Deletes all the given messages or none (each must exist and be deletable), and tells everyone.
 * `erase` (fullDelete) leaves no placeholder: the message becomes the `erased` marker, which the
 * pages do not show; it is the manager's alone, and may also erase a placeholder.
 */
export function deleteMessages(room: Room, member: StoredMember, ids: string[], erase = false): Outcome<{ seq: number; message: ChatMessage }[]> {
  const targets: ChatMessage[] = [];
  for (const id of new Set(ids)) {
    const target = room.store.findById(id);
    if (!target) return fail('messageNotFound');
    if (erase) {
      if (markerOf(target) === 'erased') continue;
      if (!allowed(room, member, { type: 'eraseMessage', message: target })) return fail(member.role === 'manager' ? refusal(room) : 'forbidden');
      targets.push(target);
      continue;
    }
    if (target.deleted) continue;
    // One's own message, or a moderator's action: the party's state is the reason (expired);
    // someone else's message for a plain guest: not theirs to delete.
    if (!allowed(room, member, { type: 'deleteMessage', message: target }))
      return fail(target.sender === member.id || member.role !== 'guest' ? refusal(room) : 'forbidden');
    targets.push(target);
  }
  const changes = room.store.deleteMessages(targets, room.now(), erase ? MARKERS.erased : null);
  // The mirror lets go of files no message shows any more (PartyRoom releaseMedia).
  if (targets.some((target) => target.mediaAttachment)) room.scheduleMirror();
  for (const change of changes) room.broadcast({ type: 'updatedMessage', seq: change.seq, message: change.message });
  unpinDeleted(
    room,
    targets.map((target) => target.id),
  );
  return { ok: true, value: changes };
}

/** Per-connection token bucket: a burst, then a steady rate. */
export class SendLimiter {
  private tokens: number = LIMITS.sendBurst;
  private last: number;
  constructor(now: number) {
    this.last = now;
  }
  take(now: number): boolean {
    this.tokens = Math.min(LIMITS.sendBurst, this.tokens + ((now - this.last) / 1000) * LIMITS.sendPerSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export function handleEvent(room: Room, ws: WebSocket, member: StoredMember, event: ClientEvent, joined: boolean): void {
  if (!joined && event.type !== 'join') {
    room.send(ws, { type: 'error', code: 'notMember' });
    return;
  }
  switch (event.type) {
    case 'join': {
      if (event.protocolVersion !== PROTOCOL_VERSION) {
        room.send(ws, { type: 'error', code: 'protocolVersion' });
        return;
      }
      room.markJoined(ws, event.batch === true);
      const lastSeq = event.lastSeq ?? null;
      const seq = room.store.seq;
      // A resume from a seq the room never had, or from too far back, gets a fresh snapshot.
      const replay = lastSeq !== null && lastSeq <= seq && seq - lastSeq <= LIMITS.replayMax;
      const page = replay ? { messages: [], hasMore: false } : room.store.page(undefined);
      room.send(ws, {
        type: 'welcome',
        protocolVersion: PROTOCOL_VERSION,
        mode: replay ? 'replay' : 'snapshot',
        messages: page.messages,
        hasMore: page.hasMore,
        events: replay ? room.store.eventsAfter(lastSeq) : [],
        headings: replay ? [] : room.store.headings(),
        ...snapshot(room, member, event.batch === true),
      });
      // The manager's device (a reload, a second one) continues where the played template is.
      if (member.role === 'manager') room.send(ws, { type: 'appliedTemplate', applied: room.store.applied });
      for (const social of socialWelcome(room, member)) room.send(ws, social);
      const cards = tallies(room, member);
      if (cards.length > 0) room.send(ws, { type: 'cardTallies', tallies: cards });
      return;
    }
    case 'iAmOnline':
      // A heartbeat: the answer tells the client its connection is alive.
      room.send(ws, { type: 'iAmOnline', memberId: member.id });
      return;
    case 'sendMessage': {
      const result = sendMessage(room, member, { ...event, message: event.message ?? '' }, ws);
      if (!result.ok) {
        room.send(ws, { type: 'error', code: result.code, tempId: event.tempId });
        return;
      }
      const { message } = result.value;
      room.send(ws, { type: 'ack', tempId: event.tempId, seq: message.seq, message });
      return;
    }
    case 'updateMessage': {
      const result = editMessage(room, member, event.messageId, event.message);
      if (!result.ok) room.send(ws, { type: 'error', code: result.code });
      return;
    }
    case 'updateSeen': {
      // Seen only moves forward and never past what exists.
      const seq = Math.min(event.seq, room.store.seq);
      if (seq <= member.seenSeq) return;
      room.store.setSeen(member.id, seq);
      room.seenMoved(member.id, seq);
      // The dashboard shows the manager's unread marker from D1.
      if (member.role === 'manager') room.scheduleMirror();
      return;
    }
    case 'guestUpdate': {
      if (!allowed(room, member, { type: 'changeOwnName' })) {
        room.send(ws, { type: 'error', code: member.role !== 'manager' && partyState(room.store, room.now()).expired ? 'partyExpired' : 'forbidden' });
        return;
      }
      const renamed = room.store.upsertMember({ ...publicMember(member), firstName: event.firstName, lastName: event.lastName });
      room.persistName(renamed);
      room.broadcast({ type: 'guestUpdate', member: publicMember(renamed) });
      return;
    }
    case 'members': {
      const order = rosterOrder(room.store.activeMembers());
      const members = order.slice(event.offset, event.offset + ROSTER.page).map(publicMember);
      room.send(ws, {
        type: 'members',
        offset: event.offset,
        memberCount: order.length,
        members,
        online: onlineAmong(room, members),
      });
      return;
    }
    case 'react':
    case 'pin': {
      const result = event.type === 'react' ? react(room, member, event.messageId, event.emoji, event.on) : pin(room, member, event.messageId);
      if (!result.ok) room.send(ws, { type: 'error', code: result.code });
      return;
    }
    case 'drawRaffle':
      handleRaffleEvent(room, ws, member, event);
      return;
    default: {
      if (isCardEvent(event)) {
        handleCardEvent(room, ws, member, event);
        return;
      }
      const unreachable: never = event;
      return unreachable;
    }
  }
}
