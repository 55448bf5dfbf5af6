import type { Page } from '@playwright/test';
import { cataloguePdf } from '../fixtures/pdf';
import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext, settled } from './helpers';

/** A real JPEG of one colour, drawn by the browser (no fixture file to keep in the repository). */
async function jpeg(page: Page, colour: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (fill) => {
    const canvas = new OffscreenCanvas(640, 480);
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#ffffff';
    context.fillRect(200, 150, 240, 180);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    return [...new Uint8Array(await blob.arrayBuffer())];
  }, colour);
  return Buffer.from(bytes);
}

async function sendPhoto(page: Page, name: string, bytes: Buffer, caption: string): Promise<void> {
  await page.getByTestId('chat-file-input').setInputFiles({ name, mimeType: 'image/jpeg', buffer: bytes });
  const dialog = page.getByRole('dialog', { name: 'Foto senden' });
  await expect(dialog.getByTestId('send-preview')).toBeVisible();
  await dialog.getByLabel('Bildunterschrift (optional)').fill(caption);
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog).toHaveCount(0);
}

test('photos in chat: the manager and a guest send them, the lightbox goes round, a guest cannot send a PDF', async ({ browser }) => {
  const { context, page: manager, link } = await hostParty(browser, 'Foto-Party', { viewport: { width: 1280, height: 900 } });
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Rosa');
  await settled(manager);

  await expect(manager.getByRole('button', { name: 'Foto oder Datei anhängen' })).toBeVisible();
  await sendPhoto(manager, 'kollektion.jpg', await jpeg(manager, '#c2410c'), 'Die neue Kollektion');
  const sent = manager.getByTestId('message').filter({ hasText: 'Die neue Kollektion' });
  await expect(sent.getByTestId('chat-photo')).toBeVisible();
  await expect(manager.getByTestId('pending-message')).toHaveCount(0);

  // The guest sees the picture itself, loaded from the party's file, with its caption.
  const received = guest.getByTestId('message').filter({ hasText: 'Die neue Kollektion' });
  await expect(received.getByTestId('caption')).toHaveText('Die neue Kollektion');
  const picture = received.getByRole('img', { name: /^Foto von Anna/ });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);

  // The guest answers with a photo of her own; the manager sees it.
  await expect(guest.getByRole('button', { name: 'Foto anhängen' })).toBeVisible();
  await sendPhoto(guest, 'antwort.jpg', await jpeg(guest, '#15803d'), 'Meine Farbe');
  const answer = manager.getByTestId('message').filter({ hasText: 'Meine Farbe' });
  await expect(answer.getByRole('img', { name: /^Foto von Rosa/ })).toBeVisible();
  await expect.poll(() => answer.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await manager.screenshot({ path: 'test-results/chat-media/chat-desktop.png' });

  // The lightbox goes through the party's photos and wraps around at the end.
  await received.getByTestId('chat-photo').click();
  // Named by who sent the photo, its caption whole beneath.
  const lightbox = guest.getByRole('dialog', { name: /^Foto von Anna/ });
  await expect(lightbox.getByTestId('lightbox-position')).toHaveText('1 von 2');
  await expect(lightbox.getByTestId('media-caption')).toHaveText('Die neue Kollektion');
  await guest.screenshot({ path: 'test-results/chat-media/lightbox-phone.png' });
  await lightbox.getByRole('button', { name: 'Nächstes Foto' }).click();
  const next = guest.getByRole('dialog', { name: /^Foto von Rosa/ });
  await expect(next.getByTestId('lightbox-position')).toHaveText('2 von 2');
  await expect(next.getByTestId('media-caption')).toHaveText('Meine Farbe');
  await guest.getByRole('button', { name: 'Nächstes Foto' }).click();
  await expect(guest.getByTestId('lightbox-position')).toHaveText('1 von 2');
  // The lightbox's own: after a join by name the offer to keep the party has a close button too.
  await guest.getByRole('dialog').getByRole('button', { name: 'Schließen' }).click();
  await expect(guest.getByRole('dialog')).toHaveCount(0);

  // A PDF from a guest: the note for 3 s, no dialog, nothing sent.
  const before = await manager.getByTestId('message').count();
  await guest.getByTestId('chat-file-input').setInputFiles({ name: 'katalog.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(guest.getByTestId('images-only')).toHaveText('Hier können nur Bilder gesendet werden.');
  await expect(guest.getByRole('dialog')).toHaveCount(0);
  await guest.screenshot({ path: 'test-results/chat-media/guest-pdf-note-phone.png' });
  await expect(guest.getByTestId('images-only')).toHaveCount(0, { timeout: 5000 });
  await expect(manager.getByTestId('message')).toHaveCount(before);
  await expect(guest.getByTestId('pending-message')).toHaveCount(0);

  await guestContext.close();
  await context.close();
});

test("the manager's PDF goes into her library first and is sent from there; a guest opens it in the viewer", async ({ browser }) => {
  const { context, page: manager, link } = await hostParty(browser, 'Katalog-Party', { viewport: { width: 1280, height: 900 } });
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Lena');
  await settled(manager);

  await manager
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'katalog.pdf', mimeType: 'application/pdf', buffer: cataloguePdf(3, { title: 'Herbstkatalog 2026', cover: 'Herbst 2026' }) });
  const dialog = manager.getByRole('dialog', { name: 'Datei senden' });
  // A non-image is always saved to the library; the choice is locked.
  const save = dialog.getByRole('checkbox', { name: /Auch in meiner Mediathek speichern/ });
  await expect(save).toBeChecked();
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Bildunterschrift (optional)').fill('Der Herbstkatalog');
  await dialog.getByRole('button', { name: 'Senden' }).click();
  await expect(dialog).toHaveCount(0);

  // The bubble names the file and shows its first page (made at upload), not only "PDF".
  const received = guest.getByTestId('message').filter({ hasText: 'Der Herbstkatalog' });
  await expect(received.getByTestId('chat-file-title')).toHaveText('katalog.pdf');
  await expect(received.getByTestId('chat-file')).toContainText('PDF-Dokument');
  await expect
    .poll(() => received.getByTestId('chat-file-preview').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await guest.screenshot({ path: 'test-results/chat-media/pdf-card-phone.png' });
  // A phone has no PDF viewer of its own: the pages are drawn by pdf.js, under the PDF's own title.
  await received.getByTestId('chat-file').click();
  const viewer = guest.getByRole('dialog', { name: 'Herbstkatalog 2026' });
  await expect(viewer.getByRole('img', { name: 'Seite 1 von 3' })).toHaveAttribute('data-drawn', 'true');
  await expect(viewer.getByRole('link', { name: '„katalog.pdf“ herunterladen' })).toBeVisible();
  await guest.screenshot({ path: 'test-results/chat-media/pdf-viewer-phone.png' });

  // The file is in her library's root now.
  await manager.goto('/media');
  await expect(manager.getByText('katalog.pdf')).toBeVisible();
  await guestContext.close();
  await context.close();
});
