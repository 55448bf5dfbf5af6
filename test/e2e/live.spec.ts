import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { BROWSER_ARGS } from '../../playwright.config';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, joinAs, phoneContext, sendProductCard, settled, signIn } from './helpers';

/**
 * Live video in the party (issue 44, ADR 060) in Chromium with a fake camera and microphone, against
 * the Stream stand-in's WHIP, WHEP and HLS (scripts/stream-live.mjs): the consultant goes live from
 * a phone-sized page; a guest on a phone and one at a desktop see the frames advance (the picture
 * changes between two samples) and hear sound (an analyser reads signal); a third joins late and
 * plays from the live edge; the consultant stops; the replay message comes and plays.
 */

const SHOTS = 'test-results/live';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.use({
  launchOptions: {
    executablePath: resolveBrowser().path,
    args: [...BROWSER_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'],
  },
});

/** Two samples of the live video's picture a little apart differ: frames advance. */
async function framesAdvance(page: Page): Promise<boolean> {
  return page.getByTestId('live-video').evaluate(async (element: HTMLVideoElement) => {
    const sample = () => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 36;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(element, 0, 0, canvas.width, canvas.height);
      return context.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    if (element.videoWidth === 0) return false;
    const first = sample();
    await new Promise((resolve) => setTimeout(resolve, 700));
    const second = sample();
    let changed = 0;
    for (let i = 0; i < first.length; i += 4) if (Math.abs(first[i]! - second[i]!) > 8) changed++;
    return changed > 20;
  });
}

/** The loudest sample an analyser reads from the live video's sound within three seconds. */
async function loudness(page: Page): Promise<number> {
  return page.getByTestId('live-video').evaluate(async (element: HTMLVideoElement & { captureStream(): MediaStream }) => {
    const stream = (element.srcObject as MediaStream | null) ?? element.captureStream();
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let peak = 0;
    for (let i = 0; i < 30; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      analyser.getFloatTimeDomainData(samples);
      for (const value of samples) peak = Math.max(peak, Math.abs(value));
    }
    await context.close();
    return peak;
  });
}

test('the consultant goes live from her phone; guests on a phone and a desktop watch and hear it, one joins late; the replay follows', async ({ browser }) => {
  test.setTimeout(180_000);
  const consultantContext = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE', permissions: ['camera', 'microphone'] });
  const consultant = await consultantContext.newPage();
  await signIn(consultant, 'anna@salon.test');
  const link = await createParty(consultant, 'Live-Kochparty');
  await consultant.goto(link);
  await settled(consultant);

  const phoneGuest = await (await phoneContext(browser, 'de-DE')).newPage();
  await joinAs(phoneGuest, link, 'Maria', 'Klein');
  const desktopGuest = await (await browser.newContext({ ...SCREENS.desktop, locale: 'en-GB' })).newPage();
  await desktopGuest.goto(link);
  await desktopGuest.getByLabel('First name').fill('Tom');
  await desktopGuest.getByLabel('Last name').fill('Berg');
  await desktopGuest.getByRole('button', { name: 'Join the party' }).click();
  await expect(desktopGuest.getByRole('dialog')).toHaveCount(0);
  // No guest's page loads the live player while no show is on (ADR 051).
  await expect(phoneGuest.getByTestId('live-stage')).toHaveCount(0);

  // Her camera's preview first, then she goes live.
  await consultant.getByRole('button', { name: 'Live gehen' }).click();
  const stage = consultant.getByTestId('live-stage');
  await expect(stage.getByTestId('live-preview')).toBeVisible();
  await expect.poll(() => stage.getByTestId('live-preview').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  await consultant.screenshot({ path: `${SHOTS}/consultant-preview-phone.png` });
  // The manager may let the host go live too: the room's word comes back to the box.
  const hostsMay = stage.getByLabel('Die Gastgeberin darf auch live gehen');
  await hostsMay.click();
  await expect(hostsMay).toBeChecked();
  await stage.getByRole('button', { name: 'Live-Show starten' }).click();
  await expect(stage.getByTestId('live-you-are-live')).toHaveText('Du bist live', { timeout: 20_000 });

  // Both guests watch: the picture moves and there is sound; each page counts as watching.
  for (const guest of [phoneGuest, desktopGuest]) {
    await expect(guest.getByTestId('live-video')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => framesAdvance(guest), { timeout: 20_000 }).toBe(true);
    expect(await loudness(guest)).toBeGreaterThan(0.05);
  }
  await expect(stage.getByTestId('live-watching')).toHaveText('2 schauen zu');
  await expect(phoneGuest.getByTestId('live-badge')).toHaveText('LIVE');
  await expect(phoneGuest.getByText(/^Anna .+ ist live$/)).toBeVisible();
  // The chat goes on under the video: the phone's input stays on screen.
  await phoneGuest.getByRole('textbox', { name: 'Nachricht' }).fill('Sieht lecker aus!');
  await phoneGuest.getByRole('button', { name: 'Senden' }).click();
  await expect(consultant.getByTestId('message').filter({ hasText: 'Sieht lecker aus!' })).toBeVisible();
  await expect(phoneGuest.getByRole('textbox', { name: 'Nachricht' })).toBeInViewport();
  // Muted until a tap (autoplay rules).
  await expect(phoneGuest.getByTestId('live-unmute')).toBeVisible();
  await phoneGuest.getByTestId('live-unmute').click();
  await expect(phoneGuest.getByTestId('live-unmute')).toHaveCount(0);
  await phoneGuest.screenshot({ path: `${SHOTS}/guest-watching-phone.png` });
  // On a phone the strip folds away and opens again; the chat stays.
  await phoneGuest.getByTestId('live-fold').click();
  await expect(phoneGuest.getByTestId('live-video')).toBeHidden();
  await phoneGuest.getByTestId('live-fold').click();
  await expect(phoneGuest.getByTestId('live-video')).toBeVisible();
  await desktopGuest.screenshot({ path: `${SHOTS}/guest-watching-desktop.png` });
  await consultant.screenshot({ path: `${SHOTS}/consultant-live-phone.png` });

  // A third guest joins late and plays from the live edge.
  const late = await (await phoneContext(browser, 'de-DE')).newPage();
  await joinAs(late, link, 'Lena', 'Spät');
  await expect(late.getByTestId('live-video')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => framesAdvance(late), { timeout: 20_000 }).toBe(true);
  await expect(stage.getByTestId('live-watching')).toHaveText('3 schauen zu');

  // She stops: the show ends on every page, and the replay message comes and plays.
  await stage.getByRole('button', { name: 'Live-Show beenden' }).click();
  await expect(phoneGuest.getByTestId('live-stage')).toHaveCount(0, { timeout: 20_000 });
  await expect(consultant.getByTestId('live-stage')).toHaveCount(0);
  const replay = phoneGuest.getByTestId('message').filter({ hasText: 'Aufzeichnung der Live-Show' });
  await expect(replay).toBeVisible({ timeout: 60_000 });
  await expect(replay.getByTestId('chat-file')).toContainText('Video', { timeout: 60_000 });
  await replay.getByTestId('chat-file').click();
  await expect(phoneGuest.getByRole('dialog')).toBeVisible();
  const player = phoneGuest.getByRole('dialog').getByTestId('video-player');
  // Stream may still convert it: the viewer asks again until it plays.
  await expect
    .poll(
      () =>
        player.evaluate((element: HTMLVideoElement) => {
          element.muted = true;
          if (element.paused && element.currentSrc) void element.play().catch(() => {});
          return element.currentTime > 0.5;
        }),
      { timeout: 90_000 },
    )
    .toBe(true);
  await phoneGuest.screenshot({ path: `${SHOTS}/replay-phone.png` });
});

/** axe's WCAG 2 A/AA findings on the live stage alone (the rest of the party page is every-page's). */
async function stageViolations(page: Page, what: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="live-stage"]').withTags(AXE_TAGS).analyze();
  return violations.map(
    (violation) => `${what}: ${violation.id} [${violation.impact}] ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** `inner` lies wholly inside `outer` on the page, and both inside the screen. */
async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b, what).toBeTruthy();
  const viewport = inner.page().viewportSize()!;
  expect(
    a!.x >= b!.x - 1 && a!.y >= b!.y - 1 && a!.x + a!.width <= b!.x + b!.width + 1 && a!.y + a!.height <= b!.y + b!.height + 1,
    `${what}: ${JSON.stringify(a)} in ${JSON.stringify(b)}`,
  ).toBe(true);
  expect(b!.x >= 0 && b!.y >= 0 && b!.x + b!.width <= viewport.width && b!.y + b!.height <= viewport.height, `${what}: on screen ${JSON.stringify(b)}`).toBe(
    true,
  );
}

test('the host goes live from her party page once the manager allows it; a product card shows over the video; the stage passes axe on a phone and a desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  // The manager at a desktop in English; the host and a guest on phones in German.
  const managerContext = await browser.newContext({ ...SCREENS.desktop, locale: 'en-GB' });
  const manager = await managerContext.newPage();
  await signIn(manager, 'anna@salon.test');
  const party = await (await manager.request.post('/api/parties', { headers: { Origin: base }, data: { title: 'Live-Schmuckabend' } })).json();
  const link = `/${party.shortId}`;
  const hostContext = await phoneContext(browser, 'de-DE', { permissions: ['camera', 'microphone'] });
  const joined = await (
    await hostContext.request.put(`/api/parties/${party.id}/join`, { headers: { Origin: base }, data: { firstName: 'Eva', lastName: 'Stein' } })
  ).json();
  const makeHost = await manager.request.put(`/api/parties/${party.id}/host`, { headers: { Origin: base }, data: { guestId: joined.guestId } });
  expect(makeHost.status()).toBe(204);
  const host = await hostContext.newPage();
  await host.goto(link);
  await settled(host);
  const guest = await (await phoneContext(browser, 'de-DE')).newPage();
  await joinAs(guest, link, 'Maria', 'Klein');
  await manager.goto(link);
  await settled(manager);

  // Not allowed yet: no "Go live" for the host. The manager's word reaches her page at once.
  await expect(host.getByRole('button', { name: 'Live gehen' })).toHaveCount(0);
  const allowed = await manager.request.put(`/api/parties/${party.id}/live/hosts`, { headers: { Origin: base }, data: { allowed: true } });
  expect(allowed.ok()).toBe(true);
  await host.getByRole('button', { name: 'Live gehen' }).click();
  const stage = host.getByTestId('live-stage');
  await expect.poll(() => stage.getByTestId('live-preview').evaluate((video: HTMLVideoElement) => video.videoWidth)).toBeGreaterThan(0);
  // Only the manager decides for the host: the host's stage has no such box.
  await expect(stage.getByRole('checkbox')).toHaveCount(0);
  await stage.getByRole('button', { name: 'Live-Show starten' }).click();
  await expect(stage.getByTestId('live-you-are-live')).toHaveText('Du bist live', { timeout: 20_000 });
  // Her controls on her phone's screen, the chat's input too.
  for (const name of ['Live-Show beenden', 'Mikrofon stumm schalten', 'Kamera wechseln']) await expect(stage.getByRole('button', { name })).toBeInViewport();
  await expect(host.getByRole('textbox', { name: 'Nachricht' })).toBeInViewport();

  // The manager (desktop, beside the chat) and the guest (phone, above it) watch the host's show.
  for (const watcher of [manager, guest]) {
    await expect(watcher.getByTestId('live-video')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => framesAdvance(watcher), { timeout: 20_000 }).toBe(true);
  }
  await expect(manager.getByText('Eva Stein is live')).toBeVisible();
  await expect(guest.getByText('Eva Stein ist live')).toBeVisible();
  await expect(stage.getByTestId('live-watching')).toHaveText('2 schauen zu');
  await expect(manager.getByTestId('live-unmute')).toBeInViewport();
  // Beside the stage the desktop's chat keeps its room (the contents and the guests go into one column).
  expect((await manager.locator('#main').boundingBox())!.width, "the manager's chat beside the stage").toBeGreaterThan(600);
  await expect(manager.getByRole('textbox', { name: 'Message' })).toBeInViewport();
  await expect(guest.getByTestId('live-fold')).toBeInViewport();
  await expect(guest.getByRole('textbox', { name: 'Nachricht' })).toBeInViewport();

  const violations = [
    ...(await stageViolations(host, "the host's stage, live, phone, de")),
    ...(await stageViolations(guest, "a guest's stage, phone, de")),
    ...(await stageViolations(manager, "the manager's stage watching, desktop, en")),
  ];

  // A product card sent during the show: over the video on every watching page for a few seconds.
  await sendProductCard(manager.request, base, party.id, 'Silberkette Luna');
  for (const [watcher, screen] of [
    [guest, 'phone'],
    [manager, 'desktop'],
  ] as const) {
    const card = watcher.getByTestId('live-card');
    await expect(card).toHaveText('🛍️ Silberkette Luna');
    await expectInside(card, watcher.getByTestId('live-video'), `the card over the video (${screen})`);
    await watcher.screenshot({ path: `${SHOTS}/card-over-video-${screen}.png` });
  }
  violations.push(...(await stageViolations(guest, "a guest's stage with the card, phone, de")));
  // The card is in the chat too, and leaves the video after its few seconds.
  await expect(guest.getByTestId('message').filter({ hasText: 'Silberkette Luna' })).toBeVisible();
  await expect(guest.getByTestId('live-card')).toHaveCount(0, { timeout: 10_000 });
  await host.screenshot({ path: `${SHOTS}/host-live-phone.png` });
  await manager.screenshot({ path: `${SHOTS}/manager-watching-desktop.png` });
  expect(violations).toEqual([]);

  // She ends her show: it leaves every page.
  await stage.getByRole('button', { name: 'Live-Show beenden' }).click();
  await expect(manager.getByTestId('live-stage')).toHaveCount(0, { timeout: 20_000 });
  await expect(guest.getByTestId('live-stage')).toHaveCount(0);
  await expect(host.getByTestId('live-stage')).toHaveCount(0);
});
