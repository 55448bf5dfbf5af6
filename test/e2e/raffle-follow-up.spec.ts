import { readFile } from 'node:fs/promises';
import { expect, test } from './diagnostics';
import { expectNoSidewaysScroll, partyWithPlayedCards, phoneContext, setExpiry, signIn } from './helpers';

/**
 * The raffle and the follow-up list (ADR 045), after cards.spec.ts's first half: a template plays a
 * product card and a quiz into a party, two guests on phones want the product and vote, the manager
 * closes the quiz, draws a winner among the voters (both guests see who won), downloads the
 * follow-up list and opens it to print. Then the party ends, and each guest's open page shows her
 * recap (ADR 046) with the product she wanted.
 */
test('the manager draws a winner among the voters, everyone sees it, and the follow-up list names each guest’s wants, votes and win', async ({ browser }) => {
  test.setTimeout(150_000);
  const { link, manager, rosa, lena, contexts } = await partyWithPlayedCards(browser, `Verlosungs-Party ${Date.now()}`, { acceptDownloads: true });

  for (const [guest, answer] of [
    [rosa, 'Aloe-Vera-Gel'],
    [lena, 'Honig-Balsam'],
  ] as const) {
    await guest.getByTestId('product-card').getByRole('button', { name: 'Das möchte ich' }).click();
    await expect(guest.getByTestId('product-card')).toContainText('Gemerkt: das möchtest du');
    const quiz = guest.getByTestId('poll-card');
    await quiz.getByRole('button', { name: new RegExp(answer) }).click();
    await expect(quiz.getByRole('button', { name: new RegExp(answer) })).toHaveAttribute('aria-pressed', 'true');
  }
  const quiz = manager.getByTestId('poll-card');
  await expect(quiz.getByTestId('voted-by').filter({ hasText: 'Gast' })).toHaveCount(2);
  await quiz.getByRole('button', { name: 'Umfrage beenden' }).click();
  await expect(quiz).toContainText('Beendet');

  // The raffle among those who voted in the quiz.
  await manager.getByRole('button', { name: 'Verlosung' }).click();
  const dialog = manager.getByRole('alertdialog', { name: 'Verlosung' });
  await dialog.getByRole('radio', { name: 'Alle, die bei einer Umfrage abgestimmt haben' }).check();
  await expect(dialog.getByRole('combobox', { name: 'Umfrage' })).toHaveValue(/.+/);
  await expect(dialog.getByRole('combobox', { name: 'Umfrage' }).locator('option:checked')).toHaveText('Welche Creme ist vegan? (2)');
  await manager.screenshot({ path: 'test-results/raffle/dialog-desktop.png' });
  await dialog.getByRole('button', { name: 'Gewinner ziehen' }).click();
  const result = dialog.getByTestId('raffle-result');
  await expect(result).toContainText(/Gewonnen hat: (Rosa|Lena) Gast/);
  await expect(result).toContainText('Gezogen unter 2 Gästen, die abgestimmt haben');
  const winner = (await result.textContent())!.match(/(Rosa|Lena) Gast/)![0];
  const loser = winner.startsWith('Rosa') ? 'Lena Gast' : 'Rosa Gast';
  await manager.screenshot({ path: 'test-results/raffle/result-desktop.png' });

  // Both guests see the winner in the chat.
  for (const guest of [rosa, lena]) {
    const notice = guest.getByTestId('raffle-notice');
    await expect(notice).toContainText(`${winner} hat die Verlosung gewonnen!`);
    await expect(notice).toContainText('Gezogen unter 2 Gästen, die abgestimmt haben');
  }
  await rosa.getByTestId('raffle-notice').scrollIntoViewIfNeeded();
  await rosa.screenshot({ path: 'test-results/raffle/notice-phone.png' });
  await expectNoSidewaysScroll(rosa);

  // The follow-up list, from the dialog.
  await dialog.getByRole('link', { name: 'Nachfass-Liste öffnen' }).click();
  await manager.waitForURL('**/follow-up');
  const rows = manager.getByTestId('follow-up-row');
  await expect(rows).toHaveCount(2);
  const rosaRow = rows.filter({ hasText: 'Rosa Gast' });
  await expect(rosaRow).toContainText('Rosenblüten-Creme');
  await expect(rosaRow).toContainText('Aloe-Vera-Gel (richtig)');
  await expect(rows.filter({ hasText: 'Lena Gast' })).toContainText('Honig-Balsam (falsch)');
  await expect(rows.filter({ hasText: winner })).toContainText('ja');
  await expect(rows.filter({ hasText: loser })).not.toContainText('ja');
  await expect(manager.getByTestId('follow-up-draw')).toContainText(`${winner} (unter 2)`);
  await manager.screenshot({ path: 'test-results/raffle/follow-up-desktop.png', fullPage: true });

  // The file: a BOM, semicolons, both names, their votes, the winner.
  const [download] = await Promise.all([manager.waitForEvent('download'), manager.getByRole('link', { name: 'CSV herunterladen' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Nachfass-Liste Verlosungs-Party \d+\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Name;Rolle;Möchte;Eigene Party;Team;Welche Creme ist vegan?;Gewonnen;Zuletzt aktiv');
  expect(lines.find((line) => line.startsWith('Rosa Gast;'))).toMatch(
    /^Rosa Gast;Gast;Rosenblüten-Creme;;;Aloe-Vera-Gel \(richtig\);(ja)?;\d{4}-\d\d-\d\d \d\d:\d\d$/,
  );
  expect(lines.find((line) => line.startsWith('Lena Gast;'))).toMatch(/^Lena Gast;Gast;Rosenblüten-Creme;;;Honig-Balsam \(falsch\);(ja)?;/);
  expect(lines.find((line) => line.startsWith(`${winner};`))).toContain(';ja;');

  // Printed: no bars, no buttons; the table and the draw.
  await manager.emulateMedia({ media: 'print' });
  await expect(manager.getByRole('link', { name: 'CSV herunterladen' })).toBeHidden();
  await expect(manager.getByRole('navigation', { name: /Hauptmenü|Haupt/ })).toBeHidden();
  await expect(rows.first()).toBeVisible();
  await manager.screenshot({ path: 'test-results/raffle/follow-up-print.png', fullPage: true });
  await manager.emulateMedia({ media: 'screen' });

  // The same on the manager's phone: the dialog, the result in the chat, the list.
  const phone = await phoneContext(browser);
  const managerPhone = await phone.newPage();
  await signIn(managerPhone, 'anna@salon.test');
  await managerPhone.goto(link);
  await expect(managerPhone.getByTestId('raffle-notice')).toContainText(winner);
  await managerPhone.getByTestId('raffle-notice').scrollIntoViewIfNeeded();
  await managerPhone.screenshot({ path: 'test-results/raffle/result-phone.png' });
  await managerPhone.getByRole('button', { name: 'Verlosung' }).click();
  const phoneDialog = managerPhone.getByRole('alertdialog', { name: 'Verlosung' });
  await phoneDialog.getByRole('radio', { name: 'Alle, die ein Produkt möchten' }).check();
  await expect(phoneDialog.getByRole('combobox', { name: 'Produkt' }).locator('option:checked')).toHaveText('Rosenblüten-Creme (2)');
  await managerPhone.screenshot({ path: 'test-results/raffle/dialog-phone.png' });
  await expectNoSidewaysScroll(managerPhone);
  await phoneDialog.getByRole('button', { name: 'Abbrechen' }).click();
  await managerPhone.getByRole('link', { name: 'Nachfass-Liste' }).click();
  await expect(managerPhone.getByTestId('follow-up-row')).toHaveCount(2);
  await managerPhone.screenshot({ path: 'test-results/raffle/follow-up-phone.png', fullPage: true });

  // The party ends: each guest's open page shows her recap, with the product she wanted.
  await setExpiry(manager, link, Date.now() - 60_000);
  for (const guest of [rosa, lena]) {
    await expect(guest.getByRole('heading', { name: 'Party beendet' })).toBeVisible({ timeout: 10_000 });
    const recap = guest.getByTestId('recap');
    await expect(recap.getByRole('heading', { name: 'Dein Rückblick' })).toBeVisible();
    await expect(recap.getByTestId('recap-product')).toHaveCount(1);
    await expect(recap.getByTestId('recap-product')).toContainText('Rosenblüten-Creme');
    await expect(recap.getByTestId('profile-card')).toContainText('Anna Becker');
  }
  for (const open of [...contexts, phone]) await open.close();
});
