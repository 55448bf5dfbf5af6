import { defineConfig, devices } from '@playwright/test';

import { resolveBrowser } from './scripts/browser.mjs';

// Own ports so a served app (8787/9090) can keep running; E2E_PORT and E2E_OIDC_PORT move them when
// two checkouts test side by side.
const PORT = Number(process.env.E2E_PORT ?? 8790);
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? 9091);
/** The local OpenID Connect provider of the served stack, where a test may sign in as the companion app does. */
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
// The Stream stand-in's port: any free one unless set (the Worker and the pages are told which).
const STREAM_PORT = Number(process.env.E2E_STREAM_PORT ?? 0);
/**
 * The mail catcher's web page, where the tests read the app's mails: beside the app's port, so two
 * checkouts testing side by side do not meet (E2E_MAIL_PORT moves it). Its SMTP port is any free one.
 */
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? PORT + 1000);
/** The older system's stand-in (import from an older account): beside the app's port, as the mail catcher's (E2E_OLDER_PORT moves it). */
export const OLDER_PORT = Number(process.env.E2E_OLDER_PORT ?? PORT + 2000);
/** Chromium's flags for every test (stack notes: root needs no sandbox, and this machine has no outside network). */
export const BROWSER_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Browser tests in Chromium (the system's, else the one npm ships: scripts/browser.mjs) against the
 * app served as `npm start` serves it (wrangler dev with the local OpenID Connect provider, the
 * Stream stand-in and the mail catcher), on its own ports and a fresh local database.
 */
export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  // One retry: a test that fails and then passes is reported as flaky (npm test names it at the
  // end, after the first attempt's failure and what its pages went through), never passed silently.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: resolveBrowser().path,
      args: BROWSER_ARGS,
    },
    trace: 'retain-on-failure',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node scripts/serve.mjs --port ${PORT} --oidc-port ${OIDC_PORT} --stream-port ${STREAM_PORT} --smtp-port 0 --mail-port ${MAIL_PORT} --older-port ${OLDER_PORT} --metrics-port 0 --persist-to .wrangler/e2e --fresh --no-seed --no-build --quiet`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stderr: 'pipe',
  },
});
