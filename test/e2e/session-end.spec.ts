import { expect, test } from './diagnostics';
import { SCREENS, hostParty, joinAs, phoneContext } from './helpers';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';

test('signing out in another tab ends the open party page at once: it says so and leads back through sign-in; the guest chats on', async ({ browser }) => {
  const { context, page: party, link } = await hostParty(browser, 'Abmelde-Party');
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Lea', 'Sommer');
  await expect(party.getByTestId('members').getByRole('listitem').filter({ hasText: 'Lea Sommer' })).toContainText('online');

  // Another tab of the same browser signs out through the user menu.
  const other = await context.newPage();
  await other.goto('/parties');
  await other.getByRole('button', { name: 'Benutzermenü' }).or(other.getByLabel('Benutzermenü')).first().click();
  const signedOutAt = Date.now();
  await other.getByRole('button', { name: 'Abmelden' }).click();

  // The party tab hears it from the room, without a reload.
  await expect(party.getByRole('heading', { name: 'Du bist abgemeldet' })).toBeVisible({ timeout: 3000 });
  expect(Date.now() - signedOutAt).toBeLessThan(3000);
  const again = party.getByRole('link', { name: 'Wieder anmelden' });
  await expect(again).toHaveAttribute('href', `/login?returnTo=${encodeURIComponent(link)}`);
  await party.screenshot({ path: test.info().outputPath('signed-out-desktop.png') });
  await party.setViewportSize(SCREENS.phone.viewport);
  await party.screenshot({ path: test.info().outputPath('signed-out-phone.png') });

  // The guest is untouched: she writes on.
  const input = guest.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Ich bin noch da');
  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByTestId('pending-message')).toHaveCount(0);

  // Signing in again leads back to the party, live.
  await again.click();
  await party.getByRole('button', { name: /Partnerkonto/ }).click();
  await party.getByLabel('E-Mail').fill('anna@salon.test');
  await party.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await party.getByRole('button', { name: 'Anmelden' }).click();
  await party.waitForURL(`**${link}`);
  await expect(party.getByText('Ich bin noch da')).toBeVisible();

  await guestContext.close();
  await context.close();
});
