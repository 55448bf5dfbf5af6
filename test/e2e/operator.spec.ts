import de from '../../app/i18n/locales/de';
import { expect, test } from './diagnostics';
import { SCREENS, settled, signIn } from './helpers';

/**
 * The operator page (ADR 063) in Chromium: after a guest joins and a refused call, the counters
 * from the Analytics Engine stand-in show as charts of the last 24 hours. Screenshots on a phone and
 * a desktop land in test-results/operator/.
 */

test('the operator sees the last 24 hours as charts: joins, errors by code', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'de-DE', ...SCREENS.desktop });
  const page = await context.newPage();
  await signIn(page, 'anna@salon.test');
  const created = await page.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Zählparty' } });
  const party = (await created.json()) as { id: string };
  const guest = await browser.newContext();
  expect(
    (await guest.request.put(`/api/parties/${party.id}/join`, { headers: { Origin: baseURL! }, data: { firstName: 'Zoe', lastName: 'Zahl' } })).status(),
  ).toBe(200);
  expect((await guest.request.get('/api/export')).status()).toBe(200);
  expect((await browser.newContext().then((anonymous) => anonymous.request.get('/api/export'))).status()).toBe(401);
  await guest.close();

  // The operator reaches the page from her user menu.
  await page.goto('/parties');
  await settled(page);
  await page.getByLabel(de.nav.userMenu).click();
  await page.getByRole('link', { name: de.operator.title }).click();
  await expect(page).toHaveURL(/\/operator$/);
  await settled(page);
  await expect(page.getByRole('heading', { name: de.operator.title })).toBeVisible();
  const joins = page.locator('figure', { hasText: de.operator.counters.join });
  await expect(joins.getByRole('img')).toBeVisible();
  await expect(joins.locator('figcaption')).not.toContainText(/^Beitritte0$/);
  await expect(page.locator('figure', { hasText: de.operator.counters.error })).toContainText('unauthorized');
  await page.screenshot({ path: 'test-results/operator/desktop.png', fullPage: true });
  await page.setViewportSize(SCREENS.phone.viewport);
  await page.screenshot({ path: 'test-results/operator/phone.png', fullPage: true });
  await context.close();
});
