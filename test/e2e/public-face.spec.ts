import type { Page } from '@playwright/test';
import de from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import { expect, test } from './diagnostics';
import { SCREENS, expectNoSidewaysScroll, settled, signIn } from './helpers';

/**
 * The public face's notices: the app-switch screen on a phone, the cookie notice, and the legal
 * pages reached from the footer.
 */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Mobile Safari/537.36';

async function open(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/** A party a guest could open on a phone, made through the API as its consultant. */
async function partyLink(page: Page, baseURL: string): Promise<string> {
  await signIn(page, 'anna@salon.test');
  const response = await page.request.post('/api/parties', { headers: { Origin: baseURL }, data: { title: 'Handyparty' } });
  expect(response.ok()).toBe(true);
  return `/${(await response.json()).shortId}`;
}

test.describe('the app-switch screen', () => {
  test('an iPhone without a session: the app first with the cookie notice in it, "continue in the browser" focused, one tap to the page, remembered', async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...SCREENS.phone, userAgent: IPHONE, locale: 'de-DE' });
    const page = await context.newPage();
    await open(page, '/');
    await expect(page.getByRole('heading', { name: de.appSwitch.title })).toBeVisible();
    // No store is configured locally: installing from the browser, explained for Safari.
    await expect(page.getByText(de.appSwitch.iosSteps)).toBeVisible();
    // The cookie notice is said on this screen, not stacked above it with a button of its own.
    const notice = page.getByRole('region', { name: de.cookies.label });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(de.cookies.text);
    await expect(notice.getByRole('link', { name: de.cookies.more })).toHaveAttribute('href', '/privacy');
    await expect(page.getByRole('button', { name: de.cookies.dismiss })).toHaveCount(0);
    const stay = page.getByRole('button', { name: de.appSwitch.stay });
    await expect(stay).toBeFocused();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'test-results/public-face/app-switch-first-visit-phone.png' });
    // One tap, and the landing page is there with nothing more to dismiss.
    await stay.tap();
    await expect(page.getByRole('heading', { name: de.landing.headline })).toBeVisible();
    await expect(page.getByRole('heading', { name: de.appSwitch.title })).toHaveCount(0);
    await expect(notice).toHaveCount(0);
    // Saved in the background, without leaving the page: the browser chosen, the notice noted.
    await expect
      .poll(async () =>
        (await context.cookies())
          .map((cookie) => cookie.name)
          .filter((name) => name.startsWith('salon_'))
          .sort(),
      )
      .toEqual(['salon_cookies_noted', 'salon_in_browser']);
    // Remembered: neither the landing page nor the sign-in page asks again.
    await open(page, '/');
    await expect(page.getByRole('heading', { name: de.landing.headline })).toBeVisible();
    await expect(page.getByRole('heading', { name: de.appSwitch.title })).toHaveCount(0);
    await expect(notice).toHaveCount(0);
    await open(page, '/login');
    await expect(page.getByRole('heading', { name: de.login.title, level: 1 })).toBeVisible();
    await context.close();
  });

  test('an Android phone, before the page script runs: the button is a plain form that comes back to the page', async ({ browser }) => {
    const context = await browser.newContext({ ...SCREENS.phone, userAgent: ANDROID, locale: 'en-GB', javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: en.appSwitch.title })).toBeVisible();
    await expect(page.getByText(en.appSwitch.androidSteps)).toBeVisible();
    await expect(page.getByRole('region', { name: en.cookies.label })).toContainText(en.cookies.text);
    await page.getByRole('button', { name: en.appSwitch.stay }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: en.login.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: en.cookies.label })).toHaveCount(0);
    await context.close();
  });

  test('a guest opening a party link on a phone goes straight to the join dialog', async ({ browser, baseURL }) => {
    const consultant = await browser.newContext();
    const link = await partyLink(await consultant.newPage(), baseURL!);
    await consultant.close();
    const context = await browser.newContext({ ...SCREENS.phone, userAgent: IPHONE, locale: 'de-DE' });
    const page = await context.newPage();
    await open(page, link);
    await expect(page.getByRole('heading', { name: de.join.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: de.appSwitch.title })).toHaveCount(0);
    // The join dialog's privacy link opens the notice in a new tab.
    const [privacy] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: de.join.privacyLink }).click()]);
    await privacy.waitForLoadState();
    await expect(privacy.getByRole('heading', { name: de.legal.privacyTitle, level: 1 })).toBeVisible();
    await context.close();
  });
});

test.describe('the cookie notice', () => {
  test('is shown above the page until dismissed, and stays dismissed across reloads and pages', async ({ browser }) => {
    const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE' });
    const page = await context.newPage();
    await open(page, '/');
    const notice = page.getByRole('region', { name: de.cookies.label });
    await expect(notice).toBeVisible();
    // In the page's flow, above the header: it covers nothing.
    const noticeBox = (await notice.boundingBox())!;
    const logoBox = (await page.getByRole('banner').boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(logoBox.y + 1);
    await notice.getByRole('button', { name: de.cookies.dismiss }).click();
    await expect(notice).toHaveCount(0);
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'salon_cookies_noted')).toBe(true);
    await page.reload();
    await settled(page);
    await expect(page.getByRole('heading', { name: de.landing.headline })).toBeVisible();
    await expect(page.getByRole('region', { name: de.cookies.label })).toHaveCount(0);
    await open(page, '/impress');
    await expect(page.getByRole('region', { name: de.cookies.label })).toHaveCount(0);
    await context.close();
  });
});

test.describe('the legal pages', () => {
  test('are reached from the footer of a public page, in the visitor’s language', async ({ browser }) => {
    const context = await browser.newContext({ ...SCREENS.desktop, locale: 'en-GB' });
    const page = await context.newPage();
    await open(page, '/login');
    const footer = page.getByRole('navigation', { name: en.site.footer });
    await footer.getByRole('link', { name: en.site.impress }).click();
    await expect(page.getByRole('heading', { name: en.legal.impressTitle, level: 1 })).toBeVisible();
    await expect(page.getByText('Beispiel Salon GmbH').first()).toBeVisible();
    await expect(page.getByText(en.legal.contentProvider)).toHaveCount(0);
    await footer.getByRole('link', { name: en.site.privacy }).click();
    await expect(page.getByRole('heading', { name: en.legal.privacyTitle, level: 1 })).toBeVisible();
    await expect(page.getByText(en.legal.germanOnly)).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. Wer ist verantwortlich?' })).toBeVisible();
    await context.close();
  });
});
