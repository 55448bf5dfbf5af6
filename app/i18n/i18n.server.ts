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

export async function localeOf(request: Request): Promise<Language> {
  const locale = await i18nServer.getLocale(request);
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}
