import { z } from './zod';
import type { ErrorCode } from './errors';
import { isErrorCode } from './errors';
import type { CardType, PollDefinition, ProductCard } from './cards';
import { isCardType } from './cards';
import { CARD_LIMITS, CURRENCIES, leadCardText, pollCardText, productCardText } from './card-text';
import { safeHref } from './format';
import { hasVisibleText, isCleanName, isCleanText } from './text';

/**
 * What a manager sends as a product card or a poll (ADR 044), checked the same way by the socket,
 * the API, the template editor's API and the party's room. The card travels as JSON in the
 * message's `message` field, as profile cards do; these schemas read it.
 */

const lineOf = (max: number, error: ErrorCode) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .refine((value) => [...value].length <= max, { error })
    .refine((value) => isCleanName(value) && hasVisibleText(value), { error: 'invalidText' });

/** An https address only: a shop link opens a page where guests may pay. */
const ShopLinkSchema = z
  .string({ error: 'invalidShopLink' })
  .trim()
  .max(2000, { error: 'invalidShopLink' })
  .refine((value) => /^https:\/\//i.test(value) && safeHref(value) !== null, { error: 'invalidShopLink' });

export const PriceSchema = z.object(
  {
    amount: z
      .number({ error: 'invalidPrice' })
      .int({ error: 'invalidPrice' })
      .min(0, { error: 'invalidPrice' })
      .max(CARD_LIMITS.amountMax, { error: 'invalidPrice' }),
    currency: z.enum(CURRENCIES, { error: 'invalidPrice' }),
  },
  { error: 'invalidPrice' },
);

export const ProductCardSchema = z.object(
  {
    title: lineOf(CARD_LIMITS.titleMax, 'invalidCard'),
    price: PriceSchema.nullable().optional(),
    link: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), ShopLinkSchema.nullable()).optional(),
  },
  { error: 'invalidCard' },
);

/** A "host your own party" or "join the team" card (ADR 059): the consultant's words, one or a few lines. */
export const LeadCardSchema = z.object(
  {
    text: z
      .string({ error: 'invalidCard' })
      .trim()
      .min(1, { error: 'invalidCard' })
      .refine((value) => [...value].length <= CARD_LIMITS.leadTextMax, { error: 'invalidCard' })
      .refine((value) => isCleanText(value) && hasVisibleText(value), { error: 'invalidText' }),
  },
  { error: 'invalidCard' },
);

export const PollDefinitionSchema = z
  .object(
    {
      question: lineOf(CARD_LIMITS.questionMax, 'invalidCard'),
      options: z
        .array(lineOf(CARD_LIMITS.optionMax, 'invalidCard'), { error: 'pollOptions' })
        .min(CARD_LIMITS.optionsMin, { error: 'pollOptions' })
        .max(CARD_LIMITS.optionsMax, { error: 'pollOptions' }),
      multiple: z.boolean({ error: 'invalidCard' }).default(false),
      correct: z
        .array(z.number({ error: 'invalidAnswer' }).int({ error: 'invalidAnswer' }), { error: 'invalidAnswer' })
        .nullable()
        .optional(),
    },
    { error: 'invalidCard' },
  )
  .superRefine((poll, context) => {
    if (!poll.correct) return;
    const distinct = new Set(poll.correct);
    const fits = poll.correct.every((index) => index >= 0 && index < poll.options.length);
    const count = poll.multiple ? distinct.size >= 1 : distinct.size === 1;
    if (!fits || !count || distinct.size !== poll.correct.length) context.addIssue({ code: 'custom', message: 'invalidAnswer', path: ['correct'] });
  });

/** A card as the room stores it: the text everyone reads, and what only the room keeps (a quiz's answer). */
export interface CheckedCard {
  type: CardType;
  /** The message's text. */
  text: string;
  options: number;
  multiple: boolean;
  correct: number[] | null;
}

/** The card in a message's text, checked: the error code of its first problem, or the card. */
export function checkCard(type: CardType, text: string): { ok: true; card: CheckedCard } | { ok: false; code: ErrorCode } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, code: 'invalidCard' };
  }
  if (type === 'product') {
    const parsed = ProductCardSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, code: codeOf(parsed.error) };
    const card: ProductCard = { title: parsed.data.title, price: parsed.data.price ?? null, link: parsed.data.link ?? null };
    return { ok: true, card: { type, text: productCardText(card), options: 1, multiple: false, correct: null } };
  }
  if (type === 'booking' || type === 'team') {
    const parsed = LeadCardSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, code: codeOf(parsed.error) };
    return { ok: true, card: { type, text: leadCardText({ text: parsed.data.text }), options: 1, multiple: false, correct: null } };
  }
  const parsed = PollDefinitionSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, code: codeOf(parsed.error) };
  const definition: PollDefinition = { ...parsed.data, correct: parsed.data.correct ? [...new Set(parsed.data.correct)].sort((a, b) => a - b) : null };
  return {
    ok: true,
    card: { type, text: pollCardText(definition), options: definition.options.length, multiple: definition.multiple, correct: definition.correct },
  };
}

function codeOf(error: z.ZodError): ErrorCode {
  const message = error.issues[0]?.message;
  return isErrorCode(message) ? message : 'invalidCard';
}

/** For a message body's refinement: a card type's text must be a card. */
export function checkCardBody(body: { messageType: string; message?: string | undefined }, context: z.RefinementCtx): void {
  if (!isCardType(body.messageType)) return;
  const result = checkCard(body.messageType, body.message ?? '');
  if (!result.ok) context.addIssue({ code: 'custom', message: result.code, path: ['message'] });
}

/** The codes a card's refusal may carry, which the socket's frame parser passes on as they are. */
export const CARD_ERROR_CODES: readonly ErrorCode[] = ['invalidCard', 'invalidPrice', 'invalidShopLink', 'pollOptions', 'invalidAnswer'];

/** The card events of the socket (app/core/protocol.ts): a member's choice, and closing a poll. */
export const CardChoiceEventSchema = z.object({
  type: z.literal('cardChoice'),
  messageId: z.uuid({ error: 'invalidInput' }),
  /** The whole intended choice (an empty list takes it back): a resend changes nothing. */
  options: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(CARD_LIMITS.optionsMax - 1),
      { error: 'invalidInput' },
    )
    .max(CARD_LIMITS.optionsMax, { error: 'invalidInput' }),
});
export const ClosePollEventSchema = z.object({ type: z.literal('closePoll'), messageId: z.uuid({ error: 'invalidInput' }) });
