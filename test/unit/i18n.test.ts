import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from '../../app/core/errors';
import { LANGUAGES, TEXT_PARTS, WORKSPACE_ERRORS, WORKSPACE_SECTIONS, type Language } from '../../app/i18n/config';
import { loadTranslation } from '../../app/i18n/resources';
import de from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import nl from '../../app/i18n/locales/nl';
import fr from '../../app/i18n/locales/fr';
import itLocale from '../../app/i18n/locales/it';

type Tree = { [key: string]: string | Tree };

const translations: Record<Language, Tree> = { de, en, nl, fr, it: itLocale };
const others = ['en', 'nl', 'fr', 'it'] as const;

/** Every leaf as [dotted.path, value]; a leaf that is not a string is reported as such. */
function leaves(tree: Tree, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? leaves(value, path) : [[path, value] as [string, unknown]];
  });
}

/** Every key path, inner nodes included, so a leaf in place of a section shows up too. */
function keyPaths(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' ? [path, ...keyPaths(value, path)] : [path];
  });
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}]+?)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

const germanLeaves = new Map(leaves(de));

describe('i18n config', () => {
  it('lists German first, then English, Dutch, French and Italian', () => {
    expect(LANGUAGES).toEqual(['de', 'en', 'nl', 'fr', 'it']);
  });

  it.each([...LANGUAGES])('loadTranslation(%s) returns that language, its two parts together', async (language) => {
    expect(await loadTranslation(language, TEXT_PARTS)).toEqual(translations[language]);
  });

  it.each([...LANGUAGES])('the party part of %s holds every section but the workspace ones, and the errors but the workspace ones', async (language) => {
    const party = await loadTranslation(language, ['party']);
    const workspace = await loadTranslation(language, ['workspace']);
    expect(Object.keys(workspace).sort()).toEqual([...WORKSPACE_SECTIONS, 'errors'].sort());
    expect(Object.keys(party).sort()).toEqual(
      Object.keys(translations[language])
        .filter((section) => !(WORKSPACE_SECTIONS as readonly string[]).includes(section))
        .sort(),
    );
    expect(Object.keys(workspace.errors).sort()).toEqual([...WORKSPACE_ERRORS].sort());
    expect(Object.keys(party.errors ?? {}).length + WORKSPACE_ERRORS.length).toBe(Object.keys(translations[language].errors as object).length);
  });

  it('the workspace errors are codes, and none of them is one the party page meets', () => {
    for (const code of WORKSPACE_ERRORS) expect(isErrorCode(code), code).toBe(true);
    // What the socket, joining, the name menu and a guest's upload can answer with.
    const party: string[] = [
      'generic',
      'invalidName',
      'messageEmpty',
      'messageTooLong',
      'wrongPassword',
      'partyExpired',
      'partyNotFound',
      'removed',
      'restricted',
      'notMember',
      'rateLimited',
      'tooManyAttempts',
      'protocolVersion',
      'mediaTypeNotAccepted',
      'fileTooLarge',
      'uploadFailed',
    ];
    expect(party.filter((code) => (WORKSPACE_ERRORS as readonly string[]).includes(code))).toEqual([]);
  });
});

describe('German source', () => {
  it('has only non-empty strings without HTML', () => {
    for (const [path, value] of germanLeaves) {
      expect(typeof value, path).toBe('string');
      expect((value as string).trim(), path).not.toBe('');
      expect(value as string, path).not.toMatch(/<\/?[a-z][^>]*>/i);
    }
  });
});

describe.each(others)('%s', (language) => {
  const translation = translations[language];
  const entries = leaves(translation);

  it('has exactly the key paths of German', () => {
    expect(keyPaths(translation).sort()).toEqual(keyPaths(de).sort());
  });

  it('has a non-empty string for every key', () => {
    for (const [path, value] of entries) {
      expect(typeof value, path).toBe('string');
      expect((value as string).trim(), path).not.toBe('');
    }
  });

  it('keeps the placeholders of German', () => {
    for (const [path, value] of entries) {
      const german = germanLeaves.get(path);
      if (typeof german !== 'string' || typeof value !== 'string') continue; // reported above
      expect(placeholders(value), path).toEqual(placeholders(german));
    }
  });

  it('contains no HTML tags', () => {
    for (const [path, value] of entries) {
      expect(String(value), path).not.toMatch(/<\/?[a-z][^>]*>/i);
    }
  });

  it('keeps the product name and every language endonym', () => {
    expect(translation.app).toMatchObject({ name: 'Salon' });
    expect(translation.language).toMatchObject({
      de: 'Deutsch',
      en: 'English',
      nl: 'Nederlands',
      fr: 'Français',
      it: 'Italiano',
    });
  });
});

describe('en', () => {
  it('uses the agreed wording for errors and page titles', () => {
    expect(en.errors.wrongPassword).toBe('Wrong password!');
    expect(en.errors.partyNotFound).toBe('Party not found');
    expect(en.errors.partyExpired).toBe('This party is over.');
    expect(en.errors.generic).toBe("We're sorry, something must have gone wrong. Please try again later.");
    expect(en.errors.notFound).toBe('Page not found');
    expect(en.notFound.title).toBe('Page not found');
    expect(en.party.removedTitle).toBe('You have been removed from the party');
    expect(en.party.expiredTitle).toBe('Party expired');
  });
});

describe('error codes', () => {
  it('every code the server can send has a text (German, so every language by the key check)', () => {
    const missing = ERROR_CODES.filter((code) => typeof (de.errors as Record<string, unknown>)[code] !== 'string');
    expect(missing).toEqual([]);
  });
});
