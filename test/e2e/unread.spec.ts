import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { createParty, joinAs, signIn } from './helpers';

/** The app badge's count as the page last set it (null: cleared), through the Badging API, which the test watches. */
const badge = (page: Page) => page.evaluate(() => (window as unknown as { salonBadge?: number | null }).salonBadge);

test('while the tab is in the background, new messages count up in its title and app badge, and the favicon changes', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const manager = await context.newPage();
  // Headless Chromium keeps every page focused; the test decides what hasFocus() answers.
  await manager.addInitScript(() => {
    const state = window as unknown as { salonFocused?: boolean };
    state.salonFocused = true;
    document.hasFocus = () => state.salonFocused !== false;
    // Headless Chromium has the Badging API but shows no badge: the test records what is asked of it.
    const badged = window as unknown as { salonBadge?: number | null };
    Navigator.prototype.setAppBadge = async (count?: number) => void (badged.salonBadge = count ?? null);
    Navigator.prototype.clearAppBadge = async () => void (badged.salonBadge = null);
  });
  await signIn(manager, 'anna@salon.test');
  const link = await createParty(manager, 'Titelparty');
  await manager.goto(link);
  await expect(manager).toHaveTitle('Titelparty · Salon');
  // Opening the party is reading it: a badge left from before is cleared.
  await expect.poll(() => badge(manager)).toBeNull();

  const guestContext = await browser.newContext({ locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Lina');
  await manager.evaluate(() => {
    (window as unknown as { salonFocused: boolean }).salonFocused = false;
  });

  for (const text of ['eins', 'zwei']) {
    await guest.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await guest.getByRole('button', { name: 'Senden' }).click();
    await expect(manager.getByTestId('message').filter({ hasText: text })).toBeVisible();
  }
  await expect(manager).toHaveTitle('(2) Titelparty · Salon');
  await expect(manager.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon-unread\.svg$/);
  expect(await badge(manager)).toBe(2);
  await manager.evaluate(() => {
    (window as unknown as { salonFocused: boolean }).salonFocused = true;
    window.dispatchEvent(new Event('focus'));
  });
  await expect(manager.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon\.svg$/);
  await expect(manager).toHaveTitle('Titelparty · Salon');
  expect(await badge(manager)).toBeNull();
  await guestContext.close();
  await context.close();
});
