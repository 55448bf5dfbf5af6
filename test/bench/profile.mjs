#!/usr/bin/env node
// Where the time goes, for when a bench goal is missed. Not part of `npm run bench`.
//
//   node test/bench/profile.mjs [--receivers 200] [--messages 150] [--guests 300]
//                               [--only ladder,fanout,saturate,history,join,browser,shards,sockets] [--save profile.json]
//                               [--state-dir DIR]
//
// ladder   fan-out at N receivers for raw → raw with frames as long as ours → rawstore (raw + one
//          SQLite INSERT per frame) → rawbatch (frames arriving together stored in one transaction)
//          → peer → ours: what frame size, a durable write and our handler each add
// fanout   a V8 CPU profile of the app's isolate (workerd inspector) while ours fans out
// saturate the same while ours is saturated (10 × --messages, 50 receivers, as in throughput)
// history  the same while the bench Worker asks a 10,000-message room for its newest page
// join     the same during a join storm
// browser  the party page (joined guest, 60 messages) in Chromium with 4× CPU throttling: long
//          tasks, Intl.DateTimeFormat constructions, and a CPU profile by function
// shards   (only when named) ADR 036's shard layer simulated: a second runtime process of the bench
//          Worker holds the shards (plain RAW rooms); a RAW room in the first stands where the
//          party's object would and sends each frame once per shard; fan-out at --receivers and
//          2,000 for RAW alone, 1 shard and 2 shards: what the hop adds, and where the CPU goes
// sockets  (only when named) what a socket costs the app's workerd with and without its join's
//          ticket (ADR 047): --guests new guests join, then open their sockets spread over 2 s;
//          CPU from /proc over the opens, per socket; three rounds of each, alternating
// The Worker's state lives where run.mjs keeps it (a RAM disk when there is one; --state-dir, ADR 048).
// Self time is grouped by the original source (wrangler's source map) and listed per function.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { Salon, openGuestSocket, openSocket, variants } from './clients.mjs';
import { fanOut } from './fan-out.mjs';
import { joinStorm } from './join-storm.mjs';
import { throughput } from './throughput.mjs';
import { fmt, sleep, table } from './stats.mjs';
import { benchStateRoot, cpuMs, freePort, startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    receivers: { type: 'string', default: '200' },
    messages: { type: 'string', default: '150' },
    guests: { type: 'string', default: '300' },
    only: { type: 'string', default: 'ladder,fanout,saturate,history,join,browser' },
    port: { type: 'string', default: '8850' },
    save: { type: 'string' },
    'state-dir': { type: 'string' },
  },
});
const receivers = Number(args.receivers);
const messages = Number(args.messages);
const only = new Set(args.only.split(','));
const log = (line = '') => console.log(line);
const state = benchStateRoot(args['state-dir']);

// ---- a minimal DevTools protocol client -------------------------------------------------------

async function devtools(url) {
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  return {
    send(method, params = {}) {
      return new Promise((resolve, reject) => {
        pending.set(++id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)));
        ws.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => ws.close(),
  };
}

// ---- CPU profiles -----------------------------------------------------------------------------

/** wrangler's bundle of the bench Worker (the newest, while it runs); profiles name it worker.js. */
function bundlePath(url) {
  if (url.startsWith('file://')) return fileURLToPath(url);
  const tmp = fileURLToPath(new URL('./.wrangler/tmp/', import.meta.url));
  const newest = readdirSync(tmp)
    .filter((name) => name.startsWith('dev-'))
    .map((name) => ({ path: join(tmp, name, url), at: statSync(join(tmp, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)[0];
  return newest?.path;
}

const sourceMaps = new Map();
function originOf(url, line, column) {
  if (/^https?:/.test(url)) return `${new URL(url).pathname}:${line + 1}`;
  if (!sourceMaps.has(url)) {
    try {
      sourceMaps.set(url, new SourceMap(JSON.parse(readFileSync(`${bundlePath(url)}.map`, 'utf8'))));
    } catch {
      sourceMaps.set(url, null);
    }
  }
  const map = sourceMaps.get(url);
  const entry = map?.findEntry(line, column);
  if (!entry?.originalSource) return `${url.replace(/^.*\//, '')}:${line + 1}`;
  const source = resolve(dirname(bundlePath(url)), entry.originalSource.replace(/^file:\/\//, ''));
  return `${relative(fileURLToPath(new URL('../../', import.meta.url)), source)}:${entry.originalLine + 1}`;
}

const CATEGORIES = [
  [/node_modules\/zod\//, 'zod (validation)'],
  [/node_modules\/drizzle-orm\//, 'drizzle (D1 queries)'],
  [/node_modules\/hono\//, 'hono (API routing)'],
  [/node_modules\/partyserver\//, 'partyserver'],
  [/node_modules\/(@remix-run|react|react-dom|i18next|react-i18next)\//, 'remix/react'],
  [/node_modules\/(wrangler|miniflare)\//, 'wrangler dev middleware'],
  [/^app\/core\//, 'app/core (protocol, permissions)'],
  [/^durable-objects\/kernel\/store/, 'durable-objects/kernel/store.ts'],
  [/^durable-objects\/kernel\//, 'durable-objects/kernel'],
  [/^durable-objects\//, 'durable-objects (the room class, features)'],
  [/^worker\//, 'worker (auth, API, services)'],
  [/^test\/bench\//, 'bench worker'],
];

function categoryOf(origin, name) {
  for (const [pattern, label] of CATEGORIES) if (pattern.test(origin)) return label;
  if (origin.startsWith('/assets/')) return `script ${origin.slice(8).replace(/:\d+$/, '')}`;
  if (/^\(/.test(name)) return name; // (garbage collector), (program), (idle)
  if (origin === '' || !origin.includes(':')) return `native: ${name}`;
  return 'other JS';
}

/** Self time per function and per category from a V8 profile (idle excluded from the shares). */
function summarise(profile, units, unitName) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + delta);
  }
  const functions = new Map();
  const categories = new Map();
  let busy = 0;
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') continue;
    busy += ms;
    const origin = callFrame.url ? originOf(callFrame.url, callFrame.lineNumber, callFrame.columnNumber) : '';
    const key = `${name}  ${origin}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
    const category = categoryOf(origin, name);
    categories.set(category, (categories.get(category) ?? 0) + ms);
  }
  const rows = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, ms]) => [key, ms, `${fmt((ms / busy) * 100, 1)}%`, ms / units]);
  log(`busy JS thread: ${fmt(busy)} ms over ${units} ${unitName} = ${fmt(busy / units, 3)} ms per ${unitName.replace(/s$/, '')}`);
  log(table(['category', 'self ms', 'share', `ms per ${unitName.replace(/s$/, '')}`], rows(categories, 14)));
  log('');
  log(table(['function  source', 'self ms', 'share', `ms per ${unitName.replace(/s$/, '')}`], rows(functions, 22)));
}

/** A V8 sampling profiler on the app's isolate, through wrangler's DevTools proxy. */
async function profiler(inspectorUrl) {
  const targets = await (await fetch(`${inspectorUrl.replace(/^ws/, 'http')}/json`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl) ?? targets[0];
  const session = await devtools(target.webSocketDebuggerUrl ?? inspectorUrl);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  return {
    start: () => session.send('Profiler.start'),
    async stop() {
      const { profile } = await session.send('Profiler.stop');
      session.close();
      return profile;
    },
  };
}

async function profiled(inspectorUrl, fn) {
  const session = await profiler(inspectorUrl);
  await session.start();
  const units = await fn();
  const profile = await session.stop();
  if (args.save) writeFileSync(args.save, JSON.stringify(profile));
  return { profile, units };
}

// ---- sections ---------------------------------------------------------------------------------

/** The length of the newMessage frame ours broadcasts for the bench's text (measured once). */
const OURS_FRAME_BYTES = 435;

async function ladder(stack, sets) {
  log(`\n── ladder: fan-out at ${receivers} receivers, ${messages} messages, one run each (direct port) ──`);
  // raw again, with frames as long as the newMessage frame ours broadcasts (435 bytes).
  const padded = {
    ...sets.raw,
    frame: (id) => {
      const frame = sets.raw.frame(id);
      return `${frame.slice(0, -1)},"pad":"${'x'.repeat(Math.max(0, OURS_FRAME_BYTES - frame.length - 10))}"}`;
    },
  };
  const rows = [];
  for (const name of ['raw', 'raw 435 B', 'rawstore', 'rawbatch', 'peer', 'ours']) {
    const variant = name === 'raw 435 B' ? padded : sets[name];
    const room = await variant.room(name === 'ours' ? 'profile-fanout' : `profile-${name.replace(/\W/g, '')}-${receivers}`, receivers + 1);
    const r = await fanOut({ variant, room, receivers, messages, paceMs: 50, pids: [stack.appPid] });
    rows.push([name, r.p50, r.p99, r.lastP50, r.lastP99, r.serverCpuMs[0]]);
    await sleep(3000);
  }
  log(table(['room', 'p50', 'p99', 'last p50', 'last p99', 'app CPU ms/msg'], rows));
}

/** ADR 036's shard layer in a second runtime process (see the header). */
async function shards(stack, salon, sets) {
  const port = await freePort(Number(args.port) + 20);
  const second = await startStack({ port, persistTo: `${state.root}/profile-${port}`, logDir: '.cache/bench', log });
  const shardBase = second.direct.replace(/^http/, 'ws');
  const sharded = (count) => ({
    ...sets.raw,
    name: `${count} shard${count > 1 ? 's' : ''}`,
    open(room, index, onFrame) {
      // Member 0 sends to the party's stand-in in the first process; the receivers are the shards'.
      if (index === 0) return openSocket(`${salon.wsBase}/bench/rawshard/${room.name}?shards=${count}&at=${encodeURIComponent(second.direct)}`, { onFrame });
      return openSocket(`${shardBase}/bench/raw/${room.name}-shard-${index % count}`, { onFrame });
    },
  });
  try {
    for (const size of [receivers, 2000]) {
      log(`\n── shards: fan-out to ${size} receivers, ${messages} messages, one run each; CPU: first process (the party's stand-in) / second (the shards) ──`);
      const rows = [];
      for (const variant of [sets.raw, sharded(1), sharded(2)]) {
        const room = await variant.room(`shards-${variant.name.replace(/\W/g, '')}-${size}`, size + 1);
        const r = await fanOut({ variant, room, receivers: size, messages, paceMs: size > 1000 ? 100 : 50, pids: [stack.appPid, second.appPid] });
        rows.push([variant.name === 'raw' ? 'RAW, one object' : variant.name, r.p50, r.p99, r.lastP50, r.lastP99, r.serverCpuMs[0], r.serverCpuMs[1], r.lost]);
        await sleep(3000);
      }
      log(table(['room', 'p50', 'p99', 'last p50', 'last p99', 'CPU ms/msg first', 'second', 'lost'], rows));
    }
  } finally {
    await second.stop();
    if (state.ram) rmSync(second.persistTo, { recursive: true, force: true });
  }
}

// ---- what a socket costs, with and without its ticket --------------------------------------------

async function socketPrice(stack, salon) {
  const guests = Number(args.guests);
  log(`\n── CPU of the app's workerd per socket: ${guests} new guests open their sockets within 2 s, with and without their join's ticket ──`);
  const { party } = await salon.consultantParty('Socket price');
  const rows = [];
  for (const round of [1, 2, 3]) {
    for (const ticket of [false, true]) {
      const joined = [];
      for (let from = 0; from < guests; from += 50) {
        joined.push(...(await Promise.all(Array.from({ length: Math.min(50, guests - from) }, (_, i) => salon.joinGuest(party.id, from + i)))));
      }
      if (!ticket) for (const guest of joined) guest.socketTicket = undefined;
      await sleep(1500);
      const before = cpuMs(stack.appPid);
      const sockets = await Promise.all(
        joined.map(async (guest, i) => {
          await sleep((i * 2000) / guests);
          return openGuestSocket(salon, party.id, guest, {});
        }),
      );
      await sleep(2500);
      rows.push([String(round), ticket ? 'ticket' : 'D1', fmt((cpuMs(stack.appPid) - before) / guests)]);
      for (const socket of sockets) socket.close();
      await sleep(3000);
    }
  }
  log(table(['round', 'socket', 'CPU ms per socket'], rows));
}

async function main() {
  const port = await freePort(Number(args.port));
  const inspectorPort = await freePort(port + 1);
  const stack = await startStack({ port, persistTo: `${state.root}/profile-${port}`, inspectorPort, logDir: '.cache/bench', log });
  log(`state (D1, R2, the objects' SQLite): ${state.label}`);
  const salon = new Salon(stack.direct);
  const sets = variants(salon, { deflate: false });
  try {
    if (only.has('ladder')) await ladder(stack, sets);
    if (only.has('fanout')) {
      log(`\n── CPU profile of the app isolate: ours, ${messages} messages fanned out to ${receivers} receivers (sockets already joined) ──`);
      const room = await sets.ours.room('profile-fanout', receivers + 1);
      const session = await profiler(stack.inspector);
      let profile;
      await fanOut({
        variant: sets.ours,
        room,
        receivers,
        messages,
        warmup: 0,
        paceMs: 50,
        around: async (measure) => {
          await session.start();
          await measure();
          profile = await session.stop();
        },
      });
      summarise(profile, messages, 'messages');
    }
    if (only.has('saturate')) {
      log(`\n── CPU profile of the app isolate: ours saturated, ${messages * 10} messages as fast as possible to 50 receivers ──`);
      const room = await sets.ours.room('profile-saturate', 51);
      const { profile, units } = await profiled(stack.inspector, async () => {
        const result = await throughput({ variant: sets.ours, room, receivers: 50, messages: messages * 10 });
        log(`${fmt(result.rate, 0)} msg/s under the profiler, ${result.missing} missing (sockets' connect and join included)`);
        return messages * 10;
      });
      summarise(profile, units, 'messages');
    }
    if (only.has('history')) {
      log('\n── CPU profile of the app isolate: newest history page of a 10,000-message party, from the bench Worker ──');
      const { party } = await salon.consultantParty('Profile history');
      await salon.request(`/bench/fill/${party.id}?count=10000`, { method: 'POST' });
      await salon.request(`/bench/object/${party.id}?reps=20`);
      const calls = 500;
      const { profile, units } = await profiled(stack.inspector, async () => {
        for (let i = 0; i < calls / 50; i++) await salon.request(`/bench/object/${party.id}?reps=50`);
        return calls;
      });
      summarise(profile, units, 'calls');
    }
    if (only.has('join')) {
      const guests = Number(args.guests);
      log(`\n── CPU profile of the app isolate: join storm of ${guests} guests ──`);
      const { profile, units } = await profiled(stack.inspector, async () => {
        const storm = await joinStorm({ salon, guests, spreadMs: 2000, timeoutMs: 60_000, deflate: false });
        log(
          `${storm.connected} connected, every count right after ${fmt(storm.allCountMs / 1000)} s${storm.failed ? `; failed: ${JSON.stringify(storm.failures)}` : ''}`,
        );
        return guests;
      });
      summarise(profile, units, 'joins');
    }
    if (only.has('sockets')) await socketPrice(stack, salon);
    if (only.has('browser')) await browser(stack, salon);
    if (only.has('shards')) await shards(stack, salon, sets);
  } finally {
    await stack.stop();
    if (state.ram) rmSync(stack.persistTo, { recursive: true, force: true });
  }
  process.exit(0);
}

// ---- the party page in Chromium ---------------------------------------------------------------

/** Counts Intl.DateTimeFormat constructions and their time; collects long tasks. */
const PAGE_PROBE = () => {
  const probe = { dateTimeFormats: 0, dateTimeFormatMs: 0, longTasks: [] };
  window.__probe = probe;
  const Original = Intl.DateTimeFormat;
  Intl.DateTimeFormat = new Proxy(Original, {
    construct(target, argumentList) {
      const started = performance.now();
      const made = Reflect.construct(target, argumentList);
      probe.dateTimeFormatMs += performance.now() - started;
      probe.dateTimeFormats++;
      return made;
    },
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
};

async function browser(stack, salon) {
  log('\n── the party page in Chromium: joined guest, 60 messages, 4× CPU throttling ──');
  const { chromium } = await import('@playwright/test');
  const { party } = await salon.consultantParty('Profile page');
  await salon.request(`/bench/fill/${party.id}?count=60`, { method: 'POST' });
  const guest = await salon.joinGuest(party.id, 1);
  const chrome = await chromium.launch({
    executablePath: resolveBrowser().path,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const context = await chrome.newContext({ viewport: { width: 412, height: 823 }, locale: 'de-DE' });
    const { hostname } = new URL(stack.direct);
    await context.addCookies([{ name: 'salon_guest', value: `${guest.guestId}.${guest.secretKey}`, domain: hostname, path: '/' }]);
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${stack.direct}/${party.shortId}`, { waitUntil: 'networkidle' });
    await sleep(3000);
    const { profile } = await cdp.send('Profiler.stop');
    const probe = await page.evaluate(() => window.__probe);
    const longTasks = probe.longTasks;
    log(
      `long tasks (≥50 ms): ${longTasks.length}, ${longTasks.join(' + ')} ms; blocking beyond 50 ms each: ${longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)} ms`,
    );
    log(`Intl.DateTimeFormat constructed ${probe.dateTimeFormats} times, ${fmt(probe.dateTimeFormatMs)} ms in the constructor alone`);
    summarise(profile, 1, 'page loads');
  } finally {
    await chrome.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
