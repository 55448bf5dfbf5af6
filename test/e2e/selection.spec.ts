import { expect, test } from './diagnostics';
import { createParty, joinAs, phoneContext, signIn } from './helpers';

test('the manager selects messages to delete several at once, and forwards others to another party', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const target = await createParty(manager, 'Ziel-Party');
  const link = await createParty(manager, 'Quell-Party');
  await manager.goto(link);

  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Rosa');
  for (const text of ['Rezept: Zitronenkuchen', 'Tipp: Backofen vorheizen', 'Unwichtig 1', 'Unwichtig 2']) {
    await manager.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await manager.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
    await expect(guest.getByTestId('message').filter({ hasText: text })).toBeVisible();
  }

  await manager.getByRole('button', { name: 'Auswählen' }).click();
  const bar = manager.getByTestId('selection-bar');
  await expect(bar.getByRole('button', { name: 'Löschen' })).toBeDisabled();
  await expect(bar.getByRole('button', { name: 'Weiterleiten' })).toBeDisabled();
  await manager.getByRole('checkbox', { name: /Unwichtig 1/ }).check();
  await manager.getByRole('checkbox', { name: /Unwichtig 2/ }).check();
  await expect(bar).toContainText('2 ausgewählt');
  await bar.getByRole('button', { name: 'Löschen' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(guest.getByText('Diese Nachricht wurde gelöscht.')).toHaveCount(2);
  await expect(bar).toHaveCount(0);

  await manager.getByRole('button', { name: 'Auswählen' }).click();
  await manager.getByRole('checkbox', { name: /Rezept/ }).check();
  await manager.getByRole('checkbox', { name: /Tipp/ }).check();
  await manager.getByTestId('selection-bar').getByRole('button', { name: 'Weiterleiten' }).click();
  const dialog = manager.getByRole('alertdialog');
  await dialog.getByLabel('An welche Party?').selectOption({ label: 'Ziel-Party' });
  await dialog.getByRole('button', { name: 'Weiterleiten' }).click();

  await manager.goto(target);
  await expect(manager.getByTestId('message')).toHaveText([/Rezept: Zitronenkuchen/, /Tipp: Backofen vorheizen/]);
  await guestContext.close();
  await context.close();
});
