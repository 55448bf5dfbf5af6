import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../scripts/demo-data.mjs';
import { expect, test } from './diagnostics';
import { signIn } from './helpers';

/**
 * What hostile testing found, replayed in a real browser (ADR 019): a form on another port of our
 * own host (SameSite=Lax cookies go along) posting into our pages, sign-in sending the browser on
 * to another site, and the page policies: scripts, the microphone, what the policy reports.
 */

/** A page on another origin: the same host, another port. Its form posts itself at once. */
async function foreignForm(action: string, fields: Record<string, string>): Promise<{ url: string; close: () => Promise<void> }> {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  const html = `<!doctype html><title>Gewinnspiel</title><form method="post" action="${action}">${inputs}</form><script>document.forms[0].submit()</script>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function partyIds(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/parties')).json()) as { id: string }[]).map((party) => party.id);
}

test('a form on another port of the host deletes no party and signs no one out', async ({ browser, baseURL }) => {
  const page = await (await browser.newContext({ locale: 'de-DE' })).newPage();
  await signIn(page, 'anna@salon.test');
  const created = await page.request.post('/api/parties', { headers: { Origin: baseURL! }, data: { title: 'Nicht von hier' } });
  const party = (await created.json()) as { id: string };
  const attacks: { what: string; action: string; fields: Record<string, string> }[] = [
    { what: 'the dashboard delete intent, as a document', action: `${baseURL}/parties?index`, fields: { intent: 'delete', id: party.id } },
    {
      what: "the dashboard delete intent, with Remix's _data query",
      action: `${baseURL}/parties?index&_data=routes%2F_app.parties._index`,
      fields: { intent: 'delete', id: party.id },
    },
    { what: 'sign-out', action: `${baseURL}/logout`, fields: {} },
  ];
  for (const attack of attacks) {
    const site = await foreignForm(attack.action, attack.fields);
    try {
      await page.goto(site.url);
      await page.waitForURL((url) => url.origin === baseURL, { waitUntil: 'load' });
      if (attack.action.includes('_data')) {
        await expect(page.locator('body'), attack.what).toContainText('"badOrigin"');
      } else {
        await expect(page, attack.what).toHaveURL(`${baseURL}/refused`);
        await expect(page.getByRole('heading', { name: 'Diese Anfrage kam nicht von Salon.' }), attack.what).toBeVisible();
        await expect(page.getByText('Es wurde nichts geändert.'), attack.what).toBeVisible();
      }
    } finally {
      await site.close();
    }
    expect(await partyIds(page), attack.what).toContain(party.id);
  }
  // Still signed in: the dashboard opens, not the sign-in.
  await page.goto('/parties');
  await expect(page).toHaveURL(`${baseURL}/parties`);
  await page.context().close();
});

test('sign-in comes back to a path of ours, whatever the place to return to says', async ({ browser, baseURL }) => {
  for (const returnTo of ['/%09/evil.example', '/.//evil.example', '/%0d%0a/evil.example', '%2F%2Fevil.example']) {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    // Straight to the provider, as a link from elsewhere would send the browser.
    await page.goto(`/sso?returnTo=${returnTo}`);
    await page.getByLabel('E-Mail').fill('anna@salon.test');
    await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.origin === baseURL, { waitUntil: 'load' });
    await expect(page, returnTo).toHaveURL(`${baseURL}/parties`);
    await context.close();
  }
});

test('the pages that record are documents of their own, whose policy alone allows the microphone', async ({ page }) => {
  const microphone = () =>
    page.evaluate(() => (document as Document & { featurePolicy: { allowsFeature(feature: string): boolean } }).featurePolicy.allowsFeature('microphone'));
  // Its own title: a retry finds the party of the first attempt on the dashboard too.
  const title = `Mit Mikrofon ${Date.now()}`;
  await signIn(page, 'anna@salon.test');
  await page.request.post('/api/parties', { headers: { Origin: new URL(page.url()).origin }, data: { title } });
  await page.goto('/parties');
  await expect(page.getByTestId('party-card').filter({ hasText: title })).toBeVisible();
  expect(await microphone()).toBe(false);
  // A mark on this document: a page shown in it keeps it, a new document has none.
  await page.evaluate(() => Object.assign(window, { salonMark: true }));
  await page.getByTestId('party-card').filter({ hasText: title }).getByRole('link').first().click();
  await page.waitForURL(/\/[0-9A-Za-z]{12}$/, { waitUntil: 'load' });
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  expect(await page.evaluate(() => 'salonMark' in window)).toBe(false);
  expect(await microphone()).toBe(true);
  // Back to a page that does not record, in the browser: no new document is needed.
  await page.goBack();
  await expect(page).toHaveURL(/\/parties$/);
});

test('what the policy blocks is reported, and the page runs no script it did not sign', async ({ page, pageDiagnostics }) => {
  await page.goto('/faq');
  const ran = await page.evaluate(async () => {
    const blocked = new Promise<string>((resolve) => addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), { once: true }));
    const script = document.createElement('script');
    script.textContent = 'window.salonInjected = true';
    document.body.appendChild(script);
    return { directive: await blocked, injected: 'salonInjected' in window };
  });
  expect(ran).toEqual({ directive: 'script-src-elem', injected: false });
  // The diagnostics saw it too, by the event and by Chromium's own message (and would fail any
  // test that did not expect it).
  await expect.poll(() => pageDiagnostics.unexpectedPolicyViolations.length).toBeGreaterThanOrEqual(2);
  expect(pageDiagnostics.takePolicyViolations().join('\n')).toContain('script-src-elem blocked inline');
});

test('the landing video plays, with its poster and captions, under the policy', async ({ page }) => {
  await page.goto('/en');
  const video = page.locator('video');
  await video.scrollIntoViewIfNeeded();
  await video.evaluate((element: HTMLVideoElement) => element.play());
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  // Its captions loaded too (a <track> is fetched under media-src); any block would fail the test.
  expect(await video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(0);
});
