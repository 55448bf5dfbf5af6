import type { Browser, BrowserContext, CDPSession, Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { CATALOGUE_BLUE, cataloguePdf, handMadePdf } from '../fixtures/pdf';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, expectNoSidewaysScroll, joinAs, phoneContext, settled, signIn } from './helpers';

/**
 * PDFs, drawn by pdf.js on every device (phones have no PDF viewer of their own, and neither has
 * the npm-shipped Chromium): a catalogue's library card shows the top of its first page; the
 * viewer draws its pages a few at a time, names it by its own title, counts, pages by buttons,
 * keys and swipes, and zooms by buttons, keys, Ctrl + wheel and two fingers, reading the file in
 * ranges; in a party the bubble shows the title and the first page, and a guest reads the
 * catalogue on her phone in English. Screenshots on a phone and a desktop.
 */

const SHOTS = 'test-results/pdf-viewer';
const RUN = Date.now().toString(36);
const PAGES = 12;
/** The catalogue's own title (its metadata), not its file's name. */
const OWN_TITLE = 'Frühjahrskatalog 2027';
/** Far larger than its pages need: pdf.js should read ranges, not the whole file. */
const PADDING = 3_000_000;

type Rgb = readonly [number, number, number];
const near = (actual: readonly number[], expected: readonly number[]) =>
  actual.length === expected.length && actual.every((value, index) => Math.abs(value - expected[index]!) <= 40);
const WHITE: Rgb = [255, 255, 255];

/** The colour at the middle of what `element` shows on the screen (its screenshot, decoded by the browser). */
async function middleColour(page: Page, element: Locator): Promise<number[]> {
  const shot = (await element.screenshot()).toString('base64');
  return page.evaluate(async (png) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(png), (char) => char.charCodeAt(0))], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    return [...context.getImageData(Math.floor(bitmap.width / 2), Math.floor(bitmap.height / 2), 1, 1).data.slice(0, 3)];
  }, shot);
}

/** Until `element` shows `colour` in its middle (a picture is painted a moment after it has loaded). */
async function expectMiddle(page: Page, element: Locator, colour: readonly number[], message: string): Promise<void> {
  // A list that renders again meanwhile (the picker's search) replaces the element: look again.
  await expect.poll(async () => near(await middleColour(page, element).catch(() => []), colour), { message }).toBe(true);
}

/** The colour a drawn page's canvas has at a share of its width and height. */
function canvasColour(page: Locator, x: number, y: number): Promise<number[]> {
  return page.locator('canvas').evaluate(
    (canvas: HTMLCanvasElement, [x, y]) => [
      ...canvas
        .getContext('2d')!
        .getImageData(Math.floor(canvas.width * x!), Math.floor(canvas.height * y!), 1, 1)
        .data.slice(0, 3),
    ],
    [x, y],
  );
}

/** Uploads the catalogue into the signed-in consultant's library and waits for its card with its preview. */
async function uploadCatalogue(page: Page, name: string): Promise<Locator> {
  await page.goto('/media');
  await settled(page);
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'application/pdf', buffer: cataloguePdf(PAGES, { title: OWN_TITLE, cover: 'Fruehjahr 2027', padding: PADDING }) });
  const card = page.getByTestId('media-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(card.getByTestId('media-card-preview')).toHaveJSProperty('complete', true, { timeout: 30_000 });
  return card;
}

/**
 * The demo consultant's catalogue `name`, uploaded, and sent into a new party from the library's
 * picker (which shows the top of its first page too); her page stays on the party.
 */
async function catalogueInParty(browser: Browser, name: string, partyTitle: string): Promise<{ managerContext: BrowserContext; manager: Page; link: string }> {
  const managerContext = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE' });
  const manager = await managerContext.newPage();
  await signIn(manager, 'anna@salon.test');
  await uploadCatalogue(manager, name);
  await manager.goto('/parties');
  const link = await createParty(manager, partyTitle);
  await manager.goto(link);
  await settled(manager);
  await manager.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
  await manager.getByRole('menuitem', { name: 'Aus der Mediathek' }).click();
  const picker = manager.getByRole('dialog', { name: 'Aus der Mediathek senden' });
  await picker.getByRole('searchbox', { name: 'Medien durchsuchen' }).fill(name);
  await expect(picker.getByTestId('media-card')).toHaveCount(1);
  await expectMiddle(manager, picker.getByTestId('media-card-preview'), CATALOGUE_BLUE, 'the picker shows the top of the page');
  await picker.getByRole('checkbox').check();
  await manager.screenshot({ path: `${SHOTS}/picker-desktop.png` });
  await picker.getByRole('button', { name: 'Senden' }).click();
  await expect(picker).toHaveCount(0);
  return { managerContext, manager, link };
}

/** A finger (or two) on the touch screen, through the browser's own input: what a phone sends. */
async function touch(cdp: CDPSession, strokes: { from: [number, number][]; to: [number, number][] }, steps = 12): Promise<void> {
  const at = (share: number) =>
    strokes.from.map(([x, y], index) => ({ x: x + (strokes.to[index]![0] - x) * share, y: y + (strokes.to[index]![1] - y) * share }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= steps; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step / steps) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('a catalogue in the library: its card shows its first page from the top, the viewer draws, names, counts, pages and zooms', async ({ browser }) => {
  const context = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const name = `Katalog-${RUN}.pdf`;
  const card = await uploadCatalogue(page, name);
  // The card shows the page's top, where the catalogue's band is: cropped around its middle, as
  // before, the landscape card showed only the white under it.
  await expectMiddle(page, card.getByTestId('media-card-preview'), CATALOGUE_BLUE, 'the card shows the top of the page');
  await page.screenshot({ path: `${SHOTS}/library-desktop.png` });

  const ranges: string[] = [];
  page.on('request', (request) => {
    const range = request.headers().range;
    if (/\/files\/[0-9a-f-]{36}$/.test(new URL(request.url()).pathname) && range) ranges.push(range);
  });
  await card.getByRole('button', { name, exact: true }).click();
  // Named by its own title once pdf.js has read it; downloaded under the library's title.
  const viewer = page.getByRole('dialog', { name: OWN_TITLE });
  await expect(viewer.getByRole('heading', { name: OWN_TITLE })).toBeVisible({ timeout: 20_000 });
  await expect(viewer.getByRole('link', { name: `„${name}“ herunterladen` })).toHaveAttribute('href', /\/files\/[0-9a-f-]{36}\?download=1$/);
  const first = viewer.getByRole('img', { name: `Seite 1 von ${PAGES}` });
  await expect(first).toHaveAttribute('data-drawn', 'true');
  expect(near(await canvasColour(first, 0.5, 0.1), CATALOGUE_BLUE)).toBe(true);
  expect(near(await canvasColour(first, 0.5, 0.6), WHITE)).toBe(true);
  await expect(viewer.getByTestId('pdf-page-number')).toHaveText(`Seite 1 von ${PAGES}`);
  // On a desktop the whole page is in view, and only the pages near it exist.
  const pages = viewer.getByTestId('pdf-pages');
  const [view, box] = await Promise.all([pages.boundingBox(), first.boundingBox()]);
  expect(box!.height).toBeLessThanOrEqual(view!.height);
  expect(await viewer.getByTestId('pdf-page').count()).toBeLessThanOrEqual(3);
  // pdf.js read the parts it needed, not a file of several megabytes.
  expect(ranges.length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page, 'PDF viewer on a desktop');
  await page.screenshot({ path: `${SHOTS}/viewer-desktop.png` });
  expect((await new AxeBuilder({ page }).include('dialog').withTags(['wcag2a', 'wcag2aa']).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  // Page by page with the buttons; to the end and back with the keys.
  await viewer.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(viewer.getByTestId('pdf-page-number')).toHaveText(`Seite 2 von ${PAGES}`);
  await expect(viewer.getByRole('img', { name: `Seite 2 von ${PAGES}` })).toHaveAttribute('data-drawn', 'true');
  await expect(viewer.getByRole('button', { name: 'Vorherige Seite' })).toBeEnabled();
  await pages.focus();
  await page.keyboard.press('End');
  await expect(viewer.getByTestId('pdf-page-number')).toHaveText(`Seite ${PAGES} von ${PAGES}`);
  await expect(viewer.getByRole('img', { name: `Seite ${PAGES} von ${PAGES}` })).toHaveAttribute('data-drawn', 'true');
  await expect(viewer.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  expect(await viewer.getByTestId('pdf-page').count()).toBeLessThanOrEqual(3);
  await page.keyboard.press('Home');
  await expect(viewer.getByTestId('pdf-page-number')).toHaveText(`Seite 1 von ${PAGES}`);

  // Zoom: the buttons step, + and - on the pages too, Ctrl + wheel is smooth; the page grows
  // about the place being read and is drawn anew, sharp.
  const width = async () => (await viewer.getByRole('img', { name: `Seite 1 von ${PAGES}` }).boundingBox())!.width;
  const fitted = await width();
  await viewer.getByRole('button', { name: 'Vergrößern' }).click();
  await expect(viewer.getByTestId('pdf-zoom')).toHaveText('125 %');
  expect(await width()).toBeCloseTo(fitted * 1.25, -1);
  await pages.press('+');
  await expect(viewer.getByTestId('pdf-zoom')).toHaveText('150 %');
  await expect
    .poll(() => first.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.getBoundingClientRect().width), {
      message: 'drawn anew at the new size',
    })
    .toBeCloseTo(1, 1);
  await pages.press('-');
  await pages.press('-');
  await expect(viewer.getByTestId('pdf-zoom')).toHaveText('100 %');
  const middle = await pages.boundingBox();
  await page.mouse.move(middle!.x + middle!.width / 2, middle!.y + 100);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.keyboard.up('Control');
  await expect.poll(async () => (await width()) / fitted).toBeGreaterThan(1.3);
  await expect(viewer.getByTestId('pdf-zoom')).not.toHaveText('100 %');
  await page.screenshot({ path: `${SHOTS}/viewer-zoomed-desktop.png` });
  await viewer.getByRole('button', { name: 'Verkleinern' }).click();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A file that is no PDF pdf.js can read says so, and can still be downloaded.
  const broken = `Kaputt-${RUN}.pdf`;
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: broken, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
  await page.getByRole('button', { name: broken, exact: true }).click({ timeout: 20_000 });
  const failed = page.getByRole('dialog', { name: broken });
  await expect(failed.getByRole('alert')).toHaveText(
    'Dieses PDF lässt sich hier nicht anzeigen. Du kannst es herunterladen und mit einem anderen Programm öffnen.',
  );
  await expect(failed.getByRole('link', { name: `„${broken}“ herunterladen` })).toBeVisible();
  await context.close();
});

test('in a party: the bubble shows the catalogue’s title and first page; a guest reads it on her phone, swipes and pinches', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Fruehjahr-${RUN}.pdf`;
  const { managerContext, manager, link } = await catalogueInParty(browser, name, `Katalog-Abend ${RUN}`);
  const guestContext = await phoneContext(browser, 'en-GB');
  const guest = await guestContext.newPage();
  await guest.goto(link);
  const join = guest.getByRole('dialog');
  await join.getByLabel('First name').fill('Emma');
  await join.getByLabel('Last name').fill('Green');
  await join.getByRole('button', { name: 'Join the party' }).click();
  await expect(join).toHaveCount(0);

  // Both bubbles name the catalogue and show its first page.
  for (const [who, kind] of [
    [manager, 'PDF-Dokument'],
    [guest, 'PDF document'],
  ] as const) {
    const file = who.getByTestId('chat-file').last();
    await expect(file.getByTestId('chat-file-title')).toHaveText(name);
    await expect(file).toContainText(kind);
    await expect(file.getByTestId('chat-file-preview')).toHaveJSProperty('complete', true);
    expect(await file.getByTestId('chat-file-preview').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await expectMiddle(who, file.getByTestId('chat-file-preview'), CATALOGUE_BLUE, 'the bubble shows the top of the page');
  }
  await manager.screenshot({ path: `${SHOTS}/bubble-desktop.png` });
  await guest.screenshot({ path: `${SHOTS}/bubble-phone-en.png` });
  await expectNoSidewaysScroll(guest, 'the party with a PDF bubble on a phone');

  // The guest opens it: pdf.js draws it on her phone, under its own title, the page's width.
  await guest.getByTestId('chat-file').last().click();
  const viewer = guest.getByRole('dialog', { name: OWN_TITLE });
  const first = viewer.getByRole('img', { name: `Page 1 of ${PAGES}` });
  await expect(first).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  await expect(viewer.getByTestId('pdf-page-number')).toHaveText(`Page 1 of ${PAGES}`);
  await expect(viewer.getByText(`1 / ${PAGES}`)).toBeVisible();
  await expect(viewer.getByRole('link', { name: `Download “${name}”` })).toBeVisible();
  const pages = viewer.getByTestId('pdf-pages');
  const view = (await pages.boundingBox())!;
  expect((await first.boundingBox())!.width).toBeGreaterThan(view.width - 30);
  await expectNoSidewaysScroll(guest, 'PDF viewer on a phone');
  await guest.screenshot({ path: `${SHOTS}/viewer-phone-en.png` });

  // A swipe up goes on to the next pages.
  const cdp = await guestContext.newCDPSession(guest);
  const x = view.x + view.width / 2;
  await touch(cdp, { from: [[x, view.y + view.height - 60]], to: [[x, view.y + 60]] });
  await expect(viewer.getByTestId('pdf-page-number')).not.toHaveText(`Page 1 of ${PAGES}`);
  const reached = Number((await viewer.getByTestId('pdf-page-number').textContent())!.match(/Page (\d+)/)![1]);
  await expect(viewer.getByRole('img', { name: `Page ${reached} of ${PAGES}` })).toHaveAttribute('data-drawn', 'true');

  // Two fingers apart zoom in: the viewer's zoom, not the browser's own (which would only stretch
  // the drawing).
  const before = (await viewer.getByRole('img', { name: `Page ${reached} of ${PAGES}` }).boundingBox())!.width;
  const y = view.y + view.height / 2;
  await touch(cdp, {
    from: [
      [x - 40, y],
      [x + 40, y],
    ],
    to: [
      [x - 120, y],
      [x + 120, y],
    ],
  });
  await expect
    .poll(async () => (await viewer.getByRole('img', { name: `Page ${reached} of ${PAGES}` }).boundingBox())?.width ?? 0)
    .toBeGreaterThan(before * 2.5);
  await expect(viewer.getByTestId('pdf-zoom')).toHaveText(/^[23]\d\d\s?%$/);
  expect(await guest.evaluate(() => visualViewport?.scale ?? 1)).toBe(1);
  await guest.screenshot({ path: `${SHOTS}/viewer-pinched-phone-en.png` });
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);

  await guestContext.close();
  await managerContext.close();
});

test('a one-page PDF on a phone in German: drawn the screen’s width, and a title of its own in the metadata wins over the file’s name', async ({ browser }) => {
  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  await page.goto('/media');
  await settled(page);
  const name = `Preisliste-${RUN}.pdf`;
  const landscape = handMadePdf({ title: 'Preisliste Frühjahr', pages: [{ width: 842, height: 595, content: '0 0.45 0.8 rg 0 445 842 150 re f' }] });
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/pdf', buffer: landscape });
  await page.getByRole('button', { name, exact: true }).click({ timeout: 20_000 });
  const viewer = page.getByRole('dialog', { name: 'Preisliste Frühjahr' });
  const only = viewer.getByRole('img', { name: 'Seite 1 von 1' });
  await expect(only).toHaveAttribute('data-drawn', 'true');
  await expect(viewer.getByText('1 / 1')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
  const [view, box] = await Promise.all([viewer.getByTestId('pdf-pages').boundingBox(), only.boundingBox()]);
  expect(box!.width).toBeGreaterThan(view!.width - 30);
  expect(box!.height).toBeCloseTo((box!.width * 595) / 842, -1);
  await expectNoSidewaysScroll(page, 'a landscape PDF on a phone');
  await page.screenshot({ path: `${SHOTS}/viewer-landscape-phone.png` });
  await context.close();
});

test('a guest who closes the viewer while its PDF still loads or draws is left with no error', async ({ browser }) => {
  test.setTimeout(120_000);
  const { managerContext, link } = await catalogueInParty(browser, `Kurz-${RUN}.pdf`, `Schnell zu ${RUN}`);
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Ida');
  const opener = guest.getByTestId('chat-file').last();
  // pdf.js's worker is torn down at every stage: while it loads, reads the file and draws.
  for (let delay = 0; delay <= 600; delay += 30) {
    await opener.click();
    const viewer = guest.getByRole('dialog', { name: /Fr/ });
    await expect(viewer).toBeVisible();
    await guest.waitForTimeout(delay);
    await viewer.getByRole('button', { name: 'Schließen' }).click();
    await expect(viewer).toHaveCount(0);
  }
  // The last one shows its pages, and whatever a torn-down worker threw has had time to surface.
  await opener.click();
  await expect(guest.getByRole('dialog', { name: OWN_TITLE }).getByRole('img', { name: `Seite 1 von ${PAGES}` })).toHaveAttribute('data-drawn', 'true');
  await guest.waitForTimeout(1000);
  await guestContext.close();
  await managerContext.close();
});
