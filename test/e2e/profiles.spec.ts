import { expect, test } from './diagnostics';
import { PICTURES } from '../fixtures/images';
import { fillDate, signIn } from './helpers';

test.use({ locale: 'de-DE' });

test('a company account adds a profile, chooses it, edits it with a picture and sees it on the public page', async ({ page }) => {
  await signIn(page, 'team@lumen.test');
  await page.goto('/profiles');

  // A company account starts in company mode: the list, even with one profile.
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Firmenkonto' })).toBeChecked();
  await expect(page.getByRole('listitem').filter({ hasText: 'Lumen Wellness GmbH' })).toContainText('Ausgewählt');

  await page.getByRole('link', { name: 'Neues Profil' }).click();
  await expect(page).toHaveURL(/\/profiles\/new$/);
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Vorname').fill('Mira');
  await page.getByLabel('Nachname').fill('Schulz');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/profiles\/[0-9a-f-]{36}\?created$/);
  await expect(page.getByRole('status')).toHaveText('Profil angelegt.');

  // Two profiles and none chosen yet: the workspace asks which one to work as.
  const choice = page.getByRole('alertdialog', { name: 'Als welches Profil möchtest du arbeiten?' });
  await expect(choice).toBeVisible();
  await choice.getByRole('radio', { name: 'Mira Schulz' }).check();
  await choice.getByRole('button', { name: 'Auswählen' }).click();
  await expect(choice).toBeHidden();
  // The top bar's application selector (two profiles now) and the user menu both name her.
  await expect(page.getByRole('combobox', { name: 'Arbeiten als' }).locator('option:checked')).toHaveText('Mira Schulz');
  await page.getByLabel('Benutzermenü').click();
  await expect(page.getByRole('banner').getByRole('paragraph').filter({ hasText: 'Mira Schulz' })).toBeVisible();
  await page.getByLabel('Benutzermenü').click();

  // Save is enabled only by a change; the biography counter follows the text.
  await expect(save).toBeDisabled();
  await expect(page.getByText('0 von 300 Zeichen')).toBeVisible();
  const biography = 'Beraterin für Wellness und Pflege.';
  await page.getByLabel('Biografie').fill(biography);
  await expect(page.getByText(`${biography.length} von 300 Zeichen`)).toBeVisible();
  await expect(save).toBeEnabled();
  await page.getByLabel('Biografie').fill('');
  await expect(save).toBeDisabled();
  await page.getByLabel('Biografie').fill(biography);
  await page.getByLabel('Website').fill('https://lumen-wellness.example/mira');

  // The birthday in the page's order, day, month, year: a day not in the calendar is refused at the field.
  const birthday = page.getByRole('group', { name: 'Geburtstag' });
  await expect(birthday).toContainText('Tag.Monat.Jahr');
  await fillDate(birthday, '30.02.1990');
  await save.click();
  await expect(page.getByRole('alert')).toHaveText(/gültiges Geburtsdatum/);
  await expect(birthday.getByLabel('Tag')).toBeFocused();
  await expect(birthday.getByLabel('Tag')).toHaveAttribute('aria-invalid', 'true');
  await fillDate(birthday, '5.3.1990');
  await birthday.evaluate((group) => group.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: 'test-results/profiles/birthday-desktop.png' });

  // The server refuses a phone number of letters: the page stays, says why and points at the field.
  const phone = page.getByLabel('Telefon');
  await phone.fill('ruf mich an');
  await save.click();
  await expect(page.getByRole('alert')).toHaveText(/gültige Telefonnummer/);
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Biografie')).toHaveValue(biography);
  await phone.fill('+49 173 8889990');

  // A file that is no picture is refused at once; a real PNG shows as a preview.
  const pictureInput = page.getByLabel('Bild auswählen');
  await expect(pictureInput).toHaveAttribute('accept', 'image/*');
  await pictureInput.setInputFiles({ name: 'notiz.txt', mimeType: 'text/plain', buffer: Buffer.from('kein Bild') });
  await expect(page.getByRole('alert')).toHaveText(/kein Bild/);
  await pictureInput.setInputFiles({ name: 'mira.png', mimeType: 'image/png', buffer: Buffer.from(PICTURES['image/png']) });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Profilbild' })).toHaveAttribute('src', /^blob:/);

  await save.click();
  await expect(page.getByRole('status')).toHaveText('Profil gespeichert.');
  await expect(save).toBeDisabled();
  await expect(birthday.getByLabel('Tag')).toHaveValue('05');
  await expect(birthday.getByLabel('Monat')).toHaveValue('03');
  await expect(page.getByRole('img', { name: 'Profilbild' })).toHaveAttribute('src', /^\/api\/profile\/public\/[0-9A-Za-z]{12}\/picture\?v=/);
  // The file input is named by its visible label, which now offers to replace the picture.
  await expect(page.getByLabel('Bild ersetzen')).toHaveAttribute('type', 'file');

  // The public page, as anyone with the link sees it.
  const href = await page.getByRole('link', { name: 'Öffentliche Profilseite ansehen' }).getAttribute('href');
  expect(href).toMatch(/^\/p\/[0-9A-Za-z]{12}$/);
  const visitor = await page.context().browser()!.newContext({ locale: 'de-DE' });
  const publicPage = await visitor.newPage();
  await publicPage.goto(href!);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText('MIRA SCHULZ');
  const avatar = publicPage.getByRole('img', { name: 'Foto von Mira Schulz' });
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  await expect(publicPage.getByRole('link', { name: '+49 173 8889990' })).toHaveAttribute('href', 'tel:+491738889990');
  await expect(publicPage.getByRole('link', { name: 'lumen-wellness.example/mira' })).toHaveAttribute('rel', /noopener/);
  await expect(publicPage.getByText(biography)).toBeVisible();
  // No store lists the app locally (wrangler.toml's SITE): no store links (profiles-pages.test.ts has them).
  await expect(publicPage.getByRole('link', { name: 'Im App Store laden' })).toHaveCount(0);
  await visitor.close();

  // Back on the list: the new profile is selected, so it cannot be deleted; the other one can.
  await page.goto('/profiles');
  await page.waitForLoadState('networkidle'); // the delete dialog needs the page interactive
  const mira = page.getByRole('listitem').filter({ hasText: 'Mira Schulz' });
  await expect(mira).toContainText('Ausgewählt');
  await expect(mira.getByRole('button', { name: /Löschen/ })).toBeDisabled();
  const lumen = page.getByRole('listitem').filter({ hasText: 'Lumen Wellness GmbH' });
  await lumen.getByRole('button', { name: /Löschen/ }).click();
  const confirm = page.getByRole('alertdialog', { name: /löschen\?/ });
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Profil gelöscht.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1);
});

test('a consultant with one profile is taken from /profiles straight to her editor', async ({ page }) => {
  await signIn(page, 'anna@salon.test');
  await page.goto('/profiles');
  await expect(page).toHaveURL(/\/profiles\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Profil bearbeiten', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
  await expect(page.getByRole('switch', { name: 'Firmenkonto' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
});
