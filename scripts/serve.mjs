#!/usr/bin/env node
// Serves the whole app locally on real parts: the local OpenID Connect provider, and the Worker
// (pages, API, D1, R2, Durable Objects) under `wrangler dev`. Used by `npm start`, `npm run dev`
// and the browser tests.
//
//   node scripts/serve.mjs [--port 8787] [--oidc-port 9090] [--persist-to DIR] [--fresh]
//                          [--no-seed] [--no-build] [--watch]
import { spawn, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, demoConsultants, demoParty } from './demo-data.mjs';
import { startOidcProvider } from './oidc-provider.mjs';
import { seed } from './seed.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    'oidc-port': { type: 'string', default: '9090' },
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
const persistTo = values['persist-to'];
const origin = `http://localhost:${port}`;
const persistArgs = persistTo ? ['--persist-to', persistTo] : [];
const children = [];

function run(command, args) {
  execFileSync(command, args, { stdio: ['ignore', values.quiet ? 'ignore' : 'inherit', 'inherit'] });
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
  if (values.fresh && persistTo) rmSync(persistTo, { recursive: true, force: true });
  run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', ...persistArgs]);
  if (!values['no-seed']) seed({ persistTo });
  if (values.watch) {
    run('npx', ['remix', 'vite:build']);
    children.push(spawn('npx', ['remix', 'vite:build', '--watch'], { stdio: 'inherit' }));
  } else if (!values['no-build']) {
    run('npx', ['remix', 'vite:build']);
  }

  const provider = await startOidcProvider({ port: oidcPort, appOrigins: [origin, `http://127.0.0.1:${port}`] });
  const wrangler = spawn(
    'npx',
    ['wrangler', 'dev', '--port', String(port), '--var', `OIDC_ISSUER:${provider.issuer}`, '--show-interactive-dev-session=false', ...persistArgs],
    { stdio: ['ignore', values.quiet ? 'ignore' : 'inherit', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  children.push(wrangler);
  wrangler.on('exit', (code) => {
    stopAll();
    void provider.close().finally(() => process.exit(code ?? 0));
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopAll();
      void provider.close().finally(() => process.exit(0));
    });
  }

  await waitFor(`${origin}/`, 120_000);
  const accounts = demoConsultants.map((c) => `    ${c.email.padEnd(18)} ${c.companyName ?? `${c.givenName} ${c.familyName}`} (${c.profiles.length} profile${c.profiles.length > 1 ? 's' : ''})`);
  console.log(
    [
      '',
      `  Salon is running at ${origin}`,
      '',
      `  Consultants sign in at ${origin}/login with the local provider (${provider.issuer}):`,
      ...accounts,
      `    password: ${DEMO_PASSWORD}`,
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
