import { expect, test } from './diagnostics';
import { fakeMicrophone } from './fake-microphone';
import { SCREENS, hostParty, joinAs } from './helpers';

/**
 * A voice message where the browser refuses the microphone (as when a person says no to its
 * question): a browser of its own, since the answer is a launch flag (see fakeMicrophone).
 */
test.use(fakeMicrophone('deny'));

test('a guest whose browser refuses the microphone: the dialog closes and the alert says why', async ({ browser }) => {
  const { context, link } = await hostParty(browser, 'Stille Party', { ...SCREENS.desktop });
  const guestContext = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Ida');

  await guest.getByRole('button', { name: 'Sprachnachricht aufnehmen' }).click();
  const alert = guest.getByRole('alertdialog', { name: 'Aufnahme nicht möglich' });
  await expect(alert).toBeVisible();
  await expect(alert.getByTestId('voice-failed')).toHaveText(/Zugriff auf das Mikrofon wurde nicht erlaubt/);
  await expect(guest.getByRole('dialog', { name: 'Sprachnachricht' })).toHaveCount(0);
  await guest.screenshot({ path: 'test-results/voice/denied-phone.png' });
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(guest.getByRole('alertdialog')).toHaveCount(0);
  await expect(guest.getByTestId('message')).toHaveCount(0);

  await guestContext.close();
  await context.close();
});
