import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, joinAs, phoneContext, signIn } from './helpers';
import { PICTURES } from '../fixtures/images';

/**
 * Product cards and polls (ADR 044): the consultant plays a template with a product card and a quiz
 * into a party; two guests on phones want the product and vote; the manager sees who, live,
 * closes the quiz, and everyone sees its answer and the results.
 */

/** A photo in the signed-in consultant's library and a template with a product card of it and a quiz; answers the template's title. */
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

test('a template plays a product card and a quiz; guests on phones want and vote; the manager sees who and closes the quiz', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const title = `Produktabend ${Date.now()}`;
  await productTemplate(manager, title);
  const link = await createParty(manager, 'Karten-Party');
  const rosaContext = await phoneContext(browser);
  const rosa = await rosaContext.newPage();
  await joinAs(rosa, link, 'Rosa');
  const lenaContext = await phoneContext(browser);
  const lena = await lenaContext.newPage();
  await joinAs(lena, link, 'Lena');
  await manager.goto(link);

  await manager.getByRole('button', { name: 'Vorlage', exact: true }).click();
  const dialog = manager.getByRole('dialog', { name: 'Vorlage anwenden' });
  await dialog.getByRole('searchbox', { name: 'Vorlagen suchen' }).fill('Produktabend');
  await dialog.getByRole('button', { name: title }).click();
  const panel = manager.getByTestId('applied-template');
  await expect(panel.getByTestId('template-message')).toContainText('Rosenblüten-Creme');
  await panel.getByRole('button', { name: 'Senden', exact: true }).click();
  await expect(panel.getByTestId('template-message')).toContainText('Welche Creme ist vegan?');
  await panel.getByRole('button', { name: 'Senden', exact: true }).click();

  // Each guest wants the product and answers the quiz; the line under it says the consultant sees her name.
  for (const [guest, answer] of [
    [rosa, 'Aloe-Vera-Gel'],
    [lena, 'Honig-Balsam'],
  ] as const) {
    const product = guest.getByTestId('product-card');
    await expect(product.getByTestId('product-title')).toHaveText('Rosenblüten-Creme');
    await expect(product).toContainText('24,90');
    await expect(product.getByTestId('card-notice').getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy');
    await product.getByRole('button', { name: 'Das möchte ich' }).click();
    await expect(product).toContainText('Gemerkt: das möchtest du');
    const quiz = guest.getByTestId('poll-card');
    await quiz.getByRole('button', { name: new RegExp(answer) }).click();
    await expect(quiz.getByRole('button', { name: new RegExp(answer) })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(rosa.getByTestId('product-card').getByTestId('want-count')).toHaveText('2 möchten das');
  await rosa.screenshot({ path: 'test-results/cards/guest-phone.png' });

  // The manager sees who, live, and no buttons of her own.
  const product = manager.getByTestId('product-card');
  await expect(product.getByTestId('wanted-by')).toContainText('Rosa Gast');
  await expect(product.getByTestId('wanted-by')).toContainText('Lena Gast');
  await expect(product.getByRole('button', { name: 'Das möchte ich' })).toHaveCount(0);
  const quiz = manager.getByTestId('poll-card');
  await expect(quiz.getByTestId('voted-by').nth(1)).toHaveText('Rosa Gast');
  await expect(quiz.getByTestId('voted-by').nth(0)).toHaveText('Lena Gast');
  await manager.screenshot({ path: 'test-results/cards/manager-desktop.png' });

  // Rosa takes hers back: the manager's list follows.
  await rosa.getByTestId('product-card').getByRole('button', { name: 'Zurücknehmen' }).click();
  await expect(product.getByTestId('wanted-by')).toHaveText('Möchten das: Lena Gast');

  // Closing reveals the answer to everyone; a closed quiz takes no more votes.
  await quiz.getByRole('button', { name: 'Umfrage beenden' }).click();
  const rosaQuiz = rosa.getByTestId('poll-card');
  await expect(rosaQuiz).toContainText('Beendet');
  await expect(rosaQuiz.getByTestId('poll-option').nth(1)).toContainText('✓ Aloe-Vera-Gel');
  await expect(rosaQuiz.getByRole('button')).toHaveCount(0);
  await rosaQuiz.scrollIntoViewIfNeeded();
  await rosa.screenshot({ path: 'test-results/cards/guest-phone-closed.png' });
  await expect(quiz).toContainText('Beendet');

  // A reload shows the same state (the room sends it after the welcome).
  await lena.reload();
  await expect(lena.getByTestId('product-card')).toContainText('Gemerkt: das möchtest du');
  await expect(lena.getByTestId('poll-card').getByTestId('poll-option').nth(0)).toContainText('1 Stimme');
  for (const open of [context, rosaContext, lenaContext]) await open.close();
});
