import { expect, request, test } from '@playwright/test';
import { createParty, signIn } from './helpers';

test('scrolling to the top loads older messages and keeps the reader in place', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const manager = await context.newPage();
  await signIn(manager, 'anna@salon.test');
  const link = await createParty(manager, 'Lange Party');
  const info = await (await manager.request.get(`/api/parties${link}`)).json();

  // 72 messages from four guests through the API (each stays within the send rate).
  let n = 0;
  for (const name of ['A', 'B', 'C', 'D']) {
    // Like a mobile app: its own client, Basic credentials, no cookies.
    const api = await request.newContext({ baseURL });
    const joined = await (await api.put(`/api/parties/${info.id}/join`, { data: { firstName: name, lastName: 'Gast' } })).json();
    expect(joined.secretKey, JSON.stringify(joined)).toBeTruthy();
    const auth = { Authorization: `Basic ${Buffer.from(`${joined.guestId}:${joined.secretKey}`).toString('base64')}` };
    for (let i = 0; i < 18; i++) {
      n++;
      const response = await api.post(`/api/parties/${info.id}/chat`, { headers: auth, data: { message: `Nachricht ${String(n).padStart(2, '0')}` } });
      expect(response.status()).toBe(201);
    }
    await api.dispose();
  }

  await manager.goto(link);
  const messages = manager.getByTestId('message');
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText('Nachricht 23');
  await expect(messages.last()).toContainText('Nachricht 72');

  await manager.getByRole('log').evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(messages).toHaveCount(72);
  await expect(messages.first()).toContainText('Nachricht 01');
  // The message that was at the top is still on screen, not pushed away by the older page.
  await expect(messages.filter({ hasText: 'Nachricht 23' })).toBeInViewport();
  await expect(manager.getByRole('button', { name: 'Ältere Nachrichten laden' })).toHaveCount(0);
  await expect(manager.getByRole('button', { name: /Neue Nachrichten/ })).toHaveCount(0);
  await context.close();
});
