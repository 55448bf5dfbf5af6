import type { Language } from '~/i18n/config';

/**
 * Loads the emoji picker (a web component) and its interface texts for a language. A `.client`
 * module: the server bundle never contains the picker, whose code needs a browser to load.
 */
const PICKER_TEXTS: Record<Language, () => Promise<{ default: unknown }>> = {
  de: () => import('emoji-picker-element/i18n/de.js'),
  en: () => import('emoji-picker-element/i18n/en.js'),
  nl: () => import('emoji-picker-element/i18n/nl.js'),
  fr: () => import('emoji-picker-element/i18n/fr.js'),
  it: () => import('emoji-picker-element/i18n/it.js'),
};

export interface PickerElement extends HTMLElement {
  dataSource: string;
  locale: string;
  i18n: unknown;
}

/** A picker for the language, reading its emoji data from our own `/emoji/{language}.json`. */
export async function createPicker(language: Language): Promise<PickerElement> {
  const [, texts] = await Promise.all([import('emoji-picker-element'), PICKER_TEXTS[language]()]);
  const picker = document.createElement('emoji-picker') as PickerElement;
  picker.locale = language;
  picker.dataSource = `/emoji/${language}.json`;
  picker.i18n = texts.default;
  return picker;
}
