#!/usr/bin/env node
// Starts the bench Worker (test/bench/wrangler.bench.toml) under wrangler's dev runtime, in its own
// process so the load generator never shares an event loop with it. Prints one JSON line:
//   {"proxied":"http://127.0.0.1:8800","direct":"http://127.0.0.1:<port>"}
// `proxied` is wrangler dev's port (a proxy Worker in a second workerd process); `direct` is
// Miniflare's own socket in the workerd that runs the app and its Durable Objects.
// With --inspector-port, also "inspector": wrangler's DevTools proxy for the app's isolate
// (profile.mjs takes CPU profiles through it). Stops on SIGTERM/SIGINT or when stdin closes.
//
// With --var NAME:VALUE (repeatable), also those variables (the Stream stand-in's address and keys).
//
//   node test/bench/serve.mjs --port 8800 --persist-to .wrangler/bench/state [--inspector-port 9300] [--var NAME:VALUE ...]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { unstable_DevEnv as DevEnv } from 'wrangler';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8800' },
    'persist-to': { type: 'string', default: '.wrangler/bench/state' },
    'inspector-port': { type: 'string' },
    var: { type: 'string', multiple: true, default: [] },
  },
});
const vars = Object.fromEntries(values.var.map((pair) => [pair.slice(0, pair.indexOf(':')), { type: 'plain_text', value: pair.slice(pair.indexOf(':') + 1) }]));
// Guests' socket tickets (ADR 047), as `npm start` has them: a new secret on every start.
vars.SOCKET_TICKET_SECRET ??= { type: 'plain_text', value: randomBytes(32).toString('base64url') };

// No fetch of Request.cf from workers.cloudflare.com (an error and a stack trace in the server log
// offline); the placeholder does, as for npm start (scripts/serve.mjs).
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';
const devEnv = new DevEnv();
// The runtime announces its own URL to the proxy once it has loaded the Worker; keep it. wrangler
// always watches the bundle's sources: an edit during a bench reloads the Worker on a new direct
// port, which is announced as {"reloaded": ...} so the bench can stop instead of measuring nothing.
let loaded = false;
const direct = new Promise((resolve) => {
  const dispatch = devEnv.dispatch.bind(devEnv);
  devEnv.dispatch = (event) => {
    if (event.type === 'reloadComplete') {
      const { protocol, hostname, port } = event.proxyData.userWorkerUrl;
      const url = `${protocol}//${hostname}:${port}`;
      if (loaded) process.stdout.write(`${JSON.stringify({ reloaded: url })}\n`);
      loaded = true;
      resolve(url);
    }
    dispatch(event);
  };
});

const worker = await devEnv.startWorker({
  config: new URL('./wrangler.bench.toml', import.meta.url).pathname,
  bindings: vars,
  dev: {
    server: { hostname: '127.0.0.1', port: Number(values.port) },
    persist: values['persist-to'],
    inspector: values['inspector-port'] ? { hostname: '127.0.0.1', port: Number(values['inspector-port']) } : false,
    watch: false,
    logLevel: 'warn',
    enableContainers: false,
  },
});
const proxied = (await worker.url).origin;
const inspector = values['inspector-port'] ? `ws://127.0.0.1:${values['inspector-port']}` : null;
process.stdout.write(`${JSON.stringify({ proxied, direct: await direct, inspector })}\n`);

let stopping = false;
async function stop(why) {
  if (stopping) return;
  stopping = true;
  // Said on stdout (the bench's server log), so an unexpected stop can be traced.
  process.stdout.write(`${JSON.stringify({ stopping: why, at: new Date().toISOString() })}\n`);
  await worker.dispose().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGHUP', () => stop('SIGHUP'));
process.stdin.on('end', () => stop('stdin closed'));
process.stdin.resume();
