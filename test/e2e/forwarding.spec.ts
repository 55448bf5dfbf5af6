import { expect, test } from './diagnostics';
import { createParty, joinAs, phoneContext, signIn } from './helpers';

test('forwarding confirms where the messages went, and they arrive marked as forwarded', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const target = await createParty(manager, 'Empfänger-Party');
  const link = await createParty(manager, 'Absender-Party');
  // A guest of the target party watches the copy arrive.
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, target, 'Rosa');
  await manager.goto(link);

  for (const text of ['Rezept: Zitronenkuchen', 'Nur hier']) {
    await manager.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await manager.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
    await expect(manager.getByTestId('message').filter({ hasText: text })).toBeVisible();
  }
  // Nothing typed here is marked.
  await expect(manager.getByTestId('forwarded')).toHaveCount(0);

  await manager.getByRole('button', { name: 'Auswählen' }).click();
  await manager.getByRole('checkbox', { name: /Rezept/ }).check();
  await manager.getByTestId('selection-bar').getByRole('button', { name: 'Weiterleiten' }).click();
  const dialog = manager.getByRole('alertdialog', { name: '1 Nachricht weiterleiten' });
  await dialog.getByLabel('An welche Party?').selectOption({ label: 'Empfänger-Party' });
  await dialog.getByRole('button', { name: 'Weiterleiten' }).click();
  await expect(manager.getByRole('status').filter({ hasText: 'An „Empfänger-Party“ weitergeleitet.' })).toBeVisible();
  await expect(manager.getByRole('alert')).toHaveCount(0);

  const copy = guest.getByTestId('message').filter({ hasText: 'Rezept: Zitronenkuchen' });
  await expect(copy.getByTestId('forwarded')).toHaveText('Weitergeleitet');
  await guest.screenshot({ path: 'test-results/small-things/forwarded-phone.png' });
  await manager.goto(target);
  await expect(manager.getByTestId('message').filter({ hasText: 'Rezept' }).getByTestId('forwarded')).toHaveText('Weitergeleitet');
  await expect(manager.getByTestId('message').filter({ hasText: 'Nur hier' })).toHaveCount(0);
  await guestContext.close();
  await context.close();
});
