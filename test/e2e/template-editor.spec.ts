import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { expect, test } from './diagnostics';
import { fakeMicrophone } from './fake-microphone';
import { createParty, dropFiles, expectNoSidewaysScroll, joinAs, phoneContext, settled, signIn } from './helpers';

/**
 * The template editor (/templates/{id}): a consultant builds a template with a heading, texts and a
 * photo (uploaded into her library on the way), sets an insert point, reorders by dragging and by
 * the keyboard, moves, deletes and forwards in the selecting modes; the order survives a reload. A
 * second consultant who added it through its share link reads it: no input bar, handles, menus,
 * rename or delete. Media come into a template from the library's picker, as a voice note recorded
 * in the editor (Chromium's fake microphone) and as dropped files. Screenshots on a phone and a
 * desktop.
 */

test.use({ locale: 'de-DE', ...fakeMicrophone() });

const SHOTS = 'test-results/template-editor';

/** A real JPEG of one colour, drawn by the browser. */
async function jpeg(page: Page, colour: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (fill) => {
    const canvas = new OffscreenCanvas(640, 480);
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 640, 480);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, colour);
  return Buffer.from(bytes);
}

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

async function createTemplate(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/templates/create', { headers: origin(page), data: { title } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** The texts of the rows, in the order shown (a photo by its caption). */
async function order(page: Page): Promise<string[]> {
  return (await page.getByTestId('template-row').getByTestId('message').allInnerTexts()).map((text) => text.trim().split('\n')[0]!.trim());
}

async function storedOrder(page: Page, id: string): Promise<string[]> {
  const detail = await (await page.request.get(`/api/templates/${id}`)).json();
  return detail.messages.map((message: { message: string }) => message.message);
}

const row = (page: Page, text: string) => page.getByTestId('template-row').filter({ has: page.getByTestId('message').filter({ hasText: text }) });

async function writeText(page: Page, text: string, shown = text) {
  await page.getByLabel('Nachricht', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(row(page, shown)).toBeVisible();
}

/** Drags a row by its handle with the pointer until its middle is on another row's middle. */
async function drag(page: Page, from: string, to: string) {
  const handle = (await row(page, from).getByTestId('drag-handle').boundingBox())!;
  const dragged = (await row(page, from).boundingBox())!;
  const target = (await row(page, to).boundingBox())!;
  const x = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  const shift = target.y + target.height / 2 - (dragged.y + dragged.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y - Math.sign(shift) * 10, { steps: 3 });
  await page.mouse.move(x, y + shift, { steps: 15 });
  await page.mouse.up();
}

test('a consultant builds a template, reorders it by pointer and keyboard, and a recipient reads it', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const id = await createTemplate(page, 'Herbstparty');
  await page.goto(`/templates/${id}`);
  await settled(page);
  await expect(page.getByRole('heading', { name: 'Herbstparty', level: 1 })).toBeVisible();
  await expect(page.getByText('Diese Vorlage ist noch leer.')).toBeVisible();

  // A heading, a text, a photo with its caption.
  await page.getByRole('button', { name: 'Überschrift einfügen' }).click();
  const headingDialog = page.getByRole('alertdialog', { name: 'Überschrift' });
  await headingDialog.getByLabel('Text der Überschrift').fill('Willkommen');
  await headingDialog.getByRole('button', { name: 'Einfügen' }).click();
  await expect(row(page, 'Willkommen')).toBeVisible();
  await writeText(page, 'Schön, dass ihr *alle* da seid!', 'Schön, dass ihr alle da seid!');
  await expect(row(page, 'Schön, dass ihr').locator('strong')).toHaveText('alle');
  await page.getByTestId('chat-file-input').setInputFiles({ name: 'kollektion.jpg', mimeType: 'image/jpeg', buffer: await jpeg(page, '#c2410c') });
  const sendDialog = page.getByRole('dialog', { name: 'Foto senden' });
  await expect(sendDialog.getByTestId('send-preview')).toBeVisible();
  await sendDialog.getByLabel('Bildunterschrift (optional)').fill('Die Kollektion');
  await sendDialog.getByRole('button', { name: 'Senden' }).click();
  const photo = row(page, 'Die Kollektion');
  await expect(photo.getByTestId('chat-photo')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => photo.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  expect(await order(page)).toEqual(['Willkommen', 'Schön, dass ihr alle da seid!', 'Die Kollektion']);
  await expect(page.getByTestId('contents').getByRole('link', { name: 'Willkommen' })).toBeVisible();

  // The insert point: before the photo; a click on the set marker clears it.
  await page.getByRole('button', { name: 'Hier einfügen, vor: 📷 Die Kollektion' }).click();
  await expect(page.getByTestId('insert-point')).toContainText('Die Kollektion');
  await writeText(page, 'Gleich zeige ich euch etwas');
  expect(await order(page)).toEqual(['Willkommen', 'Schön, dass ihr alle da seid!', 'Gleich zeige ich euch etwas', 'Die Kollektion']);
  await page.getByRole('button', { name: 'Einfügestelle aufheben' }).click();
  await expect(page.getByTestId('insert-point')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/desktop-built.png` });

  // Dragging the photo onto the first text puts it before it.
  await drag(page, 'Die Kollektion', 'Schön, dass ihr');
  await expect.poll(() => order(page)).toEqual(['Willkommen', 'Die Kollektion', 'Schön, dass ihr alle da seid!', 'Gleich zeige ich euch etwas']);
  await expect.poll(() => storedOrder(page, id)).toEqual(['Willkommen', 'Die Kollektion', 'Schön, dass ihr *alle* da seid!', 'Gleich zeige ich euch etwas']);

  // The keyboard: Space lifts the heading, ArrowDown twice, Space drops; each step is announced.
  await row(page, 'Willkommen').getByTestId('drag-handle').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText(/Nachricht 1 von 4 angehoben|an Stelle 1 von 4/);
  const live = page.locator('[id^="DndLiveRegion"]');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('Nachricht ist an Stelle 2 von 4.');
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('Nachricht ist an Stelle 3 von 4.');
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Nachricht an Stelle 3 von 4 abgelegt.');
  await expect.poll(() => order(page)).toEqual(['Die Kollektion', 'Schön, dass ihr alle da seid!', 'Willkommen', 'Gleich zeige ich euch etwas']);

  // Move mode: the photo to the end.
  await page.getByRole('button', { name: 'Mehrere Nachrichten' }).click();
  await page.getByRole('menuitem', { name: 'Nachrichten verschieben' }).click();
  await expect(page.getByTestId('drag-handle')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Umbenennen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ans Ende verschieben' })).toBeDisabled();
  await row(page, 'Die Kollektion').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Ans Ende verschieben' }).click();
  await expect.poll(() => order(page)).toEqual(['Schön, dass ihr alle da seid!', 'Willkommen', 'Gleich zeige ich euch etwas', 'Die Kollektion']);
  await expect(page.getByTestId('drag-handle')).toHaveCount(4);

  // Mass delete: one selected, confirmed; cancel elsewhere clears the selection.
  await page.getByRole('button', { name: 'Mehrere Nachrichten' }).click();
  await page.getByRole('menuitem', { name: 'Nachrichten löschen' }).click();
  await expect(page.getByRole('button', { name: 'Löschen', exact: true })).toBeDisabled();
  await row(page, 'Gleich zeige ich euch etwas').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Löschen', exact: true }).click();
  await page.getByRole('alertdialog', { name: '1 Nachricht löschen?' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(row(page, 'Gleich zeige ich euch etwas')).toHaveCount(0);

  // Forward mode: the heading into another template of hers.
  const winter = await createTemplate(page, 'Winterparty');
  await page.getByRole('button', { name: 'Mehrere Nachrichten' }).click();
  await page.getByRole('menuitem', { name: 'Nachrichten weiterleiten' }).click();
  await row(page, 'Willkommen').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Weiterleiten', exact: true }).click();
  const forwardDialog = page.getByRole('alertdialog', { name: '1 Nachricht weiterleiten' });
  await forwardDialog.getByRole('radio', { name: 'eine Vorlage' }).check();
  await forwardDialog.getByLabel('An welche Vorlage?').selectOption({ label: 'Winterparty' });
  await forwardDialog.getByRole('button', { name: 'Weiterleiten' }).click();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'An „Winterparty“ weitergeleitet.' })).toHaveCount(1);
  expect(await storedOrder(page, winter)).toEqual(['Willkommen']);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  // Editing a text through the input bar.
  await row(page, 'Schön, dass ihr').getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
  await expect(page.getByLabel('Nachricht', { exact: true })).toHaveValue('Schön, dass ihr *alle* da seid!');
  await page.getByLabel('Nachricht', { exact: true }).fill('Hallo zusammen!');
  await page.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(row(page, 'Hallo zusammen!')).toBeVisible();

  // The order is the server's: a reload shows it again.
  await page.reload();
  await settled(page);
  expect(await order(page)).toEqual(['Hallo zusammen!', 'Willkommen', 'Die Kollektion']);

  // Shared with a second consultant, who added it: read-only for her.
  const share = await page.request.put(`/api/templates/${id}/share`, { headers: origin(page) });
  const { shareToken } = await share.json();
  const phone = await phoneContext(browser);
  const reader = await phone.newPage();
  await signIn(reader, 'team@kontor.test');
  expect((await reader.request.post(`/api/templates/share/${shareToken}`, { headers: origin(reader), data: { path: '' } })).status()).toBe(201);
  await reader.goto(`/templates/${id}`);
  await settled(reader);
  await expect(reader.getByTestId('shared-note')).toContainText('Geteilt von');
  expect(await order(reader)).toEqual(['Hallo zusammen!', 'Willkommen', 'Die Kollektion']);
  await expect
    .poll(() =>
      row(reader, 'Die Kollektion')
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expect(reader.getByLabel('Nachricht', { exact: true })).toHaveCount(0);
  await expect(reader.getByTestId('drag-handle')).toHaveCount(0);
  await expect(reader.getByTestId('insert-marker')).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Aktionen für die Nachricht' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Umbenennen' })).toHaveCount(0);
  await expect(reader.getByRole('button', { name: 'Vorlage löschen' })).toHaveCount(0);
  await expectNoSidewaysScroll(reader);
  await reader.screenshot({ path: `${SHOTS}/phone-recipient.png` });

  // The owner on a phone too.
  const ownerPhone = await phoneContext(browser);
  const ownerPage = await ownerPhone.newPage();
  await signIn(ownerPage, 'anna@salon.test');
  await ownerPage.goto(`/templates/${id}`);
  await settled(ownerPage);
  await expect(ownerPage.getByTestId('drag-handle')).toHaveCount(3);
  await expectNoSidewaysScroll(ownerPage);
  await ownerPage.screenshot({ path: `${SHOTS}/phone-owner.png` });
  await page.screenshot({ path: `${SHOTS}/desktop-owner.png` });

  // A template that is not there sends her to the list.
  const gone = await page.goto(`/templates/${crypto.randomUUID()}`);
  expect(new URL(gone!.url()).pathname).toBe('/templates');
  await Promise.all([context.close(), phone.close(), ownerPhone.close()]);
});

/** The stored messages' types and texts, in order. */
async function storedMessages(page: Page, id: string): Promise<{ messageType: string; message: string; mediaTitle?: string }[]> {
  const detail = await (await page.request.get(`/api/templates/${id}`)).json();
  return detail.messages.map(({ messageType, message, mediaTitle }: { messageType: string; message: string; mediaTitle?: string }) => ({
    messageType,
    message,
    ...(mediaTitle ? { mediaTitle } : {}),
  }));
}

test('library items, a voice note recorded in the editor and dropped files go into the template at the insert point', async ({ browser }) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');

  // Her library: a photo and a PDF.
  await page.goto('/media');
  await settled(page);
  await page.locator('input[type="file"]').setInputFiles([
    { name: `Katalogbild-${run}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(page, '#0f766e') },
    { name: `Preisliste-${run}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') },
  ]);
  await expect(page.getByRole('heading', { name: `Preisliste-${run}.pdf`, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: `Katalogbild-${run}`, exact: true })).toBeVisible();

  const id = await createTemplate(page, `Medienparty ${run}`);
  await page.goto(`/templates/${id}`);
  await settled(page);
  await writeText(page, 'Hallo');
  await writeText(page, 'Tschüss');

  // The picker: both chosen by a search, with one caption, before "Tschüss".
  await page.getByRole('button', { name: 'Hier einfügen, vor: Tschüss' }).click();
  await page.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
  await page.getByRole('menuitem', { name: 'Aus der Mediathek' }).click();
  const picker = page.getByRole('dialog', { name: 'Aus der Mediathek senden' });
  const card = (title: string) => picker.getByTestId('media-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await picker.getByRole('searchbox', { name: 'Medien durchsuchen' }).fill(run);
  await expect(picker.getByTestId('media-card')).toHaveCount(2);
  await card(`Katalogbild-${run}`).getByRole('checkbox').check();
  await card(`Preisliste-${run}.pdf`).getByRole('checkbox').check();
  await picker.getByLabel('Bildunterschrift (optional)').fill('Unser Katalog');
  await page.screenshot({ path: `${SHOTS}/desktop-picker.png` });
  await picker.getByRole('button', { name: 'Senden' }).click();
  await expect(picker).toHaveCount(0);
  await expect(row(page, 'Unser Katalog').getByTestId('chat-photo')).toBeVisible();
  await expect(page.getByTestId('template-row').getByTestId('chat-file')).toHaveCount(1);
  await expect
    .poll(() => storedMessages(page, id))
    .toEqual([
      { messageType: 'text', message: 'Hallo' },
      { messageType: 'photo', message: 'Unser Katalog', mediaTitle: `Katalogbild-${run}` },
      { messageType: 'document', message: '', mediaTitle: `Preisliste-${run}.pdf` },
      { messageType: 'text', message: 'Tschüss' },
    ]);

  // A voice note, still before "Tschüss": recorded, stored in her library as an audio file, added there.
  await page.getByRole('button', { name: 'Sprachnachricht aufnehmen' }).click();
  const voice = page.getByRole('dialog', { name: 'Sprachnachricht' });
  await expect(voice.getByTestId('voice-elapsed')).toHaveText('0:02', { timeout: 5000 });
  await page.screenshot({ path: `${SHOTS}/desktop-voice.png` });
  await voice.getByRole('button', { name: 'Beenden und senden' }).click();
  await expect(voice).toHaveCount(0, { timeout: 20_000 });
  const voiceRow = page.getByTestId('template-row').filter({ has: page.getByRole('button', { name: 'Sprachnachricht von Anna Becker abspielen' }) });
  await expect(voiceRow).toHaveCount(1);
  await expect(voiceRow.getByTestId('audio-duration')).toHaveText(/^0:0[1-4]$/);
  const stored = await storedMessages(page, id);
  expect(stored.map((message) => message.messageType)).toEqual(['text', 'photo', 'document', 'voice', 'text']);
  expect(stored[3]!.mediaTitle).toMatch(/^Sprachnachricht vom \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  const library = await (await page.request.get('/api/media?path=&sort=date')).json();
  expect(library.entries.find((entry: { title: string }) => entry.title === stored[3]!.mediaTitle)).toMatchObject({
    mediaType: 'audio',
    contentType: 'audio/mpeg',
    state: 'ready',
  });

  // Dropped files at the end: the song goes in at once, the photo through the send dialog.
  await page.getByRole('button', { name: 'Einfügestelle aufheben' }).click();
  const song = join(tmpdir(), `salon-e2e-song-${run}.mp3`);
  execFileSync(
    resolveFfmpeg().path,
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:a', 'libmp3lame', song],
    { stdio: 'pipe' },
  );
  await dropFiles(page, [
    { name: `Lied-${run}.mp3`, mimeType: 'audio/mpeg', buffer: readFileSync(song) },
    { name: `Abschied-${run}.jpg`, mimeType: 'image/jpeg', buffer: await jpeg(page, '#7c3aed') },
  ]);
  const sendDialog = page.getByRole('dialog', { name: 'Foto senden' });
  await sendDialog.getByLabel('Bildunterschrift (optional)').fill('Bis bald');
  await sendDialog.getByRole('button', { name: 'Senden' }).click();
  await expect(row(page, 'Bis bald').getByTestId('chat-photo')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('template-row').filter({ has: page.getByRole('button', { name: 'Audiodatei abspielen' }) })).toHaveCount(1);
  await expect
    .poll(async () =>
      (await storedMessages(page, id))
        .slice(5)
        .map((message) => message.messageType)
        .sort(),
    )
    .toEqual(['audio', 'photo']);
  const dropped = (await storedMessages(page, id)).slice(5);
  expect(dropped.find((message) => message.messageType === 'audio')).toMatchObject({ mediaTitle: `Lied-${run}.mp3`, message: '' });
  expect(dropped.find((message) => message.messageType === 'photo')).toMatchObject({ mediaTitle: `Abschied-${run}`, message: 'Bis bald' });
  await page.screenshot({ path: `${SHOTS}/desktop-media.png` });

  // More than ten at once are refused as a whole, and nothing is added.
  const many = Array.from({ length: 11 }, (_, index) => ({ name: `Zu-viel-${index}.mp3`, mimeType: 'audio/mpeg', buffer: readFileSync(song) }));
  await dropFiles(page, many);
  await expect(page.getByRole('alert').filter({ hasText: '10' })).toBeVisible();
  expect(await storedMessages(page, id)).toHaveLength(7);

  // On a phone the voice note and the picked media read as well.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await voiceRow.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/phone-media.png` });
  await context.close();
});

/** Forward mode: the rows checked, then the party chosen in the dialog. */
async function forwardToParty(page: Page, texts: string[], party: string) {
  await page.getByRole('button', { name: 'Mehrere Nachrichten' }).click();
  await page.getByRole('menuitem', { name: 'Nachrichten weiterleiten' }).click();
  for (const text of texts) await row(page, text).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Weiterleiten', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: `${texts.length} Nachrichten weiterleiten` });
  await expect(dialog.getByRole('radio', { name: 'eine Party' })).toBeChecked();
  await dialog.getByLabel('An welche Party?').selectOption({ label: party });
  await dialog.getByRole('button', { name: 'Weiterleiten' }).click();
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: `An „${party}“ weitergeleitet.` })).toHaveCount(1);
}

test('the owner forwards from the editor into a party, and so does a recipient, who cannot change the template', async ({ browser }) => {
  test.setTimeout(150_000);
  const run = Date.now().toString(36);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const owner = await context.newPage();
  await signIn(owner, 'anna@salon.test');
  const party = `Frühlingsparty ${run}`;
  const link = await createParty(owner, party);
  const id = await createTemplate(owner, `Frühling ${run}`);
  await owner.goto(`/templates/${id}`);
  await settled(owner);
  await owner.getByRole('button', { name: 'Überschrift einfügen' }).click();
  await owner.getByRole('alertdialog', { name: 'Überschrift' }).getByLabel('Text der Überschrift').fill('Frühlingsgrüße');
  await owner.getByRole('alertdialog', { name: 'Überschrift' }).getByRole('button', { name: 'Einfügen' }).click();
  await writeText(owner, 'Die neuen Farben sind da.');
  await owner.getByTestId('chat-file-input').setInputFiles({ name: 'farben.jpg', mimeType: 'image/jpeg', buffer: await jpeg(owner, '#65a30d') });
  await owner.getByRole('dialog', { name: 'Foto senden' }).getByLabel('Bildunterschrift (optional)').fill('Maigrün');
  await owner.getByRole('dialog', { name: 'Foto senden' }).getByRole('button', { name: 'Senden' }).click();
  await expect(row(owner, 'Maigrün').getByTestId('chat-photo')).toBeVisible({ timeout: 20_000 });

  // A guest on a phone watches the party; the owner forwards the heading and the photo into it.
  const guestPhone = await phoneContext(browser);
  const guest = await guestPhone.newPage();
  await joinAs(guest, link, 'Mia');
  await forwardToParty(owner, ['Frühlingsgrüße', 'Maigrün'], party);
  const guestMessages = guest.getByTestId('message');
  await expect(guestMessages.filter({ hasText: 'Frühlingsgrüße' })).toBeVisible();
  const photo = guestMessages.filter({ hasText: 'Maigrün' });
  await expect.poll(() => photo.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(guestMessages.filter({ hasText: 'Die neuen Farben sind da.' })).toHaveCount(0);
  await expect(owner.getByRole('checkbox')).toHaveCount(0);
  await guest.screenshot({ path: `${SHOTS}/phone-guest-forwarded.png` });

  // Shared with a colleague, who adds it and forwards the text and the photo into a party of her own.
  const { shareToken } = await (await owner.request.put(`/api/templates/${id}/share`, { headers: origin(owner) })).json();
  const colleagueContext = await phoneContext(browser);
  const colleague = await colleagueContext.newPage();
  await signIn(colleague, 'team@kontor.test');
  const herParty = `Teamabend ${run}`;
  const herLink = await createParty(colleague, herParty);
  expect((await colleague.request.post(`/api/templates/share/${shareToken}`, { headers: origin(colleague), data: { path: '' } })).status()).toBe(201);
  const herGuestContext = await phoneContext(browser);
  const herGuest = await herGuestContext.newPage();
  await joinAs(herGuest, herLink, 'Jonas');
  await colleague.goto(`/templates/${id}`);
  await settled(colleague);

  // Her bulk menu offers forwarding only; no row can be edited or dragged.
  await colleague.getByRole('button', { name: 'Mehrere Nachrichten' }).click();
  await expect(colleague.getByRole('menuitem')).toHaveText(['Nachrichten weiterleiten']);
  await colleague.keyboard.press('Escape');
  await forwardToParty(colleague, ['Die neuen Farben sind da.', 'Maigrün'], herParty);
  await expect(herGuest.getByTestId('message').filter({ hasText: 'Die neuen Farben sind da.' })).toBeVisible();
  const herPhoto = herGuest.getByTestId('message').filter({ hasText: 'Maigrün' });
  await expect.poll(() => herPhoto.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await herGuest.screenshot({ path: `${SHOTS}/phone-recipient-guest.png` });

  // The API refuses her every change, and the template is as it was.
  const before = await storedOrder(owner, id);
  const messageId = (await (await colleague.request.get(`/api/templates/${id}`)).json()).messages[0].id;
  const headers = origin(colleague);
  const refused = await Promise.all([
    colleague.request.put(`/api/templates/${id}/editMessage/${messageId}`, { headers, data: { message: 'Geändert' } }),
    colleague.request.post(`/api/templates/${id}/sendMessage`, { headers, data: { messageType: 'text', message: 'Dazu' } }),
    colleague.request.delete(`/api/templates/${id}/deleteMessage/${messageId}`, { headers }),
    colleague.request.put(`/api/templates/${id}/moveMessage/${messageId}`, { headers, data: { newNextId: null } }),
    colleague.request.put(`/api/templates/${id}`, { headers, data: { name: 'Meins' } }),
  ]);
  for (const response of refused) expect(response.status(), response.url()).toBe(403);
  expect(await storedOrder(owner, id)).toEqual(before);
  await expect(colleague.getByLabel('Nachricht', { exact: true })).toHaveCount(0);
  await expect(colleague.getByRole('button', { name: 'Aktionen für die Nachricht' })).toHaveCount(0);
  await Promise.all([context.close(), guestPhone.close(), colleagueContext.close(), herGuestContext.close()]);
});
