import type { LeadType, ProductCard } from './cards';
import type { HeadingEntry } from './messages';
import type { ProfileCard } from './profile-card';

/**
 * A guest's recap of a party that ended (ADR 046): what she wanted, the headings the party went
 * through, and the consultant who held it, with her shop. Served to that guest alone
 * (`GET /api/parties/{id}/recap`), loaded by her page when the party is over.
 */

/** A product card she said "I want this" to, as the card was sent; `photo` is its library image. */
export interface RecapProduct {
  messageId: string;
  card: ProductCard;
  photo: string | null;
  /** Epoch ms when she chose it. */
  wantedAt: number;
}

/** What the party's room knows of her recap. */
export interface RoomRecap {
  products: RecapProduct[];
  /** What she said "I'd like that" to (ADR 059): hosting a party of her own, the team; each once. */
  leads: LeadType[];
  /** The table of contents without the deleted headings, in the party's order. */
  headings: HeadingEntry[];
}

/** The consultant's public card with her shop, the link the profile card alone does not carry. */
export type RecapConsultant = ProfileCard & { shopLink: string | null };

export interface Recap extends RoomRecap {
  title: string;
  consultant: RecapConsultant | null;
}
