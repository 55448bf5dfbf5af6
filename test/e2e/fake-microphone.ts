import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';

/**
 * Chromium's fake microphone, which plays a tone made here with the project's ffmpeg (the browser
 * needs the file when it starts, hence at load: pass these to `test.use`). Only the fake device,
 * not the fake permission prompt: each page's microphone permission is then its context's, so a
 * page that was not given it really is refused by the browser.
 */
export function fakeMicrophone() {
  const dir = join(tmpdir(), 'salon-e2e-voice');
  mkdirSync(dir, { recursive: true });
  const tone = join(dir, 'tone.wav');
  execFileSync(resolveFfmpeg().path, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8', '-ac', '1', '-ar', '48000', tone], { stdio: 'pipe' });
  return {
    launchOptions: {
      executablePath: resolveBrowser().path,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${tone}`],
    },
  };
}
