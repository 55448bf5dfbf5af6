import { parseProductCard } from '#core/card-text';
import type { RecapProduct, RoomRecap } from '#core/recap';
import type { Room } from '../kernel/handlers';

/**
 * One member's recap (ADR 046): the product cards she wanted, read from the choices the room keeps
 * (durable-objects/cards.ts `interests()`), and the party's headings. A card deleted from the chat
 * is left out, as is a heading deleted: the recap shows what the party still shows.
 */
export function recapOf(room: Room, memberId: string): RoomRecap {
  const products: RecapProduct[] = [];
  for (const interest of room.cards.interests()) {
    if (interest.memberId !== memberId) continue;
    const message = room.store.findById(interest.messageId);
    const card = message && !message.deleted ? parseProductCard(message.message) : null;
    if (!message || !card) continue;
    products.push({ messageId: message.id, card, photo: message.mediaAttachment ?? null, wantedAt: interest.at });
  }
  return { products, headings: room.store.headings().filter((heading) => !heading.deleted) };
}
