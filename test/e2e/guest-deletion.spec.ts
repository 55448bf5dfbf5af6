import type { Page } from '@playwright/test';
import de from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import { expect, test } from './diagnostics';
import {
  consultantPartyPage,
  expectNoSidewaysScroll,
  freshAddress,
  joinAs,
  mailedCode,
  mailsTo,
  ownClientAddress,
  phoneContext,
  SCREENS,
  settled,
} from './helpers';

/**
 * A guest deletes her account from her profile page (issue 41, ADR 053): with an address, by the
 * code mailed to it; without one, after a question. Her open party page is closed, the manager's
 * list loses her, her message stays; the privacy notice says how in the reader's language.
 * Screenshots land in test-results/guest-deletion/.
 */

const SHOTS = 'test-results/guest-deletion';

/** Her address claimed through the API her page uses, with the mailed code. */
async function claim(page: Page, baseURL: string, address: string): Promise<void> {
  const asked = await page.request.post('/api/auth/claim', { headers: { Origin: baseURL }, data: { email: address } });
  expect(asked.status(), await asked.text()).toBe(200);
  const code = await mailedCode(page.request, address, 0);
  const confirmed = await page.request.put(`/api/auth/claim/${code}`, { headers: { Origin: baseURL }, data: {} });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function openProfile(page: Page): Promise<void> {
  const { id } = (await (await page.request.get('/api/guests/me')).json()) as { id: string };
  await page.goto(`/guest-profile/${id}`);
  await settled(page);
}

test('a guest with an address deletes her account with the mailed code: her party page closes, the manager loses her, her message stays', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const party = await consultantPartyPage(browser, baseURL!, 'Abschiedsparty');
  const address = freshAddress('nora');
  const phone = await phoneContext(browser, 'de-DE', { extraHTTPHeaders: ownClientAddress() });
  const chat = await phone.newPage();
  await joinAs(chat, `/${party.shortId}`, 'Nora', 'Nord');
  await chat.getByRole('textbox', { name: 'Nachricht' }).fill('Bis bald, ihr Lieben');
  await chat.getByRole('button', { name: 'Senden' }).click();
  await expect(party.page.getByTestId('message').filter({ hasText: 'Bis bald, ihr Lieben' })).toContainText('Nora Nord');
  await claim(chat, baseURL!, address);

  // Her profile, in a second tab; the party stays open in the first.
  const page = await phone.newPage();
  await openProfile(page);
  const section = page.getByRole('region', { name: de.guestAccount.deleteTitle });
  await expect(section).toContainText(de.guestAccount.deleteIntro);
  await expect(section.getByRole('link', { name: de.guestAccount.deletePrivacy })).toHaveAttribute('href', '/privacy');
  await section.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/profile-delete-phone.png`, fullPage: true });
  await section.getByRole('button', { name: de.guestAccount.deleteSendCode }).click();
  await expect(section.getByText(de.guestAccount.deleteCodeSent.replace('{{email}}', address))).toBeVisible();
  // The claim's mail came first; the deletion's is the second.
  const code = await mailedCode(page.request, address, 1);
  expect((await mailsTo(page.request, address))[1]!.subject).toBe('Salon: dein Code zum Löschen des Gastkontos');
  // A wrong code is refused under the field, and nothing is deleted.
  await section.getByLabel(de.guestLogin.code, { exact: true }).fill('000000');
  await section.getByRole('button', { name: de.guestAccount.deleteConfirm }).click();
  await expect(section.getByRole('alert')).toHaveText(de.errors.codeInvalid);
  await page.screenshot({ path: `${SHOTS}/delete-wrong-code-phone.png`, fullPage: true });
  await section.getByLabel(de.guestLogin.code, { exact: true }).fill(code);
  await section.getByRole('button', { name: de.guestAccount.deleteConfirm }).click();
  await expect(page.getByTestId('guest-deleted')).toContainText(de.guestAccount.deleted);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/deleted-phone.png`, fullPage: true });

  // Her party page was closed at once; the manager's list lost her; her message stays, under her name.
  await expect(chat.getByRole('textbox', { name: 'Nachricht' })).toHaveCount(0);
  await chat.screenshot({ path: `${SHOTS}/party-after-deletion-phone.png` });
  await expect(party.page.getByText('Nora Nord (')).toHaveCount(0);
  await party.page.reload();
  await settled(party.page);
  await expect(party.page.getByTestId('message').filter({ hasText: 'Bis bald, ihr Lieben' })).toContainText('Nora Nord');
  await expect(party.page.getByRole('complementary').getByText('Nora Nord')).toHaveCount(0);
  // Signed out: her parties lead to the sign-in, and her address signs into nothing.
  await page.goto('/my-parties');
  await expect(page).toHaveURL(/\/login$/);
  await phone.close();
  await party.close();
});

test('a guest who joined by name deletes herself after a question; the privacy notice says how in her language', async ({ browser, baseURL }) => {
  const party = await consultantPartyPage(browser, baseURL!, 'Kurzbesuch');
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const page = await context.newPage();
  await joinAs(page, `/${party.shortId}`, 'Lena', 'Lang');
  await openProfile(page);
  const section = page.getByRole('region', { name: de.guestAccount.deleteTitle });
  await section.getByRole('button', { name: de.guestAccount.deleteTitle }).click();
  const dialog = page.getByRole('alertdialog', { name: de.guestAccount.deleteDialogTitle });
  await expect(dialog).toContainText(de.guestAccount.deleteDialogText);
  await page.screenshot({ path: `${SHOTS}/delete-question-desktop.png` });
  // Cancel changes nothing; then she confirms.
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await section.getByRole('button', { name: de.guestAccount.deleteTitle }).click();
  await dialog.getByRole('button', { name: de.guestAccount.deleteTitle }).click();
  await expect(page.getByTestId('guest-deleted')).toContainText(de.guestAccount.deleted);
  await page.screenshot({ path: `${SHOTS}/deleted-desktop.png` });
  expect((await page.request.get('/api/guests/me')).status()).toBe(401);

  // The privacy notice: the German section, and the "how" in English above the German text.
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: '4. Wenn Sie ein Gastkonto haben' })).toBeVisible();
  await expect(page.getByText(/Ihr Gastkonto löschen Sie selbst/)).toBeVisible();
  const english = await browser.newContext({ locale: 'en-GB', ...SCREENS.phone });
  const reader = await english.newPage();
  await reader.goto('/privacy');
  await expect(reader.getByTestId('guest-deletion-how')).toHaveText(en.legal.guestDeletion);
  await expectNoSidewaysScroll(reader);
  await reader.screenshot({ path: `${SHOTS}/privacy-en-phone.png` });
  await english.close();
  await context.close();
  await party.close();
});
