// A guest's phone during a join storm: the party page, opened by a joined guest in Chromium with
// the CPU slowed 4× (as Lighthouse's mobile preset, first-load.mjs and template-editor.mjs slow it),
// stays open while G new guests join through the bench client (join-storm.mjs). The page's long
// tasks (PerformanceObserver, collected afterwards) give the longest task and the total blocking
// time (each task's time beyond 50 ms) during the storm, beside the same page left alone as long
// before it.
import { resolveBrowser } from '../../scripts/browser.mjs';
import { joinStorm, stormParty } from './join-storm.mjs';
import { sleep } from './stats.mjs';

/** Runs in the page before its own scripts: every long task, on the page's clock. */
const LONG_TASKS = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

/** Longest task, total blocking time and count of the long tasks that began in [from, to). */
function blocking(tasks, from, to) {
  const within = tasks.filter((task) => task.start >= from && task.start < to);
  return {
    longestMs: Math.max(0, ...within.map((task) => task.duration)),
    blockingMs: within.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    tasks: within.length,
  };
}

const pageNow = (page) => page.evaluate(() => performance.now());

export async function phoneStorm({ salon, base, guests, spreadMs, timeoutMs, idleMs, pid }) {
  const room = await stormParty(salon, { title: 'Bench phone' });
  const { party } = room;
  await salon.request(`/bench/fill/${party.id}?count=60`, { method: 'POST' });
  const guest = await salon.joinGuest(party.id, 'phone');
  // The page's guest is a member, and online once her page has joined.
  room.members += 1;
  room.online += 1;
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'de-DE' });
    await context.addCookies([{ name: 'salon_guest', value: `${guest.guestId}.${guest.secretKey}`, domain: new URL(base).hostname, path: '/' }]);
    const page = await context.newPage();
    await page.addInitScript(LONG_TASKS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}/${party.shortId}`, { waitUntil: 'load' });
    await page.locator('[role="log"] li').first().waitFor({ timeout: 120_000 });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    const idleFrom = await pageNow(page);
    await sleep(idleMs);
    const stormFrom = await pageNow(page);
    let stormTo = Number.NaN;
    const storm = await joinStorm({
      salon,
      guests,
      spreadMs,
      timeoutMs,
      pid,
      room,
      beforeClose: async () => {
        // A second more: what the page still had to do with the storm's last frames.
        await sleep(1000);
        stormTo = await pageNow(page);
      },
    });
    const tasks = await page.evaluate(() => window.__longTasks);
    return {
      guests,
      storm,
      stormMs: stormTo - stormFrom,
      idleMs: stormFrom - idleFrom,
      idle: blocking(tasks, idleFrom, stormFrom),
      during: blocking(tasks, stormFrom, stormTo),
    };
  } finally {
    await browser.close();
  }
}
