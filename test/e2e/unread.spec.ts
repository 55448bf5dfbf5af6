import { expect, test } from './diagnostics';
import { createParty, joinAs, signIn } from './helpers';

test('while the tab is in the background, new messages count up in its title and the favicon changes', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'de-DE' });
  const manager = await context.newPage();
  // Headless Chromium keeps every page focused; the test decides what hasFocus() answers.
  await manager.addInitScript(() => {
    const state = window as unknown as { salonFocused?: boolean };
    state.salonFocused = true;
    document.hasFocus = () => state.salonFocused !== false;
  });
  await signIn(manager, 'anna@salon.test');
  const link = await createParty(manager, 'Titelparty');
  await manager.goto(link);
  await expect(manager).toHaveTitle('Titelparty · Salon');

  const guestContext = await browser.newContext({ locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Lina');
  await manager.evaluate(() => {
    (window as unknown as { salonFocused: boolean }).salonFocused = false;
  });

  for (const text of ['eins', 'zwei']) {
    await guest.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await guest.getByRole('button', { name: 'Senden' }).click();
    await expect(manager.getByTestId('message').filter({ hasText: text })).toBeVisible();
  }
  await expect(manager).toHaveTitle('(2) Titelparty · Salon');
  await expect(manager.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon-unread\.svg$/);
  await manager.evaluate(() => {
    (window as unknown as { salonFocused: boolean }).salonFocused = true;
    window.dispatchEvent(new Event('focus'));
  });
  await expect(manager.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon\.svg$/);
  await expect(manager).toHaveTitle('Titelparty · Salon');
  await guestContext.close();
  await context.close();
});
