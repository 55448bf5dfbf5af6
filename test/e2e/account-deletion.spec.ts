import { nextDeletionRequestAt } from '../../app/core/account-deletion';
import { formatTime } from '../../app/core/dates';
import { expect, test } from './diagnostics';
import { MAIL_CATCHER, SCREENS, settled, signIn } from './helpers';

/**
 * A consultant deletes their account on a phone, as /delete-account promises: the form, the mail
 * (read in the local mail catcher's page, which `npm start` runs beside the app), the confirm page,
 * and the cron that deletes the account; then her session and her party are gone.
 */
test('a consultant deletes their account: form, mail in the catcher, confirm page, the cron deletes it', async ({ browser, baseURL }) => {
  // A zone far from the server's, so the time the page names is seen to be the reader's.
  const timezoneId = 'America/New_York';
  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', timezoneId });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const party = await context.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Abschiedsparty' } });
  expect(party.status()).toBe(201);
  const { shortId } = (await party.json()) as { shortId: string };

  await page.goto('/delete-account');
  await settled(page);
  await page.getByLabel('E-Mail-Adresse').fill('anna@salon.test');
  const asked = Date.now();
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Schau in dein Postfach' })).toBeVisible();
  await expect(page.getByText('Wenn ein Salon-Konto zu anna@salon.test gehört')).toBeVisible();
  const answered = Date.now();

  // Asked again at once: no second mail, and the page says from when a new link can be asked for,
  // in the reader's own zone, rounded up to the minute.
  await page.goto('/delete-account');
  await settled(page);
  await page.getByLabel('E-Mail-Adresse').fill('anna@salon.test');
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Link schon angefordert' })).toBeVisible();
  const times = [asked, answered].map((at) => formatTime(nextDeletionRequestAt(at), timezoneId));
  await expect(page.getByRole('status')).toContainText(new RegExp(`ab (${times.join('|')}) Uhr anfordern`));
  await page.screenshot({ path: 'test-results/account-deletion/asked-again-phone.png' });

  // The mail, as the catcher's page shows it: its link opens the confirm page.
  const mail = page.getByRole('article').filter({ hasText: 'anna@salon.test' }).filter({ hasText: 'Löschung deines Kontos bestätigen' });
  await expect(async () => {
    await page.goto(MAIL_CATCHER);
    await expect(mail).toHaveCount(1, { timeout: 500 });
  }).toPass();
  await mail.getByRole('link', { name: /\/delete-account\// }).click();

  await expect(page.getByRole('heading', { name: 'Konto endgültig löschen?' })).toBeVisible();
  await expect(page.getByText('innerhalb von 48 Stunden gelöscht')).toBeVisible();
  await settled(page);
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page.getByRole('heading', { name: 'Löschung bestätigt' })).toBeVisible();

  // The daily cron, run now (wrangler dev --test-scheduled): the account and all in it go.
  const cron = await context.request.get('/__scheduled?cron=17+3+*+*+*');
  expect(cron.ok()).toBe(true);
  await page.goto('/parties');
  await expect(page).toHaveURL(/\/\?returnTo=%2Fparties$/);
  await page.goto(`/${shortId}`);
  await expect(page.getByRole('heading', { name: 'Party nicht gefunden' })).toBeVisible();
  await context.close();
});
