import type { BrowserContextOptions, Page } from '@playwright/test';
import de from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, hostParty, joinAs, screens, settled, signIn } from './helpers';

const TEXTS = { de, en };
type Language = keyof typeof TEXTS;

/**
 * Salon is installable (ADR 033): the manifest and every image it names are served, and the browser's
 * install prompt, which Chromium gives only to a page that meets its criteria (a headless one never
 * does), is offered from the guest's menu and the workspace's user menu. The test fires the event
 * itself, as Chromium would: an Event with prompt() and userChoice.
 */

/** Fires Chromium's install event on the page; `window.salonPrompted` counts the prompts shown. */
async function offerInstall(page: Page) {
  await settled(page);
  await page.evaluate(() => {
    const state = window as unknown as { salonPrompted: number };
    state.salonPrompted = 0;
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        state.salonPrompted += 1;
        return { outcome: 'accepted' };
      },
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

/** A guest whose browser speaks `language` joins; the page is in that language (Accept-Language). */
async function guestIn(browser: import('@playwright/test').Browser, link: string, language: Language, firstName: string, options: BrowserContextOptions) {
  const context = await browser.newContext({ ...options, locale: language === 'de' ? 'de-DE' : 'en-GB' });
  if (options.userAgent) await context.addInitScript(likeSafari, { standalone: false, touchPoints: 5 });
  const page = await context.newPage();
  const texts = TEXTS[language].join;
  await page.goto(link);
  await page.getByLabel(texts.firstName).fill(firstName);
  await page.getByLabel(texts.lastName).fill('Gast');
  await page.getByRole('button', { name: texts.submit }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await settled(page);
  const menu = page.getByRole('button', { name: `${TEXTS[language].guestMenu.label}: ${firstName}` });
  return { context, page, menu, texts: TEXTS[language] };
}

/**
 * WebKit's `navigator.standalone`, which Chromium lacks (false in Safari, true on the home screen),
 * and an iPad's five touch points (Chromium's touch emulation says one).
 */
function likeSafari({ standalone, touchPoints }: { standalone: boolean; touchPoints: number }) {
  Object.defineProperty(Navigator.prototype, 'standalone', { get: () => standalone, configurable: true });
  Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => touchPoints, configurable: true });
}

test('the manifest is linked and served as a manifest, with every image it names', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  // Not fingerprinted, so never cached without asking: a new icon reaches the next check.
  expect(response.headers()['cache-control']).toMatch(/must-revalidate|no-cache/);
  const manifest = (await response.json()) as {
    icons: { src: string; type: string }[];
    screenshots: { src: string; type: string }[];
    shortcuts: { url: string }[];
  };
  for (const image of [...manifest.icons, ...manifest.screenshots]) {
    const file = await request.get(image.src);
    expect(file.status(), image.src).toBe(200);
    expect(file.headers()['content-type'], image.src).toBe(image.type);
  }
  // Every image really decodes in the browser, as the install dialog shows it.
  const broken = await page.evaluate(
    async (sources) =>
      (
        await Promise.all(
          sources.map(async (src) => {
            const image = new Image();
            image.src = src;
            return image.decode().then(
              () => null,
              () => src,
            );
          }),
        )
      ).filter(Boolean),
    [...manifest.icons, ...manifest.screenshots].map((image) => image.src),
  );
  expect(broken).toEqual([]);
});

test('the dashboard shortcut opens the dashboard for a signed-in consultant', async ({ page, request }) => {
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { shortcuts: { url: string }[] };
  await signIn(page, 'anna@salon.test');
  await page.goto(manifest.shortcuts[0]!.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.parties.title);
});

test('a guest is offered "Install Salon" in her menu once the browser allows it, and it shows the prompt', async ({ browser }) => {
  const { context, link } = await hostParty(browser, 'Installparty');
  for (const [screen, options] of screens('phone', 'desktop'))
    for (const language of ['de', 'en'] as const) {
      const { context: guestContext, page: guest, menu, texts } = await guestIn(browser, link, language, `Ida${screen}${language}`, options);
      const install = texts.install.menuItem;
      // Before the browser says it may install, the menu has no such item.
      await menu.click();
      await expect(guest.getByRole('menuitem', { name: texts.guestMenu.rename })).toBeVisible();
      await expect(guest.getByRole('menuitem', { name: install })).toHaveCount(0);
      await guest.keyboard.press('Escape');

      await offerInstall(guest);
      await menu.click();
      await expect(guest.getByRole('menuitem', { name: install })).toBeVisible();
      await guest.screenshot({ path: test.info().outputPath(`guest-menu-${screen}-${language}.png`) });
      await guest.getByRole('menuitem', { name: install }).click();
      await expect.poll(() => guest.evaluate(() => (window as unknown as { salonPrompted: number }).salonPrompted)).toBe(1);
      // A prompt can be shown once: the item is gone until the browser offers again.
      await menu.click();
      await expect(guest.getByRole('menuitem', { name: texts.guestMenu.rename })).toBeVisible();
      await expect(guest.getByRole('menuitem', { name: install })).toHaveCount(0);
      await guestContext.close();
    }
  await context.close();
});

test('a consultant is offered "Install Salon" in the user menu of the workspace', async ({ browser }) => {
  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  await createParty(page, 'Manager-Install');
  await page.goto('/parties');
  const userMenu = page.getByLabel('Benutzermenü', { exact: true });
  await userMenu.click();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salon installieren' })).toHaveCount(0);
  await userMenu.click();
  await offerInstall(page);
  await userMenu.click();
  await expect(page.getByRole('button', { name: 'Salon installieren' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('user-menu-phone-de.png') });
  await page.getByRole('button', { name: 'Salon installieren' }).click();
  // The menu closes; the browser's own dialog is what shows now.
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { salonPrompted: number }).salonPrompted)).toBe(1);
  await context.close();
});

test('on an iPhone the menu explains "Add to Home Screen" instead, and offers nothing once on the home screen', async ({ browser }) => {
  const { context, link } = await hostParty(browser, 'iPhone-Party');
  for (const [screen, options] of screens('phone', 'desktop'))
    for (const language of ['de', 'en'] as const) {
      // An iPhone on the phone, an iPad (which says it is a Mac, with touch) on the desktop.
      const device = screen === 'phone' ? { userAgent: IPHONE } : { userAgent: IPAD, hasTouch: true };
      const { context: guestContext, page: guest, menu, texts } = await guestIn(browser, link, language, `Ios${screen}${language}`, { ...options, ...device });
      await menu.click();
      await guest.getByRole('menuitem', { name: texts.install.menuItem }).click();
      const dialog = guest.getByRole('alertdialog', { name: texts.homeScreen.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(texts.homeScreen.add);
      await guest.screenshot({ path: test.info().outputPath(`ios-dialog-${screen}-${language}.png`) });
      await dialog.getByRole('button', { name: texts.homeScreen.done }).click();
      await expect(dialog).toHaveCount(0);
      await guestContext.close();
    }

  // Opened from the home screen, Salon is installed: nothing to offer, even if a prompt came.
  const installed = await browser.newContext({ ...SCREENS.phone, userAgent: IPHONE, locale: 'de-DE' });
  await installed.addInitScript(likeSafari, { standalone: true, touchPoints: 5 });
  const guest = await installed.newPage();
  await joinAs(guest, link, 'Homescreen');
  await offerInstall(guest);
  await guest.getByRole('button', { name: 'Dein Name: Homescreen' }).click();
  await expect(guest.getByRole('menuitem', { name: 'Namen ändern' })).toBeVisible();
  await expect(guest.getByRole('menuitem', { name: 'Salon installieren' })).toHaveCount(0);
  await installed.close();
  await context.close();
});
