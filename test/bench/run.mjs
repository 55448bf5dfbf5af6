#!/usr/bin/env node
// `npm run bench`: measures the realtime path, history paging, a join storm and page weight on
// loopback, beside reference rooms in the same workerd, and prints figures with their baselines
// and ratios. It never passes or fails on a number: the exit code is 0 unless the harness breaks.
//
//   node test/bench/run.mjs [--quick] [--runs N] [--only fanout,throughput,history,join,big,limit,restart,phone,zeroloss,upload,tus,video,live,page,template,preview,push,import,export,distance]
//                           [--port 8800] [--deflate] [--no-lighthouse] [--no-proxied] [--upload-mib 1024] [--state-dir DIR]
//                           [--distance NAME:field=ms,…] [--write-budget] [--live-spread K] [--live-all-addresses] [--live-nice N] [--live-cores]
// --port is where the search for a free port starts; --state-dir where the Worker keeps its state
// (default: a RAM disk when there is one, ADR 048). --live-spread: the live scenario's WHEP viewers in
// K processes of their own (default 5; 0: in the show's process); ICE on 127.0.0.1 only, as the stand-in
// on loopback has it, unless --live-all-addresses (every address of the machine, werift's default);
// --live-nice N runs the show's processes (stand-in, publisher, viewers) at niceness N.
// --live-cores: the app's workerd and the bench (the chat's clients) on CPU 0, the show on the other
// CPUs, with and without a show alike (Linux, taskset): Stream runs on other machines in production.
// See test/bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Salon, closeAll, openGuestSocket, variants } from './clients.mjs';
import { measureJoinedLoad } from './load-probe.mjs';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { fanOut } from './fan-out.mjs';
import { history } from './history.mjs';
import { joinStorm } from './join-storm.mjs';
import { PHONE, firstLoad, transferTotals } from './first-load.mjs';
import { LIGHTHOUSE_CATEGORIES, axe, lighthouse, routeWeight } from './page-weight.mjs';
import { fmt, fmtRatio, median, medianOf, percentile, ratio, sleep, table } from './stats.mjs';
import { liveDelay, liveInput } from './live.mjs';
import { benchStateRoot, freePort, startStack } from './stack.mjs';
import { LOCAL_STREAM_ACCOUNT, startStreamServer } from '../../scripts/stream-server.mjs';
import { startOlderSystem } from '../../scripts/older-system.mjs';
import { hlsReady, makeClip } from './hls.mjs';
import { throughput } from './throughput.mjs';
import { templateEditor } from './template-editor.mjs';
import { previewImages } from './preview.mjs';
import { tusClients } from './tus-clients.mjs';
import { upload } from './upload.mjs';
import { IMPORT_ACCOUNTS, importAvailable, importScenarioRuns } from './import.mjs';
import { exportScenarioRuns } from './export.mjs';
import { pushParty, pushRound, startPushService } from './push.mjs';
import { vapidKeyPair } from '../../scripts/vapid-keys.mjs';
import { loadDriver, zeroLoss } from './zero-loss.mjs';
import { restart } from './restart.mjs';
import { phoneStorm } from './phone.mjs';
import { rateSweep } from './limit.mjs';
import { startH2Front } from './h2-front.mjs';
import {
  LINKS,
  PROFILES,
  applyOverrides,
  consultantPages,
  farSide,
  guestFlow,
  kindTimings,
  messageToFarGuest,
  profile,
  publicPages,
  roundTrips,
} from './distance.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    only: { type: 'string' },
    port: { type: 'string', default: '8800' },
    deflate: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-proxied': { type: 'boolean', default: false },
    'upload-mib': { type: 'string' },
    'state-dir': { type: 'string' },
    distance: { type: 'string', multiple: true, default: [] },
    'write-budget': { type: 'boolean', default: false },
    'live-spread': { type: 'string' },
    'live-all-addresses': { type: 'boolean', default: false },
    'live-nice': { type: 'string' },
    'live-cores': { type: 'boolean', default: false },
  },
});

const quick = args.quick;
const plan = quick
  ? {
      runs: 1,
      gapMs: 300,
      bigGapMs: 300,
      fanout: { sizes: [10], messages: 10, warmup: 2, paceMs: 20 },
      proxiedFanoutSizes: [10],
      proxiedRuns: 1,
      throughput: { receivers: 10, messages: 100 },
      history: { sizes: [1000], batches: 3, reps: 20, roundTrips: 20 },
      // One small room and one past ROSTER.fullMax (100), so the large room's path runs too.
      join: { sizes: [20, 110], spreadMs: 300, timeoutMs: 20_000 },
      big: { members: 150 },
      limit: { sizes: [10], rates: [5, 10], seconds: 1 },
      restart: { members: 50, beforeMs: 1000, afterMs: 1000, intervalMs: 100 },
      phone: { guests: 30, spreadMs: 300, timeoutMs: 20_000, idleMs: 1000 },
      zeroLoss: { guests: 2, messagesPerClient: 10, evictions: 1, timeoutMs: 30_000 },
      upload: { mib: 16 },
      tus: { mib: 8 },
      preview: { count: 3 },
      // A 3 s clip: the longer ones take tens of seconds to convert on a small machine.
      video: { seconds: [3] },
      // Small: quick runs inside npm test only keep the harness working; the 200 are the full run's.
      template: { sizes: [5, 20] },
      push: { members: 20, online: 3, probes: 5, paceMs: 100, timeoutMs: 30_000, digests: false },
      distance: { reps: 1, flows: 1, messages: 5, paceMs: 100, slowMs: 500, absentMs: 6000, shots: false },
      lighthouse: false,
    }
  : {
      runs: 3,
      gapMs: 3000,
      // About 10 s after a room with 1,000 sockets closes, workerd spends a burst of CPU (stack notes).
      bigGapMs: 12_000,
      fanout: { sizes: [10, 50, 200, 1000], messages: 100, warmup: 5, paceMs: 50 },
      proxiedFanoutSizes: [200, 1000],
      // The proxied rounds only show what wrangler dev's proxy adds; the goals use the direct port.
      proxiedRuns: 1,
      throughput: { receivers: 50, messages: 3000 },
      history: { sizes: [1000, 10_000, 100_000], batches: 7, reps: 50, roundTrips: 100 },
      join: { sizes: [100, 500, 1000], spreadMs: 2000, timeoutMs: 60_000 },
      // 5,000 sockets of one room, and as many on RAW: one message each run.
      big: { members: 5000 },
      // Messages at a steady rate into rooms of these sizes, stepped up until p99 passes 250 ms (ADR 036).
      limit: { sizes: [200, 1000, 2000], rates: [5, 10, 20, 50, 100, 200, 400], seconds: 3 },
      // 1,000 guests' sockets and a writer sending ten messages a second: the Worker restarted under them.
      restart: { members: 1000, beforeMs: 5000, afterMs: 5000, intervalMs: 100 },
      // A guest's phone (Chromium, CPU 4× slower) while 1,000 guests join within 2 s.
      phone: { guests: 1000, spreadMs: 2000, timeoutMs: 60_000, idleMs: 5000 },
      // Five times the CI test's clients and messages per client (21 × 200 = 4,200), ten evictions.
      zeroLoss: { guests: 20, messagesPerClient: 200, evictions: 10, timeoutMs: 180_000 },
      // 1 GiB, in parts of 5 MiB in PATCHes of 50 MiB, as the browser sends them.
      upload: { mib: 1024 },
      // Large enough for several PATCHes at every chunk size tried, and for the stalled-lease race.
      tus: { mib: 32 },
      // A phone's short clip, and 30 s of 720p.
      video: { seconds: [9, 30] },
      // The template editor with a large template (200 messages), beside a small one (10).
      template: { sizes: [10, 200] },
      // 1,000 subscribed members without a socket; ten online guests and a sender who writes four
      // messages a second for ten seconds meanwhile.
      push: { members: 1000, online: 10, probes: 40, paceMs: 250, timeoutMs: 180_000 },
      preview: { count: 20 },
      // Each request kind 7 times per profile; the guest's link → chat three times per profile; 40
      // messages to a far guest; D1 2 s late, then gone for 30 s (issue 40).
      distance: { reps: 7, flows: 3, messages: 40, paceMs: 200, slowMs: 2000, absentMs: 30_000, shots: true },
      lighthouse: true,
    };
const runs = Math.max(1, Number(args.runs ?? plan.runs));
const only = new Set(
  (
    args.only ?? 'fanout,throughput,history,join,big,limit,restart,phone,zeroloss,upload,tus,video,live,page,template,preview,push,import,export,distance'
  ).split(','),
);
const lighthouseOn = plan.lighthouse && !args['no-lighthouse'];
const proxiedOn = !args['no-proxied'];
const OUT_DIR = '.cache/bench';
const ORDER = ['ours', 'raw', 'peer'];
/** The fan-out rows also show RAW that stores each frame before it leaves: what a durable write alone adds (ADR 048). */
const FANOUT_ORDER = ['ours', 'raw', 'rawstore', 'peer'];

const log = (line = '') => console.log(line);
/** One line per round on stderr, so a long run shows where it is without cluttering the tables. */
const progress = (line) => process.stderr.write(`  · ${line}\n`);
const section = (title) => log(`\n── ${title} ${'─'.repeat(Math.max(0, 96 - title.length))}`);
const versionOf = (name) => JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')).version;
/** The variants in another order each run, so drift during a run hits all of them alike. */
const rotated = (run, order = ORDER) => order.map((_, i) => order[(i + run) % order.length]);

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  loadAverage: os.loadavg().map((load) => Number(load.toFixed(2))),
  node: process.version,
  wrangler: versionOf('wrangler'),
  workerd: versionOf('workerd'),
  partyserver: versionOf('partyserver'),
};
const state = benchStateRoot(args['state-dir']);
machine.state = state.label;

const results = { startedAt: new Date().toISOString(), quick, runs, deflate: args.deflate, machine, errors: [] };
const goals = [];
/** `met`: true, false, or null for a figure shown beside a goal that is not itself one. */
function goal(name, measured, met) {
  goals.push({ name, measured, met });
}

/** The bench Worker and the clients for both of its ports. */
/** The Stream stand-in the bench Worker converts videos with (started once, before the Worker). */
let stream = null;
/** The local push service the bench Worker sends Web Push to (started once, before the Worker). */
let pushService = null;
/** The older system's stand-in the import row copies from (started once, before the Worker; ADR 042). */
let olderSystem = null;
/** A VAPID pair for this run only. */
const vapid = vapidKeyPair();

/** `keep`: the state directory of a Worker just stopped, to start again on (a deploy); otherwise a fresh one. */
async function boot(keep = null) {
  const port = await freePort(Number(args.port));
  if (!stream) {
    const dataDir = `.wrangler/bench/stream-${port}`;
    rmSync(dataDir, { recursive: true, force: true });
    stream = await startStreamServer({ port: await freePort(port + 100), dataDir, appOrigins: [`http://127.0.0.1:${port}`] });
  }
  pushService ??= await startPushService(`${OUT_DIR}/push-tls`);
  olderSystem ??= await startOlderSystem({
    port: await freePort(port + 200),
    ...(args.quick ? {} : { big: { messages: IMPORT_ACCOUNTS.big.messages, mediaBytes: IMPORT_ACCOUNTS.big.mediaMiB * 1024 * 1024 } }),
  });
  const vars = {
    OLDER_SYSTEM_URL: olderSystem.url,
    ...pushService.vars,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:bench@salon.test',
    STREAM_API_BASE: stream.apiBase,
    STREAM_ACCOUNT_ID: LOCAL_STREAM_ACCOUNT,
    STREAM_API_TOKEN: stream.token,
    MEDIA_URL_SECRET: crypto.randomUUID(),
    STREAM_SIGNING_KEY_ID: stream.signingKey.id,
    STREAM_SIGNING_KEY: stream.signingKey.jwk,
  };
  const stack = await startStack({
    port,
    persistTo: keep ?? `${state.root}/state-${port}`,
    fresh: !keep,
    logDir: OUT_DIR,
    log,
    vars,
    env: pushService.env,
  });
  const direct = { salon: new Salon(stack.direct) };
  direct.sets = variants(direct.salon, { deflate: args.deflate });
  const proxied = { salon: new Salon(stack.proxied) };
  proxied.sets = variants(proxied.salon, { deflate: args.deflate });
  // Both ports reach the same objects: the proxied rounds reuse the joined guests.
  proxied.sets.ours.parties = direct.sets.ours.parties;
  return { stack, direct, proxied };
}

/**
 * Runs one scenario; a harness failure is recorded and the others still run. When a workerd
 * process died under it (seen once in many runs), the Worker is started afresh and the scenario
 * tried once more; a Worker that reloaded because its sources changed is not.
 */
async function scenario(bench, name, fn) {
  if (!only.has(name)) return;
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    const why = bench.stack.broken();
    if (why && (why.includes('reloaded') || attempt > 2)) {
      results.errors.push({ scenario: name, error: `not run: ${why}` });
      break;
    }
    try {
      await fn(bench);
      break;
    } catch (error) {
      const cause = bench.stack.broken();
      const message = `${error instanceof Error ? error.message : error}${cause ? ` (${cause})` : ''}`;
      log(`!! ${name} failed: ${message}`);
      if (!cause || cause.includes('reloaded') || attempt === 2) {
        results.errors.push({
          scenario: name,
          error: `${error instanceof Error ? (error.stack ?? error.message) : String(error)}${cause ? ` (${cause})` : ''}`,
        });
        break;
      }
      results.restarts = [...(results.restarts ?? []), { scenario: name, cause }];
      log(`   restarting the bench Worker and running ${name} once more`);
      await bench.stack.stop();
      Object.assign(bench, await boot());
    }
  }
  log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

function ensureBuild() {
  if (existsSync('build/client/assets') && readdirSync('build/client/assets').some((f) => f.startsWith('manifest-')) && existsSync('build/server/index.js'))
    return;
  log('No Remix build: running npm run build');
  execFileSync('npx', ['remix', 'vite:build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}

// ---- fan-out ----------------------------------------------------------------------------------

async function fanOutAt(label, sets, sizes, pids, runCount) {
  const byKey = {};
  for (let run = 0; run < runCount; run++) {
    for (const size of sizes) {
      for (const name of rotated(run, FANOUT_ORDER)) {
        const variant = sets[name];
        const room = await variant.room(name === 'ours' ? 'fanout' : `fanout-${label}-${size}-${run}`, size + 1);
        const messages = size >= 1000 ? Math.round(plan.fanout.messages * 0.6) : plan.fanout.messages;
        const paceMs = size >= 1000 ? plan.fanout.paceMs * 2 : plan.fanout.paceMs;
        const result = await fanOut({ variant, room, receivers: size, messages, warmup: plan.fanout.warmup, paceMs, pids });
        progress(`fan-out ${label} run ${run + 1} N=${size} ${name}: p50 ${fmt(result.p50)} p99 ${fmt(result.p99)} ms, lost ${result.lost}`);
        (byKey[`${size}/${name}`] ??= []).push(result);
        await sleep(size >= 1000 ? plan.bigGapMs : plan.gapMs);
      }
    }
  }
  const rows = [];
  const summary = {};
  for (const size of sizes) {
    const m = {};
    for (const name of FANOUT_ORDER) {
      const r = byKey[`${size}/${name}`];
      m[name] = {
        p50: medianOf(r, (x) => x.p50),
        p99: medianOf(r, (x) => x.p99),
        lastP50: medianOf(r, (x) => x.lastP50),
        lastP99: medianOf(r, (x) => x.lastP99),
        lost: r.reduce((sum, x) => sum + x.lost, 0),
        samples: r.reduce((sum, x) => sum + x.samples, 0),
        cpu: pids.map((_, i) => medianOf(r, (x) => x.serverCpuMs[i])),
        client: medianOf(r, (x) => x.clientCpuPct),
        runs: r.map((x) => [x.p50, x.p99].map((v) => Number(v.toFixed(2)))),
      };
    }
    summary[size] = m;
    for (const name of FANOUT_ORDER) {
      const v = m[name];
      rows.push([
        name === 'ours' ? String(size) : '',
        name,
        v.p50,
        v.p99,
        v.lastP50,
        v.lastP99,
        name === 'raw' ? '' : fmtRatio(ratio(v.p50, m.raw.p50)),
        name === 'raw' ? '' : fmtRatio(ratio(v.p99, m.raw.p99)),
        name === 'ours' ? fmtRatio(ratio(v.p50, m.peer.p50)) : '',
        name === 'ours' ? fmtRatio(ratio(v.p99, m.peer.p99)) : '',
        v.lost,
        v.cpu.map((c) => fmt(c)).join(' + '),
        `${fmt(v.client, 0)}%`,
      ]);
    }
  }
  log(
    table(
      [
        'N',
        'room',
        'p50',
        'p99',
        'last p50',
        'last p99',
        'p50 ×RAW',
        'p99 ×RAW',
        'p50 ×PEER',
        'p99 ×PEER',
        'lost',
        pids.length > 1 ? 'srv CPU ms/msg (app + proxy)' : 'srv CPU ms/msg',
        'client CPU',
      ],
      rows,
    ),
  );
  return summary;
}

/** Our room's fan-out again, with reactions flowing at 10 a second meanwhile, beside the row without (ADR 043). */
async function fanOutWithReactions(ours, sizes, without, pids) {
  const reactionsPerSecond = 10;
  log(`\nour room with reactions flowing at ${reactionsPerSecond} per second (receivers take turns), beside the rows above without`);
  const rows = [];
  const summary = {};
  for (const size of sizes) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      const room = await ours.room(`fanout-reactions-${size}-${run}`, size + 1);
      const messages = size >= 1000 ? Math.round(plan.fanout.messages * 0.6) : plan.fanout.messages;
      const paceMs = size >= 1000 ? plan.fanout.paceMs * 2 : plan.fanout.paceMs;
      const result = await fanOut({ variant: ours, room, receivers: size, messages, warmup: plan.fanout.warmup, paceMs, pids, reactionsPerSecond });
      progress(
        `fan-out with reactions run ${run + 1} N=${size}: p50 ${fmt(result.p50)} p99 ${fmt(result.p99)} ms, ${result.reactions} reactions (${result.heard} heard, ${result.refused} refused), lost ${result.lost}`,
      );
      results.push(result);
      await sleep(size >= 1000 ? plan.bigGapMs : plan.gapMs);
    }
    const row = {
      p50: medianOf(results, (x) => x.p50),
      p99: medianOf(results, (x) => x.p99),
      lost: results.reduce((sum, x) => sum + x.lost, 0),
      reactions: results.reduce((sum, x) => sum + x.reactions, 0),
      heard: results.reduce((sum, x) => sum + x.heard, 0),
      refused: results.reduce((sum, x) => sum + x.refused, 0),
      cpu: pids.map((_, i) => medianOf(results, (x) => x.serverCpuMs[i])),
    };
    summary[size] = row;
    const plain = without[size].ours;
    rows.push([
      String(size),
      plain.p50,
      plain.p99,
      row.p50,
      row.p99,
      fmtRatio(ratio(row.p50, plain.p50)),
      fmtRatio(ratio(row.p99, plain.p99)),
      row.reactions,
      row.heard,
      row.refused,
      row.lost,
      row.cpu.map((c) => fmt(c)).join(' + '),
    ]);
  }
  log(
    table(
      ['N', 'p50 without', 'p99 without', 'p50 with', 'p99 with', 'p50 ×without', 'p99 ×without', 'reactions', 'heard', 'refused', 'lost', 'srv CPU ms/msg'],
      rows,
    ),
  );
  return summary;
}

async function fanOutScenario(stack, direct, proxied) {
  section(
    `fan-out: one sender, N receivers, ${plan.fanout.messages} messages per run ≥ ${plan.fanout.paceMs} ms apart (at 1,000: 60% as many, twice the gap), ms send → receipt, median of ${runs} run(s)`,
  );
  log('p50/p99 over every (message, receiver) pair; "last" = per message, its slowest receiver. lost = receipts missing after 5 s.');
  log(`direct: the app's own workerd (${stack.direct})`);
  const directSummary = await fanOutAt('direct', direct.sets, plan.fanout.sizes, [stack.appPid].filter(Boolean), runs);
  results.fanout = { direct: directSummary };
  results.fanout.reactions = await fanOutWithReactions(direct.sets.ours, plan.fanout.sizes, directSummary, [stack.appPid].filter(Boolean));
  if (proxiedOn) {
    log(`\nproxied: through wrangler dev's port (${stack.proxied}), a proxy Worker in a second workerd; ${plan.proxiedRuns} run(s)`);
    results.fanout.proxied = await fanOutAt('proxied', proxied.sets, plan.proxiedFanoutSizes, [stack.appPid, stack.proxyPid].filter(Boolean), plan.proxiedRuns);
  }
  const at = directSummary[200] ?? directSummary[Math.max(...plan.fanout.sizes)];
  const n = directSummary[200] ? 200 : Math.max(...plan.fanout.sizes);
  const p50 = ratio(at.ours.p50, at.raw.p50);
  const p99 = ratio(at.ours.p99, at.raw.p99);
  goal(`fan-out p50 ≤ 1.2× RAW at ${n} receivers`, `${fmtRatio(p50)} (${fmt(at.ours.p50)} vs ${fmt(at.raw.p50)} ms)`, p50 <= 1.2);
  goal(`fan-out p99 ≤ 1.5× RAW at ${n} receivers`, `${fmtRatio(p99)} (${fmt(at.ours.p99)} vs ${fmt(at.raw.p99)} ms)`, p99 <= 1.5);
  goal(
    `fan-out at ${n} receivers: what a durable write alone adds (RAW storing each frame, ${machine.state})`,
    `p50 ${fmtRatio(ratio(at.rawstore.p50, at.raw.p50))}, p99 ${fmtRatio(ratio(at.rawstore.p99, at.raw.p99))} RAW; ours ${fmtRatio(ratio(at.ours.p50, at.rawstore.p50))} / ${fmtRatio(ratio(at.ours.p99, at.rawstore.p99))} of it`,
    null,
  );
  goal(
    `fan-out no worse than PEER at ${n} receivers (p50 and p99)`,
    `p50 ${fmt(at.ours.p50)} vs ${fmt(at.peer.p50)} ms, p99 ${fmt(at.ours.p99)} vs ${fmt(at.peer.p99)} ms`,
    at.ours.p50 <= at.peer.p50 && at.ours.p99 <= at.peer.p99,
  );
}

// ---- throughput -------------------------------------------------------------------------------

async function throughputAt(label, sets, pids, runCount) {
  const { receivers } = plan.throughput;
  const byName = {};
  for (let run = 0; run < runCount; run++) {
    for (const name of rotated(run)) {
      const variant = sets[name];
      const room = await variant.room(name === 'ours' ? `throughput-${receivers}` : `throughput-${label}-${run}`, receivers + 1);
      const result = await throughput({ variant, room, ...plan.throughput, pids });
      (byName[name] ??= []).push(result);
      progress(`throughput ${label} run ${run + 1} ${name}: ${fmt(result.rate, 0)} msg/s, ${result.missing} missing, ${fmt(result.seconds, 1)} s`);
      await sleep(plan.gapMs);
    }
  }
  const summary = {};
  for (const name of ORDER) {
    const r = byName[name];
    summary[name] = {
      rate: medianOf(r, (x) => x.rate),
      runs: r.map((x) => Math.round(x.rate)),
      missing: r.reduce((sum, x) => sum + x.missing, 0),
      cpu: pids.map((_, i) => medianOf(r, (x) => x.serverCpuMs[i])),
      client: medianOf(r, (x) => x.clientCpuPct),
    };
  }
  const rows = ORDER.map((name) => {
    const v = summary[name];
    return [
      name,
      v.rate,
      v.runs.join(' / '),
      v.rate * receivers,
      name === 'raw' ? '' : fmtRatio(ratio(v.rate, summary.raw.rate)),
      v.missing,
      v.cpu.map((c) => fmt(c, 3)).join(' + '),
      `${fmt(v.client, 0)}%`,
    ];
  });
  log(
    table(['room', 'msg/s', 'runs', 'receipts/s', '×RAW', 'missing', pids.length > 1 ? 'srv CPU ms/msg (app + proxy)' : 'srv CPU ms/msg', 'client CPU'], rows),
  );
  return summary;
}

async function throughputScenario(stack, direct, proxied) {
  const t = plan.throughput;
  section(`throughput: ${t.receivers} receivers, one sender writing ${t.messages} messages as fast as it can; median of ${runs} run(s)`);
  log("msg/s = the slowest receiver's (messages − 1) / (last − first receipt), only when every receiver got every message.");
  log(`direct (${stack.direct})`);
  const summary = await throughputAt('direct', direct.sets, [stack.appPid].filter(Boolean), runs);
  results.throughput = { direct: summary };
  if (proxiedOn) {
    log(`\nproxied (${stack.proxied}); ${plan.proxiedRuns} run(s)`);
    results.throughput.proxied = await throughputAt('proxied', proxied.sets, [stack.appPid, stack.proxyPid].filter(Boolean), plan.proxiedRuns);
  }
  const share = ratio(summary.ours.rate, summary.raw.rate);
  goal(
    `throughput with ${t.receivers} receivers ≥ 75% of RAW`,
    `${fmt(share * 100, 0)}% (${fmt(summary.ours.rate, 0)} vs ${fmt(summary.raw.rate, 0)} msg/s)`,
    share >= 0.75,
  );
}

// ---- history ----------------------------------------------------------------------------------

async function historyScenario(direct) {
  const h = plan.history;
  section(`history: one party growing to ${h.sizes.map((s) => s.toLocaleString('en')).join(' / ')} messages; ms`);
  log(`in object: timed in the bench Worker, mean per call over ${h.reps} sequential calls, median of ${h.batches} batches.`);
  log(`round trip: timed here, p50 of ${h.roundTrips}. "bench" = the bench Worker's route making one such call; "API" = GET /api/parties/:id/chat.`);
  const result = await history({ salon: direct.salon, ...h });
  results.history = result;
  const rows = result.rows.map((r) => [
    r.size.toLocaleString('en'),
    r.fillSeconds,
    r.noop,
    r.rpcNoop,
    r.admit,
    r.newest,
    r.middle,
    r.rtNoop,
    r.rtNewest,
    fmtRatio(ratio(r.rtNewest, r.rtNoop)),
    r.apiNewest,
    r.apiMiddle,
  ]);
  log(
    table(
      [
        'messages',
        'fill s',
        'obj no-op fetch',
        'obj no-op RPC',
        'obj admit',
        'obj newest',
        'obj middle',
        'rt no-op',
        'rt newest',
        'rt newest ×no-op',
        'API newest',
        'API middle',
      ],
      rows,
    ),
  );
  log('obj admit = RPC messagesById(manager, []): the member upsert (a SQLite write) every member call, history included, does first.');
  const worstTrip = Math.max(...result.rows.map((r) => ratio(r.rtNewest, r.rtNoop)));
  goal('newest history page ≤ 1.3× a no-op request to the same object (round trip, every size)', `worst ${fmtRatio(worstTrip)}`, worstTrip <= 1.3);
  // Not a goal: a no-op RPC does no work (a few hundredths of a ms on a clock that ticks in whole
  // ms), so this ratio is the page's own work (51 rows read, serialised), not a request's cost.
  const slowest = result.rows.reduce((a, b) => (ratio(b.newest, b.rpcNoop) > ratio(a.newest, a.rpcNoop) ? b : a));
  goal("  inside the object: the page's own work (history RPC vs a no-op RPC)", `${fmt(slowest.newest)} vs ${fmt(slowest.rpcNoop)} ms`, null);
  const first = result.rows[0];
  const lastRow = result.rows[result.rows.length - 1];
  const growth = ratio(lastRow.newest, first.newest);
  goal(
    `newest page flat (≤ 2×) from ${first.size.toLocaleString('en')} to ${lastRow.size.toLocaleString('en')} messages`,
    `${fmtRatio(growth)} (${fmt(first.newest)} → ${fmt(lastRow.newest)} ms); middle ${fmtRatio(ratio(lastRow.middle, first.middle))}`,
    growth <= 2,
  );
}

// ---- join storm -------------------------------------------------------------------------------

/**
 * The join storm as an earlier full run measured it, per number of guests: the newest saved result
 * in OUT_DIR (not --quick) with a storm of that size, else the README's figure for 500 (its
 * Performance table: 7e88da4, 3 runs, before presence frames; "all see all" then meant every
 * client had seen every other guest online).
 */
function earlierJoinStorms() {
  const byGuests = { 500: { allConnectedMs: 14_600, allRightMs: 14_600, failed: 0, source: 'README, 7e88da4' } };
  const files = existsSync(OUT_DIR)
    ? readdirSync(OUT_DIR)
        .filter((f) => /^bench-.*Z\.json$/.test(f))
        .sort()
    : [];
  for (const file of files) {
    let saved;
    try {
      saved = JSON.parse(readFileSync(`${OUT_DIR}/${file}`, 'utf8'));
    } catch {
      continue;
    }
    const storms = Array.isArray(saved.joinStorm) ? saved.joinStorm : (saved.joinStorm?.storms ?? []);
    const sizes = new Set(storms.map((storm) => storm.guests));
    for (const guests of sizes) {
      const same = storms.filter((storm) => storm.guests === guests);
      byGuests[guests] = {
        allConnectedMs: medianOf(same, (x) => x.allConnectedMs),
        // Older runs measured "all see all" (allPresentMs); later ones the right member count.
        allRightMs: medianOf(same, (x) => x.allCountMs ?? x.allPresentMs),
        failed: Math.max(...same.map((x) => x.failed)),
        cpuMsPerJoin: medianOf(same, (x) => x.cpuMsPerJoin),
        source: file.replace(/^bench-|\.json$/g, ''),
      };
    }
  }
  return byGuests;
}

async function joinScenario(stack, direct) {
  const j = plan.join;
  section(
    `join storm: ${j.sizes.join(' / ')} new guests join one party (its manager connected), start times spread over ${j.spreadMs / 1000} s; PUT join → socket → welcome; median of ${runs} run(s)`,
  );
  log(
    'right count: every client (the manager too) shows memberCount = guests joined + manager, and onlineCount = sockets open (welcome, then each presence frame).',
  );
  log("CPU: the app workerd's, from the storm's start until the room was quiet for 500 ms, per guest. frames: per guest client, p50.");
  const earlier = earlierJoinStorms();
  const storms = [];
  for (let run = 0; run < runs; run++) {
    for (const guests of j.sizes) {
      const storm = await joinStorm({ salon: direct.salon, guests, spreadMs: j.spreadMs, timeoutMs: j.timeoutMs, deflate: args.deflate, pid: stack.appPid });
      storms.push(storm);
      progress(
        `join storm run ${run + 1} ${guests} guests: ${storm.connected} connected after ${fmt(storm.allConnectedMs / 1000)} s, right count after ${fmt(storm.allCountMs / 1000)} s, ${fmt(storm.cpuMsPerJoin)} ms CPU per join`,
      );
      await sleep(guests >= 500 ? plan.bigGapMs : plan.gapMs);
    }
  }
  results.joinStorm = { plan: j, storms, earlier };
  log(
    table(
      [
        'guests',
        'run',
        'connected',
        'failed',
        'all connected s',
        'right count s',
        'right online s',
        'join p50 ms',
        'join p99 ms',
        'CPU ms/join',
        'frames',
        'not right',
      ],
      storms.map((s) => [
        s.guests,
        String(1 + storms.filter((x) => x.guests === s.guests).indexOf(s)),
        s.connected,
        s.failed,
        s.allConnectedMs / 1000,
        s.allCountMs / 1000,
        s.allOnlineMs / 1000,
        s.joinP50,
        s.joinP99,
        s.cpuMsPerJoin,
        s.framesP50,
        s.notRight,
      ]),
    ),
  );
  for (const s of storms) {
    if (s.failed) log(`${s.guests} guests, failures: ${JSON.stringify(s.failures)}`);
    if (s.notRight) log(`${s.guests} guests, not right at the end (${s.members} members, ${s.online} online): ${JSON.stringify(s.wrong)}`);
  }
  const smallest = Math.min(...j.sizes);
  const cpuAt = (guests) =>
    medianOf(
      storms.filter((s) => s.guests === guests),
      (s) => s.cpuMsPerJoin,
    );
  log(`\nmedians beside the earlier figures (baseline: ${j.sizes.map((g) => (earlier[g] ? `${g} from ${earlier[g].source}` : `${g} none`)).join(', ')})`);
  log(
    table(
      [
        'guests',
        'all connected s',
        'baseline',
        '×base',
        'right count s',
        'baseline (all see all)',
        '×base',
        'failed',
        'CPU ms/join',
        `×at ${smallest}`,
        'baseline CPU',
      ],
      j.sizes.map((guests) => {
        const same = storms.filter((s) => s.guests === guests);
        const base = earlier[guests];
        const connected = medianOf(same, (s) => s.allConnectedMs);
        const counted = medianOf(same, (s) => s.allCountMs);
        return [
          guests,
          connected / 1000,
          base ? base.allConnectedMs / 1000 : '',
          base ? fmtRatio(ratio(connected, base.allConnectedMs)) : '',
          counted / 1000,
          base ? base.allRightMs / 1000 : '',
          base ? fmtRatio(ratio(counted, base.allRightMs)) : '',
          same.reduce((sum, s) => sum + s.failed, 0),
          cpuAt(guests),
          fmtRatio(ratio(cpuAt(guests), cpuAt(smallest))),
          base?.cpuMsPerJoin ?? '',
        ];
      }),
    ),
  );
  const largest = Math.max(...j.sizes);
  const big = storms.filter((s) => s.guests === largest);
  goal(
    `join storm: ${largest.toLocaleString('en')} guests within ${j.spreadMs / 1000} s all connected, every client showing the right count`,
    `${fmt(medianOf(big, (s) => s.allConnectedMs) / 1000)} s, ${fmt(medianOf(big, (s) => s.allCountMs) / 1000)} s; ${big.reduce((sum, s) => sum + s.failed, 0)} failed, ${big.reduce((sum, s) => sum + s.notRight, 0)} wrong`,
    null,
  );
  goal(
    `join storm: server CPU per join at ${largest.toLocaleString('en')} × at ${smallest}`,
    `${fmtRatio(ratio(cpuAt(largest), cpuAt(smallest)))} (${fmt(cpuAt(largest))} vs ${fmt(cpuAt(smallest))} ms)`,
    null,
  );
}

// ---- a room of 5,000 ----------------------------------------------------------------------------

async function bigScenario(stack, direct) {
  const { members } = plan.big;
  section(
    `big room: ${members.toLocaleString('en')} sockets in one room (ours: joined guests; raw: as many on RAW), one message sent by one of them; ms send → receipt, median of ${runs} run(s)`,
  );
  log(
    'p50/p99 over the receivers; last = the slowest receiver. connect s: from the first socket to all welcomed and the room quiet. client RSS: this process with every socket open.',
  );
  const pid = stack.appPid;
  const made = performance.now();
  await direct.sets.ours.room('big', members);
  const madeSeconds = (performance.now() - made) / 1000;
  log(`${members.toLocaleString('en')} guests joined through /bench/guests/ (the production joinParty) in ${fmt(madeSeconds)} s`);
  const byName = { ours: [], raw: [] };
  for (let run = 0; run < runs; run++) {
    for (const name of run % 2 === 0 ? ['ours', 'raw'] : ['raw', 'ours']) {
      const variant = direct.sets[name];
      const room = await variant.room(name === 'ours' ? 'big' : `big-${run}`, members);
      const began = performance.now();
      let connectMs = Number.NaN;
      let rssMb = Number.NaN;
      const result = await fanOut({
        variant,
        room,
        receivers: members - 1,
        // One message measured; one before it, not counted, so that neither room pays a first send's costs in it.
        messages: 1,
        warmup: 1,
        paceMs: 0,
        timeoutMs: 30_000,
        pids: [pid].filter(Boolean),
        around: (measure) => {
          connectMs = performance.now() - began;
          rssMb = process.memoryUsage().rss / 2 ** 20;
          return measure();
        },
      });
      byName[name].push({ ...result, connectMs, rssMb });
      progress(`big room run ${run + 1} ${name}: p50 ${fmt(result.p50)} p99 ${fmt(result.p99)} last ${fmt(result.lastP50)} ms, lost ${result.lost}`);
      await sleep(plan.bigGapMs);
    }
  }
  const summary = {};
  for (const name of ['ours', 'raw']) {
    const r = byName[name];
    summary[name] = {
      p50: medianOf(r, (x) => x.p50),
      p99: medianOf(r, (x) => x.p99),
      last: medianOf(r, (x) => x.lastP50),
      lost: r.reduce((sum, x) => sum + x.lost, 0),
      cpu: medianOf(r, (x) => x.serverCpuMs[0]),
      connectMs: medianOf(r, (x) => x.connectMs),
      rssMb: Math.max(...r.map((x) => x.rssMb)),
    };
  }
  results.bigRoom = { members, madeSeconds, summary, runs: byName };
  const { ours, raw } = summary;
  log(
    table(
      ['room', 'sockets', 'p50', 'p99', 'last', 'p50 ×RAW', 'p99 ×RAW', 'last ×RAW', 'lost', 'srv CPU ms/msg', 'connect s', 'client RSS MiB'],
      [
        [
          'ours',
          members,
          ours.p50,
          ours.p99,
          ours.last,
          fmtRatio(ratio(ours.p50, raw.p50)),
          fmtRatio(ratio(ours.p99, raw.p99)),
          fmtRatio(ratio(ours.last, raw.last)),
          ours.lost,
          ours.cpu,
          ours.connectMs / 1000,
          ours.rssMb,
        ],
        ['raw', members, raw.p50, raw.p99, raw.last, '', '', '', raw.lost, raw.cpu, raw.connectMs / 1000, raw.rssMb],
      ],
    ),
  );
  goal(
    `big room: one message to ${members.toLocaleString('en')} sockets, p50 / p99 / last × RAW`,
    `${fmtRatio(ratio(ours.p50, raw.p50))} / ${fmtRatio(ratio(ours.p99, raw.p99))} / ${fmtRatio(ratio(ours.last, raw.last))} (${fmt(ours.p50)} / ${fmt(ours.p99)} / ${fmt(ours.last)} vs ${fmt(raw.p50)} / ${fmt(raw.p99)} / ${fmt(raw.last)} ms)`,
    null,
  );
}

// ---- the room's limit -------------------------------------------------------------------------

async function limitScenario(stack, direct) {
  const { sizes, rates, seconds } = plan.limit;
  const ceilingMs = 250;
  section(
    `limit: rooms of ${sizes.map((n) => n.toLocaleString('en')).join(', ')} sockets, messages at a steady rate (${rates.join(', ')} per second, ${seconds} s each, one sender in twenty members, up to 10, taking turns) until p99 passes ${ceilingMs} ms or a receipt is missing; ours and RAW, one run`,
  );
  log("app CPU: the app workerd's share of one core over the step; client CPU: this process's (near 1: the client, not the room, may be the limit).");
  const rows = [];
  const byName = { ours: [], raw: [] };
  for (const members of sizes) {
    for (const name of ['ours', 'raw']) {
      const variant = direct.sets[name];
      // One party grows from size to size (its guests join once); RAW gets a fresh room each.
      const room = await variant.room(name === 'ours' ? 'limit' : `limit-${members}`, members);
      const result = await rateSweep({ variant, room, members, rates, seconds, ceilingMs, pid: stack.appPid });
      byName[name].push(result);
      for (const step of result.steps) {
        rows.push([name, members, step.rate, step.achievedRate, step.p50, step.p99, step.missing, step.appCpu, step.clientCpu]);
      }
      progress(`limit ${name} at ${members}: ${result.limit} msg/s passes, ${result.failedAt ?? 'none'} fails`);
      await sleep(members >= 1000 ? plan.bigGapMs : plan.gapMs);
    }
  }
  log(table(['room', 'sockets', 'msg/s', 'sent/s', 'p50', 'p99', 'missing', 'app CPU', 'client CPU'], rows));
  results.limit = { ceilingMs, seconds, runs: byName };
  goal(
    `limit: highest steady rate with p99 ≤ ${ceilingMs} ms, ours (RAW) at ${sizes.map((n) => n.toLocaleString('en')).join(' / ')} sockets`,
    sizes
      .map((_, i) => {
        const over = (r) => (r.failedAt === null ? `≥ ${r.limit}` : String(r.limit));
        return `${over(byName.ours[i])} (${over(byName.raw[i])})`;
      })
      .join(' / ') + ' msg/s',
    null,
  );
}

// ---- restart ----------------------------------------------------------------------------------

async function restartScenario(bench) {
  const r = plan.restart;
  section(
    `restart: ${r.members.toLocaleString('en')} guests' sockets and the manager writing every ${r.intervalMs} ms; the Worker process stopped and started on the same state; clients come back with app/core/roster.ts reconnectDelay and rejoin with lastSeq; ${runs} run(s)`,
  );
  log(
    'down: from the stop to the Worker answering again (wrangler dev starting; a deploy is quicker). all resumed: from the stop to the last client welcomed again;',
  );
  log(
    'after back: from the Worker answering to the last welcome. peak: welcomes per 100 ms window (×10 per second) and in any 1 s. before welcome: newMessage frames a socket got before its welcome.',
  );
  log(
    "resyncs: a page's reducer saw a gap and reconnected at once. lost / doubled / out of order: messages in the readers' pages (the app's reducer), summed (acknowledged but missing, there twice, after a later seq).",
  );
  const { checkHistory, chatReducer, initialChatState } = await loadDriver(OUT_DIR);
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const row = await restart({
      salon: () => bench.direct.salon,
      restartWorker: async () => {
        const { persistTo } = bench.stack;
        await bench.stack.stop();
        Object.assign(bench, await boot(persistTo));
      },
      ...r,
      checkHistory,
      chat: { chatReducer, initialChatState },
    });
    rows.push(row);
    progress(
      `restart run ${run + 1}: ${row.resumed}/${row.sockets} resumed after ${fmt(row.allResumedMs / 1000)} s (down ${fmt(row.downMs / 1000)} s); lost ${row.lost}, doubled ${row.doubled}, out of order ${row.outOfOrder}`,
    );
    await sleep(plan.bigGapMs);
  }
  results.restart = { plan: r, rows };
  const reconnect = rows[0].reconnect;
  log(
    `reconnect policy (app/core/roster.ts): ${reconnect.connectsPerSecond} connects/s spread, back-off ${reconnect.minMs}–${reconnect.maxMs} ms; spread window at ${r.members + 1} members ${fmt(((r.members + 1) / reconnect.connectsPerSecond) * 1000, 0)} ms`,
  );
  log(
    table(
      [
        'run',
        'sockets',
        'down s',
        'all resumed s',
        'after back s',
        'p50 after back s',
        'peak /100 ms',
        'peak /s',
        'tries',
        'snapshots',
        'before welcome',
        'resyncs',
        'written',
        'acked',
        'lost',
        'doubled',
        'out of order',
        'checker',
      ],
      rows.map((x, i) => [
        String(i + 1),
        `${x.resumed}/${x.sockets}`,
        x.downMs / 1000,
        x.allResumedMs / 1000,
        x.afterBackMs / 1000,
        x.resumeP50Ms / 1000,
        `${x.peakPer100ms} (${x.peakPer100ms * 10}/s)`,
        x.peakPerSecond,
        x.retries,
        x.snapshots,
        x.beforeWelcome,
        x.resyncs,
        x.written,
        x.acked,
        x.lost,
        x.doubled,
        x.outOfOrder,
        `${x.checker.ok ? 'clean' : `${x.checker.anomalies}: ${x.checker.kinds.join(', ')}`}${x.checkedViews < x.distinctViews ? ` (${x.checkedViews} of ${x.distinctViews} views)` : ''}`,
      ]),
    ),
  );
  for (const x of rows) if (!x.checker.ok) log(`checker: ${x.checker.first.join(' | ')}`);
  const clean = rows.every((x) => x.checker.ok && x.lost === 0 && x.doubled === 0 && x.outOfOrder === 0 && x.unacked === 0);
  goal(
    `restart under ${r.members.toLocaleString('en')} sockets: every acked message once, in order, in every view`,
    `${rows.length} run(s), ${rows.reduce((sum, x) => sum + x.acked, 0)} messages; all resumed ${fmt(medianOf(rows, (x) => x.allResumedMs) / 1000)} s (${fmt(medianOf(rows, (x) => x.afterBackMs) / 1000)} s after the Worker was back), peak ${Math.max(...rows.map((x) => x.peakPerSecond))} connects/s`,
    clean,
  );
}

// ---- a guest's phone during a join storm ------------------------------------------------------

async function phoneScenario(stack, direct) {
  const p = plan.phone;
  section(
    `phone: the party page of a joined guest (Chromium, 390×844, CPU 4× slower) while ${p.guests.toLocaleString('en')} guests join within ${p.spreadMs / 1000} s; long tasks, ms; ${runs} run(s)`,
  );
  log(
    `idle: the same page left alone for ${p.idleMs / 1000} s before the storm. storm: from its start until a second after every client showed the right count.`,
  );
  log('blocking = total blocking time (each long task beyond 50 ms), as Lighthouse counts it.');
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const row = await phoneStorm({ salon: direct.salon, base: stack.direct, ...p, pid: stack.appPid });
    rows.push(row);
    progress(`phone run ${run + 1}: longest task ${fmt(row.during.longestMs, 0)} ms, blocking ${fmt(row.during.blockingMs, 0)} ms during the storm`);
    await sleep(plan.bigGapMs);
  }
  results.phone = { plan: p, rows };
  log(
    table(
      [
        'run',
        'guests',
        'connected',
        'right count s',
        'storm s',
        'longest idle',
        'longest storm',
        'blocking idle',
        'blocking storm',
        'long tasks idle',
        'long tasks storm',
      ],
      rows.map((x, i) => [
        String(i + 1),
        x.guests,
        x.storm.connected,
        x.storm.allCountMs / 1000,
        x.stormMs / 1000,
        x.idle.longestMs,
        x.during.longestMs,
        x.idle.blockingMs,
        x.during.blockingMs,
        x.idle.tasks,
        x.during.tasks,
      ]),
    ),
  );
  goal(
    `phone (4× CPU) while ${p.guests.toLocaleString('en')} guests join: longest task, total blocking time`,
    `${fmt(
      medianOf(rows, (x) => x.during.longestMs),
      0,
    )} ms, ${fmt(
      medianOf(rows, (x) => x.during.blockingMs),
      0,
    )} ms over ${fmt(medianOf(rows, (x) => x.stormMs) / 1000)} s (idle: ${fmt(
      medianOf(rows, (x) => x.idle.longestMs),
      0,
    )} ms, ${fmt(
      medianOf(rows, (x) => x.idle.blockingMs),
      0,
    )} ms)`,
    null,
  );
}

// ---- zero loss --------------------------------------------------------------------------------

async function zeroLossScenario(direct) {
  const { guests, ...options } = plan.zeroLoss;
  section(
    `zero loss: a manager and ${guests} guests send ${options.messagesPerClient} messages each; sockets dropped at random, sends repeated with their tempId, the room evicted ${options.evictions} times; one seed per run`,
  );
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const row = await zeroLoss({ salon: direct.salon, guests, options: { ...options, seed: run + 1 }, outDir: OUT_DIR });
    rows.push(row);
    progress(`zero loss run ${run + 1} (seed ${row.seed}): ${row.anomalies ? 'ANOMALIES' : 'ok'}`);
  }
  results.zeroLoss = rows;
  log(
    table(
      ['seed', 'clients', 'messages', 'sends', 'drops', 'repeats', 'evictions', 'reconnects', 'rate limited', 's', 'unacked', 'views behind', 'anomalies'],
      rows.map((r) => [
        r.seed,
        r.stats.clients,
        r.stats.messages,
        r.stats.invocations,
        r.stats.drops,
        r.stats.repeats,
        r.stats.evictions,
        r.stats.reconnects,
        r.stats.rateLimited,
        r.stats.ms / 1000,
        r.unacked,
        r.behind,
        r.anomalies ? 'yes' : 'none',
      ]),
    ),
  );
  for (const r of rows) if (r.anomalies) log(`seed ${r.seed}: ${r.anomalies}`);
  const clean = rows.every((r) => !r.anomalies && r.unacked === 0 && r.behind === 0);
  goal(
    'zero loss: every acked message once in every view, one order',
    `${rows.length} run(s), ${rows.reduce((sum, r) => sum + r.stats.messages, 0)} messages`,
    clean,
  );
}

// ---- upload -----------------------------------------------------------------------------------

async function uploadScenario(stack, direct) {
  const mib = Number(args['upload-mib'] ?? plan.upload.mib);
  section(`upload: ${mib} MiB through tus (POST /api/media + PATCHes of 50 MiB into 5 MiB R2 parts) vs one plain R2 put, same Worker, direct port`);
  const rows = await upload({ salon: direct.salon, pid: stack.appPid, size: mib * 1024 * 1024, runs });
  results.upload = { mib, rows };
  const mb = (x) => x.toFixed(0);
  log(
    table(
      ['run', 'way', 's', 'MiB/s', 'workerd RSS MiB first→max→last', 'uploader heap MiB min→max', 'uploader RSS MiB min→max'],
      rows.map((r) => [
        r.run + 1,
        r.way === 'tus' ? 'tus (ours)' : 'plain put',
        r.seconds,
        r.mibPerS,
        `${mb(r.memory.worker.first)} → ${mb(r.memory.worker.max)} → ${mb(r.memory.worker.last)}`,
        `${mb(r.memory.heap.min)} → ${mb(r.memory.heap.max)}`,
        `${mb(r.memory.rss.min)} → ${mb(r.memory.rss.max)}`,
      ]),
    ),
  );
  const tus = median(rows.filter((r) => r.way === 'tus').map((r) => r.mibPerS));
  const put = median(rows.filter((r) => r.way === 'put').map((r) => r.mibPerS));
  const growth = Math.max(...rows.filter((r) => r.way === 'tus').map((r) => r.memory.worker.max - r.memory.worker.first));
  goal(
    'upload throughput: tus ≥ 80 % of a plain R2 put',
    `${tus.toFixed(0)} vs ${put.toFixed(0)} MiB/s (${((tus / put) * 100).toFixed(0)} %)`,
    tus >= 0.8 * put,
  );
  goal(`memory while uploading ${mib} MiB: workerd RSS growth (flat)`, `${growth.toFixed(0)} MiB at most`, null);
}

// ---- import from an older account -------------------------------------------------------------

async function importScenario(stack, direct) {
  const account = quick ? IMPORT_ACCOUNTS.quick : IMPORT_ACCOUNTS.big;
  section(
    `import: ${account.email} of the older system's stand-in through /api/import/*, one call at a time, then again; vs a plain copy of ${account.mediaMiB} MiB into R2`,
  );
  if (!(await importAvailable(direct.salon))) {
    log('not run: this Worker has no /api/import/* routes');
    results.import = { skipped: 'no import routes' };
    return;
  }
  const rows = await importScenarioRuns({ salon: direct.salon, pid: stack.appPid, account, runs });
  results.import = { account, rows };
  const mb = (x) => x.toFixed(0);
  const memory = (m) => `${mb(m.worker.first)} → ${mb(m.worker.max)} → ${mb(m.worker.last)}`;
  const items = (r) => ['files', 'media', 'messages', 'parties'].map((stage) => r.stages[stage].items).join(' / ');
  log(
    table(
      ['run', 'what', 's', 'files / media / messages / parties', 'files s', 'messages s', 'MiB/s', 'workerd RSS MiB first→max→last'],
      rows.flatMap((r) => [
        [
          r.run + 1,
          'import',
          r.first.seconds,
          items(r.first),
          r.first.stages.files.seconds,
          r.first.stages.messages.seconds,
          account.mediaMiB / r.first.stages.files.seconds,
          memory(r.firstMemory),
        ],
        [r.run + 1, 'again', r.second.seconds, items(r.second), r.second.stages.files.seconds, r.second.stages.messages.seconds, '', memory(r.secondMemory)],
        [r.run + 1, 'plain R2 copy', r.put.seconds, `${r.put.objects} objects`, r.put.seconds, '', r.put.mib / r.put.seconds, memory(r.put.memory)],
      ]),
    ),
  );
  log('MiB/s of the import: the media bytes over its files stage (the stand-in serves them, the Worker streams them into R2 and Stream).');
  const importRate = median(rows.map((r) => account.mediaMiB / r.first.stages.files.seconds));
  const putRate = median(rows.map((r) => r.put.mib / r.put.seconds));
  const peak = Math.max(...rows.map((r) => r.firstMemory.worker.max));
  const growth = Math.max(...rows.map((r) => r.firstMemory.worker.max - r.firstMemory.worker.first));
  goal(
    `import of ${account.email}: time`,
    `${median(rows.map((r) => r.first.seconds)).toFixed(1)} s (again: ${median(rows.map((r) => r.second.seconds)).toFixed(1)} s)`,
    null,
  );
  goal(`import of ${account.email}: peak workerd RSS`, `${mb(peak)} MiB (growth ${mb(growth)} MiB)`, null);
  goal(
    `import of ${account.email}: media rate vs a plain R2 copy`,
    `${importRate.toFixed(1)} vs ${putRate.toFixed(1)} MiB/s (${((importRate / putRate) * 100).toFixed(0)} %)`,
    null,
  );
}

// ---- export (ADR 062) --------------------------------------------------------------------------

async function exportScenario(stack, direct) {
  const account = quick ? IMPORT_ACCOUNTS.quick : IMPORT_ACCOUNTS.big;
  section(
    `export: a consultant imports ${account.email} of the older system's stand-in, then asks for her export (POST /api/export) and waits for it (GET /api/export)`,
  );
  if (!(await importAvailable(direct.salon))) {
    log('not run: this Worker has no /api/import/* routes to fill the account');
    results.export = { skipped: 'no import routes' };
    return;
  }
  const row = await exportScenarioRuns({ salon: direct.salon, pid: stack.appPid, account });
  results.export = { account, ...row };
  const mb = (x) => x.toFixed(0);
  log(
    table(
      ['what', 's', 'files', 'archive MiB', 'workerd RSS MiB first→max→last', "Python's zipfile"],
      [
        ['import (to fill the account)', row.imported.seconds, row.imported.files, account.mediaMiB, '', ''],
        [
          'export',
          row.seconds,
          row.files,
          row.bytes / 1024 / 1024,
          `${mb(row.memory.worker.first)} → ${mb(row.memory.worker.max)} → ${mb(row.memory.worker.last)}`,
          row.check
            ? `${row.check.entries} entries, ${(row.check.bytes / 1024 / 1024).toFixed(1)} MiB, ${row.check.bad === null ? 'all CRCs right' : `bad: ${row.check.bad}`}`
            : row.state,
        ],
      ],
    ),
  );
  goal(
    `export of ${account.email}'s account: time to the ready archive`,
    `${row.seconds.toFixed(1)} s (${(row.bytes / 1024 / 1024 / row.seconds).toFixed(1)} MiB/s)`,
    null,
  );
  goal(
    `export of ${account.email}'s account: peak workerd RSS`,
    `${mb(row.memory.worker.max)} MiB (growth ${mb(row.memory.worker.max - row.memory.worker.first)} MiB)`,
    null,
  );
}

// ---- tus: clients not written here, on real connections ---------------------------------------

async function tusScenario(direct, proxied) {
  section(`tus: refused PATCHes on a kept-alive connection, then tuspy (the tus project's Python client) with ${plan.tus.mib} MiB files, both ports`);
  for (const [port, where] of [
    ['direct', direct],
    ['proxied', proxied],
  ]) {
    if (port === 'proxied' && !proxiedOn) continue;
    const result = await tusClients({ salon: where.salon, base: where.salon.base, mib: plan.tus.mib, log });
    (results.tus ??= {})[port] = result;
    log(`${port}: refused, then the next request on the same connection`);
    log(
      table(
        ['refusal', 'answer', 'next request', 'ms'],
        result.refusals.map((r) => [r.name, r.refused, r.next, r.nextMs]),
      ),
    );
    const prompt = result.refusals.every((r) => typeof r.refused === 'number' && r.next === 200 && r.nextMs < 1000);
    goal(
      `tus (${port}): each refusal answered, the next request on its connection within 1 s`,
      `slowest ${Math.max(...result.refusals.map((r) => r.nextMs)).toFixed(0)} ms`,
      prompt,
    );
    if (!result.tuspy) continue;
    log(
      table(
        ['tuspy', 's', 'file read back'],
        result.tuspy.uploads.map((u) => [u.way, u.seconds, u.file]),
      ),
    );
    const race = result.tuspy.stalledLease;
    log(
      `stalled lease: tuspy took over and finished in ${race.takeoverSeconds.toFixed(1)} s (the silent PATCH's lease lapses after ${result.tuspy.silenceMs / 1000} s); the silent PATCH, woken: ${race.late}; offset after it ${race.offsetAfter}; file ${race.file}`,
    );
    goal(
      `tus (${port}): tuspy at 1, 5 and 7 MiB, creation, resume: byte-identical`,
      result.tuspy.uploads.map((u) => u.file).join(', '),
      result.tuspy.uploads.every((u) => u.file === 'identical'),
    );
    goal(
      `tus (${port}): a silent PATCH's lease taken over, the woken PATCH refused (409) and nothing changed`,
      `${race.late}, ${race.file}, took over in ${race.takeoverSeconds.toFixed(1)} s`,
      race.late === 409 && race.file === 'identical' && race.finished,
    );
  }
}

// ---- video ------------------------------------------------------------------------------------

async function videoScenario(direct) {
  const clips = plan.video.seconds;
  section(
    `video: end of upload → plays (master, lowest rendition, its first segment) and → every rendition, for 720p clips of ${clips.join(' and ')} s${quick ? ' (--quick: a short clip only)' : ''}; ours through the Worker and the Stream stand-in, baseline the stand-in alone`,
  );
  const rows = [];
  for (const seconds of clips) rows.push(...(await hlsReady({ salon: direct.salon, stream, clip: makeClip(`${OUT_DIR}/clips`, seconds), seconds, runs })));
  results.video = { clips, rows };
  log('load: the 1-minute load average as the run began (the conversion shares the CPU with it); renditions: those the master listed as it began to play.');
  log(
    table(
      ['clip s', 'run', 'way', 'clip MiB', 'load', 'renditions', 's to play', 's to every rendition'],
      rows.map((r) => [
        r.clipSeconds,
        r.run + 1,
        r.way === 'ours' ? 'ours (Worker + stand-in)' : 'stand-in alone',
        r.mib,
        r.load,
        r.renditions,
        r.seconds,
        r.allSeconds,
      ]),
      3,
    ),
  );
  for (const seconds of clips) {
    const of = (way, pick) => median(rows.filter((r) => r.clipSeconds === seconds && r.way === way).map(pick));
    const [ours, alone] = [of('ours', (r) => r.seconds), of('alone', (r) => r.seconds)];
    goal(
      `video: ${seconds} s 720p clip plays after its upload`,
      `${ours.toFixed(1)} s (${fmtRatio(ratio(ours, seconds))} its length; every rendition ${of('ours', (r) => r.allSeconds).toFixed(1)} s) vs ${alone.toFixed(1)} s for the stand-in alone (${fmtRatio(ratio(ours, alone))})`,
      null,
    );
  }
}

// ---- template editor --------------------------------------------------------------------------

// ---- live video (issue 44, ADR 060) -----------------------------------------------------------

/**
 * The live video against the Stream stand-in: glass-to-glass delay over WHEP and HLS (a stamped test
 * pattern read back from the frames shown), many WHEP viewers at once (packets and the longest gap
 * each), and the chat's fan-out with and without a show on air (publisher and viewers running),
 * interleaved run by run.
 */
async function liveScenario(stack, direct) {
  const seconds = quick ? 5 : 20;
  const viewerCount = quick ? 5 : 50;
  const chat = { receivers: quick ? 5 : 50, messages: quick ? 10 : 60, warmup: 3, paceMs: 50 };
  section(
    `live video: delay over WHEP and HLS (${seconds} s of frames), ${viewerCount} WHEP viewers, the chat's fan-out to ${chat.receivers} with and without a show`,
  );
  log('delay = the viewer page’s clock when a frame is shown − the time drawn into that frame by the publisher page (same browser: one clock).');
  const browserPath = resolveBrowser().path;
  const delay = await liveDelay({ stream, browserPath, input: await liveInput(stream), seconds });
  const rows = ['whep', 'hls'].map((kind) => [kind, delay[kind].length, percentile(delay[kind], 50), percentile(delay[kind], 90), percentile(delay[kind], 99)]);
  log(table(['playback', 'frames', 'p50 ms', 'p90 ms', 'p99 ms'], rows));
  results.live = { delay: { whep: rows[0].slice(1), hls: rows[1].slice(1) } };
  goal('live: glass-to-glass over WHEP ≤ 1.0 s p50', `${fmt(percentile(delay.whep, 50), 0)} ms`, percentile(delay.whep, 50) <= 1000);
  goal('live: glass-to-glass over HLS ≤ 8 s p50', `${fmt(percentile(delay.hls, 50), 0)} ms`, percentile(delay.hls, 50) <= 8000);

  const variant = direct.sets.ours;
  const room = await variant.room('live-chat', chat.receivers + 1);
  const pids = [stack.appPid].filter(Boolean);
  const without = [];
  const during = [];
  let viewers = [];
  /** Every run's viewers: the goal counts them all, the table shows each run. */
  const viewerRuns = [];
  let loops = { standIn: null, viewers: [] };
  // The viewers stand for phones: spread over processes of their own (live.mjs --spread), not in the stand-in's.
  const liveSpread = Number(args['live-spread'] ?? (quick ? 1 : 5));
  // --live-cores: the chat (workerd and its clients) on CPU 0 in both measurements, the show beside it.
  const cpus = os.cpus().length;
  const split = args['live-cores'] && cpus > 1;
  const pin = (pid, list) => execFileSync('taskset', ['-a', '-p', '-c', list, String(pid)], { stdio: 'ignore' });
  if (split) for (const pid of [stack.appPid, process.pid].filter(Boolean)) pin(pid, '0');
  for (let run = 0; run < runs; run++) {
    without.push(await fanOut({ variant, room, ...chat, pids }));
    await sleep(plan.gapMs);
    // The show (a stand-in, a publisher, the viewers) in a process of its own (live.mjs --show).
    const showArgs = ['test/bench/live.mjs', '--show', String(Math.max(seconds, 15)), '--viewers', String(viewerCount), '--spread', String(liveSpread)];
    if (!args['live-all-addresses']) showArgs.push('--loopback');
    // --live-nice N: the show (Stream's part, on other machines in production) at a lower CPU priority.
    const command = [process.execPath, ...showArgs];
    if (args['live-nice']) command.unshift('nice', '-n', args['live-nice']);
    if (split) command.unshift('taskset', '-c', `1-${cpus - 1}`);
    const show = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    show.stdout.on('data', (chunk) => (out += chunk));
    const ended = new Promise((resolve) => show.on('exit', resolve));
    await new Promise((resolve, reject) => {
      show.stderr.on('data', (chunk) => String(chunk).includes('on air') && resolve());
      show.on('exit', (code) => reject(new Error(`the live show ended before it was on air (${code})`)));
    });
    await sleep(3000);
    const fan = await fanOut({ variant, room, ...chat, pids });
    await ended;
    const onShow = { fan, watched: JSON.parse(out.trim().split('\n').pop()) };
    during.push(onShow.fan);
    viewers = onShow.watched.viewers;
    viewerRuns.push(viewers);
    loops = { standIn: onShow.watched.standInLoop, viewers: onShow.watched.viewerLoops };
    progress(`live run ${run + 1}: chat p50 ${fmt(without.at(-1).p50)} ms without, ${fmt(onShow.fan.p50)} ms during a show`);
    await sleep(plan.gapMs);
  }
  if (split) for (const pid of [stack.appPid, process.pid].filter(Boolean)) pin(pid, `0-${cpus - 1}`);
  const runRow = (list) => {
    const ok = list.filter((v) => v.ok);
    return { connected: ok.length, stalls: ok.filter((v) => v.maxGapMs > 1000).length, longest: Math.max(...ok.map((v) => v.maxGapMs)), ok };
  };
  log(
    table(
      ['run', 'viewers', 'connected', 'stalls > 1 s', 'longest gap ms', 'packets p50'],
      viewerRuns.map((list, i) => {
        const row = runRow(list);
        return [
          i + 1,
          list.length,
          row.connected,
          row.stalls,
          row.longest,
          percentile(
            row.ok.map((v) => v.packets),
            50,
          ),
        ];
      }),
    ),
  );
  // The goal over every run: the viewers that ever failed to connect or stalled.
  const all = runRow(viewerRuns.flat());
  const stalls = all.stalls;
  const longest = all.longest;
  const p50 = { without: medianOf(without, (x) => x.p50), during: medianOf(during, (x) => x.p50) };
  const p99 = { without: medianOf(without, (x) => x.p99), during: medianOf(during, (x) => x.p99) };
  log(
    table(
      ['chat fan-out', 'p50 ms', 'p99 ms'],
      [
        ['without a show', p50.without, p99.without],
        ['during a show', p50.during, p99.during],
        ['×', fmtRatio(ratio(p50.during, p50.without)), fmtRatio(ratio(p99.during, p99.without))],
      ],
    ),
  );
  // Where a viewer that never played stopped, and how late each process's event loop ran.
  const failed = viewerRuns.flat().filter((v) => !v.ok);
  if (failed.length > 0) {
    const where = (v) =>
      v.steps.status !== 201
        ? `WHEP ${v.steps.status}`
        : v.steps.ice === null
          ? `ICE ${v.steps.iceState}`
          : v.steps.connected === null
            ? `DTLS (${v.steps.state})`
            : 'no packet';
    const counts = {};
    for (const v of failed) counts[where(v)] = (counts[where(v)] ?? 0) + 1;
    log(
      `viewers that never played, by where they stopped: ${Object.entries(counts)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
  }
  const stepsOf = (key) =>
    percentile(
      all.ok.map((v) => v.steps[key]).filter((x) => x !== null),
      50,
    );
  log(
    table(
      ['viewer connection (ms from its start, p50)', 'WHEP answer', 'ICE connected', 'DTLS connected', 'first packet'],
      [['', stepsOf('answer'), stepsOf('ice'), stepsOf('connected'), stepsOf('firstPacket')]],
    ),
  );
  const loopRow = (name, loop) => [name, fmt(loop.p50, 1), fmt(loop.p99, 1), fmt(loop.max, 0)];
  log(
    table(
      ['event loop delay (ms)', 'p50', 'p99', 'max'],
      [
        loopRow(`stand-in + publisher${liveSpread ? '' : ' + viewers'}`, loops.standIn),
        ...loops.viewers.map((loop, i) => loopRow(`viewers' process ${i + 1}`, loop)),
      ],
    ),
  );
  results.live.viewers = {
    count: viewerCount,
    runs: viewerRuns.length,
    connected: all.connected,
    stalls,
    longestGapMs: longest,
    spread: liveSpread,
    loopback: !args['live-all-addresses'],
    nice: Number(args['live-nice'] ?? 0),
    cores: split ? 'chat on CPU 0, show on the rest' : 'shared',
  };
  results.live.chat = { p50, p99 };
  goal(
    `live: ${viewerCount} viewers without frame stalls > 1 s`,
    `${all.connected}/${viewerCount * viewerRuns.length} connected over ${viewerRuns.length} run(s), ${stalls} stalled, longest gap ${fmt(longest, 0)} ms`,
    all.connected === viewerCount * viewerRuns.length && stalls === 0,
  );
  goal(
    'live: chat send latency during a show ≤ 1.1× without (p50)',
    `${fmtRatio(ratio(p50.during, p50.without))} (${fmt(p50.during)} vs ${fmt(p50.without)} ms)`,
    ratio(p50.during, p50.without) <= 1.1,
  );
}

async function templateScenario(stack, direct) {
  const { sizes } = plan.template;
  section(
    `template editor: a ${sizes.at(-1)}-message template opened and one message moved by the keyboard, beside ${sizes[0]} messages; Chromium, CPU 4× slower, median of ${runs} run(s), ms`,
  );
  log('open: from navigation; first paint = first contentful paint (the list is rendered on the server, so it shows the first rows); usable = React hydrated.');
  log(
    "move: from the drop key (Space) to the list painted in the new order, and to the server's answer (PUT moveMessage, one row written); floor = one PUT of the title from the same page.",
  );
  const rows = await templateEditor({ salon: direct.salon, base: stack.direct, runs, sizes });
  results.templateEditor = rows;
  log(
    table(
      [
        'messages',
        'rows',
        'HTML KB',
        'TTFB',
        'first paint',
        'usable',
        'blocking',
        'longest task',
        'move shown',
        'move answered',
        'move request',
        'move blocking',
        'floor (1 write)',
      ],
      rows.map((r) => [
        r.size,
        r.rows,
        r.htmlKb,
        r.ttfb,
        r.firstPaint,
        r.hydrated,
        r.blocking,
        r.longestTask,
        r.moveShown,
        r.moveAnswered,
        r.moveRequest,
        r.moveBlocking,
        r.floor,
      ]),
    ),
  );
  const [small, large] = [rows[0], rows.at(-1)];
  goal(
    `template editor at ${large.size} messages: first paint, usable (×${small.size} messages)`,
    `${fmt(large.firstPaint, 0)} ms (${fmtRatio(ratio(large.firstPaint, small.firstPaint))}), ${fmt(large.hydrated, 0)} ms (${fmtRatio(ratio(large.hydrated, small.hydrated))}); longest task ${fmt(large.longestTask, 0)} ms`,
    null,
  );
  goal(
    `template editor at ${large.size} messages: one move shown, answered (×${small.size} messages; floor)`,
    `${fmt(large.moveShown, 0)} ms (${fmtRatio(ratio(large.moveShown, small.moveShown))}), ${fmt(large.moveAnswered, 0)} ms (${fmtRatio(ratio(large.moveAnswered, small.moveAnswered))}); one write ${fmt(large.floor, 0)} ms`,
    null,
  );
}

// ---- preview images --------------------------------------------------------------------------------

async function previewScenario(stack, direct) {
  const count = plan.preview?.count ?? 3;
  section(`link preview image (ADR 058): ${count} parties' images drawn, then fetched again from the cache; one at a time, ms`);
  log(
    "drawn = satori + resvg in the app's workerd (1200×630 PNG); CPU = the app workerd's, per image (10 ms ticks, summed over the run); first = the isolate's first image.",
  );
  const rows = await previewImages({ salon: direct.salon, base: stack.direct, pid: stack.appPid, count });
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  results.preview = rows.map((row) => ({
    picture: row.picture,
    firstMs: row.drawn[0].ms,
    drawnMs: {
      p50: percentile(
        row.drawn.slice(1).map((x) => x.ms),
        50,
      ),
      p95: percentile(
        row.drawn.slice(1).map((x) => x.ms),
        95,
      ),
    },
    drawnCpuMs: mean(row.drawn.slice(1).map((x) => x.cpu)),
    cachedMs: percentile(
      row.cached.map((x) => x.ms),
      50,
    ),
    cachedCpuMs: mean(row.cached.map((x) => x.cpu)),
    kb: median(row.drawn.map((x) => x.bytes)) / 1024,
  }));
  log(
    table(
      ['consultant', 'first draw', 'draw p50', 'draw p95', 'CPU/draw', 'cached p50', 'CPU/cached', 'PNG KB'],
      results.preview.map((r) => [r.picture ?? 'initials', r.firstMs, r.drawnMs.p50, r.drawnMs.p95, r.drawnCpuMs, r.cachedMs, r.cachedCpuMs, r.kb]),
    ),
  );
  const worst = results.preview.reduce((a, b) => (b.drawnCpuMs > a.drawnCpuMs ? b : a));
  goal(
    `preview image: draw p50 / CPU per draw, the costliest (${worst.picture ?? 'initials'}; Workers: 30 s CPU per request by default); PNG`,
    `${fmt(worst.drawnMs.p50, 0)} ms / ${fmt(worst.drawnCpuMs, 0)} ms; ${fmt(worst.kb, 0)} KB`,
    worst.kb < 300,
  );
}

// ---- push ---------------------------------------------------------------------------------------

async function pushScenario(direct) {
  const p = plan.push;
  section(
    `push: one message in a party with ${p.members.toLocaleString('en')} subscribed members without a socket → the local push service has every member's request; meanwhile the sender writes ${p.probes} messages ${p.paceMs} ms apart to ${p.online} online guests; beside the same party with nobody subscribed; median of ${runs} run(s)`,
  );
  log('all pushes: from the first send to the first request for the last member at the push service (TLS, scripts/push-receiver.mjs, its own process).');
  log(
    "digests: until the push service has every member's digest of the later messages too (60 s after their first push); the round then waits until it heard nothing for 65 s.",
  );
  log(
    'ack: send → the room\'s ack to the sender; receipt: send → newMessage at an online guest; "during" = the sends made before the last member\'s push arrived.',
  );
  const service = pushService;
  const rooms = {
    push: await pushParty({ salon: direct.salon, service, members: p.members, online: p.online, subscribe: true }),
    none: await pushParty({ salon: direct.salon, service, members: p.members, online: p.online, subscribe: false }),
  };
  const byName = { push: [], none: [] };
  for (let run = 0; run < runs; run++) {
    // The party without push first: the round with push ends only once its work has ended (push.mjs).
    for (const name of ['none', 'push']) {
      const result = await pushRound({ salon: direct.salon, service, room: rooms[name], ...p });
      byName[name].push(result);
      progress(
        `push run ${run + 1} ${name}: ${result.devices}/${result.members} devices, all after ${fmt(result.allMs, 0)} ms; ack p50 ${fmt(result.ackP50)} p99 ${fmt(result.ackP99)} ms`,
      );
      await sleep(plan.bigGapMs);
    }
  }
  const summary = {};
  for (const name of ['push', 'none']) {
    const r = byName[name];
    summary[name] = {
      devices: Math.min(...r.map((x) => x.devices)),
      requests: r.map((x) => x.requests),
      firstMs: medianOf(r, (x) => x.firstMs),
      allMs: medianOf(r, (x) => x.allMs),
      digestsMs: medianOf(r, (x) => x.digestsMs),
      sendsDuring: medianOf(r, (x) => x.sendsDuring),
      ackP50: medianOf(r, (x) => x.ackP50),
      ackP99: medianOf(r, (x) => x.ackP99),
      ackDuringP50: medianOf(r, (x) => x.ackDuringP50),
      ackDuringP99: medianOf(r, (x) => x.ackDuringP99),
      receiptP50: medianOf(r, (x) => x.receiptP50),
      receiptP99: medianOf(r, (x) => x.receiptP99),
      lost: r.reduce((sum, x) => sum + x.lost, 0),
      runs: r.map((x) => ({ allMs: x.allMs, ackP50: Number(x.ackP50.toFixed(2)), ackP99: Number(x.ackP99.toFixed(2)) })),
    };
  }
  results.push = { plan: p, summary, runs: byName };
  const { push: withPush, none } = summary;
  log(
    table(
      [
        'members',
        'subscribed',
        'devices reached',
        'first push ms',
        'all pushes ms',
        'digests ms',
        'sends during',
        'ack p50',
        'ack p99',
        'ack p50 during',
        'ack p99 during',
        'receipt p50',
        'receipt p99',
        'lost',
      ],
      [
        [
          p.members,
          'all',
          withPush.devices,
          withPush.firstMs,
          withPush.allMs,
          withPush.digestsMs,
          withPush.sendsDuring,
          withPush.ackP50,
          withPush.ackP99,
          withPush.ackDuringP50,
          withPush.ackDuringP99,
          withPush.receiptP50,
          withPush.receiptP99,
          withPush.lost,
        ],
        [p.members, 'none', '', '', '', '', '', none.ackP50, none.ackP99, '', '', none.receiptP50, none.receiptP99, none.lost],
        [
          '',
          '× none',
          '',
          '',
          '',
          '',
          '',
          fmtRatio(ratio(withPush.ackP50, none.ackP50)),
          fmtRatio(ratio(withPush.ackP99, none.ackP99)),
          fmtRatio(ratio(withPush.ackDuringP50, none.ackP50)),
          fmtRatio(ratio(withPush.ackDuringP99, none.ackP99)),
          fmtRatio(ratio(withPush.receiptP50, none.receiptP50)),
          fmtRatio(ratio(withPush.receiptP99, none.receiptP99)),
          '',
        ],
      ],
      2,
    ),
  );
  goal(
    `push: ${p.members.toLocaleString('en')} offline members all notified after one message`,
    `${fmt(withPush.allMs / 1000)} s (${withPush.devices} of ${p.members} devices)`,
    null,
  );
  goal(
    `push: the room's ack while they are notified, × the same send without push (p50, p99)`,
    `${fmtRatio(ratio(withPush.ackDuringP50, none.ackP50))} (${fmt(withPush.ackDuringP50)} vs ${fmt(none.ackP50)} ms), ${fmtRatio(ratio(withPush.ackDuringP99, none.ackP99))} (${fmt(withPush.ackDuringP99)} vs ${fmt(none.ackP99)} ms)`,
    null,
  );
}

// ---- page weight ------------------------------------------------------------------------------

/**
 * The public pages whose quality the bench reports: Lighthouse's four categories on a phone and
 * axe's WCAG 2 A/AA violations, each beside its goal (≥ 95, none). Add a path to add a page.
 */
const PUBLIC_PAGES = ['/', '/faq/entry/join-a-party'];
const PUBLIC_GOAL = { score: 95, violations: 0 };

/**
 * One joined guest's load (load-probe.mjs) in a fresh Chromium on a phone, her cookie set, while
 * 4 others are online and one more arrives each second (presence and notices reach her page).
 */
async function joinedLoad(salon, url, partyId, guest, options) {
  const { chromium } = await import('@playwright/test');
  const others = await Promise.all([1, 2, 3, 4].map(async (i) => openGuestSocket(salon, partyId, await salon.joinGuest(partyId, i))));
  const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
  let arriving = true;
  const arrivals = (async () => {
    for (let i = 0; arriving && i < 6; i++) {
      others.push(await openGuestSocket(salon, partyId, await salon.joinGuest(partyId, 100 + i)));
      await sleep(1000);
    }
  })();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
    await context.addCookies([{ name: 'salon_guest', value: `${guest.guestId}.${guest.secretKey}`, url }]);
    return await measureJoinedLoad(await context.newPage(), url, options);
  } finally {
    arriving = false;
    await arrivals;
    await browser.close();
    await closeAll(others);
  }
}

async function pageScenario(stack, direct) {
  section(
    'page weight: gzip (level 9) bytes a full load fetches, from the Remix client manifest (+ the German translation chunk), and what a new guest receives',
  );
  const pages = [
    { name: 'landing', route: 'routes/_index' },
    // The party page loads only the party's part of the texts (its route's handle, app/i18n/config.ts).
    { name: 'party', route: 'routes/$partyId', textParts: ['party'] },
    { name: 'FAQ entry', route: 'routes/faq.entry.$slug' },
  ];
  const weights = pages.map((page) => ({ ...page, ...routeWeight(page.route, { textParts: page.textParts }) }));
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  log(
    table(
      ['page', 'route', 'JS files', 'JS KB gzip', 'CSS KB gzip'],
      weights.map((w) => [w.name, w.route, w.jsFiles, kb(w.jsGzip), kb(w.cssGzip)]),
      2,
    ),
  );
  results.pageWeight = weights;
  const party = weights[1];
  goal('party page < 150 KB gzip JS', `${kb(party.jsGzip)} KB (${party.jsGzip} bytes)`, party.jsGzip < 150 * 1024);

  // The manifest's count is what the build holds; this is what a guest's phone receives: the
  // responses as they came over the wire, until the join dialog is usable (ADR 027).
  const base = stack.direct;
  const throttle = quick ? null : PHONE;
  const { party: invited } = await direct.salon.consultantParty('Bench first load');
  await direct.salon.request(`/bench/fill/${invited.id}?count=60`, { method: 'POST' });
  const load = await firstLoad(`${base}/${invited.shortId}`, { throttle });
  const before = transferTotals(load.files, (file) => file.beforeUsable);
  const after = transferTotals(load.files, (file) => !file.beforeUsable);
  const all = transferTotals(load.files);
  const none = { files: 0, wire: 0, body: 0, decoded: 0 };
  const kinds = [...new Set([...Object.keys(all), 'script', 'css', 'html'])];
  const manifestBytes = { script: party.jsGzip, css: party.cssGzip };
  log(
    `\nfirst load of a new guest: a party link in a fresh Chromium on a phone (${throttle ? `slow 4G, ${throttle.cpuSlowdown}× CPU` : 'not throttled: --quick'}), bytes over the wire (CDP encodedDataLength: compressed body + headers)`,
  );
  log(
    `join dialog usable after ${fmt(load.usableMs, 0)} ms; joined, chat drawn ${fmt(load.joinMs, 0)} ms after the click; encodings: ${[...new Set(load.files.map((file) => file.encoding))].join(', ')}`,
  );
  const rows = kinds.map((kind) => {
    const b = before[kind] ?? none;
    return [
      kind,
      b.files,
      kb(b.wire),
      kb(b.body),
      kb(b.decoded),
      manifestBytes[kind] === undefined ? '' : kb(manifestBytes[kind]),
      kb((after[kind] ?? none).wire),
    ];
  });
  const sum = (totals, key) => Object.values(totals).reduce((total, t) => total + t[key], 0);
  rows.push([
    'total',
    sum(before, 'files'),
    kb(sum(before, 'wire')),
    kb(sum(before, 'body')),
    kb(sum(before, 'decoded')),
    kb(party.jsGzip + party.cssGzip),
    kb(sum(after, 'wire')),
  ]);
  log(table(['kind', 'files', 'wire KB', 'body KB', 'decoded KB', 'manifest gzip-9 KB', 'wire KB after usable'], rows));
  results.firstLoad = { url: load.url, throttle, usableMs: load.usableMs, joinMs: load.joinMs, beforeUsable: before, afterUsable: after, files: load.files };
  const script = before.script ?? none;
  goal(
    'new guest: script over the wire before the join dialog is usable < 150 KB',
    `${kb(script.wire)} KB (${script.wire} bytes in ${script.files} files; manifest ${kb(party.jsGzip)} KB)`,
    script.wire < 150 * 1024,
  );
  goal(
    '  new guest: join dialog usable, then chat drawn after joining',
    `${fmt(load.usableMs, 0)} ms, ${fmt(load.joinMs, 0)} ms${throttle ? ' (slow 4G, 4× CPU)' : ' (not throttled)'}`,
    null,
  );

  // axe is quick (one Chromium, seconds): it runs in --quick too, so the harness cannot rot.
  const checked = [];
  for (const path of PUBLIC_PAGES) {
    try {
      checked.push({ path, ...(await axe(`${base}${path}`)) });
    } catch (error) {
      checked.push({ path, error: error instanceof Error ? error.message.slice(0, 300) : String(error) });
    }
  }
  results.axe = checked;
  log('\naxe-core (WCAG 2 A/AA) in Chromium on a phone (390×844)');
  log(
    table(
      ['page', 'violations (nodes)', 'goal', 'rules'],
      checked.map((c) => [c.path, c.violations ?? 'error', PUBLIC_GOAL.violations, c.error ?? (c.rules.join(', ') || '–')]),
    ),
  );
  for (const c of checked)
    goal(
      `axe: no WCAG 2 A/AA violation on ${c.path}`,
      c.violations === undefined ? 'not measured' : String(c.violations),
      c.violations === PUBLIC_GOAL.violations,
    );

  // A joined guest's load in Chromium at 4× CPU, counted by the page's own observers as the
  // guard test counts it (test/e2e/party-load.spec.ts, ADR 051): the longest task of the page's
  // own and the layout shift, over runs; others online and one more arriving each second.
  const { party: loadParty } = await direct.salon.consultantParty('Bench joined load');
  await direct.salon.request(`/bench/fill/${loadParty.id}?count=60`, { method: 'POST' });
  const loads = [];
  for (let run = 0; run < (quick ? 1 : Math.max(3, runs)); run++) {
    const guest = await direct.salon.joinGuest(loadParty.id, 1000 + run);
    loads.push(await joinedLoad(direct.salon, `${base}/${loadParty.shortId}`, loadParty.id, guest, { cpuSlowdown: quick ? 1 : PHONE.cpuSlowdown }));
  }
  results.joinedLoad = loads;
  log(
    `\na joined guest's load in Chromium (390×844, ${quick ? 'not throttled: --quick' : `${PHONE.cpuSlowdown}× CPU`}), the page's own observers; 4 others online, one arriving each second`,
  );
  log(
    table(
      ['run', 'longest task ms', 'long tasks', 'CLS', 'frames'],
      loads.map((l, i) => [i + 1, fmt(l.longest, 0), l.longTasks.length, fmt(l.cls, 3), l.frames]),
    ),
  );
  const longestLoad = median(loads.map((l) => l.longest));
  const loadShift = median(loads.map((l) => l.cls));
  goal(
    `joined guest's load (${PHONE.cpuSlowdown}× CPU): no long task of ours over 200 ms (median of runs)`,
    `${fmt(longestLoad, 0)} ms (runs ${loads.map((l) => fmt(l.longest, 0)).join(', ')})`,
    longestLoad <= 200,
  );
  goal("joined guest's load: layout shift ≤ 0.05 (median of runs)", fmt(loadShift, 3), loadShift <= 0.05);

  if (!lighthouseOn) {
    log(`Lighthouse skipped (${quick ? '--quick: its runs would add a minute or more' : '--no-lighthouse'}).`);
    return;
  }
  const { party: record } = await direct.salon.consultantParty('Bench Lighthouse');
  await direct.salon.request(`/bench/fill/${record.id}?count=60`, { method: 'POST' });
  const guest = await direct.salon.joinGuest(record.id, 1);
  const runsLh = [
    ...PUBLIC_PAGES.map((path) => ({ name: `public ${path}`, url: `${base}${path}`, categories: LIGHTHOUSE_CATEGORIES })),
    // Her cookie is the browser's own, so her socket opens as on her phone (page-weight.mjs).
    { name: 'party (joined guest)', url: `${base}/${record.shortId}`, cookies: [{ name: 'salon_guest', value: `${guest.guestId}.${guest.secretKey}` }] },
    { name: 'party (join dialog)', url: `${base}/${record.shortId}` },
  ];
  const reports = [];
  for (const page of runsLh) {
    try {
      reports.push({
        name: page.name,
        ...(await lighthouse(page.url, {
          cookies: page.cookies,
          categories: page.categories,
          outDir: OUT_DIR,
          name: page.name.replace(/\W+/g, '-').replace(/-$/, ''),
        })),
      });
    } catch (error) {
      reports.push({ name: page.name, error: error instanceof Error ? error.message.slice(0, 300) : String(error) });
    }
  }
  results.lighthouse = reports;
  log('\nLighthouse 12 (mobile preset: simulated slow 4G and 4× CPU slowdown), Chromium headless, direct port');
  log(
    table(
      ['page', 'score', 'LCP ms', 'TBT ms', 'CLS', 'FCP ms', 'TTI ms', 'bytes KB', 'run s'],
      reports.map((r) => [r.name, r.score, r.lcpMs, r.tbtMs, r.cls, r.fcpMs, r.ttiMs, r.transferBytes / 1024, r.seconds]),
    ),
  );
  for (const r of reports) if (r.error || r.runtimeError) log(`${r.name}: ${r.error ?? r.runtimeError}`);
  const publicReports = reports.slice(0, PUBLIC_PAGES.length);
  log(`\nLighthouse mobile, every category, beside the goal (≥ ${PUBLIC_GOAL.score})`);
  log(
    table(
      ['page', ...LIGHTHOUSE_CATEGORIES, 'goal'],
      publicReports.map((r) => [r.name, ...LIGHTHOUSE_CATEGORIES.map((category) => r.scores?.[category] ?? 'error'), PUBLIC_GOAL.score]),
    ),
  );
  for (const r of publicReports) {
    const worst = r.scores ? Math.min(...LIGHTHOUSE_CATEGORIES.map((category) => r.scores[category])) : undefined;
    goal(
      `mobile Lighthouse ≥ ${PUBLIC_GOAL.score} in every category: ${r.name}`,
      r.scores ? LIGHTHOUSE_CATEGORIES.map((category) => `${category} ${r.scores[category]}`).join(', ') : 'not measured',
      worst >= PUBLIC_GOAL.score,
    );
  }
  // The party link is public too (its join dialog), and its joined guest has the same goal (issue 46).
  for (const r of reports.slice(PUBLIC_PAGES.length)) {
    goal(
      `mobile Lighthouse performance ≥ ${PUBLIC_GOAL.score}: ${r.name}`,
      r.score === undefined ? 'not measured' : String(r.score),
      r.score >= PUBLIC_GOAL.score,
    );
  }
  const joined = reports[PUBLIC_PAGES.length];
  goal(
    `  ${joined.name}: CLS ≤ 0.05, interactive ≤ 3 s`,
    `CLS ${fmt(joined.cls, 3)}, TTI ${fmt(joined.ttiMs, 0)} ms, TBT ${fmt(joined.tbtMs, 0)} ms`,
    joined.cls <= 0.05 && joined.ttiMs <= 3000,
  );
}

// ---- at a distance (issue 40, ADR 049) ---------------------------------------------------------

const BUDGET_FILE = 'test/fixtures/round-trip-budget.json';
/** The request kinds are timed under these; the guest's flow in Chromium under these and a phone's link. */
const KIND_PROFILES = ['local', 'eu-guest', 'us-guest-eu-party', 'us-guest-eu-only'];
const FLOW_PROFILES = ['local', 'eu-guest', 'us-guest-eu-party', 'us-guest-eu-party+phone-4g', 'us-guest-eu-only'];
/** Goals (issue 40), informative like every other. */
const DISTANCE_GOALS = { usableMs: 1500, joinMs: 1000, messageSlackMs: 30, euRatio: 1.3, consultantMs: 1200, blankMs: 1000, farSideMs: 5000 };

async function distanceScenario(direct) {
  applyOverrides(args.distance);
  const salon = direct.salon;
  // Chromium reaches the Worker through an HTTP/2 front, as a phone reaches Cloudflare (test/bench/h2-front.mjs).
  const front = await startH2Front(salon.base);
  try {
    await distanceRuns(salon, front.origin);
  } finally {
    await front.close();
  }
}

async function distanceRuns(salon, base) {
  section('at a distance: round trips per request kind, their times per profile, a far guest in Chromium (issue 40, ADR 049)');
  log(
    table(
      ['profile', 'edge RTT', 'D1 primary', 'D1 replica', 'room', 'R2'],
      Object.entries(PROFILES).map(([name, p]) => [name, p.edge, p.primary, p.replica, p.room, p.r2]),
    ),
  );
  log(
    `links: ${Object.entries(LINKS)
      .map(([name, l]) => `${name} = ${l.rtt} ms RTT, ${l.downKbps / 1000} Mbit/s down, ${l.upKbps / 1000} up`)
      .join('; ')} (replaces the edge RTT)`,
  );
  log("ms of round trip from the Worker (the client's for the edge); a call pays half each way. --distance NAME:field=ms,… changes them.");

  // 1. Round trips, counted as test/workers/round-trips.test.ts counts them (every place 20 ms away).
  const counts = await roundTrips(salon);
  const budget = JSON.parse(readFileSync(BUDGET_FILE, 'utf8'));
  const seqTotal = (c) => `${c.sequential}/${c.total}`;
  const within = (count) => {
    const b = budget.kinds[count.kind];
    return (
      b &&
      count.counts.primary.sequential <= b.primary &&
      count.counts.replica.sequential <= b.replica &&
      count.counts.room.sequential <= b.room &&
      count.counts.path <= b.path
    );
  };
  log('\nD1 round trips (primary, replica) and calls to the room: sequential/total; path = sequential trips in all (the critical path)');
  log(
    table(
      ['kind', 'what', 'primary', 'replica', 'room', 'path', 'budget (p/r/room/path)', ''],
      counts.map((count) => {
        const b = budget.kinds[count.kind];
        return [
          count.kind,
          count.label,
          seqTotal(count.counts.primary),
          seqTotal(count.counts.replica),
          seqTotal(count.counts.room),
          count.counts.path,
          b ? `${b.primary}/${b.replica}/${b.room}/${b.path}` : 'none',
          within(count) ? 'within' : 'OVER',
        ];
      }),
      2,
    ),
  );
  const over = counts.filter((count) => !within(count));
  goal(
    'every request kind at or below its recorded round-trip budget',
    over.length === 0 ? `${counts.length} kinds` : `over: ${over.map((c) => c.kind).join(', ')}`,
    over.length === 0,
  );
  const guestPaths = counts.filter((count) => ['page-new', 'page-member', 'page-data', 'join-page', 'join-app'].includes(count.kind));
  const worstPrimary = Math.max(...guestPaths.map((count) => count.counts.primary.sequential));
  goal("a far guest's page load and join: at most one sequential trip to the primary", `at most ${worstPrimary}`, worstPrimary <= 1);
  if (args['write-budget']) {
    const kinds = Object.fromEntries(
      counts.map((count) => [
        count.kind,
        { primary: count.counts.primary.sequential, replica: count.counts.replica.sequential, room: count.counts.room.sequential, path: count.counts.path },
      ]),
    );
    writeFileSync(BUDGET_FILE, `${JSON.stringify({ ...budget, kinds }, null, 2)}\n`);
    log(`budget written: ${BUDGET_FILE}`);
  }

  // 2. Each request kind's time per profile (Node's HTTP and ws; the client's link paid in the Worker).
  const times = await kindTimings(salon, KIND_PROFILES, plan.distance.reps);
  log(`\neach request kind, median of ${plan.distance.reps} (ms), beside local; "beyond the link" = (time − the edge's RTT) ÷ local`);
  const euEdge = PROFILES['eu-guest'].edge;
  log(
    table(
      ['kind', 'local', ...KIND_PROFILES.slice(1).flatMap((name) => [name, '×local']), 'eu beyond the link'],
      Object.entries(times).map(([kind, t]) => [
        kind,
        t.local,
        ...KIND_PROFILES.slice(1).flatMap((name) => [t[name], fmtRatio(ratio(t[name], t.local))]),
        fmtRatio(ratio(t['eu-guest'] - euEdge, t.local)),
      ]),
    ),
  );
  // A single request cannot be within 1.3× of a local one of 5–15 ms when the link alone adds 15 ms:
  // the goal is judged on what the guest waits for (below); the requests' ratios are shown as they are.
  const guestKinds = Object.entries(times).filter(([, t]) => t.guestFacing);
  goal(
    'eu-guest: single guest-facing requests beside local (the edge RTT alone is 15 ms; see the Chromium rows for the goal)',
    guestKinds.map(([kind, t]) => `${kind} ${fmtRatio(ratio(t['eu-guest'], t.local))}`).join(', '),
    null,
  );

  // Public pages for a visitor far away: rendered once, then from the edge cache.
  const visitor = await salon.request('/bench/consultant', { method: 'POST' });
  const publicRows = await publicPages(salon, ['/', '/faq', '/faq/entry/join-a-party', `/p/${visitor.profileShortId}`], profile('us-guest-eu-only'));
  log('\npublic pages for a visitor under us-guest-eu-only (no session): the first answer rendered, the second from the edge cache (ms)');
  log(
    table(
      ['page', 'first', 'cache', 'second', 'cache'],
      publicRows.map((row) => [row.path, row.first.ms, row.first.cache, row.second.ms, row.second.cache]),
    ),
  );
  const cached = publicRows.filter((row) => row.second.cache === 'hit');
  goal(
    "public pages: a far visitor's second visit from the edge cache, without a D1 trip",
    `${cached.length} of ${publicRows.length} hit (${publicRows.map((row) => `${row.path} ${fmt(row.first.ms, 0)} → ${fmt(row.second.ms, 0)} ms`).join(', ')})`,
    cached.length === publicRows.length,
  );

  // 3. A new guest far away in Chromium: link → join dialog usable → joined, chat with its history.
  const { party } = await salon.consultantParty('Bench at a distance');
  await salon.request(`/bench/fill/${party.id}?count=60`, { method: 'POST' });
  const flows = {};
  for (let run = 0; run < plan.distance.flows; run++) {
    for (const name of FLOW_PROFILES) {
      const shots =
        plan.distance.shots && run === 0 && name === 'us-guest-eu-party+phone-4g'
          ? { dir: `${OUT_DIR}/distance-shots`, name: name.replace('+', '_'), everyMs: 250 }
          : null;
      const flow = await guestFlow(base, party.shortId, profile(name), { shots });
      progress(`guest flow ${name} run ${run + 1}: usable ${fmt(flow.usableMs, 0)} ms, chat ${fmt(flow.joinMs, 0)} ms, blank ${fmt(flow.blankMs, 0)} ms`);
      (flows[name] ??= []).push(flow);
    }
  }
  const flowOf = (name) => ({
    usableMs: medianOf(flows[name], (f) => f.usableMs),
    joinMs: medianOf(flows[name], (f) => f.joinMs),
    firstShownMs: medianOf(flows[name], (f) => f.firstShownMs),
    blankMs: Math.max(...flows[name].map((f) => f.blankMs)),
    blankAfterJoinMs: Math.max(...flows[name].map((f) => f.blankAfterJoinMs)),
  });
  const local = flowOf('local');
  log(`\na new guest opens a party link (60 messages) in Chromium, phone-sized, no CPU throttling; medians of ${plan.distance.flows} (ms)`);
  log(
    table(
      ['profile', 'link → join dialog usable', '×local', 'join → chat with history', '×local', 'first shown', 'longest blank', 'blank after join'],
      FLOW_PROFILES.map((name) => {
        const f = flowOf(name);
        return [
          name,
          f.usableMs,
          fmtRatio(ratio(f.usableMs, local.usableMs)),
          f.joinMs,
          fmtRatio(ratio(f.joinMs, local.joinMs)),
          f.firstShownMs,
          f.blankMs,
          f.blankAfterJoinMs,
        ];
      }),
    ),
  );
  const eu = flowOf('eu-guest');
  for (const [what, key] of [
    ['link opened → join dialog usable', 'usableMs'],
    ['join pressed → chat with history', 'joinMs'],
  ])
    goal(
      `eu-guest: ${what} within ${DISTANCE_GOALS.euRatio}× local (what a guest waits for)`,
      `${fmt(eu[key], 0)} ms against ${fmt(local[key], 0)} (${fmtRatio(ratio(eu[key], local[key]))})`,
      ratio(eu[key], local[key]) <= DISTANCE_GOALS.euRatio,
    );
  const far = flowOf('us-guest-eu-party');
  goal(
    `us-guest-eu-party: link opened → join dialog usable ≤ ${DISTANCE_GOALS.usableMs} ms`,
    `${fmt(far.usableMs, 0)} ms (${fmtRatio(ratio(far.usableMs, local.usableMs))} local)`,
    far.usableMs <= DISTANCE_GOALS.usableMs,
  );
  goal(
    `us-guest-eu-party: join pressed → chat with history ≤ ${DISTANCE_GOALS.joinMs} ms`,
    `${fmt(far.joinMs, 0)} ms (${fmtRatio(ratio(far.joinMs, local.joinMs))} local)`,
    far.joinMs <= DISTANCE_GOALS.joinMs,
  );
  const phone = flowOf('us-guest-eu-party+phone-4g');
  goal(
    `us-guest-eu-party + phone-4g: no blank screen for more than ${DISTANCE_GOALS.blankMs / 1000} s`,
    `longest blank ${fmt(phone.blankMs, 0)} ms (first shown at ${fmt(phone.firstShownMs, 0)} ms; after joining ${fmt(phone.blankAfterJoinMs, 0)} ms); usable ${fmt(phone.usableMs, 0)} ms, chat ${fmt(phone.joinMs, 0)} ms`,
    phone.blankMs <= DISTANCE_GOALS.blankMs,
  );
  const shots = flows['us-guest-eu-party+phone-4g']?.[0]?.shots ?? [];
  if (shots.length > 0) log(`screenshots of the far guest on a phone while it loads: ${shots.length} in ${OUT_DIR}/distance-shots/`);

  // 4. A message from the consultant (EU) to the far guest.
  const nearP = profile('eu-guest');
  const farP = profile('us-guest-eu-party');
  const message = await messageToFarGuest(salon, { near: nearP, far: farP, count: plan.distance.messages, paceMs: plan.distance.paceMs });
  const localMessage = await messageToFarGuest(salon, {
    near: profile('local'),
    far: profile('local'),
    count: plan.distance.messages,
    paceMs: plan.distance.paceMs,
  });
  const budgetMs = farP.rtt + farP.reach.room / 2 + DISTANCE_GOALS.messageSlackMs;
  log(`\na message from the consultant (eu-guest) to a guest under us-guest-eu-party, ${plan.distance.messages} messages ${plan.distance.paceMs} ms apart`);
  log(
    table(
      ['', 'p50 ms', 'p99 ms', 'received', 'lost'],
      [
        ['local', localMessage.p50, localMessage.p99, localMessage.received, localMessage.lost],
        ['eu consultant → us guest', message.p50, message.p99, message.received, message.lost],
      ],
    ),
  );
  goal(
    `a consultant's message reaches the far guest within her RTT + the room's one-way + ${DISTANCE_GOALS.messageSlackMs} ms (${budgetMs} ms) at p50`,
    `${fmt(message.p50)} ms (local ${fmt(localMessage.p50)})`,
    message.p50 <= budgetMs,
  );

  // 5. The consultant's dashboard and media library on a phone in the EU.
  const consultant = await salon.request('/bench/consultant', { method: 'POST' });
  for (let i = 0; i < 5; i++)
    await salon.request('/api/parties', { method: 'POST', headers: { Authorization: `Bearer ${consultant.accessToken}` }, body: { title: `Party ${i + 1}` } });
  const pagesLocal = await consultantPages(base, consultant.accessToken, profile('local'));
  const pagesPhone = await consultantPages(base, consultant.accessToken, profile('eu-guest+phone-4g'));
  // The same on wrangler dev's own HTTP/1.1 port: six connections, modules in waves (no visitor meets this).
  const pagesHttp1 = await consultantPages(salon.base, consultant.accessToken, profile('eu-guest+phone-4g'));
  log('\na consultant in the EU: navigation → usable (content shown, React attached), phone-sized Chromium (ms)');
  log(
    table(
      ['page', 'local', 'eu-guest + phone-4g', '×local', 'the same over HTTP/1.1'],
      Object.keys(pagesLocal).map((name) => [name, pagesLocal[name], pagesPhone[name], fmtRatio(ratio(pagesPhone[name], pagesLocal[name])), pagesHttp1[name]]),
    ),
  );
  for (const [name, ms] of Object.entries(pagesPhone))
    goal(
      `${name} for a consultant in the EU ≤ ${DISTANCE_GOALS.consultantMs} ms to usable (eu-guest + phone-4g)`,
      `${fmt(ms, 0)} ms`,
      ms <= DISTANCE_GOALS.consultantMs,
    );

  // 6. The far side slow or gone (item 8).
  const farSideRows = await farSide(salon, { slowMs: plan.distance.slowMs, absentMs: plan.distance.absentMs });
  log("\nD1 slow or gone: a guest's party page, and a message in a party already open meanwhile (ms)");
  log(
    table(
      ['D1', 'page status', 'page ms', 'says why (German)', 'message heard after'],
      farSideRows.map((row) => [row.label, row.status, row.pageMs, row.status === 200 ? '–' : row.says ? 'yes' : 'NO', row.messageMs]),
    ),
  );
  for (const row of farSideRows)
    goal(
      `${row.label}: the page answers within ${DISTANCE_GOALS.farSideMs / 1000} s (or says why) and the open party still chats`,
      `${row.status} in ${fmt(row.pageMs, 0)} ms; message ${fmt(row.messageMs, 0)} ms`,
      row.pageMs <= DISTANCE_GOALS.farSideMs && (row.status === 200 || row.says) && Number.isFinite(row.messageMs),
    );

  results.distance = {
    profiles: PROFILES,
    links: LINKS,
    counts,
    times,
    flows,
    message,
    localMessage,
    pages: { local: pagesLocal, phone: pagesPhone, phoneHttp1: pagesHttp1 },
    farSide: farSideRows,
  };
}

// ---- main -------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  log(`Salon bench${quick ? ' (--quick: every scenario tiny; figures are not meaningful)' : ''}`);
  log(
    `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, load ${machine.loadAverage.join(' ')}; node ${machine.node}; wrangler ${machine.wrangler}, workerd ${machine.workerd}, partyserver ${machine.partyserver}`,
  );
  log(`client: one Node process (ws), permessage-deflate ${args.deflate ? 'on' : 'off'} for every room; runs: ${runs}`);
  log(`state (D1, R2, the objects' SQLite): ${machine.state}`);
  log('rooms: ours = the production Worker + PartyRoom (guest credentials, validation, SQLite, broadcast; per-member send limit lifted);');
  log('       raw = echo of each frame to every socket (platform floor); rawstore (fan-out only) = raw storing each frame in SQLite');
  log('       before it leaves (a durable write alone); peer = partyserver chat room storing each message in SQLite.');
  ensureBuild();
  const bench = await boot();
  results.urls = { proxied: bench.stack.proxied, direct: bench.stack.direct };
  try {
    await scenario(bench, 'fanout', (b) => fanOutScenario(b.stack, b.direct, b.proxied));
    await scenario(bench, 'throughput', (b) => throughputScenario(b.stack, b.direct, b.proxied));
    await scenario(bench, 'history', (b) => historyScenario(b.direct));
    await scenario(bench, 'join', (b) => joinScenario(b.stack, b.direct));
    await scenario(bench, 'big', (b) => bigScenario(b.stack, b.direct));
    await scenario(bench, 'limit', (b) => limitScenario(b.stack, b.direct));
    await scenario(bench, 'restart', (b) => restartScenario(b));
    await scenario(bench, 'phone', (b) => phoneScenario(b.stack, b.direct));
    await scenario(bench, 'zeroloss', (b) => zeroLossScenario(b.direct));
    await scenario(bench, 'upload', (b) => uploadScenario(b.stack, b.direct));
    await scenario(bench, 'tus', (b) => tusScenario(b.direct, b.proxied));
    await scenario(bench, 'video', (b) => videoScenario(b.direct));
    await scenario(bench, 'live', (b) => liveScenario(b.stack, b.direct));
    await scenario(bench, 'page', (b) => pageScenario(b.stack, b.direct));
    await scenario(bench, 'template', (b) => templateScenario(b.stack, b.direct));
    await scenario(bench, 'preview', (b) => previewScenario(b.stack, b.direct));
    await scenario(bench, 'import', (b) => importScenario(b.stack, b.direct));
    await scenario(bench, 'export', (b) => exportScenario(b.stack, b.direct));
    await scenario(bench, 'distance', (b) => distanceScenario(b.direct));
    // Last: its digests come 60 s later, and would land in another scenario.
    await scenario(bench, 'push', (b) => pushScenario(b.direct));
  } finally {
    await bench.stack.stop();
    // A RAM disk gives its memory back (an upload row leaves a GiB there).
    if (state.ram) rmSync(bench.stack.persistTo, { recursive: true, force: true });
    await stream?.close();
    pushService?.close();
    await olderSystem?.close();
  }

  section('goals (informative: they never change the exit code)');
  log(
    table(
      ['goal', 'measured', ''],
      goals.map((g) => [g.name, g.measured, g.met === null ? 'info' : g.met ? 'met' : 'MISSED']),
      3,
    ),
  );
  results.goals = goals;
  results.seconds = (performance.now() - started) / 1000;
  results.loadAverageAtEnd = os.loadavg().map((load) => Number(load.toFixed(2)));
  log(`load average at the end: ${results.loadAverageAtEnd.join(' ')} (${machine.cpus} cores; other work on the machine shows up as noise)`);
  mkdirSync(OUT_DIR, { recursive: true });
  const file = `${OUT_DIR}/bench-${results.startedAt.replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`;
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  log(`\nresults: ${file}; ${results.seconds.toFixed(1)} s in all`);
  for (const restart of results.restarts ?? []) log(`the bench Worker was restarted during ${restart.scenario}: ${restart.cause}`);
  if (results.errors.length) {
    log(`harness errors in: ${results.errors.map((e) => e.scenario).join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
