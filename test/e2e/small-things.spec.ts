import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';
import { hostParty, joinAs, phoneContext, screens, settled, signIn } from './helpers';

/** Screenshots of what these tests look at, for a person to view (test-results is kept out of git). */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/small-things/${name}.png` });

async function send(request: APIRequestContext, baseURL: string, method: 'post' | 'put', path: string, data?: unknown) {
  const response = await request[method](path, { headers: { Origin: baseURL }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()}`).toBe(true);
  return response.json();
}

test('the manager’s receipts: nothing without guests, "Gesehen: x von y" and "Von allen gesehen", and a dialog with one button', async ({ browser }) => {
  const { context, page: manager, link } = await hostParty(browser, 'Quittungen', { viewport: { width: 1280, height: 800 } });
  await manager.getByRole('textbox', { name: 'Nachricht' }).fill('Noch allein hier');
  await manager.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
  const alone = manager.getByTestId('message').filter({ hasText: 'Noch allein hier' });
  await expect(alone).toBeVisible();
  await expect(alone.getByTestId('receipts')).toHaveCount(0);
  await expect(manager.getByText(/0 (von|of) 0/)).toHaveCount(0);

  const mariaContext = await phoneContext(browser);
  const maria = await mariaContext.newPage();
  await joinAs(maria, link, 'Maria', 'Klein');
  await expect(alone.getByTestId('receipts')).toHaveText('Von allen gesehen');
  const tomContext = await phoneContext(browser);
  const tom = await tomContext.newPage();
  await tom.goto(link);
  // Tom has the join dialog open: once he joins without reading, one of two has seen it.
  await manager.getByRole('textbox', { name: 'Nachricht' }).fill('Wer liest mit?');
  await manager.getByRole('textbox', { name: 'Nachricht' }).press('Enter');
  const second = manager.getByTestId('message').filter({ hasText: 'Wer liest mit?' });
  await expect(second.getByTestId('receipts')).toHaveText('Von allen gesehen');
  await tom.getByLabel('Vorname').fill('Tom');
  await tom.getByLabel('Nachname').fill('Berg');
  // Tom's page is in the background: he is in the party but has not seen the message.
  await tom.evaluate(() => Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' }));
  await tom.getByRole('button', { name: 'Party beitreten' }).click();
  await expect(second.getByTestId('receipts')).toHaveText('Gesehen: 1 von 2');

  await second.getByTestId('receipts').click();
  const dialog = manager.getByRole('alertdialog', { name: 'Lesebestätigungen' });
  await expect(dialog).toContainText('Gesehen (1)');
  await expect(dialog).toContainText('Maria Klein');
  await expect(dialog).toContainText('Noch nicht gesehen (1)');
  await expect(dialog.getByRole('button')).toHaveCount(1);
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
  await shot(manager, 'receipts-dialog-desktop');
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(dialog).toHaveCount(0);
  await context.close();
  await mariaContext.close();
  await tomContext.close();
});

test('a guest made moderator is told what she may now do; the role words are one vocabulary', async ({ browser }) => {
  const { context, page: manager, link } = await hostParty(browser, 'Neue Moderation', { viewport: { width: 1280, height: 800 } });
  const mariaContext = await phoneContext(browser);
  const maria = await mariaContext.newPage();
  await joinAs(maria, link, 'Maria', 'Klein');
  await expect(maria.getByTestId('notice-bar')).toHaveCount(0);
  const members = manager.getByTestId('members');
  await expect(members.locator('li', { hasText: 'Anna' })).toContainText('Beratung');
  await members.getByRole('button', { name: 'Moderation übertragen: Maria Klein' }).click();
  await expect(manager.getByRole('alertdialog', { name: 'Maria Klein die Moderation übertragen?' })).toBeVisible();
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Moderation übertragen' }).click();
  await expect(members.locator('li', { hasText: 'Maria Klein' })).toContainText('Moderation');
  await expect(maria.getByRole('status').filter({ hasText: 'Du moderierst jetzt diese Party' })).toContainText('Gäste entfernen, Nachrichten löschen');
  await shot(maria, 'new-host-notice-phone');
  // Opening the page again as moderator is no news.
  await maria.reload();
  await settled(maria);
  await expect(maria.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();
  await expect(maria.getByTestId('notice-bar')).toHaveCount(0);
  await context.close();
  await mariaContext.close();
});

test('a guest copies the party link from the header, on a phone and on a desktop', async ({ browser }) => {
  const { context, link } = await hostParty(browser, 'Zum Weitersagen');
  for (const [name, options] of screens('phone', 'desktop')) {
    const guestContext = await browser.newContext({ locale: 'de-DE', permissions: ['clipboard-read', 'clipboard-write'], ...options });
    const guest = await guestContext.newPage();
    await joinAs(guest, link, 'Lea', name);
    const copy = guest.getByRole('button', { name: 'Link kopieren' });
    await expect(copy).toBeEnabled();
    await shot(guest, `party-header-guest-${name}`);
    await copy.click();
    await expect(guest.getByRole('button', { name: 'Link kopiert' })).toBeVisible();
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`${link}$`));
    await guestContext.close();
  }
  await context.close();
});

test('the dashboard: quick links follow the tab, a password-protected card says so', async ({ browser, baseURL }) => {
  for (const [name, options] of screens('desktop', 'phone')) {
    const context = await browser.newContext({ locale: 'de-DE', ...options });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    const suffix = name === 'phone' ? ' (Handy)' : '';
    await send(context.request, baseURL!, 'post', '/api/parties', { title: `Geheimrunde${suffix}`, password: 'Sesam123', host: 'Eva Stein' });
    // A party cannot be created over already: it is ended by an edit, as a consultant does.
    const over = await send(context.request, baseURL!, 'post', '/api/parties', { title: `Längst vorbei${suffix}` });
    await send(context.request, baseURL!, 'put', `/api/parties/${over.id}`, { title: `Längst vorbei${suffix}`, expiration: Date.now() - 60_000 });
    await page.reload();
    await settled(page);

    const secret = page.getByTestId('party-card').filter({ hasText: `Geheimrunde${suffix}` });
    await expect(secret.getByTestId('password-protected')).toHaveText('Mit Passwort');
    await expect(secret.getByTestId('password-protected').locator('svg')).toBeVisible();
    await expect(secret).toContainText('Zu Gast bei Eva Stein');
    const quickLinks = page.getByTestId('quick-links');
    await expect(quickLinks.getByRole('link', { name: `Geheimrunde${suffix}` })).toBeVisible();
    await expect(quickLinks.getByRole('link', { name: `Längst vorbei${suffix}` })).toHaveCount(0);
    await shot(page, `dashboard-${name}`);

    await page.getByRole('tab', { name: 'Abgelaufen' }).click();
    await expect(page).toHaveURL(/tab=expired/);
    await expect(quickLinks.getByRole('link', { name: `Längst vorbei${suffix}` })).toBeVisible();
    await expect(quickLinks.getByRole('link', { name: `Geheimrunde${suffix}` })).toHaveCount(0);

    await context.close();
  }
});

test('the language menu names the languages, with no flag emoji, on a phone and on a desktop', async ({ browser }) => {
  for (const [name, options] of screens('phone', 'desktop')) {
    const context = await browser.newContext({ locale: 'de-DE', ...options });
    const page = await context.newPage();
    await page.goto('/login');
    await settled(page);
    const summary = page.getByLabel('Sprache: Deutsch');
    await expect(summary).toHaveText('de');
    await summary.click();
    const items = page.locator('form[action="/language"] button');
    await expect(items).toHaveText(['Deutsch', 'English', 'Nederlands', 'Français', 'Italiano']);
    const text = await page.locator('details').first().innerText();
    expect(text).not.toMatch(/\p{Regional_Indicator}/u);
    await shot(page, `language-menu-${name}`);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByLabel('Language: English')).toHaveText('en');
    await context.close();
  }
});

test('a consultant whose session is gone is sent to sign in by her next action, and comes back to the party', async ({ browser }) => {
  const { context, page: manager, link } = await hostParty(browser, 'Sitzung weg', { viewport: { width: 1280, height: 800 } });
  await expect(manager.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();
  await settled(manager);
  // The session ends (its cookies gone, as after a sign-out elsewhere); the provider's own stays.
  await context.clearCookies({ name: 'salon_at' });
  await context.clearCookies({ name: 'salon_rt' });
  await manager.getByRole('button', { name: 'Schreiben für Gäste sperren' }).click();
  await manager.waitForURL(`**/login?returnTo=${encodeURIComponent(link)}`);
  await manager.getByRole('button', { name: /Partnerkonto/ }).click();
  // The provider may still know her, or ask again.
  const providerLogin = manager.getByLabel('E-Mail');
  await expect(providerLogin.or(manager.getByRole('heading', { name: 'Sitzung weg' }))).toBeVisible();
  if (await providerLogin.isVisible()) {
    await providerLogin.fill('anna@salon.test');
    await manager.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await manager.getByRole('button', { name: 'Anmelden' }).click();
  }
  await manager.waitForURL(`**${link}`);
  await expect(manager.getByRole('heading', { name: 'Sitzung weg' })).toBeVisible();
  await expect(manager.getByRole('textbox', { name: 'Nachricht' })).toBeVisible();
  await context.close();
});

test('a guest whose cookie is gone gets the join dialog again at her next action', async ({ browser }) => {
  const { context, link } = await hostParty(browser, 'Keks weg');
  const guestContext = await phoneContext(browser);
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Maria', 'Klein');
  await settled(guest);
  await guestContext.clearCookies();
  await guest.getByRole('button', { name: 'Dein Name: Maria' }).click();
  await guest.getByRole('menuitem', { name: 'Namen ändern' }).click();
  await guest.getByRole('alertdialog').getByLabel('Vorname').fill('Mara');
  await guest.getByRole('alertdialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(guest.getByRole('dialog')).toContainText('Willkommen zur Party!');
  await context.close();
  await guestContext.close();
});
