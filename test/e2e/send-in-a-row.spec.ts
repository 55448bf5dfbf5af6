import type { Page } from '@playwright/test';
import { expect, test } from './diagnostics';
import { SCREENS, hostParty, joinAs, phoneContext } from './helpers';

/**
 * Sending in a row (issue 41): someone who types fast sends each message the moment she presses
 * Enter or the send button, also while the one before is still on its way. The page queues them
 * in order through the outbox (ADR 032); nothing waits for the room's answer, nothing is dropped.
 * On a phone slowed 4× (DevTools' CPU throttling) whose network takes a second to bring the room's
 * answers (as a phone far away does; locally they come within milliseconds), three messages typed
 * without a pause all arrive, in order, on her page and on the consultant's.
 */
const MESSAGES = ['Hallo!', 'Wie geht’s?', 'Ich freue mich auf heute Abend'];
const ANSWER_DELAY_MS = 1000;

/** The page before it opens the party: its CPU 4× slower, and what the room says reaches it a second late, in order. */
async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.routeWebSocket(/\/socket(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => setTimeout(() => socket.send(message), ANSWER_DELAY_MS));
    socket.onMessage((message) => server.send(message));
  });
}

/** The chat's messages with these texts, in the order the page shows them (its seq order). */
async function shownInOrder(page: Page): Promise<string[]> {
  const texts = await page.getByTestId('message').allTextContents();
  return texts.flatMap((text) => MESSAGES.filter((message) => text.includes(message)));
}

/** Every message went (the field is empty), once the room confirmed them, in order, on her page and the manager's. */
async function expectAllThreeInOrder(guest: Page, manager: Page): Promise<void> {
  await expect(guest.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
  await expect.poll(() => shownInOrder(guest)).toEqual(MESSAGES);
  await expect(guest.getByTestId('pending-message')).toHaveCount(0);
  await expect.poll(() => shownInOrder(manager)).toEqual(MESSAGES);
}

test('a guest on a slow phone taps send three times without a pause: all three arrive, in order', async ({ browser }) => {
  const host = await hostParty(browser, 'Schnell geschrieben');
  const context = await phoneContext(browser);
  const guest = await context.newPage();
  await slowPhone(guest);
  await joinAs(guest, host.link, 'Flora');
  await expect(guest.getByRole('textbox', { name: 'Nachricht' })).toBeEnabled();
  await expect(guest.getByTestId('notice')).toHaveCount(1);

  const input = guest.getByRole('textbox', { name: 'Nachricht' });
  for (const message of MESSAGES) {
    // On a touch screen Enter is a new line: the send button sends. No waiting in between: each
    // text goes in at once (as a keyboard's suggestion does), faster than the room can answer.
    await input.fill(message);
    // A finger does not wait for a button to be ready: neither does this tap (Playwright would).
    await guest.getByRole('button', { name: 'Senden' }).tap({ force: true });
  }
  await expectAllThreeInOrder(guest, host.page);

  await context.close();
  await host.context.close();
});

test('a guest at a keyboard presses Enter three times without a pause on a slowed page: all three arrive, in order', async ({ browser }) => {
  const host = await hostParty(browser, 'Schnell getippt');
  const context = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE' });
  const guest = await context.newPage();
  await slowPhone(guest);
  await joinAs(guest, host.link, 'Greta');
  const input = guest.getByRole('textbox', { name: 'Nachricht' });
  await expect(input).toBeEnabled();
  await expect(guest.getByTestId('notice')).toHaveCount(1);

  await input.focus();
  for (const message of MESSAGES) {
    await guest.keyboard.insertText(message);
    await guest.keyboard.press('Enter');
  }
  await expectAllThreeInOrder(guest, host.page);

  await context.close();
  await host.context.close();
});
