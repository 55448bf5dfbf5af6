import type { Page } from '@playwright/test';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { BROWSER_ARGS } from '../../playwright.config';
import { expect, test } from './diagnostics';
import { SCREENS, createParty, joinAs, phoneContext, settled, signIn } from './helpers';

/**
 * Live video in the party (issue 44, ADR 060) in Chromium with a fake camera and microphone, against
 * the Stream stand-in's WHIP, WHEP and HLS (scripts/stream-live.mjs): the consultant goes live from
 * a phone-sized page; a guest on a phone and one at a desktop see the frames advance (the picture
 * changes between two samples) and hear sound (an analyser reads signal); a third joins late and
 * plays from the live edge; the consultant stops; the replay message comes and plays.
 */

const SHOTS = 'test-results/live';

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
