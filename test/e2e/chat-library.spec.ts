import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { expect, test } from './diagnostics';
import { SCREENS, hostParty, joinAs, phoneContext, screens, settled } from './helpers';

/**
 * A chat's files and the library (ADR 039): the manager keeps a guest's photo in a folder of her
 * library, from the message's menu, finds it there and describes it; a send of three photos whose second the
 * server refuses for its content stops there, names it, and leaves the first sent once and the
 * third unsent. Phone and desktop screenshots of the dialog and of the failure.
 */

const SHOTS = 'test-results/chat-library';
// The demo consultant's library is shared by every test: titles carry this run's mark.
const RUN = Date.now().toString(36);

let photo: Buffer;

test.beforeAll(async ({}, testInfo) => {
  const dir = join(testInfo.project.outputDir, 'chat-library-fixtures');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `blumen-${RUN}.jpg`);
  execFileSync(resolveFfmpeg().path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x480', '-frames:v', '1', path], {
    stdio: 'pipe',
  });
  photo = readFileSync(path);
});

const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const jpeg = (name: string, buffer: Buffer = photo) => ({ name, mimeType: 'image/jpeg', buffer });

async function openMenu(page: Page, text: string, item: string) {
  await message(page, text).hover();
  await message(page, text).getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** A folder at the top of the signed-in consultant's library, made through the library's API. */
async function newFolder(page: Page, title: string): Promise<void> {
  const status = await page.evaluate(async (title) => {
    const response = await fetch('/api/media/folder', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title }) });
    return response.status;
  }, title);
  expect(status).toBe(201);
}

test("the manager saves a guest's photo from the chat into a folder of her library, and finds it there", async ({ browser }) => {
  const folder = `Von Gästen ${RUN}`;
  const { context, page: manager, link } = await hostParty(browser, `Foto-Ablage ${RUN}`, SCREENS.desktop);
  await newFolder(manager, folder);
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Rosa');
  await guest.getByTestId('chat-file-input').setInputFiles(jpeg('rosa.jpg'));
  const send = guest.getByRole('dialog', { name: 'Foto senden' });
  await send.getByLabel('Bildunterschrift (optional)').fill('Meine Blumen');
  await send.getByRole('button', { name: 'Senden' }).click();
  await settled(manager);
  await expect(message(manager, 'Meine Blumen').getByRole('img')).toBeVisible();
  // The guest's own menu has no such entry: the library is the manager's.
  await message(guest, 'Meine Blumen').hover();
  await message(guest, 'Meine Blumen').getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await expect(guest.getByRole('menuitem', { name: 'In der Mediathek speichern' })).toHaveCount(0);
  await guest.keyboard.press('Escape');

  await openMenu(manager, 'Meine Blumen', 'In der Mediathek speichern');
  const dialog = manager.getByRole('dialog', { name: 'In deiner Mediathek speichern' });
  await expect(dialog.getByLabel('Titel')).toHaveValue('Foto von Rosa Gast');
  await expect(dialog.getByLabel('Ordner').locator('option', { hasText: folder })).toHaveCount(1);
  await dialog.getByLabel('Titel').fill(`Rosas Blumen ${RUN}`);
  await dialog.getByLabel('Ordner').selectOption({ label: `\u2002${folder}` });
  await manager.screenshot({ path: `${SHOTS}/save-dialog-desktop.png` });
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(manager.getByText(`„Rosas Blumen ${RUN}“ ist jetzt in deiner Mediathek.`)).toBeVisible();

  // In the library, in that folder, as a picture that opens.
  await manager.goto('/media');
  await settled(manager);
  await manager.getByTestId('media-card').getByRole('link', { name: folder, exact: true }).click();
  await expect(manager.locator('#media-place')).toHaveText(folder);
  const card = manager.getByTestId('media-card').filter({ has: manager.getByRole('heading', { name: `Rosas Blumen ${RUN}`, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-type', 'image');
  // Its preview was drawn in the browser right after the copy, as after an upload.
  await expect(card.getByTestId('media-card-preview')).toBeVisible();

  // She describes it; the card shows the description's first line.
  await card.getByRole('button', { name: `Aktionen für Rosas Blumen ${RUN}` }).click();
  await manager.getByRole('menuitem', { name: 'Beschreibung bearbeiten' }).click();
  const describe = manager.getByRole('dialog', { name: `Beschreibung von „Rosas Blumen ${RUN}“` });
  await describe.getByLabel('Beschreibung').fill('Von Rosa, Sommerfest\nBitte nicht weitergeben');
  await manager.screenshot({ path: `${SHOTS}/description-dialog-desktop.png` });
  await describe.getByRole('button', { name: 'Speichern' }).click();
  await expect(describe).toHaveCount(0);
  await expect(card.getByTestId('media-description')).toHaveText('Von Rosa, Sommerfest Bitte nicht weitergeben');
  await manager.screenshot({ path: `${SHOTS}/description-card-desktop.png` });

  // The same dialog on a phone.
  const phone = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', storageState: await context.storageState() });
  const small = await phone.newPage();
  await small.goto(link);
  await settled(small);
  await openMenu(small, 'Meine Blumen', 'In der Mediathek speichern');
  await expect(small.getByRole('dialog', { name: 'In deiner Mediathek speichern' }).getByLabel('Ordner').locator('option', { hasText: folder })).toHaveCount(1);
  await small.screenshot({ path: `${SHOTS}/save-dialog-phone.png` });
  await phone.close();
  await guestContext.close();
  await context.close();
});

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`a three-photo send stops at the second, which the server refuses, and says so (${screen})`, async ({ browser }) => {
    const { context, page: manager, link } = await hostParty(browser, `Drei Fotos ${screen} ${RUN}`, options);
    await settled(manager);
    // A polyglot: a picture the browser shows, with a page in its comment segment. The server
    // scans a picture's head for markup and refuses it (app/core/media-content.ts).
    const markup = Buffer.from('<html><script>alert(1)</script></html>');
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, markup.length + 2]), markup]);
    const forged = jpeg('kaputt.jpg', Buffer.concat([photo.subarray(0, 2), comment, photo.subarray(2)]));
    await manager.getByTestId('chat-file-input').setInputFiles([jpeg('erstes.jpg'), forged, jpeg('drittes.jpg')]);
    const dialog = manager.getByRole('dialog', { name: '3 Dateien senden' });
    const keep = dialog.getByRole('checkbox', { name: /Auch in meiner Mediathek speichern/ });
    await expect(keep).not.toBeChecked();
    await dialog.getByLabel('Bildunterschrift (optional)').fill(`Drei auf einmal ${screen}`);
    const refused = manager.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/media/') && response.status() === 415,
    );
    await dialog.getByRole('button', { name: 'Senden' }).click();
    await refused;

    const failure = manager.getByTestId('upload-failure');
    await expect(failure).toContainText('kaputt.jpg: Hochladen fehlgeschlagen.');
    await expect(failure).toContainText('Die Datei danach wurde nicht gesendet.');
    await manager.screenshot({ path: `${SHOTS}/send-stopped-${screen}.png` });

    // The first went once, with the caption; nothing else followed, also not after a reload.
    const photos = manager.getByTestId('message').filter({ has: manager.getByRole('img', { name: /^Foto von Anna/ }) });
    await expect(photos).toHaveCount(1);
    await expect(photos.first()).toContainText(`Drei auf einmal ${screen}`);
    await expect(failure).toHaveCount(0, { timeout: 10_000 });
    await manager.goto(link);
    await settled(manager);
    await expect(message(manager, `Drei auf einmal ${screen}`)).toHaveCount(1);
    await expect(photos).toHaveCount(1);
    await context.close();
  });
}
