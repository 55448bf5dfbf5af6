import type { ChatMessage, Member } from '#core/protocol';
import { fullName } from '#core/text';
import type { ImportedMessage, Outcome } from '../contract';
import type { Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';

/**
 * An older account's party copied into this room (worker/services/import.ts, ADR 042). Its guests
 * join without the notice a join leaves in the chat, and its messages keep their own times: what
 * is copied happened then, not now. Nobody is notified of a copied message; open pages see it come.
 */

export class Import implements Feature {
  readonly name = 'import';

  constructor(private readonly room: Room) {}

  /** The party's guests as members, without a join notice each. */
  members(members: Member[]): void {
    const store = this.room.store;
    for (const member of members) if (!store.members.has(member.id)) store.upsertMember(member);
  }

  /**
   * Appends a copied message once: its id is derived from the older one, so a second call finds it
   * and adds nothing. A reply to a message that was not copied (left out as empty) is a plain message.
   */
  message(sender: Member, input: ImportedMessage): Outcome<ChatMessage> {
    const room = this.room;
    const existing = room.store.findById(input.id);
    if (existing) return { ok: true, value: existing };
    const member = room.store.members.get(sender.id) ?? room.store.upsertMember(sender);
    let message = room.store.appendMessage({
      id: input.id,
      tempId: null,
      sender: member.id,
      senderType: member.role === 'manager' ? 'manager' : 'guest',
      senderName: fullName(member),
      messageType: input.messageType,
      message: input.message,
      replyingTo: input.replyingTo && room.store.findById(input.replyingTo) ? input.replyingTo : null,
      timestamp: input.timestamp,
      ...input.media,
    });
    room.broadcast({ type: 'newMessage', seq: message.seq, message });
    const change = input.deleted
      ? room.store.deleteMessages([message], input.editedAt ?? input.timestamp)[0]
      : input.editedAt !== null
        ? room.store.editMessage(message, message.message, input.editedAt)
        : undefined;
    if (change) {
      message = change.message;
      room.broadcast({ type: 'updatedMessage', seq: change.seq, message });
    }
    room.scheduleMirror();
    return { ok: true, value: message };
  }
}
