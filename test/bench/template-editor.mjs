// The template editor with a large template: how soon a 200-message template's list is painted and
// the page can be used, and how long one reorder takes until the list shows it and until the server
// has answered, beside the same template at 10 messages and, for the move, the floor of one
// authenticated D1 write from the same page. In Chromium with the CPU slowed 4× (about a mid-range
// phone, as Lighthouse's mobile preset and profile.mjs do).
import { resolveBrowser } from '../../scripts/browser.mjs';
import { medianOf } from './stats.mjs';

/** What the page records from its first script on: hydration, long tasks and every key pressed. */
const PAGE_PROBE = () => {
  const probe = { hydratedAt: null, longTasks: [], keys: [], orderChangedAt: null, framedAt: null };
  window.__probe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('keydown', (event) => probe.keys.push({ key: event.key, at: performance.now() }), { capture: true });
  const hydrated = () => Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber$'));
  const watch = () => (hydrated() ? (probe.hydratedAt = performance.now()) : requestAnimationFrame(watch));
  requestAnimationFrame(watch);
};

/** Messages as a consultant writes them: a heading every 20, texts of one to three lines, some formatting. */
function messageAt(index) {
  if (index % 20 === 0) return { messageType: index % 40 === 0 ? 'heading' : 'heading2', message: `Teil ${index / 20 + 1}: Produkte und Angebote` };
  const lines = ['Schön, dass ihr *alle* da seid!', 'Heute zeige ich euch unsere _neue_ Kollektion.', 'Wer mag, schreibt mir gleich hier im Chat.'];
  return { messageType: 'text', message: `${index}. ${lines.slice(0, 1 + (index % 3)).join('\n')}` };
}

/** A template of the bench consultant's with `count` messages, filled through the API as the editor adds them. */
async function makeTemplate(salon, headers, count) {
  const { id } = await salon.request('/api/templates/create', { method: 'POST', headers, body: { title: `Bench ${count}` } });
  for (let index = 0; index < count; index++) await salon.request(`/api/templates/${id}/sendMessage`, { method: 'POST', headers, body: messageAt(index) });
  return id;
}

/** One opening of the editor and one keyboard move of the middle message one place down. */
async function measure(context, base, templateId) {
  const page = await context.newPage();
  await page.addInitScript(PAGE_PROBE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`${base}/templates/${templateId}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__probe.hydratedAt !== null);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  const open = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const probe = window.__probe;
    const loadTasks = probe.longTasks.filter((task) => task.start < probe.hydratedAt + 1000);
    return {
      htmlKb: navigation.decodedBodySize / 1024,
      ttfb: navigation.responseStart,
      // The list is rendered on the server: the first contentful paint shows its first rows.
      firstPaint: paint?.startTime ?? Number.NaN,
      hydrated: probe.hydratedAt,
      blocking: loadTasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longestTask: Math.max(0, ...loadTasks.map((task) => task.duration)),
      rows: document.querySelectorAll('[data-testid="template-row"]').length,
    };
  });

  if (open.rows === 0) throw new Error(`no template rows at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 200)}`);

  // The middle message one place down by the keyboard: Space lifts, ArrowDown, Space drops.
  const handles = page.getByTestId('drag-handle');
  const middle = Math.floor(open.rows / 2) - 1;
  await handles.nth(middle).focus();
  const longTasksBefore = await page.evaluate(() => window.__probe.longTasks.length);
  const announced = (words) => page.waitForFunction((text) => document.querySelector('[id^="DndLiveRegion"]')?.textContent?.includes(text), words);
  await page.keyboard.press('Space');
  await announced(`von ${open.rows}`);
  // The keyboard sensor listens for the arrows only from a timer after the lift: idle means it does.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  await page.keyboard.press('ArrowDown');
  await announced(`an Stelle ${middle + 2} von`);
  await page.evaluate(() => {
    const probe = window.__probe;
    new MutationObserver((_, observer) => {
      observer.disconnect();
      probe.orderChangedAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => (probe.framedAt = performance.now())));
    }).observe(document.querySelector('[data-testid="template-messages"]'), { childList: true });
  });
  const answered = page.waitForResponse((response) => response.url().includes('/moveMessage/'));
  await page.keyboard.press('Space');
  await answered;
  await page.waitForFunction(() => window.__probe.framedAt !== null);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
  const move = await page.evaluate((since) => {
    const probe = window.__probe;
    const drop = probe.keys.findLast((key) => key.key === ' ');
    const request = performance.getEntriesByType('resource').findLast((entry) => entry.name.includes('/moveMessage/'));
    const tasks = probe.longTasks.slice(since);
    return {
      shown: probe.framedAt - drop.at,
      answered: request.responseEnd - drop.at,
      request: request.responseEnd - request.startTime,
      blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
    };
  }, longTasksBefore);

  // The floor: one authenticated write of one D1 row (the title, unchanged) from the same page.
  const floor = await page.evaluate(async (id) => {
    const started = performance.now();
    const title = document.querySelector('h1')?.textContent ?? 'Bench';
    const response = await fetch(`/api/templates/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: title }),
    });
    await response.text();
    return performance.now() - started;
  }, templateId);
  await page.close();
  return { ...open, move, floor };
}

/**
 * Both templates are measured in turn, `runs` times each (which goes first alternates); the figures
 * are medians over runs. Answers one row per template.
 */
export async function templateEditor({ salon, base, runs, sizes = [10, 200] }) {
  const { chromium } = await import('@playwright/test');
  const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
  const headers = { Authorization: `Bearer ${accessToken}` };
  const templates = [];
  for (const size of sizes) templates.push({ size, id: await makeTemplate(salon, headers, size) });
  const chrome = await chromium.launch({
    executablePath: resolveBrowser().path,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const byId = new Map(templates.map((template) => [template.id, []]));
  try {
    const context = await chrome.newContext({ viewport: { width: 412, height: 823 }, locale: 'de-DE' });
    await context.addCookies([{ name: 'salon_at', value: accessToken, domain: new URL(base).hostname, path: '/' }]);
    // A first opening warms the Worker's and the browser's caches; it is not counted.
    await measure(context, base, templates[0].id);
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? templates : [...templates].reverse();
      for (const template of order) byId.get(template.id).push(await measure(context, base, template.id));
    }
  } finally {
    await chrome.close();
  }
  return templates.map(({ size, id }) => {
    const r = byId.get(id);
    return {
      size,
      rows: r[0].rows,
      htmlKb: medianOf(r, (x) => x.htmlKb),
      ttfb: medianOf(r, (x) => x.ttfb),
      firstPaint: medianOf(r, (x) => x.firstPaint),
      hydrated: medianOf(r, (x) => x.hydrated),
      blocking: medianOf(r, (x) => x.blocking),
      longestTask: medianOf(r, (x) => x.longestTask),
      moveShown: medianOf(r, (x) => x.move.shown),
      moveAnswered: medianOf(r, (x) => x.move.answered),
      moveRequest: medianOf(r, (x) => x.move.request),
      moveBlocking: medianOf(r, (x) => x.move.blocking),
      moveLongest: medianOf(r, (x) => x.move.longestTask),
      floor: medianOf(r, (x) => x.floor),
    };
  });
}
