/** Interface languages. German is the default and the fallback. */
export const LANGUAGES = ['de', 'en', 'nl', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
} as const;

/**
 * The texts come in two parts. The party page, which guests open on their phones, loads only the
 * first; the sections below are used only by the consultant's workspace and the public pages, and
 * load with those (ADR 016). A section used on the party page must not be listed here, except by a
 * module the page loads through `needingWorkspaceTexts` (app/i18n/workspace-texts.ts).
 */
export const WORKSPACE_SECTIONS = ['site', 'landing', 'login', 'releaseNotes', 'faq', 'sort', 'parties', 'partyForm', 'profiles', 'profilePage', 'media', 'templates', 'addTemplate', 'templateEditor', 'templatePlay'] as const;
export const TEXT_PARTS = ['party', 'workspace'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

/** The sections of a language's texts that belong to `part`. */
export function textsPart<T extends Record<string, unknown>>(texts: T, part: TextPart): Partial<T> {
  const workspace = new Set<string>(WORKSPACE_SECTIONS);
  return Object.fromEntries(Object.entries(texts).filter(([section]) => workspace.has(section) === (part === 'workspace'))) as Partial<T>;
}
