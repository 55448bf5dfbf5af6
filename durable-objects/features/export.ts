import type { ExportCard, ExportContext, GuestExportMessage, GuestExportPage, RoomExportPage } from '#core/export';
import { EXPORT_CONTEXT_CHARS } from '#core/export';
import { markerOf } from '#core/markers';
import { truncate } from '#core/text';
import type { Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import type { CardStore } from './cards';
import type { SocialStore } from './social';

/**
 * What the export job reads of the party (ADR 062), a page at a time so no call holds a long party
 * whole: the manager's export gets the whole log with reactions, cards and every member's choice
 * and read mark; a guest's gets only her own messages, each with its context line. The Worker
 * decides who asks (worker/services/export); the room answers what the party holds.
 */
export class Exports implements Feature {
  readonly name = 'export';

  constructor(
    private readonly room: Room,
    private readonly social: SocialStore,
    private readonly cards: CardStore,
  ) {}

  page(afterSeq: number, limit: number): RoomExportPage {
    const { messages, hasNewer } = this.room.store.pageAfter(afterSeq, limit);
    const ids = new Set(messages.map((message) => message.id));
    const reactions: RoomExportPage['reactions'] = {};
    for (const group of this.social.all()) {
      if (!ids.has(group.messageId)) continue;
      (reactions[group.messageId] ??= {})[group.emoji] = [...group.who].sort();
    }
    const cards: ExportCard[] = [];
    for (const message of messages) {
      const card = this.cards.find(message.id);
      if (!card) continue;
      cards.push({
        messageId: card.messageId,
        kind: card.kind,
        multiple: card.multiple,
        correct: card.correct,
        closedAt: card.closedAt,
        choices: Object.fromEntries(this.cards.choices(card.messageId)),
      });
    }
    const members =
      afterSeq === 0
        ? [...this.room.store.members.values()].map(({ id, firstName, lastName, role, removed, seenSeq }) => ({
            id,
            firstName,
            lastName,
            role,
            removed,
            seenSeq,
          }))
        : [];
    return { members, messages, reactions, cards, lastSeq: messages.at(-1)?.seq ?? afterSeq, hasMore: hasNewer };
  }

  /** Her messages (`senders`: her identities in this party) with their context lines. */
  pageOf(senders: readonly string[], afterSeq: number, limit: number): GuestExportPage {
    const { messages, hasNewer } = this.room.store.pageBy(senders, afterSeq, limit);
    const own = new Set(senders);
    // Her own words: a notice stored under her name (her arrival) is the room's, not a message of hers.
    const lines: GuestExportMessage[] = messages
      .filter((message) => markerOf(message) === null)
      .map((message) => ({ message, context: this.contextOf(message.replyingTo, own) }));
    const first = afterSeq === 0;
    return {
      messages: lines,
      choices: first ? this.choicesOf(own) : [],
      reactions: first ? this.reactionsOf(own) : [],
      lastSeq: messages.at(-1)?.seq ?? afterSeq,
      hasMore: hasNewer,
    };
  }

  /** A line about another message: its text shortened, and by whom only when that says nothing of another guest. */
  private contextOf(messageId: string | null, own: ReadonlySet<string>): ExportContext | null {
    const target = messageId ? this.room.store.findById(messageId) : null;
    if (!target) return null;
    const by = own.has(target.sender) ? 'self' : target.senderType === 'manager' ? 'manager' : 'guest';
    return { text: target.deleted ? '' : truncate(target.message, EXPORT_CONTEXT_CHARS), by, managerName: by === 'manager' ? target.senderName : null };
  }

  private choicesOf(own: ReadonlySet<string>): GuestExportPage['choices'] {
    const mine: GuestExportPage['choices'] = [];
    for (const card of this.cards.all()) {
      for (const [memberId, options] of this.cards.choices(card.messageId)) {
        const target = own.has(memberId) ? this.room.store.findById(card.messageId) : null;
        if (target && !target.deleted) mine.push({ kind: card.kind, card: target.message, options });
      }
    }
    return mine;
  }

  private reactionsOf(own: ReadonlySet<string>): GuestExportPage['reactions'] {
    return this.social
      .all()
      .filter((group) => group.who.some((id) => own.has(id)))
      .map((group) => ({ emoji: group.emoji, context: this.contextOf(group.messageId, own) }));
  }
}
