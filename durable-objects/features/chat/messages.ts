import type { MessageMedia } from '#core/chat-media';
import { MEDIA_MESSAGE_KINDS, claimsAgree, isMediaMessageType } from '#core/chat-media';
import { MARKERS, markerOf } from '#core/markers';
import type { ChatMessage, MessageType } from '#core/protocol';
import { isCleanText } from '#core/text';
import type { Outcome, SendInput } from '../../contract';
import type { Room } from '../../kernel/room';
import { allowed, fail, refusal } from '../../kernel/rules';
import type { StoredMember } from '../../kernel/store';

/**
 * The chat's rules: what a member may send, edit and delete. Socket and API share these, so they
 * cannot drift apart; the sender and role always come from the room's own record of the member.
 */

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
  'booking',
  'team',
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
  // A message of a feature's type is stored as it prepares it (a card's text as everyone may read
  // it: a quiz's answer stays with the room, features/cards.ts).
  const prepared = room.prepareMessage(input.messageType, input.message);
  if (!prepared.ok) return prepared;
  const text = prepared.value.text;
  const media = admissible(room, member, input, trusted);
  if (!media.ok) return repeated(room, member, input, text) ?? media;
  const message = room.append(
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
  prepared.value.stored?.(message);
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
  // The mirror lets go of files no message shows any more (features/chat/files.ts).
  if (targets.some((target) => target.mediaAttachment)) room.scheduleMirror();
  for (const change of changes) room.broadcast({ type: 'updatedMessage', seq: change.seq, message: change.message });
  room.deleted(targets.map((target) => target.id));
  return { ok: true, value: changes };
}
