import type { MessageMedia } from '#core/chat-media';
import type { ChatMessage } from '#core/protocol';
import { recordSummary } from '../../../worker/db/room-writes';
import type { HistoryPage, Outcome, RoomFacts, SendInput } from '../../contract';
import type { EventHandlers, Feature } from '../../kernel/feature';
import type { Room } from '../../kernel/room';
import { fail } from '../../kernel/rules';
import type { StoredMember } from '../../kernel/store';
import { forward, offerMedia, release } from './files';
import { deleteMessages, editMessage, sendMessage } from './messages';

/**
 * The chat: sending, editing and deleting messages by socket and API (messages.ts), the history's
 * pages, the files messages show (files.ts), and the dashboard's summary in D1. The log itself is
 * the kernel's (kernel/store.ts), as every feature reads it.
 */
export class Chat implements Feature {
  readonly name = 'chat';

  constructor(private readonly room: Room) {}

  readonly events: EventHandlers = {
    sendMessage: (ws, member, event) => {
      const result = sendMessage(this.room, member, { ...event, message: event.message ?? '' }, ws);
      if (!result.ok) {
        this.room.send(ws, { type: 'error', code: result.code, tempId: event.tempId });
        return;
      }
      const { message } = result.value;
      this.room.send(ws, { type: 'ack', tempId: event.tempId, seq: message.seq, message });
    },
    updateMessage: (ws, member, event) => {
      const result = editMessage(this.room, member, event.messageId, event.message);
      if (!result.ok) this.room.send(ws, { type: 'error', code: result.code });
    },
  };

  readonly rateLimited = ['sendMessage', 'updateMessage'] as const;

  /** The dashboard's summary, then the files no message shows any more (files.ts). */
  async mirror(facts: RoomFacts): Promise<void> {
    const store = this.room.store;
    // Notices (a guest joined) are not what was said: they neither become the latest message
    // nor make the party unread, so the seq is the latest message's, not the log's.
    const latest = store.latestMessage();
    await recordSummary(this.room.env.DB, facts.partyId, {
      latestSeq: latest?.seq ?? 0,
      latestAt: latest?.timestamp ?? null,
      latestSenderId: latest?.sender ?? null,
      latestSenderName: latest?.senderName ?? null,
      managerSeenSeq: store.members.get(facts.ownerUserId)?.seenSeq ?? 0,
    });
    try {
      await release(this.room, facts.partyId);
    } catch (error) {
      // The list stays in storage: the next mirror tries again (and the cron's cleanup finds
      // anything deleted but not collected).
      console.error('releasing media failed', error);
      this.room.scheduleMirror();
    }
  }

  history(before: number | undefined): HistoryPage {
    return { ...this.room.store.page(before), seq: this.room.store.seq };
  }

  /** A page around a seq (a jump to a heading far back) or after one (paging down from there). */
  historyWindow(at: { around: number } | { after: number }): HistoryPage & { hasNewer: boolean } {
    const store = this.room.store;
    if ('around' in at) return { ...store.pageAround(at.around), seq: store.seq };
    const page = store.pageAfter(at.after);
    const first = page.messages[0];
    return { ...page, hasMore: first ? store.hasBefore(first.seq) : false, seq: store.seq };
  }

  /** A message through the API, at the member's send rate. `trusted`: the Worker built it (a profile card). */
  post(member: StoredMember, input: SendInput, trusted: boolean): Outcome<{ message: ChatMessage; duplicate: boolean }> {
    if (!this.room.takeSend(member.id)) return fail('rateLimited');
    return sendMessage(this.room, member, input, undefined, trusted);
  }

  /** The Worker vouches for a file: from now on `member` may send it in a message (files.ts). */
  offer(member: StoredMember, media: MessageMedia): Promise<Outcome<MessageMedia>> {
    return offerMedia(this.room, member, media);
  }

  /** Several messages from one trusted call (forwarding), each marked as forwarded (files.ts). */
  forward(member: StoredMember, inputs: SendInput[]): Promise<Outcome<number>> {
    return forward(this.room, member, inputs);
  }

  edit(member: StoredMember, messageId: string, text: string): Outcome<ChatMessage> {
    const result = editMessage(this.room, member, messageId, text);
    return result.ok ? { ok: true, value: result.value.message } : result;
  }

  delete(member: StoredMember, ids: string[], erase: boolean): Outcome<ChatMessage[]> {
    const result = deleteMessages(this.room, member, ids, erase);
    return result.ok ? { ok: true, value: result.value.map((change) => change.message) } : result;
  }

  /** Messages by id, in the party's order, for forwarding; unknown ids are an error. */
  messagesById(ids: string[]): Outcome<ChatMessage[]> {
    const found: ChatMessage[] = [];
    for (const id of new Set(ids)) {
      const message = this.room.store.findById(id);
      if (!message) return fail('messageNotFound');
      found.push(message);
    }
    return { ok: true, value: found.sort((a, b) => a.seq - b.seq) };
  }
}
