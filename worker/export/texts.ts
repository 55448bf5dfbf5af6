import type { Language } from '../../app/i18n/config';
import de from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import fr from '../../app/i18n/locales/fr';
import it from '../../app/i18n/locales/it';
import nl from '../../app/i18n/locales/nl';
import type { Translation } from '../../app/i18n/locales/de';
import type { LeadType } from '../../app/core/cards';

/**
 * The archive's and the transcript's texts (ADR 062): the locale files' `dataExport.archive` and
 * `followUp` sections, read here because the export job runs in the Worker with no page around it.
 */
const LOCALES: Record<Language, Translation> = { de, en, nl, fr, it };

/** The archive's own texts, and the lead cards' headlines and "interested" line (ADR 059) as the party page says them. */
export type ArchiveTexts = Translation['dataExport']['archive'] & { lead: Record<LeadType, string>; likedBy: string };

export function archiveTexts(language: Language): ArchiveTexts {
  const { cards } = LOCALES[language];
  return { ...LOCALES[language].dataExport.archive, lead: { booking: cards.booking, team: cards.team }, likedBy: cards.likedBy };
}

export function followUpTexts(language: Language): Translation['followUp'] {
  return LOCALES[language].followUp;
}

/** `{{name}}` placeholders filled, as i18next does. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
