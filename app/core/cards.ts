/**
 * Product cards and polls in the chat (ADR 044): `product` and `poll` messages whose text is the
 * card as JSON, and the tallies of the choices members make on them. Plain types and hand-checked
 * parsing, so the party page reads cards without loading the schema library (the schemas that
 * check what a manager sends are in card-schemas.ts).
 *
 * A product card is a one-option poll: "I want this" is option 0. Both keep their choices in one
 * table of the party's room (durable-objects/cards.ts), so "who wanted what" and "who voted how"
 * are one query each.
 */

export const CARD_TYPES = ['product', 'poll'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export function isCardType(type: string): type is CardType {
  return (CARD_TYPES as readonly string[]).includes(type);
}

/** The currencies a price may be in; amounts are kept in minor units (cents) as integers. */
export const CURRENCIES = ['EUR', 'CHF', 'GBP', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

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

export const CARD_LIMITS = {
  titleMax: 120,
  questionMax: 300,
  optionMax: 120,
  optionsMin: 2,
  optionsMax: 10,
  /** 1,000,000.00 in minor units. */
  amountMax: 100_000_000,
} as const;

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

/** What a member asks of a card: the whole intended choice, so a resent frame changes nothing. */
export type CardAction = { type: 'cardChoice'; messageId: string; options: number[] } | { type: 'closePoll'; messageId: string };

function record(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The card in a `product` message, or null when the text is not one (shown as a placeholder). */
export function parseProductCard(text: string): ProductCard | null {
  const value = record(text);
  if (!value || typeof value.title !== 'string') return null;
  const price = value.price as Record<string, unknown> | null | undefined;
  const validPrice =
    price == null || (typeof price === 'object' && typeof price.amount === 'number' && (CURRENCIES as readonly unknown[]).includes(price.currency));
  if (!validPrice || !(value.link == null || typeof value.link === 'string')) return null;
  return {
    title: value.title,
    price: price ? { amount: price.amount as number, currency: price.currency as Currency } : null,
    link: (value.link as string | null | undefined) ?? null,
  };
}

/** The poll in a `poll` message (or a template's definition, read as everyone sees it), or null. */
export function parsePollCard(text: string): PollCard | null {
  const value = record(text);
  if (!value || typeof value.question !== 'string' || !isStringArray(value.options) || typeof value.multiple !== 'boolean') return null;
  const quiz = value.quiz === true || Array.isArray(value.correct);
  return { question: value.question, options: value.options, multiple: value.multiple, quiz };
}

/** A poll's text for the chat: the definition without its answer. */
export function pollCardText(definition: PollDefinition): string {
  const card: PollCard = { question: definition.question, options: definition.options, multiple: definition.multiple, quiz: definition.correct !== null };
  return JSON.stringify(card);
}

export function productCardText(card: ProductCard): string {
  return JSON.stringify({ title: card.title, price: card.price, link: card.link });
}

/** A card in one line, for previews, reply quotes and notifications. */
export function cardLine(messageType: CardType, text: string): string {
  if (messageType === 'product') return `🛍️ ${parseProductCard(text)?.title ?? ''}`.trim();
  return `📊 ${parsePollCard(text)?.question ?? ''}`.trim();
}

/** A price in the reader's language: 19,90 € in German, €19.90 in English. */
export function formatPrice(price: Price, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: price.currency }).format(price.amount / 100);
}

/** A tally on top of what the page knew: a frame says what it carries, and keeps what it does not (the reader's own choice, the manager's list). */
export function mergeTally(known: CardTally | undefined, next: CardTally): CardTally {
  return { ...known, ...next };
}

/** Tallies by message id after one of the room's card events. */
export function applyCardEvent(tallies: Record<string, CardTally>, event: CardTallyEvent): Record<string, CardTally> {
  const next = { ...tallies };
  const incoming = event.type === 'cardTally' ? [event.tally] : event.tallies;
  for (const tally of incoming) next[tally.messageId] = mergeTally(tallies[tally.messageId], tally);
  return next;
}

/** Whether the reader's choice is the one she asked for (the room confirmed it). */
export function sameChoice(a: readonly number[] | undefined, b: readonly number[]): boolean {
  const left = [...(a ?? [])].sort((x, y) => x - y);
  const right = [...b].sort((x, y) => x - y);
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

/** A price as typed ("19,90", "19.90", "20"): its minor units, or null when it is none. */
export function parseAmount(typed: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(typed.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A template's quiz answer, shown to its owner in the editor (null for a poll without one). */
export function templateAnswer(text: string): number[] | null {
  const value = record(text);
  const correct = value?.correct;
  return Array.isArray(correct) && correct.every((index) => typeof index === 'number') ? (correct as number[]) : null;
}
