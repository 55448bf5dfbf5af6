import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './diagnostics';
import { screens } from './helpers';

/**
 * The API's reference page (/api/docs, ADR 056): Scalar's bundle from our own origin renders the
 * document under the pages' strict policy (nonces, no unsafe-inline or eval for scripts: the
 * diagnostics fixture fails the test on any violation), asks nothing of another origin, and passes
 * axe, on a phone and a desktop. Screenshots go to test-results/api-docs-*.png.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const [screen, options] of screens('phone', 'desktop')) {
  test(`the API reference renders on a ${screen} with no policy violation, from our origin only, and passes axe`, async ({ browser }) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) foreign.push(request.url());
    });
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    // The document's own words, rendered by the page: its title, its introduction, its sections.
    await expect(page.getByRole('heading', { name: 'Salon API', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('The JSON API of Salon, for its pages and the companion app.')).toBeVisible();
    if (screen === 'desktop') await expect(page.getByText('Templates', { exact: true }).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: `test-results/api-docs-${screen}.png` });
    expect(foreign).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
}
