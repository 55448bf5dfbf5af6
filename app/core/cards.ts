/**
 * Product cards and polls in the chat (ADR 044): `product` and `poll` messages whose text is the
 * card as JSON, and the tallies of the choices members make on them. The party page's first load
 * carries only this (a pure leaf module, vite.config.ts PURE_FIRST_LOAD); reading a card's text is
 * card-text.ts, which comes with the first card; the schemas that check what a manager sends are
 * card-schemas.ts.
 *
 * A product card is a one-option poll: "I want this" is option 0. Both keep their choices in one
 * table of the party's room (durable-objects/features/cards.ts), so "who wanted what" and "who voted how"
 * are one query each.
 */

export const CARD_TYPES = ['product', 'poll', 'booking', 'team'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export function isCardType(type: string): type is CardType {
  return (CARD_TYPES as readonly string[]).includes(type);
}

/**
 * The two leads of the direct-sales growth loop (ADR 059): "host your own party" (`booking`) and
 * "join the team" (`team`). Each is a one-option card like a product: "I'd like that" is option 0.
 */
export const LEAD_TYPES = ['booking', 'team'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export function isLeadType(type: string): type is LeadType {
  return (LEAD_TYPES as readonly string[]).includes(type);
}

/** A lead card's text: the consultant's own words (its headline is the reader's language's). */
export interface LeadCard {
  text: string;
}

/** The currencies a price may be in (card-text.ts lists them); amounts are kept in minor units (cents) as integers. */
export type Currency = 'EUR' | 'CHF' | 'GBP' | 'USD';

export interface Price {
  /** Minor units: 1990 is 19.90. */
  amount: number;
  currency: Currency;
}

/** A product card's text; its photo is the message's file (a library image). */
export interface ProductCard {
  title: string;
  price: Price | null;
  /** The consultant's shop: an https address. */
  link: string | null;
}

/** A poll as everyone sees it: a quiz's answer stays in the room until the poll closes. */
export interface PollCard {
  question: string;
  options: string[];
  multiple: boolean;
  quiz: boolean;
}

/** A poll as the manager prepares it (in a template or the party's dialog): with a quiz's answer. */
export interface PollDefinition {
  question: string;
  options: string[];
  multiple: boolean;
  /** The correct options' indexes (a quiz), or null for a poll without an answer. */
  correct: number[] | null;
}

/**
 * The state of one card's choices as a member sees it. `counts` per option (a product has one);
 * `mine` the reader's own choice; `who` every member's choice, for the manager only; `correct`
 * once a quiz is closed.
 */
export interface CardTally {
  messageId: string;
  counts: number[];
  closed: boolean;
  correct: number[] | null;
  mine?: number[];
  who?: Record<string, number[]>;
}

/** The room's word on cards: one card's tally, or (after a join) every card's. */
export type CardTallyEvent = { type: 'cardTally'; tally: CardTally } | { type: 'cardTallies'; tallies: CardTally[] };

export function applyCardEvent(tallies: Record<string, CardTally>, event: CardTallyEvent): Record<string, CardTally> {
  const next = { ...tallies };
  const incoming = event.type === 'cardTally' ? [event.tally] : event.tallies;
  for (const tally of incoming) next[tally.messageId] = { ...tallies[tally.messageId], ...tally };
  return next;
}

/** Whether the reader's choice is the one she asked for (the room confirmed it). */
export function sameChoice(a: readonly number[] | undefined, b: readonly number[]): boolean {
  const left = [...(a ?? [])].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

const CARD_ICONS: Record<CardType, string> = { product: '🛍️', poll: '📊', booking: '🎉', team: '🤝' };

/** A card in one line, for previews, reply quotes and notifications: its title or question. */
export function cardLine(messageType: CardType, text: string): string {
  const icon = CARD_ICONS[messageType];
  try {
    const card = JSON.parse(text) as { title?: unknown; question?: unknown; text?: unknown } | null;
    const line = messageType === 'product' ? card?.title : messageType === 'poll' ? card?.question : card?.text;
    return typeof line === 'string' ? `${icon} ${line}` : icon;
  } catch {
    return icon;
  }
}
