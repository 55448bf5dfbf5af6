import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { handMadePdf } from '../fixtures/pdf';
import { expect, test } from './diagnostics';
import { createParty, signIn } from './helpers';

/**
 * Previews made in a real Chromium (app/lib/preview.ts): a photo whose EXIF says "rotate 90°"
 * comes out upright, a PNG's transparency turns white, a PDF's first page is rendered by pdf.js
 * with its worker from our own build; an upload through app/lib/upload.ts leaves a JPEG preview at
 * /files/{id}/preview; a video converted by the local Stream stand-in gets its poster as the
 * preview; the party page loads no pdf.js. The modules are imported into the page from
 * the client build, where they are entries of their own (vite.config.ts, mediaEntries).
 */

test.use({ locale: 'de-DE' });

const manifest = JSON.parse(readFileSync('build/.vite/client-manifest.json', 'utf8')) as Record<string, { file: string }>;
const moduleUrl = (source: string) => `/${manifest[source]!.file}`;

/** A one-page PDF (US letter, portrait) whose upper half is filled blue. */
const onePagePdf = () => handMadePdf({ pages: [{ width: 612, height: 792, content: '0 0 1 rg 0 396 612 396 re f' }] }).toString('latin1');

type Fixture = 'exif-rotated-jpeg' | 'transparent-png' | 'pdf';

interface Measured {
  type: string;
  width: number;
  height: number;
  /** RGB at a quarter and three quarters of the height, in the middle. */
  top: number[];
  bottom: number[];
}

/**
 * Makes a fixture file in the page: a 400 × 200 JPEG, red left and blue right, with an EXIF APP1
 * segment saying orientation 6 (shown rotated 90° clockwise: 200 × 400, red on top); an 800 × 600
 * PNG whose lower half is transparent; or the PDF. Returns it as a File, on `window.fixture`.
 */
async function makeFixture(page: Page, kind: Fixture): Promise<void> {
  await page.evaluate(
    async ({ kind, pdf }) => {
      const canvasBlob = async (width: number, height: number, type: string, draw: (c: CanvasRenderingContext2D) => void) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        draw(canvas.getContext('2d')!);
        return new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), type, 0.95));
      };
      let file: File;
      if (kind === 'exif-rotated-jpeg') {
        const plain = new Uint8Array(
          await (
            await canvasBlob(400, 200, 'image/jpeg', (c) => {
              c.fillStyle = '#ff0000';
              c.fillRect(0, 0, 200, 200);
              c.fillStyle = '#0000ff';
              c.fillRect(200, 0, 200, 200);
            })
          ).arrayBuffer(),
        );
        // TIFF, big-endian: one IFD entry, Orientation (0x0112), SHORT, count 1, value 6.
        const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0];
        const payload = [...new TextEncoder().encode('Exif'), 0, 0, ...tiff];
        const app1 = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
        // After SOI and the JFIF APP0 segment Chrome writes.
        const app0End = 4 + ((plain[4]! << 8) | plain[5]!);
        file = new File([plain.subarray(0, app0End), new Uint8Array(app1), plain.subarray(app0End)], 'hochkant.jpg', { type: 'image/jpeg' });
      } else if (kind === 'transparent-png') {
        const blob = await canvasBlob(800, 600, 'image/png', (c) => {
          c.fillStyle = '#00ff00';
          c.fillRect(0, 0, 800, 300);
        });
        file = new File([blob], 'durchsichtig.png', { type: 'image/png' });
      } else {
        file = new File([pdf], 'katalog.pdf', { type: 'application/pdf' });
      }
      (window as unknown as { fixture: File }).fixture = file;
    },
    { kind, pdf: onePagePdf() },
  );
}

/** Decodes a JPEG in the page and reads its size and two pixels. */
const measure = (page: Page, blobExpression: string) =>
  page.evaluate(async (expression) => {
    const blob = (await (0, eval)(expression)) as Blob;
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixel = (y: number) => [...context.getImageData(Math.floor(bitmap.width / 2), Math.floor(y), 1, 1).data.slice(0, 3)];
    const head = [...new Uint8Array(await blob.slice(0, 3).arrayBuffer())];
    return { type: blob.type, head, width: bitmap.width, height: bitmap.height, top: pixel(bitmap.height / 4), bottom: pixel((bitmap.height * 3) / 4) };
  }, blobExpression) as Promise<Measured & { head: number[] }>;

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - expected[i]!) < 40);

test('previews in Chromium: an EXIF-rotated photo upright, a PNG on white, a PDF’s first page; an upload stores its preview', async ({ page }) => {
  await signIn(page, 'anna@salon.test');
  await page.goto('/media');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const origin = new URL(page.url()).origin;
  const preview = moduleUrl('app/lib/preview.ts');
  const make = `import(${JSON.stringify(preview)}).then((m) => m.makePreview(window.fixture))`;

  await makeFixture(page, 'exif-rotated-jpeg');
  const rotated = await measure(page, make);
  // 200 × 400 as shown, fitted into 500 × 300; the red left edge is now on top.
  expect(rotated).toMatchObject({ type: 'image/jpeg', head: [0xff, 0xd8, 0xff], width: 150, height: 300 });
  expect(near(rotated.top, [255, 0, 0]), `top ${rotated.top}`).toBe(true);
  expect(near(rotated.bottom, [0, 0, 255]), `bottom ${rotated.bottom}`).toBe(true);

  await makeFixture(page, 'transparent-png');
  const png = await measure(page, make);
  expect(png).toMatchObject({ type: 'image/jpeg', width: 400, height: 300 });
  expect(near(png.top, [0, 255, 0]), `top ${png.top}`).toBe(true);
  expect(near(png.bottom, [255, 255, 255]), `bottom ${png.bottom}`).toBe(true);

  expect(
    requests.filter((url) => /pdf/i.test(url)),
    'pdf.js is loaded only for a PDF',
  ).toEqual([]);
  await makeFixture(page, 'pdf');
  const pdf = await measure(page, make);
  // 612 × 792 points, fitted into 500 × 300.
  expect(pdf).toMatchObject({ type: 'image/jpeg', width: 232, height: 300 });
  expect(near(pdf.top, [0, 0, 255]), `top ${pdf.top}`).toBe(true);
  expect(near(pdf.bottom, [255, 255, 255]), `bottom ${pdf.bottom}`).toBe(true);
  // pdf.js and its worker came from our build, nothing from anywhere else.
  expect(requests.some((url) => url.startsWith(`${origin}/assets/pdf.worker`))).toBe(true);
  expect(requests.filter((url) => /^https?:/.test(url) && !url.startsWith(origin))).toEqual([]);

  // A full upload: the bytes through tus, then the preview made and stored beside them.
  await makeFixture(page, 'exif-rotated-jpeg');
  const uploaded = await page.evaluate(async (upload) => {
    const { uploadMedia } = await import(upload);
    return uploadMedia((window as unknown as { fixture: File }).fixture, { title: 'Hochkant', path: '' });
  }, moduleUrl('app/lib/upload.ts'));
  expect(uploaded.ok, JSON.stringify(uploaded)).toBe(true);
  const id = uploaded.data.id as string;
  const listing = await (await page.request.get('/api/media')).json();
  expect(listing.entries.find((entry: { id: string }) => entry.id === id)).toMatchObject({ state: 'ready', hasPreview: true });
  const stored = await measure(
    page,
    `fetch('/files/${id}/preview').then((r) => r.ok && r.headers.get('content-type') === 'image/jpeg' ? r.blob() : Promise.reject(new Error('preview ' + r.status)))`,
  );
  expect(stored).toMatchObject({ head: [0xff, 0xd8, 0xff], width: 150, height: 300 });
  expect(near(stored.top, [255, 0, 0])).toBe(true);

  // Regenerating makes it anew from the stored file.
  const regenerated = await page.evaluate(async ({ module, id }) => (await import(module)).regeneratePreview({ id, mediaType: 'image' }), {
    module: preview,
    id,
  });
  expect(regenerated).toMatchObject({ ok: true, data: { id, hasPreview: true } });

  // A PDF too, and its preview regenerated from the stored file (pdf.js reading it as a Blob).
  await makeFixture(page, 'pdf');
  const pdfUpload = await page.evaluate(
    async (upload) => (await import(upload)).uploadMedia((window as unknown as { fixture: File }).fixture, { title: 'Katalog', path: '' }),
    moduleUrl('app/lib/upload.ts'),
  );
  expect(pdfUpload.ok, JSON.stringify(pdfUpload)).toBe(true);
  const pdfId = pdfUpload.data.id as string;
  // Replaced by a stub first (a JPEG to the Worker, nothing a browser can draw), so the check below sees the regenerated one.
  const stub = await page.request.fetch(`/api/media/${pdfId}/preview`, {
    method: 'PUT',
    headers: { Origin: origin, 'Content-Type': 'image/jpeg' },
    data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
  });
  expect(stub.status()).toBe(200);
  const again = await page.evaluate(async ({ module, id }) => (await import(module)).regeneratePreview({ id, mediaType: 'application' }), {
    module: preview,
    id: pdfId,
  });
  expect(again).toMatchObject({ ok: true, data: { id: pdfId, hasPreview: true } });
  const pdfStored = await measure(page, `fetch('/files/${pdfId}/preview').then((r) => r.blob())`);
  expect(pdfStored).toMatchObject({ type: 'image/jpeg', width: 232, height: 300 });
  expect(near(pdfStored.top, [0, 0, 255])).toBe(true);

  // The same from the library's card menu: the card shows the new preview without a reload.
  await page.goto('/media');
  // This PDF's card by its preview (other tests' libraries hold other catalogues).
  const card = page.getByTestId('media-card').filter({ has: page.locator(`img[src^="/files/${pdfId}/preview"]`) });
  const before = await card.locator('img').getAttribute('src');
  await card.getByRole('button', { name: 'Aktionen für Katalog', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Vorschau neu erstellen' }).click();
  await expect(page.getByText('Die Vorschau von „Katalog“ wurde neu erstellt.')).toBeVisible();
  await expect(card.locator('img')).not.toHaveAttribute('src', before!);
});

test('a converted video’s preview is the poster the local Stream stand-in made, copied by the Worker', async ({ page }) => {
  const clip = join(mkdtempSync(join(tmpdir(), 'salon-preview-')), 'clip.mp4');
  const made = spawnSync(resolveFfmpeg().path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    clip,
  ]);
  expect(made.status, String(made.stderr)).toBe(0);
  await signIn(page, 'anna@salon.test');
  await page.goto('/media');
  const uploaded = await page.evaluate(
    async ({ upload, bytes }) => {
      const { uploadMedia } = await import(upload);
      return uploadMedia(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], 'clip.mp4', { type: 'video/mp4' }), { title: 'Film', path: '' });
    },
    { upload: moduleUrl('app/lib/upload.ts'), bytes: readFileSync(clip).toString('base64') },
  );
  expect(uploaded.ok, JSON.stringify(uploaded)).toBe(true);
  const id = uploaded.data.id as string;
  const call = (method: string, body?: unknown) =>
    page.evaluate(
      async ({ id, method, body }) => {
        const response = await fetch(`/api/media/convert/${id}`, {
          method,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        });
        return (await response.json()) as { conversionStatus?: string };
      },
      { id, method, body },
    );
  expect((await call('PUT', { isPortrait: false, noAudio: true })).conversionStatus).toBe('PROGRESSING');
  await expect.poll(async () => (await call('GET')).conversionStatus, { timeout: 45_000, intervals: [1000] }).toBe('READY');

  const listing = await (await page.request.get('/api/media')).json();
  expect(listing.entries.find((entry: { id: string }) => entry.id === id)).toMatchObject({ state: 'ready', hasPreview: true });
  const poster = await measure(
    page,
    `fetch('/files/${id}/preview').then((r) => r.ok && r.headers.get('content-type') === 'image/jpeg' ? r.blob() : Promise.reject(new Error('preview ' + r.status)))`,
  );
  // The stand-in's poster is the frame at the video's own size (Stream would scale it as asked).
  expect(poster).toMatchObject({ head: [0xff, 0xd8, 0xff], width: 320, height: 240 });
});

test('the party page loads no pdf.js', async ({ page }) => {
  const requests: string[] = [];
  await signIn(page, 'anna@salon.test');
  const link = await createParty(page, 'Vorschau-Party');
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(link);
  await page.waitForLoadState('networkidle');
  expect(requests.some((url) => url.includes('/assets/'))).toBe(true);
  expect(requests.filter((url) => /pdf/i.test(url) || url.endsWith(moduleUrl('app/lib/preview.ts')))).toEqual([]);
});
