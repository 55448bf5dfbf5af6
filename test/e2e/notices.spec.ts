import { expect, test } from './diagnostics';
import { settled, signIn } from './helpers';

/**
 * A notice belongs to the place it was shown in (ADR 026): "folder created" is news about the
 * place the folder was created in. Opened at once, before the notice's own time is over, the new
 * folder shows no notice, and going back up does not bring it back.
 */

test.use({ locale: 'de-DE' });

test('the notice of a folder just created is gone once that folder is opened', async ({ page }) => {
  await signIn(page, 'anna@salon.test');
  await page.goto('/media');
  await settled(page);
  const title = `Neu ${Date.now()}`;
  const created = page.getByText(`Ordner „${title}“ angelegt.`);

  await page.getByRole('button', { name: 'Neuer Ordner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await dialog.getByLabel('Ordnername').fill(title);
  await dialog.getByRole('button', { name: 'Anlegen' }).click();
  await expect(created).toBeVisible();

  // Opened within the notice's 2 s: its timer has not cleared it yet, only the change of place can.
  const card = page.getByTestId('media-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('link', { name: title, exact: true }).click();
  await expect(page.locator('#media-place')).toHaveText(title);
  expect(await created.count()).toBe(0);

  await page.goBack();
  await expect(page.locator('#media-place')).toHaveText('Alle Medien');
  expect(await created.count()).toBe(0);
});
