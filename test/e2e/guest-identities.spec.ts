import type { Page } from '@playwright/test';
import de from '../../app/i18n/locales/de';
import { expect, test } from './diagnostics';
import { consultantPartyPage, enterCode, expectNoSidewaysScroll, freshAddress, joinAs, ownClientAddress, phoneContext, settled } from './helpers';

/**
 * A device keeps every guest identity it held (issue 41, ADR 052): a guest joins two parties by
 * name on her phone and writes in them; she already has an account (made on her laptop). She
 * signs in with the mailed code on the same phone: the sign-in page says what will happen, and
 * afterwards both parties open as her, with their history and her own messages still hers, on the
 * phone and on the laptop. Screenshots land in test-results/guest-identities/.
 */

const SHOTS = 'test-results/guest-identities';

async function write(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Nachricht' }).fill(text);
  await page.getByRole('button', { name: 'Senden' }).click();
  await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
  await expect(page.getByTestId('pending-message')).toHaveCount(0);
}

/** Her own message: drawn on her side, without a sender's name over it. */
async function expectOwn(page: Page, text: string): Promise<void> {
  const message = page.getByTestId('message').filter({ hasText: text });
  await expect(message).toBeVisible();
  await expect(message).toHaveClass(/flex-row-reverse/);
  await expect(message.getByText('Rosa Rot', { exact: true })).toHaveCount(0);
}

test('parties joined by name stay hers after she signs in with a code on the same phone: history and her own messages, on every device', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const garden = await consultantPartyPage(browser, baseURL!, 'Gartenfest');
  const kitchen = await consultantPartyPage(browser, baseURL!, 'Küchenparty');
  const address = freshAddress('rosa');

  // Her account, made on her laptop earlier: registered with her address.
  const laptop = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 }, extraHTTPHeaders: ownClientAddress() });
  const desk = await laptop.newPage();
  await desk.goto('/login');
  await settled(desk);
  const register = desk.getByRole('region', { name: de.guestLogin.registerTitle });
  await register.getByLabel(de.guestLogin.firstName).fill('Rosa');
  await register.getByLabel(de.guestLogin.lastName).fill('Rot');
  await register.getByLabel(de.guestLogin.email).fill(address);
  await register.getByRole('button', { name: de.guestLogin.register }).click();
  await enterCode(desk, address, 0);
  await expect(desk.getByText(de.guestAccount.empty)).toBeVisible();

  // On her phone she joins both parties by name and writes in them.
  const phone = await phoneContext(browser, 'de-DE', { extraHTTPHeaders: ownClientAddress() });
  const page = await phone.newPage();
  await joinAs(page, `/${garden.shortId}`, 'Rosa', 'Rot');
  await write(page, 'Ich bringe Kuchen mit');
  await joinAs(page, `/${kitchen.shortId}`, 'Rosa', 'Rot');
  await write(page, 'Welche Pfanne ist das?');
  await expect(garden.page.getByTestId('message').filter({ hasText: 'Ich bringe Kuchen mit' })).toBeVisible();

  // The sign-in page says what a sign-in does with the guest this phone holds.
  await page.goto('/login');
  await settled(page);
  const signInPart = page.getByRole('region', { name: de.guestLogin.signInTitle });
  await expect(signInPart.getByTestId('keeps-parties')).toHaveText(de.guestLogin.keepsParties.replace('{{name}}', 'Rosa Rot'));
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/sign-in-phone.png`, fullPage: true });
  await signInPart.getByLabel(de.guestLogin.email).fill(address);
  await signInPart.getByRole('button', { name: de.guestLogin.sendCode }).click();
  await enterCode(page, address, 1);
  await settled(page);

  // Both parties are in her list, and each opens as her: the history, her message hers.
  await expect(page.getByTestId('guest-party')).toHaveCount(2);
  await expect(page.getByText(address)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/my-parties-phone.png`, fullPage: true });
  for (const [party, title, mine] of [
    [garden, 'Gartenfest', 'Ich bringe Kuchen mit'],
    [kitchen, 'Küchenparty', 'Welche Pfanne ist das?'],
  ] as const) {
    await page.goto('/my-parties');
    await page.getByTestId('guest-party').filter({ hasText: title }).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/${party.shortId}$`));
    await settled(page);
    // No join dialog: she is a member already.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectOwn(page, mine);
  }
  await page.screenshot({ path: `${SHOTS}/party-after-sign-in-phone.png` });
  // She writes on as the same member: the consultant sees one Rosa, the new message beside the old.
  await write(page, 'Die blaue, bitte');
  await expectOwn(page, 'Die blaue, bitte');
  await expect(kitchen.page.getByTestId('message').filter({ hasText: 'Die blaue, bitte' })).toContainText('Rosa Rot');

  // On her laptop, signed in with the same account, the parties she joined by name are there too.
  await desk.goto('/my-parties');
  await settled(desk);
  await expect(desk.getByTestId('guest-party')).toHaveCount(2);
  await desk.getByTestId('guest-party').filter({ hasText: 'Gartenfest' }).getByRole('link').first().click();
  await expect(desk).toHaveURL(new RegExp(`/${garden.shortId}$`));
  await settled(desk);
  await expectOwn(desk, 'Ich bringe Kuchen mit');
  await desk.screenshot({ path: `${SHOTS}/party-on-laptop-desktop.png` });

  await phone.close();
  await laptop.close();
  await garden.close();
  await kitchen.close();
});
