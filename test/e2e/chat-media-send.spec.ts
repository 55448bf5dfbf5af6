import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { expect, test } from './diagnostics';
import { createParty, dropFiles, expectNoSidewaysScroll, expectRenditions, hostParty, joinAs, phoneContext, settled, signIn } from './helpers';

/**
 * Sending media into a chat beyond one photo: several files at once (at most 10), a video that is
 * converted before its message goes out and that a guest plays through hls.js, a photo as a
 * reply, items of the library through the media picker, a caption edited and emptied, files
 * dropped anywhere on the page (a guest's PDF left out with the note), and a photo forwarded into
 * another party whose guest then sees it. Fixtures are made here with the project's ffmpeg.
 */

const SHOTS = 'test-results/chat-media-send';
// The demo consultant's library is shared by every test: titles carry this run's mark.
const RUN = Date.now().toString(36);

let clip: string;
let photos: [string, string, string];

test.beforeAll(async ({}, testInfo) => {
  const dir = join(testInfo.project.outputDir, 'chat-media-send-fixtures');
  mkdirSync(dir, { recursive: true });
  const run = (args: string[]) => execFileSync(resolveFfmpeg().path, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
  clip = join(dir, `Vorführung-${RUN}.mp4`);
  run([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    clip,
  ]);
  const sources = ['testsrc=size=640x480', 'smptebars=size=640x480', 'color=c=0xC2410C:size=640x480'];
  photos = ['Sommerkleid', 'Winterjacke', 'Strandtasche'].map((name, index) => {
    const photo = join(dir, `${name}-${RUN}.jpg`);
    run(['-f', 'lavfi', '-i', sources[index]!, '-frames:v', '1', photo]);
    return photo;
  }) as [string, string, string];
});

const chosen = (path: string, mimeType: string) => ({ name: basename(path), mimeType, buffer: readFileSync(path) });
const message = (page: Page, text: string) => page.getByTestId('message').filter({ hasText: text });
const PDF = { name: 'preisliste.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') };

async function messageMenu(page: Page, text: string, item: string) {
  await message(page, text).hover();
  await message(page, text).getByRole('button', { name: 'Aktionen für die Nachricht' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The picture has loaded from the server, at its full width. */
async function expectLoaded(picture: ReturnType<Page['getByRole']>, width: number) {
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(width);
}

test('several files at once, the first as a reply; a video waits for its conversion and a guest plays it through hls.js; 11 files are refused', async ({
  browser,
}) => {
  const { context, page: manager, link } = await hostParty(browser, 'Video-Party', { viewport: { width: 1280, height: 800 } });
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Rosa');
  await settled(manager);
  await guest.getByRole('textbox', { name: 'Nachricht' }).fill('Gibt es das auch in Bewegung?');
  await guest.getByRole('button', { name: 'Senden' }).click();

  // More than 10 files: the warning, no dialog, nothing sent.
  const eleven = Array.from({ length: 11 }, (_, index) => ({ ...chosen(photos[0], 'image/jpeg'), name: `foto-${index}.jpg` }));
  await manager.getByTestId('chat-file-input').setInputFiles(eleven);
  await expect(manager.getByTestId('upload-too-many')).toHaveText('Es können höchstens 10 Dateien auf einmal hochgeladen werden.');
  await expect(manager.getByRole('dialog')).toHaveCount(0);
  await manager.screenshot({ path: `${SHOTS}/too-many-desktop.png` });

  // A reply: the attach button stays in reply mode, and the first file answers the message.
  await messageMenu(manager, 'Gibt es das auch in Bewegung?', 'Antworten');
  await expect(manager.getByTestId('input-mode')).toContainText('Antwort an Rosa');
  await manager.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
  await expect(manager.getByRole('menuitem')).toHaveText([
    'Vom Gerät',
    'Aus der Mediathek',
    'Produktkarte',
    'Umfrage oder Quiz',
    'Eigene Party geben',
    'Teil des Teams werden',
  ]);
  const chooser = manager.waitForEvent('filechooser');
  await manager.getByRole('menuitem', { name: 'Vom Gerät' }).click();
  await (await chooser).setFiles([chosen(photos[2], 'image/jpeg'), chosen(clip, 'video/mp4')]);
  const dialog = manager.getByRole('dialog', { name: '2 Dateien senden' });
  await expect(dialog.getByTestId('send-preview')).toHaveCount(1);
  await expect(dialog.getByTestId('send-file')).toContainText(basename(clip));
  // A video among them: keeping them in the library is forced and locked.
  const save = dialog.getByRole('checkbox', { name: /Auch in meiner Mediathek speichern/ });
  await expect(save).toBeChecked();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Bildunterschrift (optional)').fill('So sieht sie aus');
  await manager.screenshot({ path: `${SHOTS}/send-dialog-desktop.png` });
  const converting = manager.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/api/media/convert/'));
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(manager.getByTestId('input-mode')).toHaveCount(0);

  // The photo goes out first, with the caption and the reply; the video waits for Stream.
  const banner = manager.getByTestId('upload-banner');
  await expect(banner).toContainText(`„${basename(clip)}“ wird umgewandelt …`, { timeout: 20_000 });
  await expect(banner).toContainText('2 von 2');
  await manager.screenshot({ path: `${SHOTS}/video-converting-desktop.png` });
  const photo = message(guest, 'So sieht sie aus');
  await expect(photo.getByTestId('reply-quote')).toContainText('Gibt es das auch in Bewegung?');
  await expectLoaded(photo.getByRole('img', { name: /^Foto von Anna/ }), 640);
  const video = guest
    .getByTestId('message')
    .filter({ has: guest.getByTestId('chat-file') })
    .last();
  // Named by its library title (the file's name without the extension), with its poster.
  const videoTitle = basename(clip).replace(/\.[^.]+$/, '');
  await expect(video.getByTestId('chat-file-title')).toHaveText(videoTitle, { timeout: 30_000 });
  await expect(video.getByTestId('chat-file')).toContainText('Video');
  await expect(video.getByTestId('reply-quote')).toHaveCount(0);
  await expect(banner).toHaveCount(0);

  // The guest plays it: hls.js (a Media Source, so a blob: source) with the renditions to choose
  // from, once Stream has made the larger one too (it went out as soon as it played).
  await expectRenditions(manager, new URL((await converting).url()).pathname.split('/').pop()!, ['360p', '720p']);
  await video.getByTestId('chat-file').click();
  const viewer = guest.getByRole('dialog', { name: videoTitle });
  const player = viewer.getByTestId('video-player');
  await expect(viewer.getByLabel('Qualität')).toBeVisible();
  await expect(viewer.getByLabel('Qualität').locator('option')).toHaveText(['Automatisch', '720p', '360p']);
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect
    .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentSrc.startsWith('blob:') && element.currentTime > 0.5), { timeout: 20_000 })
    .toBe(true);
  await guest.screenshot({ path: `${SHOTS}/video-viewer-phone.png` });
  await guestContext.close();
  await context.close();
});

test('the media picker: folders, search and previews of the library; two items go out with one caption, which is then edited and emptied', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  // Named for this run (a retry runs in a new worker, with a new RUN): it must not meet the first attempt's party.
  const link = await createParty(manager, `Katalog-Auswahl ${RUN}`);

  // The library: a folder with one photo, another photo at the top. Its buttons and file input
  // work once the page has hydrated: a click before that is lost.
  const folder = `Prospekte ${RUN}`;
  await manager.goto('/media');
  await settled(manager);
  await manager.getByRole('button', { name: 'Neuer Ordner' }).click();
  await manager.getByRole('dialog', { name: 'Neuer Ordner' }).getByLabel('Ordnername').fill(folder);
  await manager.getByRole('button', { name: 'Anlegen' }).click();
  await manager.getByTestId('media-card').getByRole('link', { name: folder, exact: true }).click();
  await expect(manager.locator('#media-place')).toHaveText(folder);
  await manager.locator('input[type="file"]').setInputFiles(chosen(photos[0], 'image/jpeg'));
  await expect(manager.getByRole('heading', { name: `Sommerkleid-${RUN}`, exact: true })).toBeVisible();
  await manager.goto('/media');
  await settled(manager);
  await manager.locator('input[type="file"]').setInputFiles(chosen(photos[1], 'image/jpeg'));
  await expect(manager.getByRole('heading', { name: `Winterjacke-${RUN}`, exact: true })).toBeVisible();

  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Lena');
  await manager.goto(link);
  await settled(manager);
  await manager.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
  await manager.getByRole('menuitem', { name: 'Aus der Mediathek' }).click();
  const picker = manager.getByRole('dialog', { name: 'Aus der Mediathek senden' });
  const card = (title: string) => picker.getByTestId('media-card').filter({ has: manager.getByRole('heading', { name: title, exact: true }) });
  await expect(card(folder)).toBeVisible();
  await expect(card(`Winterjacke-${RUN}`).locator('img')).toBeVisible();
  await expect(picker.getByRole('button', { name: 'Senden' })).toBeDisabled();

  // The library's search: every word in the title, folders left out; the folder's photo is found.
  await picker.getByRole('searchbox', { name: 'Medien durchsuchen' }).fill(`sommerkleid ${RUN}`);
  await expect(picker.getByTestId('media-card')).toHaveCount(1);
  await card(`Sommerkleid-${RUN}`).getByRole('checkbox').check();
  await expect(picker.getByTestId('picker-count')).toHaveText('1 ausgewählt');
  await picker.getByRole('searchbox', { name: 'Medien durchsuchen' }).fill('');
  // Into the folder and back through the breadcrumb; the choice stays.
  await card(folder).getByRole('button', { name: folder }).click();
  await expect(card(`Sommerkleid-${RUN}`).getByRole('checkbox')).toBeChecked();
  await manager.screenshot({ path: `${SHOTS}/picker-folder-desktop.png` });
  await picker.getByRole('button', { name: 'Alle Medien' }).click();
  await card(`Winterjacke-${RUN}`).getByRole('checkbox').check();
  await expect(picker.getByTestId('picker-count')).toHaveText('2 ausgewählt');
  await picker.getByLabel('Bildunterschrift (optional)').fill('Neu im Katalog');
  await manager.screenshot({ path: `${SHOTS}/picker-desktop.png` });
  await picker.getByRole('button', { name: 'Senden' }).click();
  await expect(picker).toHaveCount(0);

  // Both arrive in the order chosen, the caption with the first.
  const first = message(guest, 'Neu im Katalog');
  await expectLoaded(first.getByRole('img'), 640);
  await expect(guest.getByTestId('chat-photo')).toHaveCount(2);
  await guest.screenshot({ path: `${SHOTS}/picked-phone.png` });

  // Editing fills the input with the caption; saved, the guest sees the new one; emptied, none.
  await messageMenu(manager, 'Neu im Katalog', 'Bearbeiten');
  const input = manager.getByRole('textbox', { name: 'Nachricht' });
  await expect(input).toHaveValue('Neu im Katalog');
  await input.fill('Neu im Herbstkatalog');
  await input.press('Enter');
  await expect(message(guest, 'Neu im Herbstkatalog').getByTestId('caption')).toHaveText('Neu im Herbstkatalog');
  await messageMenu(manager, 'Neu im Herbstkatalog', 'Bearbeiten');
  await input.fill('');
  await manager.getByRole('button', { name: 'Änderung speichern' }).click();
  await expect(guest.getByTestId('caption')).toHaveCount(0);
  await expect(guest.getByTestId('chat-photo')).toHaveCount(2);

  // On a phone the picker fits the screen.
  await manager.setViewportSize({ width: 390, height: 844 });
  await manager.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
  await manager.getByRole('menuitem', { name: 'Aus der Mediathek' }).click();
  await expect(card(`Winterjacke-${RUN}`).locator('img')).toBeVisible();
  await expectNoSidewaysScroll(manager, 'media picker on a phone');
  await manager.screenshot({ path: `${SHOTS}/picker-phone.png` });
  await picker.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(picker).toHaveCount(0);
  await guestContext.close();
  await context.close();
});

test('files dropped anywhere on the party: a guest’s PDF is left out with the note, her photo is sent and forwarded into another party, where its guest sees it', async ({
  browser,
}) => {
  const { context, page: manager, link } = await hostParty(browser, 'Drop-Party', { viewport: { width: 1280, height: 800 } });
  const target = await (async () => {
    await manager.goto('/parties');
    return createParty(manager, 'Nachbar-Party');
  })();
  await manager.goto(link);
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Mara');
  const otherContext = await phoneContext(browser);
  const other = await otherContext.newPage();
  await joinAs(other, target, 'Nina');
  await settled(guest);

  await dropFiles(guest, [PDF, chosen(photos[2], 'image/jpeg')], `${SHOTS}/drop-zone-phone.png`);
  await expect(guest.getByTestId('images-only')).toHaveText('Hier können nur Bilder gesendet werden.');
  const dialog = guest.getByRole('dialog', { name: 'Foto senden' });
  await expect(dialog.getByTestId('send-preview')).toHaveCount(1);
  await expect(dialog.getByTestId('send-file')).toHaveCount(0);
  await dialog.getByLabel('Bildunterschrift (optional)').fill('Meine Tasche');
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByTestId('images-only')).toHaveCount(0, { timeout: 5000 });
  await expectLoaded(message(manager, 'Meine Tasche').getByRole('img'), 640);

  // The manager may drop any kind: the dialog for a file.
  await settled(manager);
  await dropFiles(manager, [PDF]);
  await expect(manager.getByRole('dialog', { name: 'Datei senden' })).toBeVisible();
  await manager.getByRole('button', { name: 'Abbrechen' }).click();

  // Forwarded, the photo goes with its message: the other party's guest loads it.
  await manager.getByRole('button', { name: 'Auswählen' }).click();
  await manager.getByRole('checkbox', { name: /Meine Tasche/ }).check();
  await manager.getByTestId('selection-bar').getByRole('button', { name: 'Weiterleiten' }).click();
  const forward = manager.getByRole('alertdialog', { name: '1 Nachricht weiterleiten' });
  await forward.getByLabel('An welche Party?').selectOption({ label: 'Nachbar-Party' });
  await forward.getByRole('button', { name: 'Weiterleiten' }).click();
  const copy = message(other, 'Meine Tasche');
  await expect(copy.getByTestId('forwarded')).toHaveText('Weitergeleitet');
  await expectLoaded(copy.getByRole('img', { name: /^Foto von Anna/ }), 640);
  await copy.getByTestId('chat-photo').click();
  const forwarded = other.getByRole('dialog', { name: /^Foto von Anna/ });
  await expect(forwarded.locator('img')).toBeVisible();
  await expect(forwarded.getByTestId('media-caption')).toHaveText('Meine Tasche');
  await other.screenshot({ path: `${SHOTS}/forwarded-lightbox-phone.png` });
  await otherContext.close();
  await guestContext.close();
  await context.close();
});
