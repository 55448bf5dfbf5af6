import { expect, test } from './diagnostics';
import { fillDate, phoneContext, settled, signIn } from './helpers';

test('a company consultant creates a party for a chosen profile, edits it, and finds it under Expired after its expiration', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'team@kontor.test');
  // The company's further profiles (the test database starts empty; the first profile comes from
  // the sign-in).
  const origin = new URL(page.url()).origin;
  for (const [firstName, lastName] of [
    ['Jonas', 'Weber'],
    ['Clara', 'Hoffmann'],
  ]) {
    const response = await page.request.post('/api/profile', { headers: { Origin: origin }, data: { firstName, lastName } });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.reload();
  // A company account with several profiles is asked which one it works as; the first is fine.
  const choice = page.getByRole('alertdialog', { name: 'Als welches Profil möchtest du arbeiten?' });
  await expect(choice).toBeVisible();
  await choice.getByRole('button', { name: 'Auswählen' }).click();
  await expect(choice).toHaveCount(0);

  // Create: a company account must choose the managing profile.
  await page.getByRole('button', { name: 'Neue Party' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Party anlegen' });
  await dialog.getByLabel('Art der Party').fill('Herbst-Wellness');
  await dialog.getByLabel('Name der gastgebenden Person (optional)').fill('Petra');
  await expect(dialog.getByRole('group', { name: 'Ablauf' }).getByLabel('Jahr')).not.toHaveValue('');
  // A new party has no members a password could keep out: the note is for editing.
  await expect(dialog.getByText('Wer schon in der Party ist', { exact: false })).toHaveCount(0);
  await dialog.getByLabel('Profil für die Beratung').selectOption({ label: 'Jonas Weber' });
  await dialog.getByRole('button', { name: 'Party anlegen' }).click();
  await expect(dialog).toHaveCount(0);
  const card = page.getByTestId('party-card').filter({ hasText: 'Herbst-Wellness' });
  await expect(card).toContainText('mit Jonas Weber');
  await expect(card).toContainText('Zu Gast bei Petra');
  await expect(card).toContainText('Läuft ab am');
  await expect(page.getByTestId('quick-links')).toContainText('Herbst-Wellness');

  // The card's menu by keyboard: Enter opens it on its first item, arrows move, Escape closes it
  // and gives focus back; a click elsewhere closes it too.
  const actions = card.getByRole('button', { name: 'Aktionen für Herbst-Wellness' });
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('menuitem', { name: 'In neuem Tab öffnen' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(card.getByRole('menuitem', { name: 'Bearbeiten' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(card.getByRole('menuitem', { name: 'Löschen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('menu')).toHaveCount(0);
  await expect(actions).toBeFocused();
  await actions.click();
  await expect(card.getByRole('menu')).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(card.getByRole('menu')).toHaveCount(0);

  // Edit: another profile, and an expiration in the past.
  await actions.click();
  await card.getByRole('menuitem', { name: 'Bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Party bearbeiten' });
  await expect(edit.getByLabel('Art der Party')).toHaveValue('Herbst-Wellness');
  // A changed password keeps the guests who joined (ADR 020); the dialog says so by its field.
  await expect(edit.getByLabel('Passwort (optional)')).toHaveAccessibleDescription(
    'Wer schon in der Party ist, bleibt drin: Ein neues Passwort gilt für neue Gäste.',
  );
  await edit.getByLabel('Profil für die Beratung').selectOption({ label: 'Clara Hoffmann' });
  await fillDate(edit.getByRole('group', { name: 'Ablauf' }), '01.01.2024 10:00');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText('Party gespeichert.');

  // Gone from Active, found under Expired, with "expired at".
  await expect(page.getByTestId('party-card').filter({ hasText: 'Herbst-Wellness' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Abgelaufen' }).click();
  await expect(page).toHaveURL(/tab=expired/);
  const expired = page.getByTestId('party-card').filter({ hasText: 'Herbst-Wellness' });
  await expect(expired).toContainText('Abgelaufen am 01.01.2024');
  await expect(expired).toContainText('mit Clara Hoffmann');

  // Sorting by name is kept in the address, so a reload keeps it.
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/sort=name/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Abgelaufen' })).toHaveAttribute('aria-selected', 'true');
  // The card's menu opens by script: a click before the reloaded page hydrates is lost.
  await settled(page);

  // Delete.
  await expired.getByRole('button', { name: 'Aktionen für Herbst-Wellness' }).click();
  await expired.getByRole('menuitem', { name: 'Löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByTestId('party-card').filter({ hasText: 'Herbst-Wellness' })).toHaveCount(0);
  await context.close();
});

test('on a phone the drawer opens from the menu button and closes with Escape; release notes lose their highlight once read', async ({ browser }) => {
  const context = await phoneContext(browser, 'en-US');
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const drawer = page.getByRole('navigation', { name: 'Main menu' });
  await expect(drawer).not.toBeInViewport();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(drawer).toBeInViewport();
  await page.keyboard.press('Escape');
  await expect(drawer).not.toBeInViewport();
  await expect(menu).toBeFocused();

  await menu.click();
  await expect(page.getByTestId('release-notes-highlight')).toBeVisible();
  await drawer.getByRole('link', { name: /Release notes/ }).click();
  await expect(page.getByRole('heading', { name: 'Version 1.12.0' })).toBeVisible();
  await expect(drawer).not.toBeInViewport();
  await expect(page.getByTestId('release-notes-highlight')).toHaveCount(0);
  await context.close();
});
