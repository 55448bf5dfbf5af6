import type { APIRequestContext, Page } from '@playwright/test';
import { request } from '@playwright/test';
import { expect, test } from './diagnostics';
import { createParty, fillChat as fill, signIn } from './helpers';

/**
 * A long party as the consultant reads it: the table of contents lists headings whose pages are
 * not loaded and jumps to them; her own message is always brought into view; the list stays at
 * the bottom across a reconnect.
 */

async function guestClient(baseURL: string, partyId: string): Promise<{ api: APIRequestContext; headers: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  const joined = await (await api.put(`/api/parties/${partyId}/join`, { data: { firstName: 'Spät', lastName: 'Gast' } })).json();
  return { api, headers: { Authorization: `Basic ${Buffer.from(`${joined.guestId}:${joined.secretKey}`).toString('base64')}` } };
}

async function consultantParty(page: Page, title: string): Promise<{ link: string; id: string }> {
  await signIn(page, 'anna@salon.test');
  const link = await createParty(page, title);
  const info = await (await page.request.get(`/api/parties${link}`)).json();
  return { link, id: info.id };
}

const newMessagesButton = (page: Page) => page.getByRole('button', { name: /Neue Nachrichten/ });

test('the table of contents lists a heading 300 messages back at once, and a click brings it into view', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { link, id } = await consultantParty(page, 'Lange Party mit Inhalt');
  const heading = await page.request.post(`/api/parties/${id}/chat`, {
    headers: { Origin: baseURL! },
    data: { tempId: crypto.randomUUID(), messageType: 'heading', message: 'Begrüßung 👋🏽' },
  });
  expect(heading.status()).toBe(201);
  await fill(baseURL!, id, 300);
  const late = await page.request.post(`/api/parties/${id}/chat`, {
    headers: { Origin: baseURL! },
    data: { tempId: crypto.randomUUID(), messageType: 'heading2', message: 'Zum Schluss' },
  });
  expect(late.status()).toBe(201);

  await page.goto(link);
  const messages = page.getByTestId('message');
  await expect(messages.last()).toContainText('Zum Schluss');
  // Only the newest page is loaded; the contents list the first heading all the same.
  await expect(messages.filter({ hasText: 'Nachricht 200' })).toHaveCount(0);
  const contents = page.getByTestId('contents');
  await expect(contents.getByRole('link')).toHaveText(['Begrüßung 👋🏽', 'Zum Schluss']);

  await contents.getByRole('link', { name: 'Begrüßung 👋🏽' }).click();
  const target = messages.filter({ hasText: 'Begrüßung 👋🏽' });
  await expect(target).toBeInViewport();
  await expect(messages.filter({ hasText: 'Nachricht 001' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/long-party-contents-desktop.png' });

  // Scrolling down from there loads the pages after it, in order, up to the newest.
  const log = page.getByRole('log');
  for (let i = 0; i < 40 && (await messages.filter({ hasText: 'Zum Schluss' }).count()) === 0; i++) {
    await log.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await page.waitForTimeout(150);
  }
  await expect(messages.filter({ hasText: 'Zum Schluss' })).toBeInViewport();

  // On a phone the contents are a tab; the jump switches back to the messages.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(messages.last()).toContainText('Zum Schluss');
  await page.getByRole('tab', { name: 'Inhalt' }).click();
  await page.screenshot({ path: 'test-results/long-party-contents-phone.png' });
  await page.getByTestId('contents').getByRole('link', { name: 'Begrüßung 👋🏽' }).click();
  await expect(target).toBeInViewport();
  await page.screenshot({ path: 'test-results/long-party-jumped-phone.png' });
  // Back to the newest in one tap.
  await page.getByRole('button', { name: /Zu den neuesten Nachrichten/ }).click();
  await expect(messages.last()).toContainText('Zum Schluss');
  await expect(messages.last()).toBeInViewport();
  await context.close();
});

test('her own message comes into view when she sends it scrolled up, without a new-messages button', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { link, id } = await consultantParty(page, 'Eigene Nachricht');
  await fill(baseURL!, id, 120);
  await page.goto(link);
  const messages = page.getByTestId('message');
  await expect(messages.last()).toContainText('Nachricht 120');
  const log = page.getByRole('log');
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(messages.filter({ hasText: 'Nachricht 120' })).not.toBeInViewport();

  await page.getByPlaceholder('Nachricht schreiben …').fill('Hier bin ich');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  const mine = messages.filter({ hasText: 'Hier bin ich' });
  await expect(mine).toBeInViewport();
  await page.waitForTimeout(500);
  await expect(mine).toBeInViewport();
  await expect(newMessagesButton(page)).toHaveCount(0);

  // Someone else's message while she is scrolled up still offers the button.
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  const other = await guestClient(baseURL!, id);
  expect((await other.api.post(`/api/parties/${id}/chat`, { headers: other.headers, data: { message: 'Von jemand anderem' } })).status()).toBe(201);
  await expect(newMessagesButton(page)).toBeVisible();
  await other.api.dispose();
  await context.close();
});

test('at the bottom, the list stays at the bottom across a reconnect while messages arrive (replay and reload)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { link, id } = await consultantParty(page, 'Wiederverbinden');
  await fill(baseURL!, id, 60);

  // The page's socket runs through here, so the test can drop it and speak for the room.
  let blocked = false;
  const sockets: { close(): Promise<void>; send(message: string): void }[] = [];
  await page.routeWebSocket(/\/api\/parties\/[^/]+\/socket(\?|$)/, (ws) => {
    if (blocked) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.goto(link);
  const messages = page.getByTestId('message');
  await expect(messages.last()).toContainText('Nachricht 060');
  await expect(messages.last()).toBeInViewport();

  // Offline for a moment; messages arrive meanwhile; the resume replays them.
  const other = await guestClient(baseURL!, id);
  blocked = true;
  await sockets.at(-1)!.close();
  for (let n = 1; n <= 8; n++)
    expect((await other.api.post(`/api/parties/${id}/chat`, { headers: other.headers, data: { message: `Während der Pause ${n}` } })).status()).toBe(201);
  blocked = false;
  await expect(messages.last()).toContainText('Während der Pause 8', { timeout: 15_000 });
  await expect(messages.last()).toBeInViewport();
  await expect(newMessagesButton(page)).toHaveCount(0);

  // The room asks for a reload (a fresh snapshot replaces the loaded page): still at the bottom.
  await fill(baseURL!, id, 60, 'Neu geladen');
  await expect(messages.last()).toContainText('Neu geladen 060');
  sockets.at(-1)!.send(JSON.stringify({ type: 'reloadMessages', partyId: id }));
  await page.waitForTimeout(1500);
  await expect(messages.last()).toContainText('Neu geladen 060');
  await expect(messages.last()).toBeInViewport();
  await expect(newMessagesButton(page)).toHaveCount(0);
  await other.api.dispose();
  await context.close();
});
