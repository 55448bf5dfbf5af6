import type { Language, TextPart } from './config';
import type { Translation } from './locales/de';

type Loader = () => Promise<{ default: Partial<Translation> }>;

/**
 * Each language's texts are two chunks of their own (config.ts TEXT_PARTS, cut by the build's
 * `salon-translation-parts` plugin from the one locale file): a page loads only its language, and
 * the party page only the party part. The server imports them all (one bundle).
 */
const loaders: Record<Language, Record<TextPart, Loader>> = {
  de: { party: () => import('virtual:translation/de/party'), workspace: () => import('virtual:translation/de/workspace') },
  en: { party: () => import('virtual:translation/en/party'), workspace: () => import('virtual:translation/en/workspace') },
  nl: { party: () => import('virtual:translation/nl/party'), workspace: () => import('virtual:translation/nl/workspace') },
  fr: { party: () => import('virtual:translation/fr/party'), workspace: () => import('virtual:translation/fr/workspace') },
  it: { party: () => import('virtual:translation/it/party'), workspace: () => import('virtual:translation/it/workspace') },
};

/**
 * The texts of `parts` in `language`, as one object. Sections never overlap between parts, except
 * `errors`, of which each part carries a share (config.ts WORKSPACE_ERRORS).
 */
export async function loadTranslation(language: Language, parts: readonly TextPart[]): Promise<Translation> {
  const texts = (await Promise.all(parts.map((part) => loaders[language][part]()))).map((module) => module.default);
  return Object.assign({}, ...texts, { errors: Object.assign({}, ...texts.map((part) => part.errors)) }) as Translation;
}
