import type { Locator, Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { fillChat, hostParty } from './helpers';

/**
 * A consultant running her party on a tablet (issue 41): the specification's small screens end
 * below `md` (768 px), so a portrait tablet shows the chat, the contents and the guests together
 * (two columns: the chat, and contents above guests in the drawer's 240 px), a landscape one in
 * three columns; the workspace's drawer stays open beside the dashboard. Chat photos show whole,
 * up to 500 px high, no longer cropped into a 240 px box (product-spec §9).
 */
const SHOTS = 'test-results/party-tablet';
const TABLETS = [
  { name: 'portrait', viewport: { width: 768, height: 1024 }, columns: 2 },
  { name: 'landscape', viewport: { width: 1024, height: 768 }, columns: 3 },
] as const;

/** A JPEG of the given size, drawn by the browser (no fixture file): a frame and a cross, so a crop would show. */
async function jpeg(page: Page, width: number, height: number, colour: string): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ width, height, colour }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      context.strokeStyle = '#ffffff';
      context.lineWidth = 12;
      context.strokeRect(6, 6, width - 12, height - 12);
      context.beginPath();
      context.moveTo(0, 0);
      context.lineTo(width, height);
      context.moveTo(width, 0);
      context.lineTo(0, height);
      context.stroke();
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    { width, height, colour },
  );
  return Buffer.from(bytes);
}

async function sendPhoto(page: Page, name: string, bytes: Buffer, caption: string): Promise<void> {
  await page.getByTestId('chat-file-input').setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
  const dialog = page.getByRole('dialog', { name: 'Foto senden' });
  await dialog.getByLabel('Bildunterschrift (optional)').fill(caption);
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('message').filter({ hasText: caption }).getByTestId('chat-photo')).toBeVisible();
}

/** A heading, sent as the manager's page sends one (its socket), through the heading dialog. */
async function sendHeading(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Überschrift einfügen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Überschrift' });
  await dialog.getByLabel('Text der Überschrift').fill(text);
  await dialog.getByRole('button', { name: 'Einfügen' }).click();
  await expect(page.getByRole('heading', { name: text })).toBeVisible();
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** A photo's drawn box, once its picture's size is known (its preview then has the picture's shape). */
async function photoBox(page: Page, caption: string) {
  const image = page.getByTestId('message').filter({ hasText: caption }).getByTestId('chat-photo-image');
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.style.aspectRatio !== '')).toBe(true);
  const natural = await image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  return { drawn: await box(image), natural };
}

test('a consultant on a tablet runs her party with the chat, the contents and the guests side by side; photos show whole, up to 500 px high', async ({
  browser,
  baseURL,
}) => {
  const host = await hostParty(browser, 'Tablet-Party', { viewport: { width: 1280, height: 900 } });
  const manager = host.page;
  const info = (await (await manager.request.get(`/api/parties${host.link}`)).json()) as { id: string };
  await fillChat(baseURL!, info.id, 8, 'Guten Abend');
  await sendHeading(manager, 'Begrüßung');
  await sendPhoto(manager, 'hoch.jpg', await jpeg(manager, 600, 900, '#0e7490'), 'Das Serum, hochkant');
  await sendHeading(manager, 'Die Produkte');
  await sendPhoto(manager, 'quer.jpg', await jpeg(manager, 1200, 800, '#b45309'), 'Die Kollektion, quer');

  for (const tablet of TABLETS) {
    await manager.setViewportSize(tablet.viewport);
    await manager.goto(host.link);
    const main = manager.getByRole('main');
    const contents = manager.getByTestId('contents-column');
    const guests = manager.getByTestId('guests-column');
    await expect(manager.getByTestId('members')).toContainText('Gast1 Test');
    await manager.screenshot({ path: `${SHOTS}/party-${tablet.name}.png` });
    // No tabs from md: everything is there at once.
    await expect(manager.getByRole('tablist', { name: 'Bereiche' })).toBeHidden();
    await expect(main).toBeVisible();
    await expect(contents.getByRole('link', { name: 'Begrüßung' })).toBeVisible();
    await expect(guests.getByTestId('members')).toBeVisible();
    const [chat, toc, people] = [await box(main), await box(contents), await box(guests)];
    expect(toc.x, 'the contents stand right of the chat').toBeGreaterThanOrEqual(chat.x + chat.width - 1);
    if (tablet.columns === 2) {
      // Portrait: one column of the drawer's width, the contents above the guests.
      expect(Math.round((await box(manager.getByTestId('side-column'))).width)).toBe(240);
      expect(Math.round(people.x)).toBe(Math.round(toc.x));
      expect(people.y).toBeGreaterThanOrEqual(toc.y + toc.height - 1);
    } else {
      // Landscape: the contents and the guests in columns of their own, the chat keeping a phone's width at least.
      expect(people.x).toBeGreaterThanOrEqual(toc.x + toc.width - 1);
      expect(chat.width).toBeGreaterThanOrEqual(390);
    }
    expect(chat.width + toc.width + (tablet.columns === 3 ? people.width : 0)).toBeLessThanOrEqual(tablet.viewport.width + 1);
    // Nothing wider than the screen.
    expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tablet.viewport.width);

    // The photos whole: the preview has the picture's shape, at most 500 px high; a tall one is
    // taller than the old 240 px crop.
    for (const caption of ['Das Serum, hochkant', 'Die Kollektion, quer']) {
      const { drawn, natural } = await photoBox(manager, caption);
      expect(drawn.height).toBeLessThanOrEqual(500);
      expect(drawn.width / drawn.height).toBeCloseTo(natural.width / natural.height, 1);
      if (natural.height > natural.width) expect(drawn.height).toBeGreaterThan(240);
      await manager.screenshot({ path: `${SHOTS}/party-${tablet.name}-${natural.height > natural.width ? 'tall' : 'wide'}-photo.png` });
    }

    // The workspace beside it: the drawer is open without its menu button.
    await manager.goto('/parties');
    await expect(manager.getByRole('navigation', { name: 'Hauptmenü' })).toBeInViewport();
    await expect(manager.getByRole('button', { name: 'Menü' })).toBeHidden();
    await manager.screenshot({ path: `${SHOTS}/dashboard-${tablet.name}.png` });
  }
  // The same party on a phone (tabs) and a desktop (three columns, the tools' texts in the header).
  for (const [name, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await manager.setViewportSize(viewport);
    await manager.goto(host.link);
    await expect(manager.getByRole('heading', { name: 'Tablet-Party' })).toBeInViewport();
    await expect(manager.getByRole('tablist', { name: 'Bereiche' })).toBeVisible({ visible: name === 'phone' });
    await expect.poll(() => manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await manager.screenshot({ path: `${SHOTS}/party-${name}.png` });
  }
  await host.context.close();
});
