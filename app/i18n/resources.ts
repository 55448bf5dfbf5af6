import type { Language } from './config';
import type { Translation } from './locales/de';

/**
 * Each language is its own chunk: a page loads only the one it shows. The server imports them
 * all (one bundle); the browser imports the one in <html lang>.
 */
const loaders: Record<Language, () => Promise<{ default: Translation }>> = {
  de: () => import('./locales/de'),
  en: () => import('./locales/en'),
  nl: () => import('./locales/nl'),
  fr: () => import('./locales/fr'),
  it: () => import('./locales/it'),
};

export async function loadTranslation(language: Language): Promise<Translation> {
  return (await loaders[language]()).default;
}
