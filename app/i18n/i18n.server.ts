import { createCookie } from '@remix-run/cloudflare';
import { RemixI18Next } from 'remix-i18next/server';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from './config';
import type { Language } from './config';

/** The language a visitor chose (cookie), else what the browser asks for, else German. */
export const languageCookie = createCookie('lng', { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 60 * 60, httpOnly: true });

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    order: ['searchParams', 'cookie', 'header'],
  },
});

/**
 * The page's language: a localized landing page (/de, /en, /fr, /it, /nl) says its own, for that
 * view only (nothing is stored); otherwise as above.
 */
export async function localeOf(request: Request): Promise<Language> {
  const path = new URL(request.url).pathname.slice(1);
  if (isLanguage(path)) return path;
  const locale = await i18nServer.getLocale(request);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
