import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, expectNoSidewaysScroll, phoneContext, settled, signIn } from './helpers';

/** Screenshots of what these tests look at, for a person to view (test-results is kept out of git). */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/faq/${name}.png`, fullPage: true });

test('a visitor on a phone searches the FAQ from the box and reads the entry it found', async ({ browser }) => {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await page.goto('/faq');
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hilfe und FAQ' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Für Gäste/ })).toBeVisible();
  // The app-only topic is not shown on the web.
  await expect(page.getByRole('link', { name: /Salon-App/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await shot(page, 'home-de-phone');

  await page.getByRole('searchbox', { name: 'Die FAQ durchsuchen' }).fill('passwort vergessen "NEAR(');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page).toHaveURL(/\/faq\?q=/);
  // Not every word is in any entry: any word will do, ranked, the title match first.
  const results = page.getByTestId('faq-results').getByRole('link');
  await expect(results.first()).toContainText('Die Party fragt nach einem Passwort');
  await expect(results.first().locator('mark').first()).toHaveText(/passwort/i);
  await expect(page.getByRole('searchbox', { name: 'Die FAQ durchsuchen' })).toHaveValue('passwort vergessen "NEAR(');
  await expectNoSidewaysScroll(page);
  await shot(page, 'search-de-phone');

  await results.first().click();
  await expect(page).toHaveURL(/\/faq\/entry\/party-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Die Party fragt nach einem Passwort' })).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'Inhalt' });
  await contents.getByRole('link', { name: '„Falsches Passwort!“' }).click();
  await expect(page).toHaveURL(/#section-2$/);
  await expect(page.getByRole('heading', { level: 2, name: '„Falsches Passwort!“' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await shot(page, 'entry-de-phone');

  // The breadcrumb leads back up to the topic, and a topic that does not exist back to the FAQ.
  await page.getByRole('navigation', { name: 'Brotkrumen' }).getByRole('link', { name: 'Für Gäste' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Für Gäste' })).toBeVisible();
  await page.goto('/faq/topic/no-such-topic');
  await expect(page).toHaveURL(/\/faq$/);
  await context.close();
});

test('a consultant finds the FAQ in the drawer and reads it inside the workspace, in English on a desktop', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  await context.request.post('/language', { headers: { Origin: baseURL! }, form: { lng: 'en', returnTo: '/' }, maxRedirects: 0 });
  await page.goto('/parties');
  await settled(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Help and FAQ' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'home-en-desktop-signed-in');
  await page.getByRole('link', { name: /For consultants/ }).click();
  await expect(page.getByRole('link', { name: /^Templates/ }).last()).toBeVisible();
  await page.getByRole('link', { name: /Creating and sharing a party/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Creating and sharing a party' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await shot(page, 'entry-en-desktop-signed-in');
  await context.close();
});
