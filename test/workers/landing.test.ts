import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import { LANGUAGES } from '../../app/i18n/config';
import { api, createConsultant, createParty, expectError, html, json, page, sessionCookie } from './fixtures';

/** A consultant whose one profile has a name no other test uses (the search's cache is shared). */
async function named(firstName: string, lastName: string) {
  const consultant = await createConsultant();
  await env.DB.prepare('UPDATE profiles SET first_name = ?, last_name = ? WHERE id = ?').bind(firstName, lastName, consultant.profileIds[0]).run();
  const row = await env.DB.prepare('SELECT short_id FROM profiles WHERE id = ?').bind(consultant.profileIds[0]).first<{ short_id: string }>();
  return { consultant, shortId: row!.short_id };
}

describe('the localized landing pages', () => {
  it.each(LANGUAGES)('/%s is the landing page in that language, whatever the browser and the cookie say', async (language) => {
    const other = language === 'de' ? 'en' : 'de';
    const body = await html(await page(`/${language}`, { headers: { 'Accept-Language': other, Cookie: `lng=${other}` } }), 200);
    expect(body).toContain(`<html lang="${language}"`);
    // Each variant names every other one, with absolute addresses.
    for (const each of LANGUAGES) expect(body).toMatch(new RegExp(`<link rel="alternate" hrefLang="${each}" href="https://[^"]+/${each}"/>`));
    expect(body).toMatch(/<meta name="description" content="[^"]{40,}"\/>/);
  });

  it("the counters' final numbers are in the server's HTML (screen readers, no script)", async () => {
    const body = await html(await page('/en'), 200);
    for (const figure of ['10K', '30K', '4M']) expect(body).toContain(`data-testid="counter-value">${figure}</span>`);
  });

  it('a signed-in consultant is sent on from a localized landing page too', async () => {
    const consultant = await createConsultant();
    const response = await page('/fr', { headers: sessionCookie(consultant) });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/parties');
  });

  it("the language menu on a localized landing page goes to the chosen language's landing page", async () => {
    const response = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://salon.test' },
      body: 'lng=nl&returnTo=%2Fen',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/nl');
  });
});

describe('join as a guest without script (?party=)', () => {
  it('a party link goes to the party', async () => {
    const party = await createParty(await createConsultant());
    for (const typed of [party.shortId, `https://salon.example/${party.shortId}?ref=mail`, `salon.example/${party.shortId}`]) {
      const response = await page(`/?party=${encodeURIComponent(typed)}`);
      expect(response.status, typed).toBe(302);
      expect(response.headers.get('Location')).toBe(`/${party.shortId}`);
    }
  });

  it('what is no party link stays on the landing page with the error, the text escaped', async () => {
    const body = await html(await page(`/en?party=${encodeURIComponent('<img src=x onerror=alert(1)>/p/x')}`), 200);
    expect(body).toContain('That isn&#x27;t a party link');
    expect(body).not.toContain('<img src=x');
    expect(body).toContain('aria-invalid="true"');
  });
});

describe('GET /api/profile/search: the sales-partner search', () => {
  it("finds profiles by every word of a name, in any case, with only the public page's first fields", async () => {
    const { shortId } = await named('Wilhelmine', 'Quastberg');
    await named('Wilhelm', 'Quastmann');
    const response = await api('/profile/search?q=WILHELMINE%20quast');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(await json(response)).toEqual([{ shortId, firstName: 'Wilhelmine', lastName: 'Quastberg', profilePic: null }]);
    expect((await json<{ lastName: string }[]>(await api('/profile/search?q=quast'))).map((hit) => hit.lastName)).toEqual(['Quastberg', 'Quastmann']);
  });

  it('folds a capital beyond ASCII at the start of a word: özdemir finds Özdemir', async () => {
    const { shortId } = await named('Ümran', 'Özdemirtest');
    expect(await json(await api('/profile/search?q=%C3%B6zdemirtest%20%C3%BCmran'))).toEqual([expect.objectContaining({ shortId })]);
  });

  it(`answers at most ${LIMITS.partnerSearchResults}`, async () => {
    for (let index = 0; index < LIMITS.partnerSearchResults + 2; index += 1) await named(`Vielfach${index}`, 'Zyxwvut');
    expect(await json<unknown[]>(await api('/profile/search?q=zyxwvut'))).toHaveLength(LIMITS.partnerSearchResults);
  });

  it('LIKE wildcards in the query are letters: %% and __ match no name', async () => {
    await named('Prozent', 'Unterstrich');
    expect(await json(await api('/profile/search?q=%25%25'))).toEqual([]);
    expect(await json(await api('/profile/search?q=__'))).toEqual([]);
  });

  it('too short, too long or too many words: invalidInput', async () => {
    await expectError(await api('/profile/search?q=a'), 400, 'invalidInput');
    await expectError(await api(`/profile/search?q=${'a'.repeat(LIMITS.partnerSearchMax + 1)}`), 400, 'invalidInput');
    await expectError(await api('/profile/search?q=a%20b%20c%20d%20e'), 400, 'invalidInput');
    await expectError(await api('/profile/search'), 400, 'invalidInput');
  });

  it('without script the landing page lists the same people (?partner=)', async () => {
    const { shortId } = await named('Friedegund', 'Ohnescript');
    const body = await html(await page('/de?partner=ohnescript'), 200);
    expect(body).toContain(`href="/p/${shortId}"`);
  });
});
