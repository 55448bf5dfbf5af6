import { expect, test } from './diagnostics';
import { screens, settled, signIn } from './helpers';

// Runs before dashboard.spec (files run in name order on one fresh database): that test reads the
// release notes, and the badge shows only while they are unread.
test('the release-notes item keeps its icon, at full size, beside its badge, on a phone and on a desktop', async ({ browser }) => {
  for (const [name, options] of screens('phone', 'desktop')) {
    const context = await browser.newContext({ locale: 'de-DE', ...options });
    const page = await context.newPage();
    await signIn(page, 'anna@salon.test');
    await settled(page);
    const drawer = page.getByRole('navigation', { name: 'Hauptmenü' });
    if (name === 'phone') {
      await page.getByRole('button', { name: 'Menü' }).click();
      // The drawer slides in: measured once it is in place.
      await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    }
    const item = drawer.getByRole('link', { name: /Versionshinweise/ });
    const badge = item.getByTestId('release-notes-highlight');
    await expect(badge).toBeVisible();
    const icon = (await item.locator('svg').boundingBox())!;
    expect(icon.width).toBeGreaterThanOrEqual(19);
    const box = (await item.boundingBox())!;
    const badgeBox = (await badge.boundingBox())!;
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    await page.screenshot({ path: `test-results/small-things/drawer-${name}.png` });
    await context.close();
  }
});
