import type { Browser, Page } from '@playwright/test';
import de from '../../app/i18n/locales/de';
import { PICTURES } from '../fixtures/images';
import { expect, test } from './diagnostics';
import {
  SCREENS,
  enterCode,
  expectNoSidewaysScroll,
  freshAddress,
  joinAs,
  mailedCode,
  mailsTo,
  ownClientAddress,
  phoneContext,
  settled,
  signIn,
} from './helpers';

/**
 * Guest accounts end to end through the pages (ADR 034): a guest registers on her phone with the
 * code from the mail catcher, gives herself a picture, joins two consultants' parties as herself,
 * and finds both parties and her picture after signing in on a desktop; a guest who joined by name
 * keeps her party by following the offer to /claim. Only the consultants' parties are made
 * through the API. Screenshots land in test-results/guest-accounts/.
 */

const SHOTS = 'test-results/guest-accounts';

/** A demo consultant's new party, made through the API with her session; for a company account as its first profile. */
async function consultantParty(browser: Browser, baseURL: string, email: string, title: string) {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await signIn(page, email);
  const profiles = (await (await page.request.get('/api/profile')).json()) as { id: string }[];
  const response = await page.request.post('/api/parties', { headers: { Origin: baseURL }, data: { title, manager: profiles[0]!.id } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  const party = (await response.json()) as { shortId: string; title: string };
  await context.close();
  return party;
}

test('a guest registers on her phone, sets a picture, joins two parties as herself, and finds them and her picture on a desktop', async ({
  browser,
  baseURL,
}) => {
  const parties = [
    await consultantParty(browser, baseURL!, 'anna@salon.test', 'Wellness-Abend'),
    await consultantParty(browser, baseURL!, 'team@kontor.test', 'Küchenparty'),
  ];
  const address = freshAddress('nora');

  // Each device has its own client address behind Cloudflare, which the code send limits count.
  const phone = await phoneContext(browser, 'de-DE', { extraHTTPHeaders: ownClientAddress() });
  const page = await phone.newPage();
  await page.goto('/login');
  await settled(page);
  const register = page.getByRole('region', { name: de.guestLogin.registerTitle });
  await register.getByLabel(de.guestLogin.firstName).fill('Nora');
  await register.getByLabel(de.guestLogin.lastName).fill('Lindqvist');
  await register.getByLabel(de.guestLogin.email).fill(address);
  await register.getByRole('button', { name: de.guestLogin.register }).click();
  await enterCode(page, address, 0);
  await expect(page.getByText('Nora Lindqvist', { exact: true })).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByText(de.guestAccount.empty)).toBeVisible();

  // Her picture, on her profile page.
  await page.getByRole('link', { name: de.guestAccount.editProfile }).click();
  await expect(page).toHaveURL(/\/guest-profile\/[^/]+$/);
  await settled(page);
  await page.getByLabel('Bild auswählen').setInputFiles({ name: 'nora.png', mimeType: 'image/png', buffer: Buffer.from(PICTURES['image/png']) });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Profil gespeichert.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profilbild' })).toHaveAttribute('src', /^\/api\/guests\/.+\/picture\?v=/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/guest-profile-phone.png`, fullPage: true });

  // Both parties: the dialog knows her, she only confirms.
  for (const party of parties) {
    await page.goto(`/${party.shortId}`);
    await settled(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(de.join.joinAs.replace('{{name}}', 'Nora Lindqvist'))).toBeVisible();
    await expect(dialog.getByLabel(de.join.firstName)).toBeHidden();
    if (party === parties[0]) await page.screenshot({ path: `${SHOTS}/join-as-herself-phone.png` });
    await dialog.getByRole('button', { name: de.join.submit }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Dein Name: Nora' })).toBeVisible();
    await expect(page.getByTestId('claim-offer')).toHaveCount(0);
  }

  // A second device: the same address, a new code, and everything is there.
  const desktop = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE', extraHTTPHeaders: ownClientAddress() });
  const other = await desktop.newPage();
  await other.goto('/login');
  await settled(other);
  const before = (await mailsTo(other.request, address)).length;
  const signInPart = other.getByRole('region', { name: de.guestLogin.signInTitle });
  await signInPart.getByLabel(de.guestLogin.email).fill(address);
  await signInPart.getByRole('button', { name: de.guestLogin.sendCode }).click();
  await enterCode(other, address, before);
  await settled(other);
  const mine = other.getByTestId('guest-party');
  await expect(mine).toHaveCount(2);
  for (const party of parties) await expect(mine.filter({ hasText: party.title })).toHaveCount(1);
  const picture = other.locator('section[aria-labelledby="me"] img');
  await expect(picture).toHaveAttribute('src', /^\/api\/guests\/.+\/picture\?v=/);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectNoSidewaysScroll(other);
  await other.screenshot({ path: `${SHOTS}/my-parties-desktop.png`, fullPage: true });
  await Promise.all([phone.close(), desktop.close()]);
});

test('a guest who joined by name follows the offer to keep the party, confirms her address with the mailed code, and has the party with her address', async ({
  browser,
  baseURL,
}) => {
  const party = await consultantParty(browser, baseURL!, 'anna@salon.test', 'Gartenfest');
  const context = await phoneContext(browser, 'de-DE', { extraHTTPHeaders: ownClientAddress() });
  const page = await context.newPage();
  await joinAs(page, `/${party.shortId}`, 'Ida', 'Brandt');
  const offer = page.getByTestId('claim-offer');
  await expect(offer).toContainText(de.join.claimOffer);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/claim-offer-phone.png` });
  await offer.getByRole('link', { name: de.join.claimLink }).click();

  await expect(page).toHaveURL(/\/claim$/);
  await expect(page.getByRole('heading', { name: de.guestLogin.claimTitle, level: 1 })).toBeVisible();
  await settled(page);
  const address = freshAddress('ida');
  await page.getByLabel(de.guestLogin.email).fill(address);
  await page.getByRole('button', { name: de.guestLogin.sendCode }).click();
  await expect(page).toHaveURL(/\/login\/code\?mode=claim&/);
  await enterCode(page, address, 0);
  await settled(page);
  await expect(page.getByText('Ida Brandt', { exact: true })).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByTestId('guest-party')).toHaveCount(1);
  await expect(page.getByTestId('guest-party')).toContainText(party.title);
  await expect(page.getByRole('link', { name: de.guestAccount.claim })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/my-parties-claimed-phone.png`, fullPage: true });
  await context.close();
});
