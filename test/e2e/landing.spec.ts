import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LANGUAGES } from '../../app/i18n/config';
import type { Language } from '../../app/i18n/config';
import de from '../../app/i18n/locales/de';
import type { Translation } from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import fr from '../../app/i18n/locales/fr';
import it from '../../app/i18n/locales/it';
import nl from '../../app/i18n/locales/nl';
import { expect, test } from './diagnostics';
import { SCREENS, expectNoSidewaysScroll, settled, signIn } from './helpers';

/**
 * The landing page on a phone, as a visitor without a session meets it: in each language by its
 * own address, its counters ending on their final numbers, joining a real party by its link, and
 * finding a real consultant's public page by name.
 */

const TRANSLATIONS: Record<Language, Translation> = { de, en, nl, fr, it };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let party: string;

test.beforeAll(async ({ browser, baseURL }) => {
  // The demo consultant signs in once, so she exists (with her profile, Anna Becker) and owns a party.
  const consultant = await browser.newContext();
  await signIn(await consultant.newPage(), 'anna@salon.test');
  const created = await consultant.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Landing-Party' } });
  expect(created.ok()).toBe(true);
  party = (await created.json()).shortId;
  await consultant.close();
});

/** The counters once scrolled into view and done: what they show, and what screen readers read. */
async function countersAfterScrolling(page: Page) {
  const counters = page.getByTestId('counters');
  await counters.scrollIntoViewIfNeeded();
  const finals = await counters.getByTestId('counter-value').allTextContents();
  // The moving figures end on the final ones (1500 ms; a few frames' slack).
  await expect(counters.locator('dd > span[aria-hidden="true"]')).toHaveText(finals, { timeout: 4000 });
  return finals;
}

for (const language of LANGUAGES) {
  const t = TRANSLATIONS[language];
  test(`/${language} on a phone: in ${language}, counters end on their numbers, no axe violation`, async ({ browser }) => {
    // A browser that asks for another language: the address decides.
    const context = await browser.newContext({ ...SCREENS.phone, locale: language === 'de' ? 'en-GB' : 'de-DE' });
    const page = await context.newPage();
    await page.goto(`/${language}`);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.landing.headline);
    for (const heading of [
      t.landing.joinTitle,
      t.landing.consultantTitle,
      t.landing.guestTitle,
      t.landing.countersTitle,
      t.landing.videoTitle,
      t.landing.partnerTitle,
    ]) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: t.landing.signIn, exact: true }).first()).toBeVisible();
    const finals = await countersAfterScrolling(page);
    expect(finals).toHaveLength(3);
    if (language === 'en') expect(finals).toEqual(['10K', '30K', '4M']);
    // No store lists the app locally (wrangler.toml's SITE), so no badges (public-pages.test.ts has them).
    await expect(page.getByRole('heading', { name: t.landing.appsTitle, exact: true })).toHaveCount(0);
    // The video loads nothing but its poster until it is played.
    await expect(page.locator('video')).toHaveAttribute('preload', 'none');
    await expectNoSidewaysScroll(page, `/${language}`);
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}

test('with reduced motion the counters never move: the final numbers from the start', async ({ browser }) => {
  const context = await browser.newContext({ ...SCREENS.phone, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/en');
  await settled(page);
  await page.getByTestId('counters').scrollIntoViewIfNeeded();
  const shown = page.getByTestId('counters').locator('dd > span[aria-hidden="true"]');
  for (let look = 0; look < 5; look += 1) {
    expect(await shown.allTextContents()).toEqual(['10K', '30K', '4M']);
    await page.waitForTimeout(150);
  }
  await context.close();
});

test('join as a guest: a pasted party link goes to the party; what is none says so', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...SCREENS.phone });
  const page = await context.newPage();
  await page.goto('/en');
  await settled(page);
  const field = page.getByLabel(en.landing.joinLabel);
  await field.fill(`${baseURL}/p/AnnaBecker12`);
  await page.getByRole('button', { name: en.landing.joinButton }).click();
  await expect(page.getByRole('alert')).toHaveText(en.landing.joinInvalid);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill(`  ${baseURL}/${party}?ref=whatsapp `);
  await page.getByRole('button', { name: en.landing.joinButton }).click();
  await page.waitForURL(`**/${party}`);
  await expect(page.getByRole('heading', { name: en.join.title })).toBeVisible();
  await context.close();
});

test('the sales-partner search finds the consultant and opens her public page', async ({ browser }) => {
  const context = await browser.newContext({ ...SCREENS.phone });
  const page = await context.newPage();
  await page.goto('/de');
  await settled(page);
  await page.getByRole('searchbox', { name: de.landing.partnerLabel }).fill('becker an');
  const results = page.getByTestId('partner-results');
  await expect(page.getByRole('status')).toHaveText(de.landing.partnerResults.replace('{{count}}', '1'));
  await results.getByRole('link', { name: 'Anna Becker' }).click();
  await page.waitForURL(/\/p\/\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ANNA BECKER/);
  await page.goBack();
  await page.getByRole('searchbox', { name: de.landing.partnerLabel }).fill('Niemand Sonst');
  await expect(page.getByRole('status')).toHaveText(de.landing.partnerNone);
  await context.close();
});
