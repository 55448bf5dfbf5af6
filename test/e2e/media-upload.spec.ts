import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FileChooser, Page } from '@playwright/test';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { cataloguePdf } from '../fixtures/pdf';
import { expect, test } from './diagnostics';
import { expectNoSidewaysScroll, expectRenditions, screens, settled, signIn } from './helpers';

/**
 * Uploading into the media library and opening what was uploaded, as a consultant does on a phone
 * and a desktop: a photo, a PDF and a short video chosen in the file picker, two more photos
 * dropped onto the page, a file whose content is not what its name says (refused by the server,
 * the next file goes on), 21 files at once (a warning, nothing uploads). The video converts in the
 * local Stream stand-in and plays through hls.js with its renditions; the photos go round in the
 * lightbox; the PDF opens in the PDF viewer (pdf.js). Fixtures are made here with the project's ffmpeg.
 */

test.use({ locale: 'de-DE' });

const SHOTS = 'test-results/media-upload';

interface Fixtures {
  clip: string;
  /** Recorded landscape, stored turned by 90°, without sound: a phone held upright, muted. */
  upright: string;
  photos: [string, string, string];
  pdf: string;
  audio: string;
}
let fixtures: Fixtures;

test.beforeAll(async ({}, testInfo) => {
  const dir = join(testInfo.project.outputDir, 'media-upload-fixtures');
  mkdirSync(dir, { recursive: true });
  const ffmpeg = resolveFfmpeg().path;
  const run = (args: string[]) => execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'pipe' });
  const clip = join(dir, 'Demo-Clip.mp4');
  // 3 s of 1280×720 with a tone: the stand-in makes 360p and 720p of it.
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
  const landscape = join(dir, 'landscape.mp4');
  run(['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', landscape]);
  const upright = join(dir, 'Hochkant.mp4');
  run(['-i', landscape, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', upright]);
  const sources = ['testsrc=size=800x600', 'smptebars=size=800x600', 'color=c=0x00BDF2:size=800x600'];
  const photos = ['Strandfoto', 'Sonnenuntergang', 'Himmelblau'].map((name, index) => {
    const photo = join(dir, `${name}.jpg`);
    run(['-f', 'lavfi', '-i', sources[index]!, '-frames:v', '1', photo]);
    return photo;
  }) as [string, string, string];
  const pdf = join(dir, 'Herbstkatalog.pdf');
  writeFileSync(pdf, cataloguePdf(1, { cover: 'Herbstkatalog 2026' }));
  const audio = join(dir, 'Jingle.m4a');
  run(['-f', 'lavfi', '-i', 'sine=frequency=660:sample_rate=48000', '-t', '2', '-c:a', 'aac', audio]);
  fixtures = { clip, upright, photos, pdf, audio };
});

/** axe's WCAG 2 A/AA findings inside the open dialog. */
async function dialogViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const card = (page: Page, title: string) => page.getByTestId('media-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const opener = (page: Page, title: string) => card(page, title).getByRole('button', { name: title, exact: true });
const banner = (page: Page) => page.getByTestId('upload-banner');

async function newFolder(page: Page, title: string) {
  await page.getByRole('button', { name: 'Neuer Ordner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await dialog.getByLabel('Ordnername').fill(title);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(card(page, title)).toBeVisible();
  await card(page, title).getByRole('link', { name: title, exact: true }).click();
  await expect(page.locator('#media-place')).toHaveText(title);
}

/** A fixture as the file picker hands it over. */
const chosen = (path: string, mimeType: string) => ({ name: basename(path), mimeType, buffer: readFileSync(path) });

/** Files chosen through the upload button's file picker. */
async function choose(page: Page, files: Parameters<FileChooser['setFiles']>[0]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Hochladen' }).click();
  await (await chooser).setFiles(files);
}

/** A drag of files from outside onto the page, as the browser delivers it: enter, over, drop, each with the files. */
async function dropFiles(page: Page, files: { name: string; type: string; path: string }[], shot: string) {
  const payload = files.map((file) => ({ name: file.name, type: file.type, bytes: readFileSync(file.path).toString('base64') }));
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([Uint8Array.from(atob(file.bytes), (char) => char.charCodeAt(0))], file.name, { type: file.type }));
    return data;
  }, payload);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  const zone = page.getByTestId('drop-zone');
  await expect(zone).toBeVisible();
  await expect(zone).toContainText('Dateien hier ablegen');
  await page.screenshot({ path: shot });
  // Escape takes the zone away; a new enter brings it back.
  await page.keyboard.press('Escape');
  await expect(zone).toHaveCount(0);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  await expect(zone).toBeVisible();
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(zone).toHaveCount(0);
}

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`a consultant uploads photos, a PDF and a video on a ${screen}, and opens them`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ ...options, locale: 'de-DE' });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    await page.goto('/media');
    await settled(page);
    // A folder of this attempt's own: a retry must not find the first attempt's files in it.
    await newFolder(page, `Produktvorstellung ${screen === 'phone' ? 'Telefon' : 'Desktop'}${testInfo.retry ? ` ${testInfo.retry + 1}` : ''}`);

    // 21 files at once: the warning, and nothing is announced to the server.
    const announced: string[] = [];
    const conversions: unknown[] = [];
    const converted: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'POST' && pathname === '/api/media') announced.push(request.url());
      if (request.method() === 'PUT' && pathname.startsWith('/api/media/convert/')) {
        conversions.push(request.postDataJSON());
        converted.push(pathname.slice('/api/media/convert/'.length));
      }
    });
    const photoBytes = readFileSync(fixtures.photos[0]);
    await choose(
      page,
      Array.from({ length: 21 }, (_, i) => ({ name: `Serie ${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: photoBytes })),
    );
    await expect(page.getByTestId('upload-too-many')).toHaveText('Es können höchstens 20 Dateien auf einmal hochgeladen werden.');
    await expect(page.getByText('Dieser Ordner ist leer.')).toBeVisible();
    expect(announced).toEqual([]);
    // It goes after its 5 s.
    await expect(page.getByTestId('upload-too-many')).toHaveCount(0, { timeout: 7000 });

    // A photo, a page of HTML named like a photo (the server refuses it by its content; the next
    // file goes on), a PDF, the video; and a program, refused before it is sent.
    await choose(page, [
      chosen(fixtures.photos[0], 'image/jpeg'),
      { name: 'Angebot.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>') },
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
      chosen(fixtures.pdf, 'application/pdf'),
      chosen(fixtures.audio, 'audio/mp4'),
      chosen(fixtures.clip, 'video/mp4'),
    ]);
    await expect(page.getByTestId('upload-failure').filter({ hasText: 'Angebot.jpg: Hochladen fehlgeschlagen.' })).toContainText(
      'Der Inhalt der Datei passt nicht zu ihrer Dateiart.',
    );
    await expect(page.getByTestId('upload-failure').filter({ hasText: 'setup.exe: Hochladen fehlgeschlagen.' })).toContainText(
      'Diese Dateiart wird nicht unterstützt.',
    );
    await expect(card(page, 'Strandfoto')).toBeVisible();
    await expect(card(page, 'Herbstkatalog.pdf')).toBeVisible();
    // The video: uploaded, then converting; its card cannot be opened meanwhile.
    await expect(banner(page)).toContainText('„Demo-Clip“ wird umgewandelt …', { timeout: 30_000 });
    await expect(card(page, 'Demo-Clip').getByTestId('media-state')).toHaveText('Wird umgewandelt …');
    await expect(opener(page, 'Demo-Clip')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/banner-converting-${screen}.png` });
    // Done: the banner says so, then clears; the card opens.
    await expect(opener(page, 'Demo-Clip')).toBeVisible({ timeout: 90_000 });
    await expect(card(page, 'Demo-Clip').getByTestId('media-state')).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    await expect(card(page, 'Angebot')).toContainText('Verarbeitung fehlgeschlagen');
    await expect(opener(page, 'Angebot')).toHaveCount(0);
    await expect(card(page, 'setup.exe')).toHaveCount(0);
    // The browser's analysis went with the convert call: landscape, with sound.
    expect(conversions).toEqual([{ isPortrait: false, noAudio: false }]);

    if (screen === 'phone') {
      // A phone's upright recording without sound: stored landscape and turned by 90°.
      await choose(page, [chosen(fixtures.upright, 'video/mp4')]);
      await expect(opener(page, 'Hochkant')).toBeVisible({ timeout: 60_000 });
      expect(conversions[1]).toEqual({ isPortrait: true, noAudio: true });
    }

    // Two more photos, dropped onto the page.
    await dropFiles(
      page,
      [
        { name: 'Sonnenuntergang.jpg', type: 'image/jpeg', path: fixtures.photos[1] },
        { name: 'Himmelblau.jpg', type: 'image/jpeg', path: fixtures.photos[2] },
      ],
      `${SHOTS}/drop-zone-${screen}.png`,
    );
    await expect(card(page, 'Sonnenuntergang')).toBeVisible();
    await expect(card(page, 'Himmelblau')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expectNoSidewaysScroll(page, `library with uploads on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/library-${screen}.png`, fullPage: true });

    // The lightbox: the folder's three photos, newest first; next and previous wrap around.
    await opener(page, 'Himmelblau').click();
    const lightbox = page.getByRole('dialog', { name: 'Himmelblau' });
    await expect(lightbox.getByTestId('lightbox-position')).toHaveText('1 von 3');
    await expect(lightbox.getByRole('img', { name: 'Himmelblau' })).toHaveJSProperty('complete', true);
    expect(await lightbox.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800);
    await expect(lightbox.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/lightbox-${screen}.png` });
    expect(await dialogViolations(page)).toEqual([]);
    await lightbox.getByRole('button', { name: 'Vorheriges Foto' }).click();
    await expect(page.getByRole('dialog', { name: 'Strandfoto' }).getByTestId('lightbox-position')).toHaveText('3 von 3');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Himmelblau' }).getByTestId('lightbox-position')).toHaveText('1 von 3');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Sonnenuntergang' })).toBeVisible();
    // The focus ring shows on the dark lightbox (focus was on the previous button, clicked above).
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Schließen' })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineColor)).toBe('rgb(255, 255, 255)');
    await page.screenshot({ path: `${SHOTS}/lightbox-keyboard-${screen}.png` });
    if (screen === 'phone') {
      // A swipe to the left is the next photo, to the right the previous.
      const area = page.getByRole('dialog').getByRole('img');
      const swipe = async (from: number, to: number) => {
        await area.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, clientX: from, clientY: 400 });
        await area.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, clientX: to, clientY: 410 });
      };
      await swipe(300, 100);
      await expect(page.getByRole('dialog', { name: 'Strandfoto' })).toBeVisible();
      await swipe(100, 300);
      await expect(page.getByRole('dialog', { name: 'Sonnenuntergang' })).toBeVisible();
    } else {
      await page.getByRole('dialog').getByRole('button', { name: 'Nächstes Foto' }).click();
      await expect(page.getByRole('dialog', { name: 'Strandfoto' })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The video plays through hls.js (Media Source: a blob: source) and offers its renditions.
    const playlists: string[] = [];
    const segments: string[] = [];
    page.on('response', (response) => {
      if (!response.ok()) return;
      if (/\/manifest\/stream_\d+p\.m3u8$/.test(response.url())) playlists.push(response.url());
      if (/\/manifest\/segment_\d+p_\d+\.ts$/.test(response.url())) segments.push(response.url());
    });
    // It played from its 360p first; opened once Stream has made its 720p too.
    await expectRenditions(page, converted[0]!, ['360p', '720p']);
    await opener(page, 'Demo-Clip').click();
    const viewer = page.getByRole('dialog', { name: 'Demo-Clip' });
    const quality = viewer.getByLabel('Qualität');
    await expect(quality.locator('option')).toHaveText(['Automatisch', '720p', '360p']);
    // The larger rendition, chosen by hand, plays (from its first segment on, once hls.js has it).
    await quality.selectOption({ label: '720p' });
    await expect.poll(() => segments.some((url) => url.includes('segment_720p_'))).toBe(true);
    const video = viewer.getByTestId('video-player');
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      element.currentTime = 0;
      await element.play();
    });
    await expect
      .poll(
        () =>
          video.evaluate((element: HTMLVideoElement) => ({
            hls: element.currentSrc.startsWith('blob:'),
            height: element.videoHeight,
            playedPastOne: element.currentTime > 1,
          })),
        { timeout: 20_000 },
      )
      .toEqual({ hls: true, height: 720, playedPastOne: true });
    expect(playlists.some((url) => url.endsWith('stream_720p.m3u8'))).toBe(true);
    await expect(viewer.getByRole('link', { name: '„Demo-Clip“ herunterladen' })).toHaveAttribute('href', /\/files\/[0-9a-f-]{36}\?download=1$/);
    await expectNoSidewaysScroll(page, `video viewer on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/video-viewer-${screen}.png` });
    expect(await dialogViolations(page)).toEqual([]);
    await viewer.getByRole('button', { name: 'Schließen' }).click();
    await expect(viewer).toHaveCount(0);

    // The PDF, drawn by pdf.js on a phone as on a desktop, from our file server.
    const pdfResponse = page.waitForResponse((response) => /\/files\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname));
    // By keyboard: the card's title is a button.
    await opener(page, 'Herbstkatalog.pdf').focus();
    await page.keyboard.press('Enter');
    const pdfViewer = page.getByRole('dialog', { name: 'Herbstkatalog.pdf' });
    await expect(pdfViewer.getByRole('img', { name: 'Seite 1 von 1' })).toHaveAttribute('data-drawn', 'true');
    await expect(pdfViewer.getByTestId('pdf-page-number')).toHaveText('Seite 1 von 1');
    const served = await pdfResponse;
    expect(served.headers()['content-type']).toBe('application/pdf');
    await expectNoSidewaysScroll(page, `PDF viewer on a ${screen}`);
    await page.screenshot({ path: `${SHOTS}/pdf-viewer-${screen}.png` });
    expect(await dialogViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(pdfViewer).toHaveCount(0);
    // Focus is back where the reader was.
    await expect(opener(page, 'Herbstkatalog.pdf')).toBeFocused();

    // Audio in the browser's player.
    await opener(page, 'Jingle.m4a').click();
    const audio = page.getByRole('dialog', { name: 'Jingle.m4a' }).getByTestId('audio-player');
    await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true;
      await element.play();
    });
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0.5);
    await page.screenshot({ path: `${SHOTS}/audio-viewer-${screen}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Download from the card's menu: an attachment under the item's title.
    await card(page, 'Herbstkatalog.pdf').getByRole('button', { name: 'Aktionen für Herbstkatalog.pdf' }).click();
    const download = page.getByRole('menuitem', { name: 'Herunterladen' });
    const href = (await download.getAttribute('href'))!;
    expect(href).toMatch(/^\/files\/[0-9a-f-]{36}\?download=1$/);
    const attachment = await page.request.get(href);
    expect(attachment.headers()['content-disposition']).toMatch(/^attachment; filename="Herbstkatalog\.pdf"/);
    await page.keyboard.press('Escape');

    // In the trash nothing uploads, and a file dropped there does not take the browser away from the page.
    await page.getByRole('navigation', { name: 'Ordnerpfad' }).getByRole('link', { name: 'Papierkorb' }).click();
    await expect(page.locator('#media-place')).toHaveText('Papierkorb');
    await expect(page.getByRole('button', { name: 'Hochladen' })).toHaveCount(0);
    const before = announced.length;
    const caught = await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['x'], 'x.jpg', { type: 'image/jpeg' }));
      const main = document.querySelector('main')!;
      return ['dragenter', 'dragover', 'drop'].map((type) => {
        const event = new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true });
        main.dispatchEvent(event);
        return event.defaultPrevented;
      });
    });
    expect(caught).toEqual([false, true, true]);
    await expect(page.getByTestId('drop-zone')).toHaveCount(0);
    expect(announced).toHaveLength(before);

    await context.close();
  });
}

test('leaving the library right after an upload: asked while the file goes up, not once the banner says it arrived', async ({ browser }) => {
  const context = await browser.newContext({ ...screens('desktop')[0]![1], locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  await page.goto('/media');
  await settled(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  // The bytes are held back until the page has been asked whether it may be left.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/media\/[0-9a-f-]{36}\/upload$/, async (route) => {
    if (route.request().method() === 'PATCH') await held;
    await route.continue();
  });
  const wouldAsk = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  await choose(page, [chosen(fixtures.photos[1], 'image/jpeg')]);
  await expect(banner(page)).toContainText('„Sonnenuntergang“ wird hochgeladen');
  expect(await wouldAsk()).toBe(true);
  release();
  await expect(banner(page)).toHaveText('„Sonnenuntergang“ ist hochgeladen.');
  await page.goto('/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorlagen' })).toBeVisible();
  expect(dialogs).toEqual([]);
  await context.close();
});

test('a video’s card says it is converted from the end of its upload until it opens, also while Stream is slow to take it', async ({ browser }) => {
  const context = await browser.newContext({ ...screens('desktop')[0]![1], locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  await page.goto('/media');
  await settled(page);
  await newFolder(page, 'Langsam');
  // Stream answers the copy call late: the convert call is held until the test lets it go.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/media\/convert\/[0-9a-f-]{36}$/, async (route) => {
    if (route.request().method() === 'PUT') await held;
    await route.continue();
  });
  // Every state text the card shows, in order, as the page renders it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { cardStates: string[] }).cardStates = seen;
    const look = () => {
      const card = [...document.querySelectorAll('[data-testid="media-card"]')].find(
        (element) => element.querySelector('h2')?.textContent === 'Langsamer-Clip',
      );
      const text = card ? (card.querySelector('[data-testid="media-state"]')?.textContent ?? 'opens') : 'no card';
      if (seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await choose(page, [{ ...chosen(fixtures.clip, 'video/mp4'), name: 'Langsamer-Clip.mp4' }]);
  await expect(banner(page)).toContainText('„Langsamer-Clip“ wird umgewandelt …', { timeout: 30_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}/slow-convert-call-desktop.png` });
  release();
  await expect(card(page, 'Langsamer-Clip').getByTestId('media-state')).toHaveText('Wird umgewandelt …');
  await expect(opener(page, 'Langsamer-Clip')).toBeVisible({ timeout: 90_000 });
  expect(await page.evaluate(() => (window as unknown as { cardStates: string[] }).cardStates)).toEqual(['no card', 'Wird umgewandelt …', 'opens']);
  await context.close();
});
