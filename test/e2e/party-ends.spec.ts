import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext, setExpiry } from './helpers';

test('the consultant ends the party: open pages switch at once, a message on its way is shown as not sent; edited back, the party goes on', async ({
  browser,
}) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Abschiedsparty');
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  // The guest's messages can be held on their way (a slow network), to be on the way at the end.
  let holdSends = false;
  await guest.routeWebSocket(/\/socket(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      if (holdSends && typeof frame === 'string' && frame.includes('"sendMessage"')) return;
      server.send(frame);
    });
  });
  await joinAs(guest, link, 'Ida', 'Sommer');
  const guestInput = guest.getByRole('textbox', { name: 'Nachricht' });
  await guestInput.fill('Hallo zusammen');
  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(consultant.getByTestId('message').filter({ hasText: 'Hallo zusammen' })).toBeVisible();

  holdSends = true;
  await guestInput.fill('Noch eine Frage');
  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByTestId('pending-message')).toHaveCount(1);

  await setExpiry(consultant, link, Date.now() - 60_000);
  // The guest: the expired view, with the message that did not go out (not lost, no resend).
  await expect(guest.getByRole('heading', { name: 'Party beendet' })).toBeVisible({ timeout: 3000 });
  await expect(guest.getByTestId('unsent')).toContainText('Nicht gesendet.');
  await expect(guest.getByTestId('unsent')).toContainText('Noch eine Frage');
  await expect(guest.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  // The consultant reads on: the input gives way to the expired note, no reload needed.
  await expect(consultant.getByTestId('expired-note')).toBeVisible({ timeout: 3000 });
  await expect(consultant.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  await expect(consultant.getByTestId('message').filter({ hasText: 'Hallo zusammen' })).toBeVisible();

  for (const [name, page] of [
    ['guest-phone', guest],
    ['consultant-desktop', consultant],
  ] as const) {
    await page.screenshot({ path: test.info().outputPath(`party-ended-${name}.png`) });
  }

  // Edited back into the future: both pages go on; the message may be sent again by hand.
  holdSends = false;
  await setExpiry(consultant, link, Date.now() + 24 * 60 * 60 * 1000);
  await expect(consultant.getByRole('textbox', { name: 'Nachricht' })).toBeVisible({ timeout: 3000 });
  await expect(guest.getByRole('textbox', { name: 'Nachricht' })).toBeVisible({ timeout: 3000 });
  const failed = guest.getByTestId('pending-message').filter({ hasText: 'Noch eine Frage' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await failed.getByRole('button').click();
  await expect(consultant.getByTestId('message').filter({ hasText: 'Noch eine Frage' })).toHaveCount(1);

  await guestContext.close();
  await consultantContext.close();
});

test('the expiry time arrives while everyone is in the party: the guest page switches to the expired view', async ({ browser }) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Kurze Party');
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Ben', 'Kurz');
  const expiresAt = Date.now() + 4000;
  await setExpiry(consultant, link, expiresAt);
  await expect(guest.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Party beendet' })).toBeVisible({ timeout: 8000 });
  expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
  await expect(consultant.getByTestId('expired-note')).toBeVisible();
  await guestContext.close();
  await consultantContext.close();
});
