import type { Currency, LeadCard, PollCard, PollDefinition, Price, ProductCard } from './cards';

/**
 * A card's text (ADR 044): reading it by hand (so pages do not load the schema library), writing
 * it, and showing a price. Loaded with the first card a page draws, and by the room.
 */

/** The currencies a price may be in. */
export const CURRENCIES = ['EUR', 'CHF', 'GBP', 'USD'] as const satisfies readonly Currency[];

export const CARD_LIMITS = {
  titleMax: 120,
  questionMax: 300,
  optionMax: 120,
  optionsMin: 2,
  optionsMax: 10,
  /** A lead card's words (ADR 059). */
  leadTextMax: 300,
  /** 1,000,000.00 in minor units. */
  amountMax: 100_000_000,
} as const;

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

/** The card in a `booking` or `team` message (ADR 059), or null. */
export function parseLeadCard(text: string): LeadCard | null {
  const value = record(text);
  return value && typeof value.text === 'string' ? { text: value.text } : null;
}

export function leadCardText(card: LeadCard): string {
  return JSON.stringify({ text: card.text });
}

/** A poll's text for the chat: the definition without its answer. */
export function pollCardText(definition: PollDefinition): string {
  const card: PollCard = { question: definition.question, options: definition.options, multiple: definition.multiple, quiz: definition.correct !== null };
  return JSON.stringify(card);
}

export function productCardText(card: ProductCard): string {
  return JSON.stringify({ title: card.title, price: card.price, link: card.link });
}

/** A price in the reader's language: 19,90 € in German, €19.90 in English. */
export function formatPrice(price: Price, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: price.currency }).format(price.amount / 100);
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
