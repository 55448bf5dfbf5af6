import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_ARGS } from '../../playwright.config';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { resolveFfmpeg } from '../../scripts/ffmpeg.mjs';

/**
 * Chromium's fake microphone, which plays a tone made here with the project's ffmpeg (the browser
 * needs the file when it starts, hence at load: pass these to `test.use`), and Chromium's fake
 * permission prompt, which answers every page's request with `answer`.
 *
 * The prompt has to be the fake one: the npm-shipped Chromium is a headless shell, which has no
 * permission prompt at all, so without it every getUserMedia fails with NotSupportedError (what a
 * browser that cannot record says), whatever permissions the context was given. `deny` makes the
 * browser itself refuse (NotAllowedError, as when a person says no); it needs a browser of its own.
 */
export function fakeMicrophone(answer: 'allow' | 'deny' = 'allow') {
  const dir = join(tmpdir(), 'salon-e2e-voice');
  mkdirSync(dir, { recursive: true });
  const tone = join(dir, 'tone.wav');
  execFileSync(
    resolveFfmpeg().path,
    ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=8', '-ac', '1', '-ar', '48000', tone],
    { stdio: 'pipe' },
  );
  return {
    launchOptions: {
      executablePath: resolveBrowser().path,
      args: [
        ...BROWSER_ARGS,
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${tone}`,
        answer === 'allow' ? '--use-fake-ui-for-media-stream' : '--use-fake-ui-for-media-stream=deny',
      ],
    },
  };
}
