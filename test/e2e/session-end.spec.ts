import type { WebSocketRoute } from '@playwright/test';
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

test('a socket the room closed for its expired access token reconnects by itself; the chat goes on', async ({ browser }) => {
  const { context, page: party } = await hostParty(browser, 'Stunden-Party');
  // The room closes the socket when the token it was opened with expires (after an hour): here the
  // test closes it with the room's code and reason, and spoils the access cookie.
  const sockets: WebSocketRoute[] = [];
  await party.routeWebSocket(/\/socket(\?|$)/, (socket) => {
    socket.connectToServer();
    sockets.push(socket);
  });
  await party.reload();
  const input = party.getByRole('textbox', { name: 'Nachricht' });
  await expect(input).toBeEnabled();
  await expect.poll(() => sockets.length).toBeGreaterThan(0);
  const before = sockets.length;

  // As after an hour: the access token in the cookie no longer works (the refresh token does).
  const [access] = (await context.cookies()).filter((cookie) => cookie.name === 'salon_at');
  await context.addCookies([{ ...access!, value: 'abgelaufen' }]);
  await sockets[before - 1]!.close({ code: 4010, reason: 'sessionExpired' });
  await expect.poll(() => sockets.length, { timeout: 10_000 }).toBeGreaterThan(before);
  await input.fill('Nach dem Wiederverbinden');
  await input.press('Enter');
  await expect(party.getByTestId('message').filter({ hasText: 'Nach dem Wiederverbinden' })).toBeVisible();
  await expect(party.getByTestId('pending-message')).toHaveCount(0);
  await expect(party.getByRole('heading', { name: 'Du bist abgemeldet' })).toHaveCount(0);
  // The page's question to the API refreshed the tokens.
  expect((await context.cookies()).find((cookie) => cookie.name === 'salon_at')?.value).not.toBe('abgelaufen');
  await context.close();
});
