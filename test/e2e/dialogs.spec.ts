import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Screen } from './helpers';
import { formatDate } from '../../app/core/dates';
import { DAY_MS, DEFAULT_EXPIRATION_DAYS } from '../../app/core/limits';
import { SCREENS, createParty, fillDate, hostParty, settled, signIn } from './helpers';

/**
 * Every dialog is a modal in the middle of the screen, on a phone and on a desktop, fits the
 * screen, keeps Tab inside and gives focus back to what opened it. The party dialog refuses an
 * expiry that has passed at its field, and asks for its dates in the page's language whatever the
 * browser's.
 */

async function open(browser: Browser, screen: Screen): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS[screen] });
  return context.newPage();
}

/** Centred within a few px, and wholly on screen. */
async function expectCentred(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  // A dialog loads its code when it first opens: measure it once it is there.
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2), `horizontal centre of ${JSON.stringify(box)}`).toBeLessThanOrEqual(3);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2), `vertical centre of ${JSON.stringify(box)}`).toBeLessThanOrEqual(3);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

async function dashboard(page: Page): Promise<void> {
  await signIn(page, 'anna@salon.test');
  await settled(page);
}

for (const screen of ['phone', 'desktop'] as const) {
  test(`the party dialog, new and edit, is centred on a ${screen}`, async ({ browser }) => {
    const page = await open(browser, screen);
    await dashboard(page);
    await page.getByRole('button', { name: 'Neue Party' }).click();
    const create = page.getByRole('dialog', { name: 'Neue Party anlegen' });
    await expectCentred(page, create);
    await expect(create.getByLabel('Art der Party')).toBeFocused();
    await page.screenshot({ path: test.info().outputPath(`party-dialog-${screen}.png`) });
    await create.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(create).toHaveCount(0);

    const title = `Zentriert ${screen}`;
    await createParty(page, title);
    const card = page.getByTestId('party-card').filter({ hasText: title });
    await card.getByRole('button', { name: `Aktionen für ${title}` }).click();
    await card.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await expectCentred(page, page.getByRole('dialog', { name: 'Party bearbeiten' }));
    await page.context().close();
  });

  test(`the other dialogs are centred on a ${screen} too`, async ({ browser }) => {
    const page = await open(browser, screen);
    await dashboard(page);
    const title = `Dialoge ${screen}`;
    const link = await createParty(page, title);

    // The confirm dialog (deleting a party), from the card's menu.
    const card = page.getByTestId('party-card').filter({ hasText: title });
    await card.getByRole('button', { name: `Aktionen für ${title}` }).click();
    await card.getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Party löschen?' });
    await expectCentred(page, confirm);
    await page.screenshot({ path: test.info().outputPath(`confirm-dialog-${screen}.png`) });
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();

    // The heading and profile-card dialogs in the party.
    await page.goto(link);
    await settled(page);
    // On a phone both tools are in the attach menu, so the text field keeps its room.
    const tool = async (name: string) => {
      if (screen === 'desktop') return page.getByRole('button', { name }).click();
      await expect(page.getByRole('button', { name })).toHaveCount(0);
      await page.getByRole('button', { name: 'Foto oder Datei anhängen' }).click();
      await page.getByRole('menuitem', { name }).click();
    };
    await tool('Überschrift einfügen');
    await expectCentred(page, page.getByRole('alertdialog', { name: 'Überschrift' }));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    if (screen === 'phone') {
      const field = await page.locator('#message-input').boundingBox();
      expect(field!.width).toBeGreaterThan(180);
    }
    await tool('Profilkarte senden');
    await expectCentred(page, page.getByRole('alertdialog', { name: 'Profilkarte senden' }));
    await page.keyboard.press('Escape');

    // The guest's join dialog, and her rename dialog after.
    const guest = await open(browser, screen);
    await guest.goto(link);
    await settled(guest);
    await expectCentred(guest, guest.getByRole('dialog', { name: 'Willkommen zur Party!' }));
    await guest.getByLabel('Vorname').fill('Mia');
    await guest.getByLabel('Nachname').fill('Gast');
    await guest.getByRole('button', { name: 'Party beitreten' }).click();
    await expect(guest.getByRole('dialog')).toHaveCount(0);
    await guest.getByRole('button', { name: 'Dein Name: Mia' }).click();
    await guest.getByRole('menuitem', { name: 'Namen ändern' }).click();
    await expectCentred(guest, guest.getByRole('alertdialog', { name: 'Namen ändern' }));
    await guest.context().close();
    await page.context().close();
  });
}

test('a past expiry is refused at the field, and no party is created', async ({ browser }) => {
  const page = await open(browser, 'desktop');
  await dashboard(page);
  await page.getByRole('button', { name: 'Neue Party' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neue Party anlegen' });
  await dialog.getByLabel('Art der Party').fill('Schon vorbei');
  const expiry = dialog.getByRole('group', { name: 'Ablauf' });
  await fillDate(expiry, '01.01.2024 10:00');
  await dialog.getByRole('button', { name: 'Party anlegen' }).click();
  await expect(expiry.getByLabel('Tag')).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toHaveAccessibleDescription('Das Ablaufdatum liegt in der Vergangenheit. Wähle einen späteren Zeitpunkt.');
  await expect(expiry.getByLabel('Tag')).toBeFocused();
  await expect(dialog).toBeVisible();

  // An expiry before the start is refused the same way.
  await fillDate(dialog.getByRole('group', { name: 'Beginn (optional)' }), '02.01.2999 10:00');
  await fillDate(expiry, '01.01.2999 10:00');
  await dialog.getByRole('button', { name: 'Party anlegen' }).click();
  await expect(expiry).toHaveAccessibleDescription('Die Party muss nach ihrem Beginn ablaufen.');

  // A date that is incomplete or not in the calendar is refused at its own field, before anything is sent.
  const start = dialog.getByRole('group', { name: 'Beginn (optional)' });
  await start.getByLabel('Monat').fill('');
  await dialog.getByRole('button', { name: 'Party anlegen' }).click();
  await expect(start).toHaveAccessibleDescription('Bitte gib Tag, Monat, Jahr und Uhrzeit vollständig an, zum Beispiel 24.12.2026 und 19:30.');
  await expect(start.getByLabel('Tag')).toBeFocused();
  await fillDate(start, '30.02.2999 10:00');
  await dialog.getByRole('button', { name: 'Party anlegen' }).click();
  await expect(start).toHaveAccessibleDescription('Bitte gib Tag, Monat, Jahr und Uhrzeit vollständig an, zum Beispiel 24.12.2026 und 19:30.');

  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('status')).toHaveCount(0);
  for (const tab of ['Aktiv', 'Abgelaufen']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByTestId('party-card').filter({ hasText: 'Schon vorbei' })).toHaveCount(0);
  }
  const parties = (await (await page.request.get('/api/parties')).json()) as { title: string }[];
  expect(parties.map((party) => party.title)).not.toContain('Schon vorbei');
  await page.context().close();
});

test('Tab and Shift+Tab cycle inside a dialog; closing it gives focus back to its opener', async ({ browser }) => {
  const page = await open(browser, 'desktop');
  await dashboard(page);
  const title = 'Fokusrunde';
  await createParty(page, title);
  const card = page.getByTestId('party-card').filter({ hasText: title });
  const actions = card.getByRole('button', { name: `Aktionen für ${title}` });
  await actions.click();
  await card.getByRole('menuitem', { name: 'Löschen' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Party löschen?' });
  const cancel = confirm.getByRole('button', { name: 'Abbrechen' });
  const remove = confirm.getByRole('button', { name: 'Löschen' });
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(actions).toBeFocused();

  // The party dialog: many fields, the same cycle at its ends, and back to the "New party" button.
  const newParty = page.getByRole('button', { name: 'Neue Party' });
  await newParty.click();
  const dialog = page.getByRole('dialog', { name: 'Neue Party anlegen' });
  await expect(dialog.getByLabel('Art der Party')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Art der Party')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newParty).toBeFocused();
  await page.context().close();
});

test("the heading dialog's confirm stays disabled while the text is empty", async ({ browser }) => {
  const { context, page } = await hostParty(browser, 'Überschriften');
  await settled(page);
  await page.getByRole('button', { name: 'Überschrift einfügen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Überschrift' });
  const insert = dialog.getByRole('button', { name: 'Einfügen' });
  await expect(insert).toBeDisabled();
  await dialog.getByLabel('Text der Überschrift').fill('   ');
  await expect(insert).toBeDisabled();
  await dialog.getByLabel('Text der Überschrift').fill('Willkommen');
  await expect(insert).toBeEnabled();
  await insert.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Willkommen' })).toBeVisible();
  await context.close();
});

for (const screen of ['phone', 'desktop'] as const) {
  test(`the party dialog asks for dates in the page's language, not the browser's, on a ${screen}`, async ({ browser, baseURL }) => {
    // An English browser showing Salon in German: the dates are German (day first, dots).
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin', ...SCREENS[screen] });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    const language = async (lng: string) => {
      await context.request.post('/language', { headers: { Origin: baseURL! }, form: { lng, returnTo: '/' }, maxRedirects: 0 });
      await page.goto('/parties');
      await settled(page);
    };
    await language('de');
    await page.getByRole('button', { name: 'Neue Party' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Party anlegen' });
    const expiry = dialog.getByRole('group', { name: 'Ablauf' });
    // The new party's three days, in the page's order: day, month, year, hour, minute.
    const [day, month, year] = formatDate(Date.now() + DEFAULT_EXPIRATION_DAYS * DAY_MS, 'de', 'Europe/Berlin').split('.');
    await expect(expiry.getByRole('textbox')).toHaveCount(5);
    for (const [label, value] of [
      ['Tag', day],
      ['Monat', month],
      ['Jahr', year],
    ] as const)
      await expect(expiry.getByLabel(label)).toHaveValue(value!);
    await expect(expiry.getByLabel('Stunde')).toHaveValue(/^\d{2}$/);
    await expect(expiry.getByLabel('Minute')).toHaveValue(/^\d{2}$/);
    await expect(expiry.getByLabel('Tag')).toHaveAttribute('inputmode', 'numeric');
    await expect(expiry).toContainText('Tag.Monat.Jahr');
    await expect(dialog.getByRole('group', { name: 'Beginn (optional)' }).getByRole('textbox')).toHaveCount(5);
    await expect(page.locator('input[type="date"], input[type="datetime-local"], input[type="time"]')).toHaveCount(0);
    await page.screenshot({ path: `test-results/dialogs/party-dates-de-${screen}.png` });

    // Typed as a German reads it, with a one-digit day: the card shows it back.
    const title = `Adventsabend ${screen}`;
    await dialog.getByLabel('Art der Party').fill(title);
    await fillDate(dialog.getByRole('group', { name: 'Beginn (optional)' }), '5.12.2030 18:00');
    await fillDate(expiry, '24.12.2030 19:30');
    await dialog.getByRole('button', { name: 'Party anlegen' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('party-card').filter({ hasText: title })).toContainText('Läuft ab am 24.12.2030');

    // In English the same fields say Day, Month, Year with slashes; the edit shows what was typed.
    await language('en');
    const card = page.getByTestId('party-card').filter({ hasText: title });
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await card.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit party' });
    const start = edit.getByRole('group', { name: 'Start (optional)' });
    for (const [label, value] of [
      ['Day', '05'],
      ['Month', '12'],
      ['Year', '2030'],
      ['Hour', '18'],
      ['Minute', '00'],
    ] as const)
      await expect(start.getByLabel(label)).toHaveValue(value);
    await expect(start).toContainText('Day/Month/Year');
    await page.screenshot({ path: `test-results/dialogs/party-dates-en-${screen}.png` });
    await context.close();
  });
}
