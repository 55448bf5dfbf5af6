import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { receiptLine } from '../../app/core/receipts';
import { LANGUAGES, TEXT_PARTS } from '../../app/i18n/config';
import { loadTranslation } from '../../app/i18n/resources';

/** One i18next per language, set up as the app sets it up, so plural keys resolve as they do on the page. */
async function translator(language: (typeof LANGUAGES)[number]) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'de',
    resources: { [language]: { translation: await loadTranslation(language, TEXT_PARTS) } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

function receipt(t: Awaited<ReturnType<typeof translator>>, seen: number, total: number): string | null {
  const line = receiptLine(seen, total);
  return line && (line.key === 'receipts.seenBy' ? t(line.key, { seen: line.seen, total: line.total }) : t(line.key));
}

describe('the read-receipt line', () => {
  it('is absent while nobody else is in the party, and says "everyone" once all have seen it', () => {
    expect(receiptLine(0, 0)).toBeNull();
    expect(receiptLine(0, 3)).toEqual({ key: 'receipts.seenBy', seen: 0, total: 3 });
    expect(receiptLine(3, 3)).toEqual({ key: 'receipts.seenByAll' });
  });

  it('reads naturally in German: no "von … von"', async () => {
    const t = await translator('de');
    expect(receipt(t, 2, 3)).toBe('Gesehen: 2 von 3');
    expect(receipt(t, 3, 3)).toBe('Von allen gesehen');
    expect(receipt(t, 0, 0)).toBeNull();
  });

  it.each([...LANGUAGES])('%s: has a line for some and for everyone', async (language) => {
    const t = await translator(language);
    const some = receipt(t, 1, 4)!;
    expect(some).toContain('1');
    expect(some).toContain('4');
    expect(receipt(t, 4, 4)).not.toMatch(/\d/);
  });
});

describe('counts take the plural form of each language', () => {
  const one: Record<(typeof LANGUAGES)[number], [string, string]> = {
    de: ['1 Nachricht löschen?', '1 Nachricht weiterleiten'],
    en: ['Delete 1 message?', 'Forward 1 message'],
    nl: ['1 bericht verwijderen?', '1 bericht doorsturen'],
    fr: ['Supprimer 1 message\u00a0?', 'Transférer 1 message'],
    it: ['Eliminare 1 messaggio?', 'Inoltra 1 messaggio'],
  };
  it.each([...LANGUAGES])('%s: one message, and several', async (language) => {
    const t = await translator(language);
    expect([t('selection.deleteTitle', { count: 1 }), t('selection.forwardTitle', { count: 1 })]).toEqual(one[language]);
    const several = [t('selection.deleteTitle', { count: 3 }), t('selection.forwardTitle', { count: 3 })];
    several.forEach((text, index) => {
      expect(text).toContain('3');
      // Another word than the singular's (messages, Nachrichten, berichten, messaggi …).
      expect(text).not.toBe(one[language][index]!.replace('1', '3'));
    });
  });
});
