import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { expectNoSidewaysScroll, hostParty, joinAs, phoneContext, screens, settled, signIn } from './helpers';

/**
 * ADR 040: the application selector, the dashboard's app banner, /addVIP and the pointers to it.
 * Every change to Anna's account is undone at the end: later files sign in as her with one
 * profile and expect no choice dialog.
 */

const SHOTS = 'test-results/app-pointer';

async function send(page: Page, method: 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const response = await page.request[method](path, { headers: { Origin: new URL(page.url()).origin }, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

test('a consultant with two profiles switches from the top bar; the app banner stays away once dismissed', async ({ browser }) => {
  for (const [name, options] of screens('phone', 'desktop')) {
    const context = await browser.newContext({ locale: 'de-DE', ...options });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    await settled(page);
    const selector = page.getByRole('combobox', { name: 'Arbeiten als' });
    // One profile: nothing to choose.
    await expect(selector).toHaveCount(0);
    const banner = page.getByRole('region', { name: 'Salon als App' });
    await expect(banner).toContainText('Deine Gäste können dir in der Salon-App auch direkt schreiben');
    await page.screenshot({ path: `${SHOTS}/dashboard-${name}-banner.png` });

    const [first] = await (await page.request.get('/api/profile')).json();
    const second = await send(page, 'post', '/api/profile', { firstName: 'Anna', lastName: 'Team Süd' });
    try {
      await page.reload();
      await settled(page);
      // Two profiles and none chosen yet: the workspace asks once.
      const choice = page.getByRole('alertdialog', { name: 'Als welches Profil möchtest du arbeiten?' });
      if (await choice.isVisible()) await choice.getByRole('button', { name: 'Auswählen' }).click();
      await expect(choice).toHaveCount(0);
      await expect(selector).toBeVisible();
      await expect(selector).toHaveValue(first.id);
      const stored = page.waitForResponse((response) => response.url().includes('/profiles') && response.request().method() === 'POST');
      await selector.selectOption({ label: 'Anna Team Süd' });
      expect((await stored).ok()).toBe(true);
      await expect(selector).toBeEnabled();
      await page.reload();
      await settled(page);
      await expect(selector).toHaveValue(second.id);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/top-bar-${name}.png` });
      if (name === 'desktop') {
        // The drawer is 240 px wide.
        expect((await page.getByRole('navigation', { name: 'Hauptmenü' }).boundingBox())?.width).toBe(240);
      }
    } finally {
      await send(page, 'put', '/api/profile/select', { profileId: first.id });
      await send(page, 'delete', `/api/profile/${second.id}`);
    }

    await page.reload();
    await settled(page);
    await expect(selector).toHaveCount(0);
    await banner.getByRole('button', { name: 'Ausblenden' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { name: 'Partys', level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await send(page, 'put', '/api/profile/banner', { bannerDismissed: false });
    await context.close();
  }
});

test('a guest finds the way to write to the consultant directly: the members panel and the profile page lead to /addVIP', async ({ browser }) => {
  const { context: managerContext, page: manager, link } = await hostParty(browser, 'Direkt-Party');
  const [profile] = await (await manager.request.get('/api/profile')).json();
  const fullName = `${profile.firstName} ${profile.lastName}`;
  // The manager does not get a pointer to herself.
  await expect(manager.getByTestId('direct-message')).toHaveCount(0);

  for (const [name, options] of screens('phone', 'desktop')) {
    const guestContext = name === 'phone' ? await phoneContext(browser) : await browser.newContext({ locale: 'de-DE', ...options });
    const guest = await guestContext.newPage();
    await joinAs(guest, link, 'Maria', 'Klein');
    if (name === 'phone') await guest.getByRole('tab', { name: /Gäste/ }).click();
    const pointer = guest.getByRole('link', { name: `${fullName} direkt schreiben (in der Salon-App)` });
    await expect(pointer).toHaveAttribute('href', `/addVIP/${profile.shortId}`);
    await guest.screenshot({ path: `${SHOTS}/members-${name}.png` });
    const [opened] = await Promise.all([guestContext.waitForEvent('page'), pointer.click()]);
    await opened.waitForLoadState();
    await settled(opened);
    await expect(opened.getByRole('heading', { name: `${fullName} direkt schreiben`, level: 1 })).toBeVisible();
    await expect(opened.getByText('Die App ist noch nicht in den Stores.')).toBeVisible();
    await expectNoSidewaysScroll(opened);
    await opened.screenshot({ path: `${SHOTS}/addVIP-${name}.png`, fullPage: true });

    await opened.getByRole('link', { name: `Zum Profil von ${fullName}` }).click();
    await expect(opened).toHaveURL(new RegExp(`/p/${profile.shortId}$`));
    await opened.screenshot({ path: `${SHOTS}/profile-${name}.png`, fullPage: true });
    await opened.getByRole('link', { name: 'Direkt schreiben' }).click();
    await expect(opened).toHaveURL(new RegExp(`/addVIP/${profile.shortId}$`));
    await guestContext.close();
  }

  // An unknown id: "profile not found", in the page's frame.
  const visitor = await (await browser.newContext({ locale: 'en-GB' })).newPage();
  const response = await visitor.goto('/addVIP/Unbekannt1234');
  expect(response?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'Profile not found', level: 1 })).toBeVisible();
  await visitor.context().close();
  await managerContext.close();
});
