import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { expect, request } from '@playwright/test';
import { MAIL_PORT } from '../../playwright.config';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';
import de from '../../app/i18n/locales/de';
import { PICTURES } from '../fixtures/images';

/** The two screens the browser tests look through: a phone (Pixel-like, touch) and a desktop. */
export const SCREENS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const satisfies Record<string, BrowserContextOptions>;
export type Screen = keyof typeof SCREENS;

/** The named screens with their context options, in the order given: `for (const [name, options] of screens('phone', 'desktop'))`. */
export function screens<const T extends Screen>(...names: T[]): (readonly [T, (typeof SCREENS)[T]])[] {
  return names.map((name) => [name, SCREENS[name]] as const);
}

/** A phone-sized guest: Pixel-like viewport, touch, the given language (and any further options). */
export async function phoneContext(browser: Browser, locale = 'de-DE', options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...SCREENS.phone, locale, ...options });
}

// Random start, so a worker restarted after a failure does not reuse the addresses of this hour's windows.
let clientAddresses = Math.floor(Math.random() * 0x7f0000);

/**
 * Headers that give a browser context a client address of its own: the send limits on mailed codes
 * count per client address (`CF-Connecting-IP`, ADR 034), which behind Cloudflare each device has,
 * while locally every request without the header counts as the one client `local`. `wrangler dev`
 * passes the header through as the browser sends it.
 */
export function ownClientAddress(): { 'CF-Connecting-IP': string } {
  const n = ++clientAddresses;
  return { 'CF-Connecting-IP': `10.${(n >> 16) & 0xff}.${(n >> 8) & 0xff}.${n & 0xff}` };
}

/** Whether React has hydrated the page: it marks every node it hydrated or created with its fiber. Runs in the page. */
export function reactHydrated(): boolean {
  return Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber$'));
}

/**
 * Until the page has hydrated and its main thread has gone idle: React's hydration work (and any
 * error it reports) is done by then. Quicker than waiting for the network to be quiet for 500 ms.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(reactHydrated);
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })));
}

/**
 * The page is no wider than the screen: nothing (a long unbroken title, a name, a link) pushes it
 * sideways, which on a phone would also zoom the whole page out.
 */
export async function expectNoSidewaysScroll(page: Page, what = page.url()): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what}: the page is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Waits until the owner's converted video lists `renditions` (lowest first) in its master
 * playlist: Stream, and its local stand-in, let a video play from its lowest rendition and add
 * the larger ones as they are made (ADR 024). Read through the convert call's signed playlist.
 */
export async function expectRenditions(page: Page, mediaId: string, renditions: string[]): Promise<void> {
  await expect
    .poll(
      async () => {
        const conversion = (await (await page.request.get(`/api/media/convert/${mediaId}`)).json()) as { hls: string | null };
        if (!conversion.hls) return [];
        const master = await (await page.request.get(conversion.hls)).text();
        return [...master.matchAll(/NAME="(\d+p)"/g)].map((match) => match[1]);
      },
      { timeout: 60_000 },
    )
    .toEqual(renditions);
}

/** Signs a demo consultant in through the local provider's own login page. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: /Partnerkonto|partner account/i }).click();
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/parties');
  // A tap before the dashboard has hydrated does nothing (the drawer's button has no handler yet).
  await settled(page);
}

export async function createParty(page: Page, title: string): Promise<string> {
  if (!(await page.getByLabel(/Art der Party|Type of party|party type/i).isVisible())) {
    // The button opens the form by script: a click before the page is interactive is lost.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /Neue Party|New party/i }).click();
  }
  // The demo accounts are shared by every test and a retry: a party of the same title may exist
  // already, so the new one is the card whose link was not there before.
  const cards = page.getByTestId('party-card').filter({ hasText: title });
  const links = async () => Promise.all((await cards.all()).map((card) => card.getByRole('link').first().getAttribute('href')));
  const before = new Set(await links());
  await page.getByLabel(/Art der Party|Type of party|party type/i).fill(title);
  await page.getByRole('button', { name: /Party anlegen|Create party/i }).click();
  let href: string | null | undefined;
  await expect.poll(async () => (href = (await links()).find((link) => !before.has(link)))).toBeTruthy();
  expect(href).toMatch(/^\/[0-9A-Za-z]{12}$/);
  return href!;
}

/**
 * Types a date (and time) into a group of date fields (app/components/date-fields.tsx) as a person
 * does, field by field: `value` names them in the page's order, e.g. '01.01.2024 10:00'.
 */
export async function fillDate(group: Locator, value: string): Promise<void> {
  const parts = value.split(/\D+/);
  const fields = group.getByRole('textbox');
  await expect(fields).toHaveCount(parts.length);
  for (const [index, part] of parts.entries()) await fields.nth(index).fill(part);
}

/**
 * A guest opens the link and joins with a German-speaking browser. A browser that is a guest already
 * finds her names filled in and folded away: she unfolds them to type these.
 */
export async function joinAs(page: Page, link: string, firstName: string, lastName = 'Gast'): Promise<void> {
  await page.goto(link);
  const folded = page.getByRole('dialog').getByText('Namen ändern');
  if (await folded.isVisible()) await folded.click();
  await page.getByLabel('Vorname').fill(firstName);
  await page.getByLabel('Nachname').fill(lastName);
  await page.getByRole('button', { name: 'Party beitreten' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The single-profile demo consultant signs in, creates a party and opens it. */
export async function hostParty(
  browser: Browser,
  title: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; link: string }> {
  const context = await browser.newContext({ locale: 'de-DE', ...options });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const link = await createParty(page, title);
  await page.goto(link);
  return { context, page, link };
}

/** Sets the party's expiry as the consultant's own page does (the same API, her session). */
export async function setExpiry(consultant: Page, link: string, expiration: number): Promise<void> {
  const status = await consultant.evaluate(
    async ({ shortId, expiration }) => {
      const info = (await (await fetch(`/api/parties/${shortId}`)).json()) as { id: string; title: string };
      const response = await fetch(`/api/parties/${info.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: info.title, expiration }),
      });
      return response.status;
    },
    { shortId: link.slice(1), expiration },
  );
  expect(status).toBe(200);
}

/** Records every dialog (alert, confirm, prompt) a page opens; hostile input must never open one. */
export function watchDialogs(page: Page, name: string, seen: string[]): void {
  page.on('dialog', (dialog) => {
    seen.push(`${name}: ${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss();
  });
}

/** A drag of files from outside onto the page, as the browser delivers it: enter, over, drop. */
export async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[], shot?: string) {
  const payload = files.map((file) => ({ name: file.name, type: file.mimeType, bytes: file.buffer.toString('base64') }));
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([Uint8Array.from(atob(file.bytes), (char) => char.charCodeAt(0))], file.name, { type: file.type }));
    return data;
  }, payload);
  await page.dispatchEvent('body', 'dragenter', { dataTransfer: transfer });
  const zone = page.getByTestId('drop-zone');
  await expect(zone).toBeVisible();
  if (shot) await page.screenshot({ path: shot });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(zone).toHaveCount(0);
  return zone;
}

/** The local mail catcher's page (scripts/mail-catcher.mjs), which the served app sends every mail to. */
export const MAIL_CATCHER = `http://localhost:${MAIL_PORT}`;

/** The mails the app sent to `address`, oldest first. */
export async function mailsTo(request: APIRequestContext, address: string): Promise<{ subject: string; text: string }[]> {
  return (await request.get(`${MAIL_CATCHER}/api/messages?to=${encodeURIComponent(address)}`)).json();
}

/** The six-digit code in the newest mail to `address`, once there are more than `before` mails to it. */
export async function mailedCode(request: APIRequestContext, address: string, before = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const mails = await mailsTo(request, address);
      code = mails.length > before ? (/\b(\d{6})\b/.exec(mails.at(-1)!.text)?.[1] ?? '') : '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Waits until the service worker (app/sw/) controls the page: it claims the pages open when it activates. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller));
}

/** The items of a card's actions menu ("Aktionen für …"), read and closed again. */
export async function cardMenuItems(page: Page, card: Locator, title: string): Promise<string[]> {
  await card.getByRole('button', { name: `Aktionen für ${title}` }).click();
  const items = await page
    .getByRole('menu', { name: `Aktionen für ${title}` })
    .getByRole('menuitem')
    .allTextContents();
  await page.keyboard.press('Escape');
  return items;
}

/** `count` messages from guests through the API, each guest within the send rate. */
export async function fillChat(baseURL: string, partyId: string, count: number, prefix = 'Nachricht'): Promise<void> {
  let n = 0;
  for (let guest = 1; n < count; guest++) {
    const api = await request.newContext({ baseURL });
    const joined = await (await api.put(`/api/parties/${partyId}/join`, { data: { firstName: `Gast${guest}`, lastName: 'Test' } })).json();
    const headers = { Authorization: `Basic ${Buffer.from(`${joined.guestId}:${joined.secretKey}`).toString('base64')}` };
    for (let i = 0; i < 19 && n < count; i++) {
      n++;
      const response = await api.post(`/api/parties/${partyId}/chat`, { headers, data: { message: `${prefix} ${String(n).padStart(3, '0')}` } });
      expect(response.status()).toBe(201);
    }
    await api.dispose();
  }
}

/**
 * A photo in the signed-in consultant's library and a template named `title` with a product card of
 * it (Rosenblüten-Creme, 24,90 €) and a quiz (Welche Creme ist vegan? Aloe-Vera-Gel is right).
 */
async function productTemplate(page: Page, title: string): Promise<void> {
  await page.evaluate(
    async ({ title, png }) => {
      const call = async (path: string, method: string, body: unknown) => {
        const response = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return (await response.json()) as { id: string; uploadUrl?: string };
      };
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const media = await call('/api/media', 'POST', { title: 'Rosenblüten-Creme', contentType: 'image/png', mediaExtension: 'png', size: bytes.byteLength });
      const upload = await fetch(media.uploadUrl!, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: bytes,
      });
      if (!upload.ok) throw new Error(`upload: ${upload.status}`);
      const { id } = await call('/api/templates/create', 'POST', { title });
      const product = { title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' };
      await call(`/api/templates/${id}/sendMessage`, 'POST', { messageType: 'product', mediaId: media.id, message: JSON.stringify(product) });
      const quiz = { question: 'Welche Creme ist vegan?', options: ['Honig-Balsam', 'Aloe-Vera-Gel', 'Bienenwachs-Salbe'], multiple: false, correct: [1] };
      await call(`/api/templates/${id}/sendMessage`, 'POST', { messageType: 'poll', message: JSON.stringify(quiz) });
    },
    { title, png: Buffer.from(PICTURES['image/png']).toString('base64') },
  );
}

/** The manager, on her party's page, applies the template titled `title`: its panel, ready to send. */
export async function applyTemplate(manager: Page, title: string): Promise<Locator> {
  await manager.getByRole('button', { name: 'Vorlage', exact: true }).click();
  const dialog = manager.getByRole('dialog', { name: 'Vorlage anwenden' });
  await dialog.getByRole('searchbox', { name: 'Vorlagen suchen' }).fill(title);
  await dialog.getByRole('button', { name: title }).click();
  return manager.getByTestId('applied-template');
}

/** The manager, on her party's page, applies the template of `productTemplate` and sends both its cards. */
async function playProductTemplate(manager: Page, title: string): Promise<void> {
  const panel = await applyTemplate(manager, title);
  await expect(panel.getByTestId('template-message')).toContainText('Rosenblüten-Creme');
  await panel.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(panel.getByTestId('template-message')).toContainText('Welche Creme ist vegan?');
  await panel.getByRole('button', { name: 'Senden', exact: true }).click();
}

/**
 * The cards' story up to the cards in the chat (ADR 044): the demo consultant signs in on a desktop,
 * makes the template of `productTemplate` and a party titled `partyTitle`; Rosa and Lena join on
 * phones; the manager opens the party and plays both cards into it.
 */
export async function partyWithPlayedCards(browser: Browser, partyTitle: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop, ...options });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const title = `Produktabend ${Date.now()}`;
  await productTemplate(manager, title);
  const link = await createParty(manager, partyTitle);
  const { context: rosaContext, page: rosa } = await guestOnPhone(browser, link, 'Rosa');
  const { context: lenaContext, page: lena } = await guestOnPhone(browser, link, 'Lena');
  await manager.goto(link);
  await playProductTemplate(manager, title);
  return { link, manager, rosa, lena, contexts: [context, rosaContext, lenaContext] };
}

/** A guest with a German phone of her own who joined the party at `link` as `firstName` Gast. */
export async function guestOnPhone(browser: Browser, link: string, firstName: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await joinAs(page, link, firstName);
  return { context, page };
}

/** A guest's address no other test (nor a retry of this one) has used. */
export function freshAddress(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gast.test`;
}

/** Types the mailed code into /login/code and confirms it: she lands on her parties. */
export async function enterCode(page: Page, address: string, before: number): Promise<void> {
  await expect(page.getByRole('heading', { name: de.guestLogin.codeTitle, level: 1 })).toBeVisible();
  await settled(page);
  await page.getByLabel(de.guestLogin.code, { exact: true }).fill(await mailedCode(page.request, address, before));
  await page.getByRole('button', { name: de.guestLogin.verify }).click();
  await expect(page).toHaveURL(/\/my-parties$/);
}

/**
 * The demo consultant's page on a new party of hers (made through the API with her session), on a
 * desktop: the manager's side of a test about guests.
 */
export async function consultantPartyPage(
  browser: Browser,
  baseURL: string,
  title: string,
): Promise<{ page: Page; shortId: string; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const response = await page.request.post('/api/parties', { headers: { Origin: baseURL }, data: { title } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const { shortId } = (await response.json()) as { shortId: string };
  await page.goto(`/${shortId}`);
  await settled(page);
  return { page, shortId, close: () => context.close() };
}

/** The manager sends a product card (a photo of her library, a title, a price) through the party's chat API. */
export async function sendProductCard(request: APIRequestContext, base: string, partyId: string, title: string): Promise<void> {
  const write = async (method: 'post' | 'put', path: string, data: unknown) => {
    const response = await request[method](path, { headers: { Origin: base }, data });
    expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  };
  const bytes = PICTURES['image/png'];
  const photo = await write('post', '/api/media', { title, contentType: 'image/png', mediaExtension: 'png', size: bytes.byteLength });
  const upload = await request.patch(photo.uploadUrl, {
    headers: { Origin: base, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    data: Buffer.from(bytes),
  });
  expect(upload.status()).toBe(204);
  const product = { title, price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' };
  await write('post', `/api/parties/${partyId}/chat`, { messageType: 'product', message: JSON.stringify(product), mediaAttachment: photo.id });
}
