#!/usr/bin/env node
// Serves the whole app locally on real parts: the local OpenID Connect provider, the local stand-in
// for Cloudflare Stream (video to HLS with ffmpeg), the local mail catcher (SMTP, and a page with
// every mail sent), and the Worker (pages, API, D1, R2, Durable Objects) under `wrangler dev`. Used
// by `npm start`, `npm run dev` and the browser tests.
//
//   node scripts/serve.mjs [--port 8787] [--oidc-port 9090] [--stream-port 9092] [--smtp-port 1025]
//                          [--mail-port 1080] [--older-port 9094] [--metrics-port 9096] [--persist-to DIR] [--fresh] [--no-seed] [--no-build] [--watch]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, watch } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, demoConsultants, demoParty } from './demo-data.mjs';
import { startOidcProvider } from './oidc-provider.mjs';
import { seed } from './seed.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { startMetricsServer } from './metrics-server.mjs';
import { LOCAL_STREAM_ACCOUNT, startStreamServer } from './stream-server.mjs';
import { OLDER_DEMO_EMAIL, OLDER_PASSWORD_CHANGE_EMAIL, startOlderSystem } from './older-system.mjs';
import { ensureVapidKeys } from './vapid-keys.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'oidc-port': { type: 'string', default: '9090' },
    // 0: any free port (the Worker is told the real one).
    'stream-port': { type: 'string', default: '9092' },
    // The mail catcher's SMTP and web ports; 0: any free port (the Worker is told the real one).
    'smtp-port': { type: 'string', default: '1025' },
    'mail-port': { type: 'string', default: '1080' },
    // The older system's stand-in (import from an older account); 0: any free port.
    'older-port': { type: 'string', default: '9094' },
    // The Analytics Engine stand-in (the operator's counters, ADR 063); 0: any free port.
    'metrics-port': { type: 'string', default: '9096' },
    'persist-to': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'no-seed': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    watch: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
const oidcPort = Number(values['oidc-port']);
const streamPort = Number(values['stream-port']);
const smtpPort = Number(values['smtp-port']);
const mailPort = Number(values['mail-port']);
const olderPort = Number(values['older-port']);
const metricsPort = Number(values['metrics-port']);
const persistTo = values['persist-to'];
const origin = `http://localhost:${port}`;
const persistArgs = persistTo ? ['--persist-to', persistTo] : [];
const children = [];

// The project's own binaries, without npx in between (it adds a process and npm's own warnings).
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

// Left alone, wrangler fetches Request.cf from workers.cloudflare.com at every start (offline: an
// error with a stack trace that reads like a failure), checks npm for a newer wrangler (one that
// would not run on Node 20) and talks about telemetry. Locally the placeholder Request.cf does; the
// app reads none of it. A variable set by the caller still wins.
const wranglerEnv = {
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  ...process.env,
  FORCE_COLOR: '0',
};

/** A setup step: one line when it works, its whole output when it does not. */
function run(label, command, args) {
  if (!values.quiet) process.stdout.write(`  ${label} … `);
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: wranglerEnv });
  if (result.status !== 0) {
    if (!values.quiet) console.log('failed');
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}`);
    throw new Error(`${label} failed (exit ${result.status})`);
  }
  if (!values.quiet) console.log('done');
}

/**
 * `npm run dev`: rebuilds whenever the app's sources change (Remix's vite:build has no watch mode);
 * wrangler dev picks the new build up by itself. Changes that land during a build start one more.
 */
function rebuildOnChange() {
  let timer;
  let building = false;
  let again = false;
  const rebuild = () => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    let output = '';
    const build = spawn(bin('remix'), ['vite:build'], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(build);
    build.stdout.on('data', (chunk) => (output += chunk));
    build.stderr.on('data', (chunk) => (output += chunk));
    build.on('exit', (code, signal) => {
      children.splice(children.indexOf(build), 1);
      building = false;
      if (signal) return;
      if (code === 0) console.log('  Rebuilt the app.');
      else console.error(`  Building the app failed:\n${output}`);
      if (again) {
        again = false;
        rebuild();
      }
    });
  };
  for (const folder of ['app', 'public']) {
    watch(folder, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(rebuild, 300);
    });
  }
}

// Children stay in this process's group, so whoever stops the group (a terminal's Ctrl-C, a test
// runner) stops wrangler's workerd too; a plain SIGTERM to this process is passed on.
function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}

/** Fails at once when a port is taken, instead of waiting for a server that is not ours. */
function ensureFree(portNumber) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`Port ${portNumber} is already in use. Is another Salon still running?`)));
    probe.listen(portNumber, '127.0.0.1', () => probe.close(resolve));
  });
}

async function waitFor(url, timeoutMs) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up in ${timeoutMs / 1000} s`);
}

async function main() {
  await ensureFree(port);
  await ensureFree(oidcPort);
  await ensureFree(streamPort);
  await ensureFree(smtpPort);
  await ensureFree(mailPort);
  if (olderPort) await ensureFree(olderPort);
  if (metricsPort) await ensureFree(metricsPort);
  if (values.fresh && persistTo) rmSync(persistTo, { recursive: true, force: true });
  if (ensureVapidKeys(fileURLToPath(new URL('../.dev.vars', import.meta.url)))) console.log('  Made a Web Push (VAPID) key pair in .dev.vars.');
  run('Applying the database migrations', bin('wrangler'), ['d1', 'migrations', 'apply', 'DB', '--local', ...persistArgs]);
  if (!values['no-seed']) {
    if (!values.quiet) process.stdout.write('  Adding the demo data … ');
    seed({ persistTo });
    if (!values.quiet) console.log('done');
  }
  if (values.watch || !values['no-build']) run('Building the app', bin('remix'), ['vite:build']);
  if (values.watch) rebuildOnChange();

  const appOrigins = [origin, `http://127.0.0.1:${port}`];
  const provider = await startOidcProvider({ port: oidcPort, appOrigins });
  let stream;
  let mail;
  let older;
  let metrics;
  try {
    stream = await startStreamServer({ port: streamPort, appOrigins, dataDir: persistTo ? join(persistTo, 'stream') : undefined });
    mail = await startMailCatcher({ smtpPort, webPort: mailPort });
    older = await startOlderSystem({ port: olderPort });
    metrics = await startMetricsServer({ port: metricsPort });
  } catch (error) {
    await Promise.all([provider.close(), stream?.close(), mail?.close(), older?.close()]);
    throw error;
  }
  const closeServers = () => Promise.all([provider.close(), stream.close(), mail.close(), older.close(), metrics.close()]);
  // miniflare drops Analytics Engine's data points: the same points go to the stand-in, which the operator page reads.
  const metricsVars = [
    `METRICS_LOCAL_URL:${metrics.url}`,
    `ANALYTICS_API_BASE:${metrics.apiBase}`,
    `ANALYTICS_API_TOKEN:${metrics.token}`,
    `ANALYTICS_ACCOUNT_ID:${metrics.account}`,
  ];
  // The stand-in's token is a fixed local dummy; the signing secret is new on every start (the
  // signed URLs it protects live for minutes), and so is the playback signing key the stand-in made.
  const streamVars = [
    `STREAM_API_BASE:${stream.apiBase}`,
    `STREAM_ACCOUNT_ID:${LOCAL_STREAM_ACCOUNT}`,
    `STREAM_API_TOKEN:${stream.token}`,
    `MEDIA_URL_SECRET:${randomBytes(32).toString('base64url')}`,
    `STREAM_SIGNING_KEY_ID:${stream.signingKey.id}`,
    `STREAM_SIGNING_KEY:${stream.signingKey.jwk}`,
  ];
  // The catcher's real SMTP port (the one asked for, or a free one) and its fixed local login.
  const mailVars = [`SMTP_HOST:127.0.0.1`, `SMTP_PORT:${mail.smtpPort}`, `SMTP_USER:${mail.user}`, `SMTP_PASSWORD:${mail.password}`];
  // --test-scheduled: the cron handler answers at /__scheduled (instead of a warning that it does
  // not run by itself locally).
  const wrangler = spawn(
    bin('wrangler'),
    [
      'dev',
      '--port',
      String(port),
      '--var',
      `OIDC_ISSUER:${provider.issuer}`,
      '--var',
      `OLDER_SYSTEM_URL:${older.url}`,
      // Signs guests' socket tickets, which live a minute (ADR 047): new on every start.
      '--var',
      `SOCKET_TICKET_SECRET:${randomBytes(32).toString('base64url')}`,
      ...[...streamVars, ...mailVars, ...metricsVars].flatMap((v) => ['--var', v]),
      '--show-interactive-dev-session=false',
      '--test-scheduled',
      ...persistArgs,
    ],
    { stdio: ['ignore', values.quiet ? 'ignore' : 'inherit', 'inherit'], env: wranglerEnv },
  );
  children.push(wrangler);
  wrangler.on('exit', (code) => {
    stopAll();
    void closeServers().finally(() => process.exit(code ?? 0));
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopAll();
      void closeServers().finally(() => process.exit(0));
    });
  }

  await waitFor(`${origin}/`, 120_000);
  const accounts = demoConsultants.map(
    (c) => `    ${c.email.padEnd(18)} ${c.companyName ?? `${c.givenName} ${c.familyName}`} (${c.profiles.length} profile${c.profiles.length > 1 ? 's' : ''})`,
  );
  console.log(
    [
      '',
      `  Salon is running at ${origin}`,
      '',
      `  Consultants sign in at ${origin}/login with the local provider (${provider.issuer}):`,
      ...accounts,
      `    password: ${DEMO_PASSWORD}`,
      '',
      `  Videos convert to HLS in the local stand-in for Cloudflare Stream at ${stream.url}`,
      `    (${stream.ffmpeg})`,
      '',
      `  Every mail the app sends lands in the local mail catcher: ${mail.url}`,
      '',
      `  Older accounts to import (user menu → import) live in the older system's stand-in at ${older.url}:`,
      `    ${OLDER_DEMO_EMAIL} / ${DEMO_PASSWORD}; ${OLDER_PASSWORD_CHANGE_EMAIL} must change its password first`,
      '',
      `  Guests join the demo party at ${origin}/${demoParty.shortId}`,
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll();
  process.exit(1);
});
