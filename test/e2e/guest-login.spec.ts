import type { Page } from '@playwright/test';
import { GUEST_CODE_SENDS } from '../../app/core/guest-account';
import de from '../../app/i18n/locales/de';
import type { Translation } from '../../app/i18n/locales/de';
import en from '../../app/i18n/locales/en';
import fr from '../../app/i18n/locales/fr';
import { expect, test } from './diagnostics';
import { SCREENS, expectNoSidewaysScroll, joinAs, mailedCode, mailsTo, ownClientAddress, settled, signIn } from './helpers';

/**
 * The guest's sign-in screens: /login (a code for an address, registration, the consultants' single
 * sign-on), the code entry page and /claim, against the real API, with every code read from the
 * mail the app sent to the local mail catcher. Screenshots on a phone and a desktop land in
 * test-results/guest-login/.
 */

const SHOTS = 'test-results/guest-login';

/** An address no other test (nor a retry of this one) has used. */
function freshAddress(name: string): string {
  return `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@salon.test`;
}

/** The part of /login a form sits in, by its heading. */
function part(page: Page, heading: string) {
  return page.getByRole('region', { name: heading });
}

async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await settled(page);
}

test('the send-code button waits for a valid address; a refusal from the server shows under the field and goes when the field is cleared', async ({
  browser,
  baseURL,
}) => {
  // Each context that asks for codes has its own client address, as each device has behind Cloudflare.
  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', extraHTTPHeaders: ownClientAddress() });
  const page = await context.newPage();
  await openLogin(page);
  const signInPart = part(page, de.guestLogin.signInTitle);
  const email = signInPart.getByLabel(de.guestLogin.email);
  const send = signInPart.getByRole('button', { name: de.guestLogin.sendCode });
  await expect(send).toBeDisabled();
  for (const typed of ['eva', 'eva@', 'eva@salon', 'eva salon@test.de']) {
    await email.fill(typed);
    await expect(send, typed).toBeDisabled();
  }
  const address = freshAddress('eva');
  await email.fill(address);
  await expect(send).toBeEnabled();
  await email.fill('');
  await expect(send).toBeDisabled();

  // The address has had all the codes it may have this hour: the server refuses the next one.
  for (let sent = 0; sent < GUEST_CODE_SENDS.perAddress; sent++) {
    const asked = await context.request.post('/api/auth/login', { headers: { Origin: baseURL! }, data: { email: address } });
    expect(asked.status()).toBe(200);
  }
  await email.fill(address);
  await send.click();
  const error = signInPart.getByRole('alert');
  await expect(error).toHaveText(de.errors.tooManyCodes);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: `${SHOTS}/login-refused-phone.png`, fullPage: true });
  await email.fill('');
  await expect(error).toHaveCount(0);
  await expect(email).not.toHaveAttribute('aria-invalid');
  await context.close();
});

test('registration needs both names, trimmed, and an address', async ({ browser }) => {
  const context = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE' });
  const page = await context.newPage();
  await openLogin(page);
  const register = part(page, de.guestLogin.registerTitle);
  const submit = register.getByRole('button', { name: de.guestLogin.register });
  await expect(submit).toBeDisabled();
  await register.getByLabel(de.guestLogin.email).fill(freshAddress('lena'));
  await expect(submit).toBeDisabled();
  await register.getByLabel(de.guestLogin.firstName).fill('Lena');
  await expect(submit).toBeDisabled();
  await register.getByLabel(de.guestLogin.lastName).fill('   ');
  await expect(submit).toBeDisabled();
  await register.getByLabel(de.guestLogin.lastName).fill('Berg');
  await expect(submit).toBeEnabled();
  await register.getByLabel(de.guestLogin.firstName).fill(' ');
  await expect(submit).toBeDisabled();
  await register.getByLabel(de.guestLogin.firstName).fill('Lena');
  await register.getByLabel(de.guestLogin.email).fill('lena@');
  await expect(submit).toBeDisabled();
  await context.close();
});

for (const [language, t, locale] of [
  ['de', de, 'de-DE'],
  ['en', en, 'en-GB'],
] as [string, Translation, string][]) {
  test(`${language}: a wrong code is refused in the page's language and goes once the field changes; Back returns to /login`, async ({ browser }) => {
    const context = await browser.newContext({ ...SCREENS.phone, locale, extraHTTPHeaders: ownClientAddress() });
    const page = await context.newPage();
    await openLogin(page);
    const address = freshAddress('wrong');
    const signInPart = part(page, t.guestLogin.signInTitle);
    await signInPart.getByLabel(t.guestLogin.email).fill(address);
    await signInPart.getByRole('button', { name: t.guestLogin.sendCode }).click();
    await expect(page).toHaveURL(`/login/code?email=${encodeURIComponent(address)}`);
    await expect(page.getByRole('heading', { name: t.guestLogin.codeTitle, level: 1 })).toBeVisible();
    await expect(page.getByText(t.guestLogin.codeSent.replace('{{digits}}', '6').replace('{{email}}', address))).toBeVisible();
    await settled(page);

    const code = page.getByLabel(t.guestLogin.code, { exact: true });
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const verify = page.getByRole('button', { name: t.guestLogin.verify });
    await expect(verify).toBeDisabled();
    await code.fill('12345');
    await expect(verify).toBeDisabled();
    await code.fill('123456');
    await verify.click();
    await expect(page.getByRole('alert')).toHaveText(t.errors.codeInvalid);
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/login\/code\?/);
    await page.screenshot({ path: `${SHOTS}/code-refused-${language}-phone.png`, fullPage: true });
    await code.fill('');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.getByRole('link', { name: t.guestLogin.back }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: t.login.title, level: 1 })).toBeVisible();
    await context.close();
  });
}

test('a new guest registers with her name and address, enters the mailed code and lands on her parties; on another device she signs in with a code', async ({
  browser,
}) => {
  const address = freshAddress('mira');
  const phone = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', extraHTTPHeaders: ownClientAddress() });
  const page = await phone.newPage();
  await openLogin(page);
  const register = part(page, de.guestLogin.registerTitle);
  await register.getByLabel(de.guestLogin.firstName).fill('  Mira ');
  await register.getByLabel(de.guestLogin.lastName).fill('Sommer');
  await register.getByLabel(de.guestLogin.email).fill(address);
  await register.getByRole('button', { name: de.guestLogin.register }).click();
  await expect(page).toHaveURL(`/login/code?mode=claim&email=${encodeURIComponent(address)}`);
  await expect(page.getByRole('heading', { name: de.guestLogin.codeTitle, level: 1 })).toBeVisible();
  await settled(page);
  const me = await (await page.request.get('/api/guests/me')).json();
  expect(me).toMatchObject({ firstName: 'Mira', lastName: 'Sommer', email: null });

  // A new code, asked for on the page: the first one is then the older mail.
  await mailedCode(page.request, address);
  await page.getByRole('button', { name: de.guestLogin.resend }).click();
  await expect(page.getByRole('status').filter({ hasText: de.guestLogin.resent })).toBeVisible();
  const code = await mailedCode(page.request, address, 1);
  expect(code).toMatch(/^\d{6}$/);
  await page.screenshot({ path: `${SHOTS}/code-claim-phone.png`, fullPage: true });

  await page.getByLabel(de.guestLogin.code, { exact: true }).fill(code);
  await page.getByRole('button', { name: de.guestLogin.verify }).click();
  await expect(page).toHaveURL(/\/my-parties$/);
  expect(await (await page.request.get('/api/guests/me')).json()).toMatchObject({ firstName: 'Mira', lastName: 'Sommer', email: address });
  // Her account made, the sign-in and claim pages send her to her parties.
  for (const path of ['/login', '/claim']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/my-parties$/);
  }

  // Another device: her address, the code from the next mail, and she is the same guest there.
  const desktop = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE', extraHTTPHeaders: ownClientAddress() });
  const other = await desktop.newPage();
  await openLogin(other);
  const mails = (await mailsTo(other.request, address)).length;
  const signInPart = part(other, de.guestLogin.signInTitle);
  await signInPart.getByLabel(de.guestLogin.email).fill(address.toUpperCase());
  await signInPart.getByRole('button', { name: de.guestLogin.sendCode }).click();
  await expect(other.getByRole('heading', { name: de.guestLogin.codeTitle, level: 1 })).toBeVisible();
  await settled(other);
  await other.getByLabel(de.guestLogin.code, { exact: true }).fill(await mailedCode(other.request, address, mails));
  await other.getByRole('button', { name: de.guestLogin.verify }).click();
  await expect(other).toHaveURL(/\/my-parties$/);
  expect(await (await other.request.get('/api/guests/me')).json()).toMatchObject({ id: me.id, email: address });
  await Promise.all([phone.close(), desktop.close()]);
});

test('a guest who joined a party by name adds her address on /claim; a visitor who is no guest is sent to /login', async ({ browser, baseURL }) => {
  const consultant = await browser.newContext({ locale: 'de-DE' });
  const manager = await consultant.newPage();
  await signIn(manager, 'anna@salon.test');
  const party = await (await manager.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Gartenparty' } })).json();
  await consultant.close();

  const context = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', extraHTTPHeaders: ownClientAddress() });
  const page = await context.newPage();
  await page.goto('/claim');
  await expect(page).toHaveURL(/\/login$/);
  await joinAs(page, `/${party.shortId}`, 'Jana', 'Wolf');

  // /login offers her the claim, not a second registration that would leave her party behind.
  await openLogin(page);
  const register = part(page, de.guestLogin.registerTitle);
  await expect(register.getByText(de.guestLogin.alreadyGuest.replace('{{name}}', 'Jana Wolf'))).toBeVisible();
  await expect(register.getByRole('button', { name: de.guestLogin.register })).toHaveCount(0);
  await register.getByRole('link', { name: de.guestLogin.addEmail }).click();

  await expect(page).toHaveURL(/\/claim$/);
  await expect(page.getByRole('heading', { name: de.guestLogin.claimTitle, level: 1 })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/claim-phone.png`, fullPage: true });
  const address = freshAddress('jana');
  const send = page.getByRole('button', { name: de.guestLogin.sendCode });
  await expect(send).toBeDisabled();
  await page.getByLabel(de.guestLogin.email).fill(address);
  await send.click();
  await expect(page).toHaveURL(`/login/code?mode=claim&email=${encodeURIComponent(address)}`);
  await settled(page);
  await page.getByLabel(de.guestLogin.code, { exact: true }).fill(await mailedCode(page.request, address));
  await page.getByRole('button', { name: de.guestLogin.verify }).click();
  await expect(page).toHaveURL(/\/my-parties$/);
  const parties = await (await page.request.get('/api/guests/me/parties')).json();
  expect(parties.map((entry: { shortId: string }) => entry.shortId)).toEqual([party.shortId]);
  await context.close();
});

test('the sign-in page on a phone and a desktop, in German and French: the picture only on the wide screen, nothing wider than the screen', async ({
  browser,
}) => {
  for (const [language, t, locale] of [
    ['de', de, 'de-DE'],
    ['fr', fr, 'fr-FR'],
  ] as [string, Translation, string][]) {
    for (const [screen, options] of Object.entries(SCREENS)) {
      const context = await browser.newContext({ ...options, locale });
      const page = await context.newPage();
      await openLogin(page);
      await expect(page.getByRole('heading', { name: t.login.title, level: 1 })).toBeVisible();
      for (const heading of [t.guestLogin.signInTitle, t.guestLogin.registerTitle, t.guestLogin.consultantsTitle])
        await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
      await expect(page.getByRole('button', { name: t.login.sso })).toBeVisible();
      await expect(page.getByRole('link', { name: t.login.privacy })).toHaveAttribute('target', '_blank');
      const picture = page.locator('main img[alt=""]');
      if (screen === 'desktop') await expect(picture).toBeVisible();
      else await expect(picture).toBeHidden();
      await expectNoSidewaysScroll(page, `${language} ${screen}`);
      await page.screenshot({ path: `${SHOTS}/login-${language}-${screen}.png`, fullPage: true });

      await page.goto(`/login/code?email=${encodeURIComponent('lea.maria.sommer-winterberg@beispiel-salon.test')}`);
      await settled(page);
      await expect(page.getByRole('heading', { name: t.guestLogin.codeTitle, level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, `${language} ${screen} code`);
      await page.screenshot({ path: `${SHOTS}/code-${language}-${screen}.png`, fullPage: true });
      await context.close();
    }
  }
});
