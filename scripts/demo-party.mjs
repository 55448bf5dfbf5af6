// The demo consultant in a party of her own, on the served app with its demo data (`npm start`):
// what the product recordings (scripts/make-landing-video.mjs, scripts/make-app-images.mjs) start from.
import { DEMO_PASSWORD } from './demo-data.mjs';

/**
 * Signs the demo consultant in through the local provider's page, creates a party and opens it.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base the served app's origin
 * @param {import('@playwright/test').BrowserContextOptions} [options] the consultant's browser (viewport, …)
 */
export async function consultantInParty(browser, base, options = {}) {
  const context = await browser.newContext({ locale: 'de-DE', ...options });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: /Partnerkonto/ }).click();
  await page.getByLabel('E-Mail').fill('anna@salon.test');
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL('**/parties');
  const created = await context.request.post(`${base}/api/parties`, { headers: { Origin: base }, data: { title: 'Wellness-Party', host: 'Sabine' } });
  if (!created.ok()) throw new Error(`creating the party: ${created.status()} ${await created.text()}`);
  const party = await created.json();
  await page.goto(`${base}/${party.shortId}`);
  const say = async (text) => {
    await page.getByRole('textbox', { name: 'Nachricht' }).fill(text);
    await page.getByRole('button', { name: 'Senden', exact: true }).click();
    await page.getByText(text).last().waitFor();
  };
  return { context, page, say, link: `${base}/${party.shortId}` };
}
