import { request } from '@playwright/test';
import { expect, test } from './diagnostics';
import { createParty, signIn } from './helpers';

test('a long party: the list is virtualised, scrolling to the top loads older messages and keeps the reader in place', async ({ browser, baseURL }) => {
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
  const log = manager.getByRole('log');
  const messages = manager.getByTestId('message');
  // The newest page (50 rows: 48 messages and the notices of C and D joining) is loaded, but the
  // list is virtualised: only the rows near the screen are in the DOM.
  await expect(messages.last()).toContainText('Nachricht 72');
  await expect(messages.last()).toBeInViewport();
  const rendered = await messages.count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(40);

  // Scrolling up to the top of the first page loads the page before it; the message that was at
  // the top stays on screen instead of being pushed away by the older page.
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(manager.getByRole('button', { name: 'Ältere Nachrichten laden' })).toHaveCount(0);
  await expect(messages.filter({ hasText: 'Nachricht 25' })).toBeInViewport();
  // Up again: the very beginning, with the notice of the first guest joining.
  await log.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(messages.filter({ hasText: 'Nachricht 01' })).toBeInViewport();
  await expect(manager.getByTestId('notice').first()).toContainText('A Gast ist der Party beigetreten');

  // Every message is reachable exactly once, in order, by scrolling down through the log.
  const seen = new Map<number, string>();
  for (let top = 0; ; top += 400) {
    await log.evaluate((element, y) => element.scrollTo({ top: y }), top);
    await manager.waitForTimeout(30);
    for (const [seq, text] of await messages.evaluateAll((items) =>
      items.map((item) => [Number(item.getAttribute('data-seq')), item.textContent ?? ''] as const),
    ))
      seen.set(seq, text);
    if (await log.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1)) break;
  }
  const ordered = [...seen.entries()].sort(([a], [b]) => a - b).map(([, text]) => text.match(/Nachricht \d{2}/)?.[0]);
  expect(ordered).toEqual(Array.from({ length: 72 }, (_, i) => `Nachricht ${String(i + 1).padStart(2, '0')}`));
  expect(await messages.count()).toBeLessThan(40);
  await expect(manager.getByRole('button', { name: /Neue Nachrichten/ })).toHaveCount(0);
  await context.close();
});
