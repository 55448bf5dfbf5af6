import { z } from './zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../i18n/config';
import type { FaqSelector } from './faq';
import { LIMITS } from './limits';

/**
 * The FAQ content server's queries, in the shape its clients already send. Apart from schemas.ts,
 * which the party page loads: only the API reads these.
 */

const LocaleSchema = z.enum(LANGUAGES, { error: 'invalidInput' }).default(DEFAULT_LANGUAGE);
const IdParam = z
  .string({ error: 'invalidInput' })
  .regex(/^[1-9]\d{0,8}$/, { error: 'invalidInput' })
  .transform(Number);
const FaqSlugSchema = z
  .string({ error: 'invalidInput' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+){0,15}$/, { error: 'invalidInput' })
  .max(100, { error: 'invalidInput' });

/** `?kategorie={id}`, `?kategorie_null=true` or `?slug={slug}` (exactly one), with `_locale`. */
export const FaqListQuerySchema = z
  .object({
    kategorie: IdParam.optional(),
    kategorie_null: z.literal('true', { error: 'invalidInput' }).optional(),
    slug: FaqSlugSchema.optional(),
    _locale: LocaleSchema,
  })
  .refine((query) => [query.kategorie, query.kategorie_null, query.slug].filter((value) => value !== undefined).length === 1, { error: 'invalidInput' })
  .transform((query) => {
    const selector: FaqSelector = query.slug !== undefined ? { slug: query.slug } : { kategorie: query.kategorie ?? null };
    return { selector, locale: query._locale };
  });

/** `?_q={text}` with `_locale`. A text with no words in it is valid and finds nothing. */
export const FaqSearchQuerySchema = z
  .object({ _q: z.string({ error: 'invalidInput' }).max(LIMITS.faqSearchMax, { error: 'invalidInput' }), _locale: LocaleSchema })
  .transform((query) => ({ text: query._q, locale: query._locale }));
