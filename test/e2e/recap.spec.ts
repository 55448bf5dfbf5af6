import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, joinAs, phoneContext, setExpiry, signIn } from './helpers';
import { PICTURES } from '../fixtures/images';

/**
 * Each guest's recap (ADR 046): a guest wants a product in a party; the party ends; her open page
 * shows her recap (the product, the consultant's card with her shop link, the party's headings);
 * she opens the link again later and still sees it. Another guest who wanted nothing sees a recap
 * without products, in her own language.
 */

const SHOP = 'https://shop.example/anna';

/** The consultant's shop link, a product card of a new library photo and two headings in the party. */
async function prepare(page: Page, link: string): Promise<void> {
  await page.evaluate(
    async ({ shortId, png, shop }) => {
      const call = async (path: string, method: string, body?: unknown) => {
        const response = await fetch(path, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.status === 204 ? null : ((await response.json()) as Record<string, any>);
      };
      const [profile] = (await call('/api/profile', 'GET')) as unknown as { id: string; firstName: string; lastName: string }[];
      await call(`/api/profile/${profile!.id}`, 'PUT', { firstName: profile!.firstName, lastName: profile!.lastName, shopLink: shop });
      const party = (await call(`/api/parties/${shortId}`, 'GET'))!;
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const media = (await call('/api/media', 'POST', {
        title: 'Rosenblüten-Creme',
        contentType: 'image/png',
        mediaExtension: 'png',
        size: bytes.byteLength,
      }))!;
      const upload = await fetch(media.uploadUrl, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: bytes,
      });
      if (!upload.ok) throw new Error(`upload: ${upload.status}`);
      const chat = (body: Record<string, unknown>) => call(`/api/parties/${party.id}/chat`, 'POST', { tempId: crypto.randomUUID(), ...body });
      await chat({ messageType: 'heading', message: 'Willkommen im Salon' });
      const product = { title: 'Rosenblüten-Creme', price: { amount: 2490, currency: 'EUR' }, link: 'https://shop.example/rose' };
      await chat({ messageType: 'product', message: JSON.stringify(product), mediaAttachment: media.id });
      await chat({ messageType: 'heading2', message: 'Pflege für den Abend' });
    },
    { shortId: link.slice(1), png: Buffer.from(PICTURES['image/png']).toString('base64'), shop: SHOP },
  );
}

test('the party ends: a guest who wanted a product sees her recap, also when she opens the link again; one who wanted nothing sees hers without products', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const managerContext = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const manager = await managerContext.newPage();
  await signIn(manager, 'anna@salon.test');
  const link = await createParty(manager, 'Rückblick-Party');
  await prepare(manager, link);

  const rosaContext = await phoneContext(browser);
  const rosa = await rosaContext.newPage();
  await joinAs(rosa, link, 'Rosa');
  const lenaContext = await browser.newContext({ locale: 'en-US', ...SCREENS.desktop });
  const lena = await lenaContext.newPage();
  await lena.goto(link);
  await lena.getByLabel('First name').fill('Lena');
  await lena.getByLabel('Last name').fill('Guest');
  await lena.getByRole('button', { name: 'Join the party' }).click();
  await expect(lena.getByTestId('product-card')).toBeVisible();

  const product = rosa.getByTestId('product-card');
  await product.getByRole('button', { name: 'Das möchte ich' }).click();
  await expect(product).toContainText('Gemerkt: das möchtest du');

  await setExpiry(manager, link, Date.now() - 60_000);

  // Rosa's open page: the party is over, and below that her recap.
  await expect(rosa.getByRole('heading', { name: 'Party beendet' })).toBeVisible({ timeout: 5000 });
  const expectRosasRecap = async () => {
    const recap = rosa.getByTestId('recap');
    await expect(recap.getByRole('heading', { name: 'Dein Rückblick' })).toBeVisible();
    const wanted = recap.getByTestId('recap-product');
    await expect(wanted).toHaveCount(1);
    await expect(wanted).toContainText('Rosenblüten-Creme');
    await expect(wanted).toContainText('24,90 €');
    await expect(wanted.getByRole('img', { name: 'Rosenblüten-Creme' })).toHaveJSProperty('complete', true);
    expect(await wanted.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(wanted.getByRole('link', { name: /Zum Shop/ })).toHaveAttribute('href', 'https://shop.example/rose');
    await expect(recap.getByTestId('profile-card')).toContainText('Anna Becker');
    await expect(recap.getByTestId('recap-shop')).toHaveAttribute('href', SHOP);
    await expect(recap.getByTestId('recap-headings').getByRole('listitem')).toHaveText(['Willkommen im Salon', 'Pflege für den Abend']);
  };
  await expectRosasRecap();
  await rosa.screenshot({ path: test.info().outputPath('recap-guest-phone-de.png'), fullPage: true });

  // Lena wanted nothing: her recap says so, in her language, with the consultant and the headings.
  await expect(lena.getByRole('heading', { name: 'Party expired' })).toBeVisible({ timeout: 5000 });
  const lenas = lena.getByTestId('recap');
  await expect(lenas.getByRole('heading', { name: 'Your recap' })).toBeVisible();
  await expect(lenas.getByTestId('recap-product')).toHaveCount(0);
  await expect(lenas.getByTestId('recap-no-products')).toHaveText('You did not pick any product in this party.');
  await expect(lenas.getByTestId('recap-shop')).toHaveText('Visit the shop');
  await lena.screenshot({ path: test.info().outputPath('recap-guest-desktop-en.png'), fullPage: true });
  await lena.setViewportSize(SCREENS.phone.viewport);
  await lena.screenshot({ path: test.info().outputPath('recap-guest-phone-en.png'), fullPage: true });

  // Later, Rosa opens the link again: the same recap, from the party's room.
  await rosa.goto('about:blank');
  await rosa.goto(link);
  await expect(rosa.getByRole('heading', { name: 'Party beendet' })).toBeVisible();
  await expectRosasRecap();
  await rosa.setViewportSize(SCREENS.desktop.viewport);
  await rosa.screenshot({ path: test.info().outputPath('recap-guest-desktop-de.png'), fullPage: true });

  // The manager keeps the party itself (her follow-up comes from it): no recap.
  await manager.goto(link);
  await expect(manager.getByTestId('expired-note')).toBeVisible();
  await expect(manager.getByTestId('recap')).toHaveCount(0);
  for (const open of [managerContext, rosaContext, lenaContext]) await open.close();
});
