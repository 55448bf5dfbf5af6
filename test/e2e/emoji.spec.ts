import { expect, test } from './diagnostics';
import { hostParty, joinAs, phoneContext } from './helpers';

test('a guest on a phone picks an emoji: the picker loads on demand from our own server, in their language, and inserts at the caret', async ({ browser }) => {
  const { context: hostContext, link } = await hostParty(browser, 'Emoji-Party');
  const context = await phoneContext(browser, 'de-DE');
  const guest = await context.newPage();
  const requests: string[] = [];
  guest.on('request', (request) => requests.push(request.url()));
  await joinAs(guest, link, 'Emma', 'Moji');

  // Nothing of the picker is loaded before it is opened.
  expect(requests.filter((url) => url.includes('/emoji/'))).toEqual([]);
  const input = guest.getByRole('textbox', { name: 'Nachricht' });
  await input.fill('Hallo  zusammen');
  await input.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(6, 6));

  const button = guest.getByRole('button', { name: 'Emoji einfügen' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const picker = guest.getByRole('dialog', { name: 'Emojis' });
  const search = picker.getByRole('combobox', { name: 'Suchen' });
  await expect(search).toBeFocused();
  // German names: "Herz" finds the red heart.
  await search.fill('rotes herz');
  await picker.getByRole('option').first().click();
  await expect(input).toHaveValue(/^Hallo ❤️? zusammen$/u);

  // Escape closes it and gives focus back to the button.
  await guest.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(button).toBeFocused();

  // The data came from this server, in German; nothing went to another host.
  const origin = new URL(guest.url()).origin;
  expect(requests.filter((url) => url.includes('/emoji/'))).toEqual([`${origin}/emoji/de.json`]);
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);

  await guest.getByRole('button', { name: 'Senden' }).click();
  await expect(guest.getByTestId('message').last()).toContainText(/Hallo ❤️? zusammen/u);
  await context.close();
  await hostContext.close();
});
