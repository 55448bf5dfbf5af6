import { expect, test } from '@playwright/test';
import { hostParty, phoneContext, settled } from './helpers';

/** Whoever may write finds the focus in the message field, not on the page's body. */

test('after joining, the guest is in the message field', async ({ browser }) => {
  const { context, link } = await hostParty(browser, 'Gleich schreiben');
  const guest = await (await phoneContext(browser)).newPage();
  await guest.goto(link);
  await settled(guest);
  await expect(guest.getByLabel('Vorname')).toBeFocused();
  await guest.getByLabel('Vorname').fill('Lea');
  await guest.getByLabel('Nachname').fill('Gast');
  await guest.getByRole('button', { name: 'Party beitreten' }).click();
  await expect(guest.getByRole('dialog')).toHaveCount(0);
  const field = guest.locator('#message-input');
  await expect(field).toBeFocused();
  await guest.keyboard.type('Hallo!');
  // On a touch screen Enter is a new line: the send button sends.
  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByTestId('message').filter({ hasText: 'Hallo!' })).toBeVisible();
  await guest.context().close();
  await context.close();
});

test('the manager opening the party page is in the message field', async ({ browser }) => {
  const { context, page } = await hostParty(browser, 'Gleich loslegen');
  await settled(page);
  await expect(page.locator('#message-input')).toBeFocused();
  await context.close();
});
