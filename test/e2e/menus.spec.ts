import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { hostParty, joinAs, settled, signIn } from './helpers';

/** On a 320 px phone every menu stays wholly inside the viewport, wherever its button is. */

const PHONE = { width: 320, height: 568 };
const LONG = 'Eine recht lange Nachricht, damit die Sprechblase fast die ganze Breite des kleinen Bildschirms einnimmt.';

async function expectInside(page: Page, menu: Locator): Promise<void> {
  await expect(menu).toBeVisible();
  const viewport = page.viewportSize()!;
  const items = menu.getByRole('menuitem');
  expect(await items.count()).toBeGreaterThan(0);
  for (const item of [menu, ...(await items.all())]) {
    const box = (await item.boundingBox())!;
    const where = `${await item.textContent()}: ${JSON.stringify(box)}`;
    expect(box.x, where).toBeGreaterThanOrEqual(0);
    expect(box.y, where).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, where).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height, where).toBeLessThanOrEqual(viewport.height);
  }
}

test('message menus of wide bubbles, near the edges, stay inside a 320 px screen', async ({ browser }) => {
  const { context, page, link } = await hostParty(browser, 'Schmal', { viewport: PHONE, isMobile: true, hasTouch: true });
  await settled(page);
  const guestContext = await browser.newContext({ locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Ines');
  await guest.locator('#message-input').fill(`${LONG} (Gast)`);
  await guest.keyboard.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: '(Gast)' })).toBeVisible();
  await page.locator('#message-input').fill(`${LONG} (Gastgeberin)`);
  // On a touch screen Enter is a new line: the send button sends.
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  const own = page.getByTestId('message').filter({ hasText: '(Gastgeberin)' });
  await expect(own).toBeVisible();

  // The other's bubble: its menu button is at the right edge. The own one, last, sits just above
  // the input bar at the bottom; its button is at the left edge.
  for (const [name, message] of [
    ['other', page.getByTestId('message').filter({ hasText: '(Gast)' })],
    ['own', own],
  ] as const) {
    const button = message.getByRole('button', { name: 'Aktionen für die Nachricht' });
    await button.click();
    const menu = message.getByRole('menu');
    await expectInside(page, menu);
    await expect(menu.getByRole('menuitem', { name: 'Antworten' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`message-menu-${name}-320.png`) });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  }

  // The guest's name menu in the party header, on a 320 px phone too.
  await guest.setViewportSize(PHONE);
  await guest.getByRole('button', { name: 'Dein Name: Ines' }).click();
  await expectInside(guest, guest.getByRole('menu'));
  await guestContext.close();
  await context.close();
});

test('the header menus stay inside a 320 px screen', async ({ browser }) => {
  const { context, page } = await hostParty(browser, 'Kopfzeile', { viewport: PHONE, isMobile: true, hasTouch: true });
  await page.goto('/parties');
  await settled(page);

  // The card's actions menu, at the card's right edge.
  const card = page.getByTestId('party-card').filter({ hasText: 'Kopfzeile' });
  await card.getByRole('button', { name: 'Aktionen für Kopfzeile' }).click();
  await expectInside(page, card.getByRole('menu'));
  await page.keyboard.press('Escape');

  // The language and user menus are disclosure lists of buttons and links, not ARIA menus.
  for (const label of ['Sprache: Deutsch', 'Benutzermenü']) {
    const summary = page.getByLabel(label, { exact: true });
    await summary.click();
    const list = page.locator('details[open] > :not(summary)');
    await expect(list).toBeVisible();
    const viewport = page.viewportSize()!;
    for (const control of await list.locator('button, a').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height, label).toBeLessThanOrEqual(viewport.height);
    }
    await summary.click();
  }
  await context.close();
});

test("a card's menu that reaches under the workspace's sticky header is drawn above it: every item can be pressed", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 700 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const run = Date.now().toString(36);
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const response = await page.request.post('/api/templates/create', {
      headers: { Origin: new URL(page.url()).origin },
      data: { title: `Kopfzeile ${run} ${n}`, path: '' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.goto('/templates');
  await settled(page);
  const card = page.getByTestId('template-card').filter({ has: page.getByRole('heading', { name: `Kopfzeile ${run} 4`, exact: true }) });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: /^Aktionen für/ }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();

  // The page scrolls until the menu's top is under the header (the menu follows its button).
  const header = (await page.locator('header').first().boundingBox())!;
  const before = (await menu.boundingBox())!;
  await page.evaluate((by) => document.scrollingElement!.scrollBy(0, by), before.y - (header.y + header.height - 60));
  await expect.poll(async () => (await menu.boundingBox())!.y).toBeLessThan(header.y + header.height);
  await page.screenshot({ path: test.info().outputPath('card-menu-under-header.png') });
  // Nothing is drawn over any item: not the header, not the next card's menu button.
  for (const item of await menu.getByRole('menuitem').all()) {
    const box = (await item.boundingBox())!;
    for (const x of [box.x + 8, box.x + box.width / 2, box.x + box.width - 8]) {
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="menu"]') !== null, { x, y: box.y + box.height / 2 });
      expect(onTop, `${await item.textContent()} at ${Math.round(x)}, ${Math.round(box.y + box.height / 2)}`).toBe(true);
    }
  }
  await context.close();
});
