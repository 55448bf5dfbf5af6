import { parseProductCard } from '#core/card-text';
import type { RecapProduct, RoomRecap } from '#core/recap';
import type { Feature } from '../kernel/feature';
import type { Room } from '../kernel/room';
import type { CardStore } from './cards';

/**
 * One member's recap (ADR 046): the product cards she wanted, read from the choices the room keeps
 * (durable-objects/cards.ts `interests()`), and the party's headings. A card deleted from the chat
 * is left out, as is a heading deleted: the recap shows what the party still shows.
 */
export class Recaps implements Feature {
  readonly name = 'recap';

  constructor(
    private readonly room: Room,
    private readonly cards: CardStore,
  ) {}

  of(memberId: string): RoomRecap {
    const products: RecapProduct[] = [];
    for (const interest of this.cards.interests()) {
      if (interest.memberId !== memberId) continue;
      const message = this.room.store.findById(interest.messageId);
      const card = message && !message.deleted ? parseProductCard(message.message) : null;
      if (!message || !card) continue;
      products.push({ messageId: message.id, card, photo: message.mediaAttachment ?? null, wantedAt: interest.at });
    }
    const leads = [
      ...new Set(
        this.cards
          .leads()
          .filter((lead) => lead.memberId === memberId && this.room.store.findById(lead.messageId)?.deleted === false)
          .map((lead) => lead.kind),
      ),
    ];
    return { products, leads, headings: this.room.store.headings().filter((heading) => !heading.deleted) };
  }
}
