import type { WebSocketRoute } from '@playwright/test';
import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext } from './helpers';

test('a guest whose phone drops off the network: the others see her offline within seconds; her page says so at once, and what she types meanwhile arrives once each, in order', async ({
  browser,
}) => {
  const { context: consultantContext, page: consultant, link } = await hostParty(browser, 'Funkloch-Party');
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();

  // Playwright's offline mode does not cut a WebSocket that is already open, so the guest's socket
  // runs through the test: `dropped` makes it what a lost network leaves, a half-open connection
  // (nothing passes either way and no close reaches the room), and refuses new connections.
  let dropped = false;
  const routes: WebSocketRoute[] = [];
  await guest.routeWebSocket(/\/socket(\?|$)/, (socket) => {
    if (dropped) return void socket.close({ code: 1006, reason: 'no network' });
    const server = socket.connectToServer();
    socket.onMessage((frame) => {
      if (!dropped) server.send(frame);
    });
    server.onMessage((frame) => {
      if (!dropped) socket.send(frame);
    });
    // The page giving up on its end must not close the room's end: nothing gets through.
    socket.onClose((code, reason) => {
      if (!dropped) void server.close({ code, reason });
    });
    routes.push(socket);
  });
  await joinAs(guest, link, 'Eva', 'Stein');
  const eva = consultant.getByTestId('members').getByRole('listitem').filter({ hasText: 'Eva Stein' });
  await expect(eva).toContainText('online');

  dropped = true;
  const droppedAt = Date.now();
  await guestContext.setOffline(true);
  // Her own page knows at once (the browser's offline event), not a heartbeat later.
  await expect(guest.getByText('Du bist offline.', { exact: false })).toBeVisible({ timeout: 1000 });
  // The others see her offline within a few seconds (the room notices the silence).
  await expect(eva).not.toContainText('online', { timeout: 9000 });
  expect(Date.now() - droppedAt).toBeLessThan(9000);

  // Three messages while offline: they wait, the input stays free.
  const input = guest.getByRole('textbox', { name: 'Nachricht' });
  for (const text of ['Eins', 'Zwei', 'Drei']) {
    await input.fill(text);
    await guest.getByRole('button', { name: 'Senden' }).click();
    await expect(input).toHaveValue('');
  }
  await expect(guest.getByTestId('pending-message')).toHaveCount(3);
  await guest.screenshot({ path: test.info().outputPath('guest-offline-phone.png') });
  dropped = false;
  await guestContext.setOffline(false);
  await expect(consultant.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/], { timeout: 10_000 });
  await expect(guest.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/]);
  await expect(guest.getByTestId('pending-message')).toHaveCount(0);
  await expect(eva).toContainText('online');
  await expect(guest.getByText('Du bist offline.', { exact: false })).toHaveCount(0);
  // Once each, also after a reload (what the room stored).
  await consultant.reload();
  await expect(consultant.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/]);
  await guest.reload();
  await expect(guest.getByTestId('message')).toHaveText([/Eins/, /Zwei/, /Drei/]);

  await guestContext.close();
  await consultantContext.close();
});
