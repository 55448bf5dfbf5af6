import { resolveBrowser } from '../../scripts/browser.mjs';
import { BROWSER_ARGS } from '../../playwright.config';
import { measureWatching } from '../bench/load-probe.mjs';
import { expect, test } from './diagnostics';
import { SCREENS, phoneContext, sendProductCard, settled, signIn } from './helpers';

/**
 * A guest's phone watching a live show (issue 44's goal, ADR 060): counted as the party page's load
 * is (party-load.spec.ts, test/bench/load-probe.mjs), in the page with PerformanceObserver while the
 * CPU runs 4× slower, from her page's load through ten seconds of the video while the chat goes on
 * (a message a second, a product card among them): no long task of the page's own over 200 ms. A CPU
 * profile beside it names what ran in the longest busy stretches, for the failure message.
 * Playwright's trace is off here: its DOM snapshots run in the page as long tasks of their own.
 */
const LONGEST_TASK_MS = 200;

test.use({
  trace: 'off',
  launchOptions: {
    executablePath: resolveBrowser().path,
    args: [...BROWSER_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
});

test("a guest's phone watching a show (4× CPU): no long task of the page's own over 200 ms, from her page's load through ten seconds of the video", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const consultantContext = await browser.newContext({ ...SCREENS.desktop, locale: 'de-DE', permissions: ['camera', 'microphone'] });
  const consultant = await consultantContext.newPage();
  await signIn(consultant, 'anna@salon.test');
  const party = await (await consultant.request.post('/api/parties', { headers: { Origin: base }, data: { title: 'Live-Ladezeit' } })).json();
  const link = `/${party.shortId}`;
  await consultant.goto(link);
  await settled(consultant);
  await consultant.getByRole('button', { name: 'Live gehen' }).click();
  await consultant.getByRole('button', { name: 'Live-Show starten' }).click();
  await expect(consultant.getByTestId('live-you-are-live')).toBeVisible({ timeout: 20_000 });

  const guestContext = await phoneContext(browser, 'de-DE');
  await guestContext.request.put(`/api/parties/${party.id}/join`, { headers: { Origin: base }, data: { firstName: 'Lena', lastName: 'Gast' } });
  const guest = await guestContext.newPage();
  // While she watches, the chat goes on: a message every second from the consultant, a card among them.
  let chatting = true;
  const chat = (async () => {
    await expect(consultant.getByTestId('live-watching')).toHaveText('1 schaut zu', { timeout: 60_000 });
    for (let i = 1; chatting; i++) {
      if (i === 3) await sendProductCard(consultant.request, base, party.id, 'Rosenblüten-Creme');
      else await consultant.request.post(`/api/parties/${party.id}/chat`, { headers: { Origin: base }, data: { message: `Schaut mal, Nummer ${i}` } });
      await consultant.waitForTimeout(1000);
    }
  })();
  const watched = await measureWatching(guest, link, { watchMs: 10_000 });
  chatting = false;
  await chat;
  test.info().annotations.push({
    type: 'watching',
    description: `longest task ${Math.round(watched.longest)} ms (load ${Math.round(watched.longestLoading)}, playing ${Math.round(watched.longestPlaying)}); ${watched.videoFrames} video frames shown in ${watched.watchMs} ms at 4× CPU\n${watched.described}`,
  });
  console.log(
    `live watching at 4× CPU: longest task ${Math.round(watched.longest)} ms (until playing ${Math.round(watched.longestLoading)}, while playing ${Math.round(watched.longestPlaying)}); ${watched.videoFrames} frames in ${watched.watchMs} ms\n${watched.described}`,
  );
  expect(watched.videoFrames, 'the video played while she watched').toBeGreaterThan(20);
  expect(watched.longest, `the longest task of the page's own while she loads and watches at 4× CPU\n${watched.described}`).toBeLessThanOrEqual(
    LONGEST_TASK_MS,
  );

  await consultant.getByRole('button', { name: 'Live-Show beenden' }).click();
  await guestContext.close();
  await consultantContext.close();
});
