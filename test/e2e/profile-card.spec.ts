import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext } from './helpers';

test('the manager sends a profile card; a guest on a phone sees the card and opens the public profile', async ({ browser }) => {
  const { context: hostContext, page: host, link } = await hostParty(browser, 'Karten-Party');
  const context = await phoneContext(browser, 'de-DE');
  const guest = await context.newPage();
  await joinAs(guest, link, 'Paula', 'Gast');

  await host.getByRole('button', { name: 'Profilkarte senden' }).click();
  const dialog = host.getByRole('alertdialog', { name: 'Profilkarte senden' });
  await expect(dialog.getByRole('radio', { name: 'Anna Becker' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Senden' }).click();

  const card = guest.getByTestId('profile-card');
  await expect(card).toContainText('Anna Becker');
  await expect(card.getByText('Anna Becker', { exact: true })).toHaveCSS('text-transform', 'uppercase');
  await expect(host.getByTestId('profile-card')).toBeVisible();
  const popup = guest.waitForEvent('popup');
  await card.getByRole('link', { name: /Profil ansehen/ }).click();
  const profile = await popup;
  await expect(profile).toHaveURL(/\/p\/[0-9A-Za-z]{12}$/);
  await expect(profile.getByRole('heading', { level: 1 })).toContainText(/ANNA BECKER/i);
  await context.close();
  await hostContext.close();
});
