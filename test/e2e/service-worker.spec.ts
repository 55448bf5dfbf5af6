import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, hostParty, joinAs, phoneContext, controlledByServiceWorker } from './helpers';

/** Until the service worker controls the page (the first version claims open pages, app/sw/update.ts). */
/** The paths kept for a person (app/sw/person.ts), across every person's cache. */
function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('salon-person-')) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths.sort();
  });
}

async function partyIdOf(page: Page, link: string): Promise<string> {
  const info = (await (await page.request.get(`/api/parties${link}`)).json()) as { id: string };
  return info.id;
}

test('the service worker installs; a party opened before opens offline with its history and the offline state; leaving it and another person forget it', async ({
  browser,
}) => {
  const { page: host, link } = await hostParty(browser, 'Offline-Party');
  const hostInput = host.getByRole('textbox', { name: 'Nachricht' });
  await hostInput.fill('Willkommen, auch ohne Netz');
  await hostInput.press('Enter');

  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Olga', 'Offline');
  const welcome = guest.getByTestId('message').filter({ hasText: 'Willkommen, auch ohne Netz' });
  await expect(welcome).toBeVisible();
  const script = await guest.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(script).toMatch(/\/sw\.js$/);
  await controlledByServiceWorker(guest);
  const partyId = await partyIdOf(guest, link);

  // A visit while the worker controls the page keeps the page; the page hands over its history.
  await guest.reload();
  await expect(welcome).toBeVisible();
  await expect.poll(() => keptPaths(guest)).toEqual([link, `/api/parties/${partyId}/chat`].sort());

  await guestContext.setOffline(true);
  await guest.reload();
  await expect(welcome).toBeVisible();
  // Chromium's emulated offline leaves navigator.onLine true in a page loaded meanwhile: the page
  // then knows only that it cannot connect, and says so (a real offline phone says "offline").
  await expect(guest.getByTestId('connection-status')).toHaveText(/Du bist offline|Verbindung wird wiederhergestellt/);
  await guest.screenshot({ path: test.info().outputPath('offline-party-phone.png') });

  // Back online the live chat goes on from where the kept history ended.
  await guestContext.setOffline(false);
  await expect(guest.getByTestId('connection-status')).toHaveCount(0);
  await hostInput.fill('Wieder da?');
  await hostInput.press('Enter');
  await expect(guest.getByTestId('message').filter({ hasText: 'Wieder da?' })).toBeVisible();

  // Leaving the party forgets its page and its history.
  await guest.getByRole('button', { name: /Dein Name/ }).click();
  await guest.getByRole('menuitem', { name: 'Party verlassen' }).click();
  await guest.getByRole('alertdialog').getByRole('button', { name: 'Party verlassen' }).click();
  await guest.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => keptPaths(guest)).toEqual([]);

  // Another person on the same browser (here: nobody signed in) never gets what was kept before.
  await joinAs(guest, link, 'Olga', 'Offline');
  await guest.reload();
  await expect.poll(() => keptPaths(guest)).toContain(link);
  await guestContext.clearCookies();
  await guest.goto('/');
  await expect.poll(() => keptPaths(guest)).toEqual([]);
  await guestContext.setOffline(true);
  await expect(guest.goto(link)).rejects.toThrow();
  await guestContext.close();
});

test('signing out forgets the pages kept for the consultant', async ({ browser }) => {
  const { context, page, link } = await hostParty(browser, 'Abmelde-Cache-Party');
  await controlledByServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();
  await expect.poll(() => keptPaths(page)).toContain(link);

  await page.goto('/parties');
  await page.getByRole('button', { name: 'Benutzermenü' }).or(page.getByLabel('Benutzermenü')).first().click();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await page.waitForURL((url) => url.port === new URL(page.url()).port && url.pathname === '/');
  await expect.poll(() => keptPaths(page)).toEqual([]);
  await context.close();
});

test('a new version of the service worker is offered, not forced, and taken on the reader’s word', async ({ browser }) => {
  for (const [screen, options] of Object.entries(SCREENS)) {
    for (const locale of ['de-DE', 'en-GB']) {
      const context = await browser.newContext({ ...options, locale });
      const page = await context.newPage();
      await page.goto('/faq');
      await controlledByServiceWorker(page);
      // The next version, as a deploy brings it: a new script for the same scope (here the same file
      // under another address, which the browser installs as an update like changed bytes).
      await page.evaluate(async () => {
        await navigator.serviceWorker.register('/sw.js?next', { scope: '/' });
      });
      const bar = page.getByTestId('update-bar');
      await expect(bar).toContainText(locale === 'de-DE' ? 'Eine neue Version von Salon ist da.' : 'A new version of Salon is ready.');
      await page.screenshot({ path: test.info().outputPath(`update-bar-${screen}-${locale}.png`) });
      // Not forced: it waits, and the old version still controls the page.
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.waiting))).toBe(true);

      const reloaded = page.waitForEvent('load');
      await bar.getByRole('button', { name: locale === 'de-DE' ? 'Neu laden' : 'Reload' }).click();
      await reloaded;
      await controlledByServiceWorker(page);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/'))?.waiting))).toBe(false);
      await expect(bar).toHaveCount(0);
      await context.close();
    }
  }
});
