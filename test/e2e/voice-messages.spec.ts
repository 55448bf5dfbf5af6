import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';
import { expect, test } from './diagnostics';
import { fakeMicrophone } from './fake-microphone';
import { SCREENS, hostParty, joinAs, settled } from './helpers';

/** Voice messages with Chromium's fake microphone, which the browser lets every page use (see fakeMicrophone). */
test.use(fakeMicrophone('allow'));

const dir = join(tmpdir(), 'salon-e2e-voice');
mkdirSync(dir, { recursive: true });
const manifest = JSON.parse(readFileSync('build/.vite/client-manifest.json', 'utf8')) as Record<string, { file: string }>;
/** What ffmpeg reads in a file: its streams, from the header it prints. */
const streamsOf = (file: string) => {
  try {
    execFileSync(resolveFfmpeg().path, ['-hide_banner', '-i', file], { stdio: 'pipe' });
  } catch (error) {
    // Without an output ffmpeg exits 1 after printing what it read.
    return String((error as { stderr: Buffer }).stderr);
  }
  return '';
};

test('a guest on a phone records a voice message; the manager sees it, plays it and answers with one', async ({ browser }) => {
  const { context, page: manager, link } = await hostParty(browser, 'Sprach-Party', { ...SCREENS.desktop });
  const guestContext = await browser.newContext({ ...SCREENS.phone, locale: 'de-DE' });
  const guest = await guestContext.newPage();
  await joinAs(guest, link, 'Vera');
  await settled(manager);

  // The voice button stands where the send button is while the field is empty, and only then.
  const input = guest.getByLabel('Nachricht', { exact: true });
  const record = guest.getByRole('button', { name: 'Sprachnachricht aufnehmen' });
  await expect(record).toBeVisible();
  await input.fill('Hallo');
  await expect(record).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Senden' })).toBeEnabled();
  await input.fill('');

  await record.click();
  const dialog = guest.getByRole('dialog', { name: 'Sprachnachricht' });
  await expect(dialog.getByTestId('voice-dialog-state')).toHaveAttribute('data-state', 'recording');
  await expect(dialog.getByRole('status')).toHaveText('Aufnahme läuft');
  await expect(dialog.getByTestId('voice-elapsed')).toHaveText('0:02', { timeout: 5000 });
  await guest.screenshot({ path: 'test-results/voice/recording-phone.png' });
  await dialog.getByRole('button', { name: 'Beenden und senden' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });

  // The manager's bubble: a player with the length, loaded from the party's file.
  const sent = manager.getByTestId('message').filter({ has: manager.getByTestId('audio-message') });
  await expect(sent).toHaveCount(1);
  const play = sent.getByRole('button', { name: 'Sprachnachricht von Vera Gast abspielen' });
  await expect(play).toBeVisible();
  await expect(sent.getByTestId('audio-duration')).toHaveText(/^0:0[2-4]$/);
  const audio = sent.getByTestId('audio-element');
  expect(await audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(1.5);
  // What was stored is what every browser plays: MP3 here (Chromium on Linux records Opus only and has no AAC encoder).
  const source = await audio.evaluate((element: HTMLAudioElement) => element.currentSrc);
  const response = await manager.request.get(source);
  expect(response.headers()['content-type']).toBe('audio/mpeg');
  await manager.screenshot({ path: 'test-results/voice/message-desktop.png' });

  await play.click();
  await expect(sent.getByRole('button', { name: 'Sprachnachricht von Vera Gast anhalten' })).toBeVisible();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 5000 }).toBeGreaterThan(0.5);
  expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
  await expect(sent.getByTestId('audio-current')).not.toHaveText('0:00');
  await sent.getByRole('button', { name: 'Sprachnachricht von Vera Gast anhalten' }).click();
  await expect(play).toBeVisible();

  // The position is a slider the keyboard moves: Home to the start, End to the end.
  const position = sent.getByRole('slider', { name: 'Wiedergabeposition: Sprachnachricht von Vera Gast' });
  await position.focus();
  await position.press('Home');
  expect(await audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBe(0);
  await expect(position).toHaveAttribute('aria-valuetext', /^0:00 von 0:0[2-4]$/);
  await position.press('ArrowRight');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(1.5);

  // The manager answers with a voice message of her own, from the desktop; Escape would cancel.
  await manager.getByRole('button', { name: 'Sprachnachricht aufnehmen' }).click();
  const managerDialog = manager.getByRole('dialog', { name: 'Sprachnachricht' });
  const stopAndSend = managerDialog.getByRole('button', { name: 'Beenden und senden' });
  await expect(stopAndSend).toBeFocused();
  await expect(managerDialog.getByTestId('voice-elapsed')).toHaveText('0:01', { timeout: 5000 });
  await manager.screenshot({ path: 'test-results/voice/recording-desktop.png' });
  await manager.keyboard.press('Enter');
  await expect(managerDialog).toHaveCount(0, { timeout: 20_000 });

  // The guest sees both messages with their players, on the phone.
  const players = guest.getByTestId('message').filter({ has: guest.getByTestId('audio-message') });
  await expect(players).toHaveCount(2);
  await expect(players.first().getByTestId('audio-duration')).toHaveText(/^0:0[2-4]$/);
  await expect(players.last().getByRole('button', { name: 'Sprachnachricht von Anna Becker abspielen' })).toBeVisible();
  await expect(players.last().getByTestId('audio-duration')).toHaveText(/^0:0[1-3]$/);
  await guest.screenshot({ path: 'test-results/voice/message-phone.png' });

  await guestContext.close();
  await context.close();
});

test('an AAC recording (what Safari and Chrome on Android record) is kept as AAC, only rewritten as a plain M4A that plays', async ({ page }) => {
  // What those recorders make: AAC in an MP4 container, here made by ffmpeg.
  const recorded = join(dir, 'recorded-aac.m4a');
  execFileSync(
    resolveFfmpeg().path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=3',
      '-ac',
      '1',
      '-ar',
      '48000',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      recorded,
    ],
    { stdio: 'pipe' },
  );
  await page.goto('/');
  const result = await page.evaluate(
    async ({ module, bytes }) => {
      const { playableVoice } = await import(module);
      const input = new Blob([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], { type: 'audio/mp4' });
      const file = await playableVoice(input);
      const audio = new Audio(URL.createObjectURL(file.blob));
      await new Promise((resolve, reject) => {
        audio.onloadedmetadata = resolve;
        audio.onerror = () => reject(new Error('the file does not play'));
      });
      const out = new Uint8Array(await file.blob.arrayBuffer());
      // This Chromium cannot encode AAC (no AudioEncoder for it): AAC out means AAC copied.
      const canEncodeAac =
        typeof AudioEncoder !== 'undefined' &&
        (await AudioEncoder.isConfigSupported({ codec: 'mp4a.40.2', sampleRate: 48_000, numberOfChannels: 1 })).supported === true;
      return {
        contentType: file.contentType,
        extension: file.extension,
        duration: audio.duration,
        canEncodeAac,
        bytes: btoa(Array.from(out, (b) => String.fromCharCode(b)).join('')),
      };
    },
    { module: `/${manifest['app/lib/voice-recorder.ts']!.file}`, bytes: readFileSync(recorded).toString('base64') },
  );
  expect(result).toMatchObject({ contentType: 'audio/mp4', extension: 'm4a', canEncodeAac: false });
  expect(result.duration).toBeGreaterThan(2.8);
  expect(result.duration).toBeLessThan(3.3);
  const written = join(dir, 'written.m4a');
  writeFileSync(written, Buffer.from(result.bytes, 'base64'));
  const streams = streamsOf(written);
  expect(streams).toMatch(/Audio: aac \(LC\)/);
  expect(streams).toMatch(/major_brand\s*: (isom|mp42|M4A)/);
  expect(streams).not.toMatch(/Video:/);
});

test('an Opus recording (what Chromium and Firefox record) becomes an MP3 through the WebAssembly encoder, under the page policy', async ({ page }) => {
  // The MP3 encoder (LAME) is WebAssembly in a worker started from a blob: URL: the page's
  // Content-Security-Policy allows both (worker/http/page-headers.ts), and the diagnostics fail the
  // test on anything it blocks.
  const recorded = join(dir, 'recorded-opus.webm');
  execFileSync(
    resolveFfmpeg().path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=3',
      '-ac',
      '1',
      '-ar',
      '48000',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      recorded,
    ],
    { stdio: 'pipe' },
  );
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("'wasm-unsafe-eval'");
  const result = await page.evaluate(
    async ({ module, bytes }) => {
      const { playableVoice } = await import(module);
      const file = await playableVoice(new Blob([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], { type: 'audio/webm' }));
      const audio = new Audio(URL.createObjectURL(file.blob));
      await new Promise((resolve, reject) => {
        audio.onloadedmetadata = resolve;
        audio.onerror = () => reject(new Error('the file does not play'));
      });
      return { contentType: file.contentType, extension: file.extension, duration: audio.duration };
    },
    { module: `/${manifest['app/lib/voice-recorder.ts']!.file}`, bytes: readFileSync(recorded).toString('base64') },
  );
  expect(result).toMatchObject({ contentType: 'audio/mpeg', extension: 'mp3' });
  expect(result.duration).toBeGreaterThan(2.5);
});
