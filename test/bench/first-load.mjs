// What a new guest's phone transfers and waits for: a party link opened in a fresh Chromium context
// (no cache, no cookie, 390×844 touch), each response's bytes as they came over the wire (the
// DevTools protocol's `encodedDataLength`: the body as sent, compressed, plus the headers), split
// at the moment the join dialog became usable; then the guest joins, and the time until the chat
// shows is taken too. The network and CPU are slowed as Lighthouse's mobile preset slows them, so
// the times mean something for a phone; bytes do not depend on it.
import { resolveBrowser } from '../../scripts/browser.mjs';

/**
 * Lighthouse's "slow 4G" as DevTools applies it (its `throttling.mobileSlow4G` with the devtools
 * multipliers: 150 ms round trip × 3.75, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up) and 4× CPU.
 */
export const PHONE = { latencyMs: 562.5, downloadKbps: 1474.56, uploadKbps: 675, cpuSlowdown: 4 };

/**
 * Runs in the page before its own scripts. The join form is usable once React has hydrated it:
 * JoinDialog (app/components/party/join-dialog.tsx) then starts listening to its input natively.
 * That moment is noted, on the page's clock, to split what loaded before from what came after.
 */
function noteWhenJoinFormListens() {
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (type === 'input' && this instanceof HTMLFormElement && this.elements.namedItem('firstName') && window.__joinUsableAt === undefined) {
      window.__joinUsableAt = performance.now();
    }
    return add.call(this, type, ...rest);
  };
}

const KINDS = { script: 'script', link: 'css', css: 'css', img: 'image', fetch: 'data', xmlhttprequest: 'data', navigation: 'html' };

/** The kind of a response as the report groups it (modulepreloads and dynamic imports are scripts). */
function kindOf(path, initiatorType) {
  if (/\.m?js$/.test(path)) return 'script';
  if (/\.css$/.test(path)) return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(path)) return 'font';
  if (/\.(png|jpe?g|webp|gif|svg|ico|avif)$/.test(path)) return 'image';
  if (/\.json$|\.webmanifest$/.test(path)) return 'data';
  return KINDS[initiatorType] ?? 'other';
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens `url` (a party the visitor has not joined) in `page`, a fresh page of a fresh context, and
 * returns { usableMs, files, form }: each file { path, kind, status, encoding, wire, body, decoded,
 * beforeUsable } (wire = `encodedDataLength`, body = wire less the response headers), usableMs from
 * the start of navigation to the join form listening, and the join form with a name typed in, its
 * button enabled. Files are counted once the network has been quiet for `quietMs`.
 */
export async function measureFirstLoad(page, url, { throttle = null, quietMs = 1000 } = {}) {
  const context = page.context();
  await context.addInitScript(noteWhenJoinFormListens);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latencyMs,
      downloadThroughput: (throttle.downloadKbps * 1024) / 8,
      uploadThroughput: (throttle.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
  }
  const responses = new Map();
  let lastActivity = performance.now();
  cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
    lastActivity = performance.now();
    responses.set(requestId, { url: request.url });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const entry = responses.get(requestId);
    if (!entry) return;
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    Object.assign(entry, { status: response.status, encoding: encoding || 'none', headerBytes: response.encodedDataLength });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const entry = responses.get(requestId);
    if (entry) entry.decoded = (entry.decoded ?? 0) + dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    lastActivity = performance.now();
    const entry = responses.get(requestId);
    if (entry) entry.wire = encodedDataLength;
  });

  await page.goto(url, { waitUntil: 'commit' });
  const usableMs = await page
    .waitForFunction(() => window.__joinUsableAt, null, { timeout: 120_000 })
    .then((handle) => handle.jsonValue())
    .catch(() => {
      throw new Error(`the join form at ${url} never started listening to input (first-load.mjs expects JoinDialog's native listener)`);
    });
  // Usable means usable: a name typed in enables the button.
  const form = page.locator('form', { has: page.locator('input[name="firstName"]') });
  await form.locator('input[name="firstName"]').fill('Gast');
  await form.locator('input[name="lastName"]').fill('Neu');
  await form.locator('button[type="submit"]:not([disabled])').waitFor({ timeout: 10_000 });
  while (performance.now() - lastActivity < quietMs) await sleep(100);
  // Each file's start on the page's clock: what started before the form listened was needed for it.
  const starts = await page.evaluate(() => [
    { name: location.href, startTime: 0 },
    ...performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, startTime: entry.startTime })),
  ]);
  await cdp.detach();
  const startOf = new Map(starts.map((entry) => [entry.name, entry.startTime]));
  const files = [...responses.values()]
    .filter((entry) => entry.wire !== undefined && startOf.has(entry.url))
    .map((entry) => {
      const { pathname } = new URL(entry.url);
      return {
        path: pathname,
        kind: entry.url === url ? 'html' : kindOf(pathname, ''),
        status: entry.status,
        encoding: entry.encoding,
        wire: entry.wire,
        body: entry.wire - (entry.headerBytes ?? 0),
        decoded: entry.decoded ?? 0,
        beforeUsable: startOf.get(entry.url) < usableMs,
      };
    });
  return { usableMs, files, form };
}

/**
 * The bench's run: `url` opened once as a new guest on a phone (a fresh Chromium, slowed as
 * `throttle` says), then joined. { url, usableMs, joinMs, files } as measureFirstLoad, plus joinMs
 * from the click on "join" to the first message of the chat drawn.
 */
export async function firstLoad(url, { throttle = PHONE, quietMs = 2000 } = {}) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
    const page = await context.newPage();
    const { usableMs, files, form } = await measureFirstLoad(page, url, { throttle, quietMs });
    const clicked = performance.now();
    await form.locator('button[type="submit"]').click();
    await page.locator('[role="log"] li').first().waitFor({ timeout: 120_000 });
    return { url, usableMs, joinMs: performance.now() - clicked, files };
  } finally {
    await browser.close();
  }
}

/**
 * @typedef {{ path: string, kind: string, status: number, encoding: string, wire: number, body: number, decoded: number, beforeUsable: boolean }} FirstLoadFile
 * @typedef {{ files: number, wire: number, body: number, decoded: number }} TransferTotal
 */

/**
 * Sums by kind ('script', 'css', 'html', …) the files `which` selects.
 * @param {FirstLoadFile[]} files
 * @param {(file: FirstLoadFile) => boolean} [which]
 * @returns {Record<string, TransferTotal>}
 */
export function transferTotals(files, which = () => true) {
  /** @type {Record<string, TransferTotal>} */
  const totals = {};
  for (const file of files.filter(which)) {
    const total = (totals[file.kind] ??= { files: 0, wire: 0, body: 0, decoded: 0 });
    total.files++;
    total.wire += file.wire;
    total.body += file.body;
    total.decoded += file.decoded;
  }
  return totals;
}
