import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { Salon, joinFrame } from '../bench/clients.mjs';
import { distanceCookie, distanceHeader, longestBlank, probeBlankness, profile } from '../bench/distance.mjs';
import { freePort, startStack } from '../bench/stack.mjs';
import { expect, test } from './diagnostics';
import { SCREENS } from './helpers';

/**
 * A guest far from the data (issue 40): the bench Worker (test/bench/worker.ts, the production
 * Worker with its bindings behind the distance harness) on its own port, a party made in the EU,
 * and a guest in New York on a 4G phone: `us-guest-eu-party` (D1's primary and the room 100 ms
 * away, a replica 5 ms) with `phone-4g` (150 ms to the edge, 9 Mbit/s down, 1.5 up; Chromium's
 * network emulation, the Worker slows the socket's frames). Screenshots of what she sees while it
 * loads are attached; the page is never blank for more than a second. Then D1 goes away: her page
 * says so in her language within 5 s, and comes back with "Try again".
 */

const FAR = profile('us-guest-eu-party+phone-4g');
const NEAR = profile('eu-guest');

type Stack = Awaited<ReturnType<typeof startStack>>;
let stack: Stack;
let salon: InstanceType<typeof Salon>;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort(Number(process.env.E2E_PORT ?? 8790) + 3000);
  stack = await startStack({
    port,
    persistTo: `.wrangler/e2e-far-guest-${port}`,
    logDir: '.cache/e2e-far-guest',
    inspectorPort: undefined,
    log: undefined,
    vars: { STREAM_API_BASE: 'http://127.0.0.1:9/client/v4', STREAM_ACCOUNT_ID: 'local' },
  });
  salon = new Salon(stack.direct);
});

test.afterAll(async () => {
  await salon?.request('/bench/d1', { method: 'POST' }).catch(() => {});
  await stack?.stop();
});

/** The longest stretch with nothing on screen, from the navigation's start (a new tab is blank). */
async function blankFor(page: Page): Promise<number> {
  const { samples, now } = await page.evaluate(() => ({
    samples: (window as unknown as { __blank: { at: number; shown: boolean }[] }).__blank,
    now: performance.now(),
  }));
  return longestBlank(samples, now);
}

async function farPhone(browser: import('@playwright/test').Browser, locale = 'de-DE') {
  const context = await browser.newContext({ ...SCREENS.phone, locale });
  await context.addCookies([distanceCookie(FAR, stack.direct)]);
  await context.addInitScript(probeBlankness);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: FAR.rtt,
    downloadThroughput: (FAR.downKbps! * 1000) / 8,
    uploadThroughput: (FAR.upKbps! * 1000) / 8,
  });
  return { context, page };
}

/** The consultant's socket, from Europe (the Worker slows it as eu-guest). */
function consultantSocket(partyId: string, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${salon.wsBase}/api/parties/${partyId}/socket`, { headers: { ...headers, ...distanceHeader(NEAR) } });
    ws.once('open', () => ws.send(joinFrame()));
    ws.on('message', (data) => String(data).includes('"welcome"') && resolve(ws));
    ws.once('error', reject);
  });
}

test('a guest in New York on a 4G phone joins a party kept in the EU and chats; her screen is never blank for more than a second', async ({
  browser,
}, testInfo) => {
  const { party, headers } = await salon.consultantParty('Abend in Köln');
  await salon.request(`/bench/fill/${party.id}?count=60`, { method: 'POST' });
  const consultant = await consultantSocket(party.id, headers);
  const { context, page } = await farPhone(browser);

  // What she sees while it loads, every 250 ms from the link's opening until the chat is there.
  let shooting = true;
  const shots: Buffer[] = [];
  const started = Date.now();
  const shoot = (async () => {
    while (shooting) {
      shots.push(await page.screenshot().catch(() => Buffer.alloc(0)));
      await page.waitForTimeout(250).catch(() => {});
    }
  })();
  await page.goto(`${stack.direct}/${party.shortId}`, { waitUntil: 'commit' });
  await page.getByLabel('Vorname').fill('Nora');
  await page.getByLabel('Nachname').fill('New York');
  await page.getByRole('button', { name: 'Party beitreten' }).click();
  await expect(page.getByRole('log').getByText('History message 59')).toBeVisible({ timeout: 15_000 });
  const loadedMs = Date.now() - started;
  shooting = false;
  await shoot;
  for (const [index, shot] of shots.entries()) {
    if (shot.length === 0) continue;
    const name = `far-guest-${String(index).padStart(2, '0')}.png`;
    writeFileSync(testInfo.outputPath(name), shot);
    await testInfo.attach(name, { body: shot, contentType: 'image/png' });
  }
  expect(await blankFor(page), 'longest blank stretch (ms)').toBeLessThanOrEqual(1000);
  expect(loadedMs, 'link opened to chat shown, the name typed between (ms)').toBeLessThan(15_000);

  // She writes; the consultant in Europe reads it. The consultant answers; she reads it.
  const heard = new Promise<void>((resolve) => consultant.on('message', (data) => String(data).includes('Hallo aus New York') && resolve()));
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Hallo aus New York');
  // On a phone Enter is a new line: she taps the send button.
  await page.getByRole('button', { name: 'Senden' }).click();
  await heard;
  consultant.send(JSON.stringify({ type: 'sendMessage', tempId: crypto.randomUUID(), messageType: 'text', message: 'Willkommen, Nora!' }));
  await expect(page.getByRole('log').getByText('Willkommen, Nora!')).toBeVisible();
  consultant.close();
  await context.close();
});

test('with D1 gone, her page says so in her language within 5 s; when it is back, "Try again" opens the party', async ({ browser }) => {
  const { party } = await salon.consultantParty('Ohne Daten');
  const { context, page } = await farPhone(browser, 'en-US');
  await salon.request('/bench/d1?absentMs=30000', { method: 'POST' });
  const started = Date.now();
  await page.goto(`${stack.direct}/${party.shortId}`, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Salon cannot reach its data right now. Please try again in a moment.' })).toBeVisible({ timeout: 6000 });
  expect(Date.now() - started).toBeLessThan(5000 + FAR.rtt * 2);
  await page.screenshot({ path: test.info().outputPath('data-unavailable-phone.png') });
  // On a desktop, in German (the default), the same.
  const desktop = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE' });
  const wide = await desktop.newPage();
  await wide.goto(`${stack.direct}/${party.shortId}`);
  await expect(wide.getByRole('heading', { name: 'Salon erreicht seine Daten gerade nicht. Bitte versuche es gleich noch einmal.' })).toBeVisible({
    timeout: 6000,
  });
  await expect(wide.getByRole('link', { name: 'Erneut versuchen' })).toBeVisible();
  await wide.screenshot({ path: test.info().outputPath('data-unavailable-desktop.png') });
  await desktop.close();
  await salon.request('/bench/d1', { method: 'POST' });
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByLabel('First name')).toBeVisible();
  await context.close();
});
