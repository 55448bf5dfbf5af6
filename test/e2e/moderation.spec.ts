import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext } from './helpers';

test('the manager quiets the room, makes a host, and removes a guest; a guest renames themself', async ({ browser }) => {
  const { context: consultantContext, page: manager, link } = await hostParty(browser, 'Moderierte Party', { viewport: { width: 1280, height: 800 } });

  const mariaContext = await phoneContext(browser);
  const maria = await mariaContext.newPage();
  await joinAs(maria, link, 'Maria', 'Klein');
  const tomContext = await phoneContext(browser);
  const tom = await tomContext.newPage();
  await joinAs(tom, link, 'Tom', 'Berg');
  const members = manager.getByTestId('members');
  await expect(members).toContainText('Tom Berg');

  // Restriction: the guests' input turns into the note, and back.
  await manager.getByRole('button', { name: 'Schreiben für Gäste sperren' }).click();
  await expect(maria.getByText('Das Schreiben für Gäste ist gerade ausgeschaltet.')).toBeVisible();
  await expect(maria.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  await manager.getByRole('button', { name: 'Gäste dürfen wieder schreiben' }).click();
  await expect(maria.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();

  // Make Maria the moderator: she sees herself as moderator in the guests tab on her phone.
  await members.getByRole('button', { name: 'Moderation übertragen: Maria Klein' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Moderation übertragen' }).click();
  await expect(members.locator('li', { hasText: 'Maria Klein' })).toContainText('Moderation');
  await expect(members.getByRole('button', { name: 'Entfernen: Maria Klein' })).toBeDisabled();
  await maria.getByRole('tab', { name: /Gäste/ }).click();
  await expect(maria.getByTestId('members').locator('li', { hasText: 'Maria Klein' })).toContainText('Moderation');

  // Tom renames himself through his name menu, typing key by key: the field keeps the focus.
  // Escape closes the menu and gives the focus back to its button.
  const nameButton = tom.getByRole('button', { name: 'Dein Name: Tom' });
  await nameButton.click();
  await expect(tom.getByRole('menuitem', { name: 'Namen ändern' })).toBeFocused();
  await tom.keyboard.press('Escape');
  await expect(tom.getByRole('menu')).toBeHidden();
  await expect(nameButton).toBeFocused();
  await tom.keyboard.press('Enter');
  await tom.getByRole('menuitem', { name: 'Namen ändern' }).click();
  const firstName = tom.getByRole('alertdialog').getByLabel('Vorname');
  await expect(firstName).toBeFocused();
  await expect(firstName).toHaveValue('Tom');
  await tom.keyboard.press('Home');
  await tom.keyboard.press('ArrowRight');
  await tom.keyboard.type('h');
  await tom.keyboard.press('End');
  await tom.keyboard.type('as');
  await expect(firstName).toHaveValue('Thomas');
  await tom.getByRole('alertdialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(members).toContainText('Thomas Berg');
  await expect(tom.getByRole('button', { name: 'Dein Name: Thomas' })).toBeFocused();

  // Remove Thomas: his page shows the removed view at once.
  await members.getByRole('button', { name: 'Entfernen: Thomas Berg' }).click();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Entfernen' }).click();
  await expect(tom.getByRole('heading', { name: 'Du wurdest aus der Party entfernt' })).toBeVisible();
  await expect(members).not.toContainText('Thomas Berg');
  // Opening the party again shows the same view, not a join dialog whose every answer is "removed".
  await tom.reload();
  await expect(tom.getByRole('heading', { name: 'Du wurdest aus der Party entfernt' })).toBeVisible();
  await expect(tom.getByRole('dialog')).toHaveCount(0);

  await tomContext.close();
  await mariaContext.close();
  await consultantContext.close();
});
