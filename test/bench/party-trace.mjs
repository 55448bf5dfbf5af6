#!/usr/bin/env node
// Where a joined guest's load of the party page spends its main thread (issue 46, ADR 051). Not
// part of `npm run bench`: a tool for when the page's goals are missed.
//
//   SALON_PROFILE_BUILD=1 npx remix vite:build     # source maps, names kept, React's profiling build
//   node test/bench/party-trace.mjs [--runs 3] [--cpu 4] [--slow-network] [--messages 60] [--others 8]
//                                   [--port 8100] [--save trace-dir]
//   node test/bench/party-trace.mjs --from trace-dir [--runs N]   # the report again from saved runs
//   npx remix vite:build                           # the real build again afterwards
//
// The party: a consultant's, with --messages text messages (the bench's Lighthouse party) and
// --others guests online whose presence the page hears; during the load one more guest joins
// every second, as at the start of a party. The guest's phone: Chromium at 390×844, her cookie set,
// the CPU --cpu times slower (CDP), the network as fast as loopback unless --slow-network (the
// bench's slow 4G). Recorded until the chat has been drawn and 4 s have passed: a Chromium trace
// (its tasks, their JavaScript samples and layout), and in the page (test/bench/load-probe.mjs)
// the long tasks, layout shifts with the elements that moved, the socket's frames and every React
// commit with the components it rendered. Printed: each long task with what ran in it, the
// commits and what caused them, the components by renders and time, and the JavaScript by source
// module (mapped through the build's source maps). With the normal build the components are
// unnamed and the modules are chunks.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { Salon, closeAll, openGuestSocket } from './clients.mjs';
import { PHONE } from './first-load.mjs';
import { layoutShift, loadProbe } from './load-probe.mjs';
import { fmt, sleep, table } from './stats.mjs';
import { benchStateRoot, freePort, startStack } from './stack.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    'slow-network': { type: 'boolean', default: false },
    messages: { type: 'string', default: '60' },
    others: { type: 'string', default: '8' },
    port: { type: 'string', default: '8860' },
    save: { type: 'string' },
    from: { type: 'string' },
    'state-dir': { type: 'string' },
  },
});
const log = (line = '') => console.log(line);
const ASSETS = 'build/client/assets';
const LONG_MS = 50;

// ---- source maps --------------------------------------------------------------------------------

const maps = new Map();
/** The original file (repo-relative) and name of a position in a client chunk, when the build has maps. */
function original(url, line, column) {
  if (!url?.startsWith('http')) return null;
  const file = new URL(url).pathname.replace(/^\/assets\//, '');
  if (!maps.has(file)) {
    const path = join(ASSETS, `${file}.map`);
    maps.set(file, existsSync(path) ? new SourceMap(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  const map = maps.get(file);
  const entry = map?.findEntry(line, column);
  if (!entry?.originalSource) return { file: `assets/${file}`, name: null };
  const source = normalize(join(ASSETS, entry.originalSource.replace(/^file:\/\//, ''))).replace(/^.*?\/(app|node_modules)\//, '$1/');
  return { file: source, name: entry.name ?? null };
}

/** The module group a source file is reported under: each file of ours, each package. */
function groupOf(file) {
  if (!file) return '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (pkg) return pkg[1];
  return file;
}

// ---- the Chromium trace --------------------------------------------------------------------------

/**
 * The page's main thread in a trace: its tasks (RunTask), layout and style work, and the CPU
 * profile's samples with their stacks, on the trace's clock (µs).
 */
function readTrace(traceEvents, markName) {
  const mark = traceEvents.filter((e) => e.name === markName).sort((a, b) => b.ts - a.ts)[0];
  if (!mark) throw new Error('the trace has no origin mark: did the probe run?');
  const { pid, tid } = mark;
  const onMain = (e) => e.pid === pid && e.tid === tid;
  const tasks = traceEvents.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X').map((e) => ({ ts: e.ts, dur: e.dur }));
  const rendering = traceEvents
    .filter((e) => onMain(e) && e.ph === 'X' && ['Layout', 'UpdateLayoutTree', 'Paint', 'PrePaint', 'Layerize'].includes(e.name))
    .map((e) => ({ ts: e.ts, dur: e.dur, name: e.name }));
  // CPU profile: one Profile event per profiled thread, then chunks of nodes and samples.
  const profiles = new Map();
  for (const e of traceEvents) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') profiles.set(e.id, { tid: e.tid, start: e.args.data.startTime, nodes: new Map(), samples: [] });
    if (e.name === 'ProfileChunk') {
      const profile = profiles.get(e.id);
      if (!profile) continue;
      const data = e.args.data;
      for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      const samples = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      let t = profile.samples.length ? profile.samples[profile.samples.length - 1].ts : profile.start;
      for (let i = 0; i < samples.length; i++) {
        t += deltas[i] ?? 0;
        profile.samples.push({ ts: t, node: samples[i] });
      }
    }
  }
  const profile =
    [...profiles.values()].filter((p) => p.tid === tid).sort((a, b) => b.samples.length - a.samples.length)[0] ??
    [...profiles.values()].sort((a, b) => b.samples.length - a.samples.length)[0];
  return { mark, tasks, rendering, profile };
}

/** Each sample's weight (until the next) with its leaf's group and the nearest frame of ours. */
function attribute(profile) {
  const frames = new Map();
  const frameOf = (id) => {
    if (frames.has(id)) return frames.get(id);
    const node = profile.nodes.get(id);
    const { functionName = '', url = '', lineNumber, columnNumber } = node.callFrame;
    const source = original(url, lineNumber, columnNumber);
    const frame = {
      name: functionName || '(anonymous)',
      group: url ? groupOf(source?.file) : functionName.startsWith('(') ? functionName : '(native)',
      file: source?.file ?? null,
      original: source?.name ?? null,
      parent: node.parent,
    };
    frames.set(id, frame);
    return frame;
  };
  // Parents: the profile lists children; make the parent links.
  for (const node of profile.nodes.values()) for (const child of node.children ?? []) if (profile.nodes.get(child)) profile.nodes.get(child).parent = node.id;
  const out = [];
  for (let i = 0; i < profile.samples.length; i++) {
    const sample = profile.samples[i];
    const next = profile.samples[i + 1];
    const ms = next ? (next.ts - sample.ts) / 1000 : 0;
    const leaf = frameOf(sample.node);
    if (leaf.name === '(idle)') continue;
    let ours = null;
    for (let id = sample.node; id !== undefined; id = frameOf(id).parent) {
      const frame = frameOf(id);
      if (frame.file?.startsWith('app/')) {
        ours = `${frame.original ?? frame.name} (${frame.file})`;
        break;
      }
    }
    out.push({ ts: sample.ts, ms, group: leaf.group, leaf: `${leaf.original ?? leaf.name} (${leaf.file ?? leaf.group})`, ours });
  }
  return out;
}

const sumBy = (items, key, value = (item) => item.ms) => {
  const totals = new Map();
  for (const item of items) totals.set(key(item), (totals.get(key(item)) ?? 0) + value(item));
  return [...totals].sort((a, b) => b[1] - a[1]);
};

// ---- one load -----------------------------------------------------------------------------------

async function traceLoad(chromium, stack, salon, run) {
  const { party } = await salon.consultantParty(`Trace ${run}`);
  await salon.request(`/bench/fill/${party.id}?count=${Number(args.messages)}`, { method: 'POST' });
  const guest = await salon.joinGuest(party.id, 0);
  // Others online, and one more joining every second during the load.
  const others = [];
  for (let i = 1; i <= Number(args.others); i++) others.push(await openGuestSocket(salon, party.id, await salon.joinGuest(party.id, i)));
  const browser = await chromium.launch({
    executablePath: resolveBrowser().path,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  let joining = true;
  const churn = (async () => {
    for (let i = 100; joining; i++) {
      others.push(await openGuestSocket(salon, party.id, await salon.joinGuest(party.id, i)));
      await sleep(1000);
    }
  })();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3, locale: 'de-DE' });
    const { hostname } = new URL(stack.direct);
    await context.addCookies([{ name: 'salon_guest', value: `${guest.guestId}.${guest.secretKey}`, domain: hostname, path: '/' }]);
    await context.addInitScript(loadProbe, { react: true });
    await context.addInitScript(() => performance.mark('salon-trace-origin'));
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.cpu) });
    if (args['slow-network']) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE.latencyMs,
        downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
        uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
      });
    }
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
        'blink.user_timing',
        'loading',
        'toplevel',
      ],
    });
    await page.goto(`${stack.direct}/${party.shortId}`);
    await page
      .locator('[role="log"] li')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch((error) => {
        throw new Error(`the chat was not drawn: ${problems.join(' | ') || error.message}`);
      });
    const drawnAt = await page.evaluate(() => performance.now());
    await sleep(4000);
    const buffer = await browser.stopTracing();
    const probe = await page.evaluate(() => ({ ...window.__loadProbe, origin: performance.getEntriesByName('salon-trace-origin')[0].startTime }));
    if (args.save) {
      mkdirSync(args.save, { recursive: true });
      writeFileSync(join(args.save, `trace-${run}.json`), buffer);
      writeFileSync(join(args.save, `probe-${run}.json`), JSON.stringify({ probe, drawnAt }));
    }
    return { trace: JSON.parse(buffer.toString()).traceEvents, probe, drawnAt };
  } finally {
    joining = false;
    await churn.catch(() => undefined);
    await browser.close();
    await closeAll(others);
  }
}

function report({ trace, probe, drawnAt }, run) {
  const { mark, tasks, rendering, profile } = readTrace(trace, 'salon-trace-origin');
  // Page clock (ms since the document's origin) to the trace's clock (µs) and back.
  const offset = mark.ts - probe.origin * 1000;
  const pageMs = (ts) => (ts - offset) / 1000;
  const samples = profile ? attribute(profile) : [];
  const end = drawnAt + 4000;
  const loadTasks = tasks.filter((task) => pageMs(task.ts) >= 0 && pageMs(task.ts) <= end);
  const busy = loadTasks.reduce((sum, task) => sum + task.dur / 1000, 0);
  const long = loadTasks.filter((task) => task.dur / 1000 > LONG_MS);
  log(`\n── run ${run}: chat drawn at ${fmt(drawnAt, 0)} ms; main thread busy ${fmt(busy, 0)} ms in ${loadTasks.length} tasks until 4 s later ──`);
  log(
    `long tasks (probe): ${probe.longTasks.map((t) => fmt(t.duration, 0)).join(', ') || 'none'}; longest ${fmt(Math.max(0, ...probe.longTasks.map((t) => t.duration)), 0)} ms; CLS ${fmt(layoutShift(probe), 3)}`,
  );
  const withinTask = (task, ts) => ts >= task.ts && ts <= task.ts + task.dur;
  for (const task of long) {
    const start = pageMs(task.ts);
    const inTask = samples.filter((s) => withinTask(task, s.ts));
    const layout = rendering.filter((r) => withinTask(task, r.ts));
    const commits = probe.commits.filter((c) => c.at >= start && c.at <= start + task.dur / 1000);
    const frames = probe.frames.filter((f) => f.at >= start - 200 && f.at <= start + task.dur / 1000);
    log(`\n  task at ${fmt(start, 0)} ms, ${fmt(task.dur / 1000, 0)} ms`);
    log(
      `    JS by module: ${sumBy(inTask, (s) => s.group)
        .slice(0, 6)
        .map(([k, ms]) => `${k} ${fmt(ms, 0)}`)
        .join(', ')}`,
    );
    log(
      `    under our frames: ${
        sumBy(
          inTask.filter((s) => s.ours),
          (s) => s.ours,
        )
          .slice(0, 6)
          .map(([k, ms]) => `${k} ${fmt(ms, 0)}`)
          .join('; ') || '–'
      }`,
    );
    log(
      `    style and layout: ${
        sumBy(
          layout,
          (r) => r.name,
          (r) => r.dur / 1000,
        )
          .map(([k, ms]) => `${k} ${fmt(ms, 0)}`)
          .join(', ') || '–'
      }`,
    );
    for (const commit of commits) {
      const top = Object.entries(commit.counts)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, n]) => `${name}×${n}`)
        .join(' ');
      log(`    React commit: ${commit.components} components rendered, ${fmt(commit.renderMs, 1)} ms render; ${top}`);
    }
    if (frames.length) log(`    frames just before or during: ${frames.map((f) => f.types.join('+')).join(', ')}`);
  }
  log('\n  React commits over the load (time: page clock; the frame that came last before each)');
  log(
    table(
      ['at ms', 'components', 'render ms', 'after frame', 'most rendered'],
      probe.commits.map((commit) => {
        const frame = probe.frames.filter((f) => f.at <= commit.began + 1).at(-1);
        const near = frame && commit.began - frame.at < 150 ? frame.types.join('+') : '';
        const top = Object.entries(commit.counts)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([name, n]) => `${name}×${n}`)
          .join(' ');
        return [fmt(commit.at, 0), commit.components, fmt(commit.renderMs, 1), near, top];
      }),
    ),
  );
  log('\n  components by render time over the load (React profiling build)');
  log(
    table(
      ['component', 'renders', 'ms'],
      Object.entries(probe.renders)
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, 25)
        .map(([name, r]) => [name, r.count, fmt(r.ms, 1)]),
    ),
  );
  const loadSamples = samples.filter((s) => pageMs(s.ts) >= 0 && pageMs(s.ts) <= end);
  log('\n  JavaScript by module (self time, ms)');
  log(
    table(
      ['module', 'ms'],
      sumBy(loadSamples, (s) => s.group)
        .slice(0, 20)
        .map(([k, ms]) => [k, fmt(ms, 0)]),
    ),
  );
  log('\n  time under the nearest function of ours (inclusive of the libraries it calls)');
  log(
    table(
      ['function (file)', 'ms'],
      sumBy(
        loadSamples.filter((s) => s.ours),
        (s) => s.ours,
      )
        .slice(0, 20)
        .map(([k, ms]) => [k, fmt(ms, 0)]),
    ),
  );
  if (probe.shifts.length) {
    log('\n  layout shifts');
    for (const shift of probe.shifts)
      log(
        `    at ${fmt(shift.start, 0)} ms: ${fmt(shift.value, 4)}${shift.hadRecentInput ? ' (input)' : ''}; ${shift.sources.map((s) => `${s.node} ${s.from} → ${s.to}`).join('; ')}`,
      );
  }
  const frames = sumBy(
    probe.frames,
    (f) => f.types.join('+'),
    () => 1,
  );
  log(`\n  frames received: ${frames.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  return {
    longest: Math.max(0, ...probe.longTasks.map((t) => t.duration)),
    longTasks: probe.longTasks.length,
    cls: layoutShift(probe),
    busy,
    commits: probe.commits.length,
    drawnAt,
  };
}

async function main() {
  if (args.from) {
    for (let run = 1; run <= Number(args.runs) && existsSync(join(args.from, `trace-${run}.json`)); run++) {
      const { probe, drawnAt } = JSON.parse(readFileSync(join(args.from, `probe-${run}.json`), 'utf8'));
      report({ trace: JSON.parse(readFileSync(join(args.from, `trace-${run}.json`), 'utf8')).traceEvents, probe, drawnAt }, run);
    }
    return;
  }
  const state = benchStateRoot(args['state-dir']);
  const port = await freePort(Number(args.port));
  // The page's policy names Stream's origin (ADR 019): any valid one will do, no video plays here.
  const vars = { STREAM_API_BASE: 'http://127.0.0.1:9/client/v4' };
  const stack = await startStack({ port, persistTo: `${state.root}/trace-${port}`, logDir: '.cache/bench', log, vars });
  const salon = new Salon(stack.direct);
  const { chromium } = await import('@playwright/test');
  const named = existsSync(
    join(ASSETS, `${JSON.parse(readFileSync('build/.vite/client-manifest.json', 'utf8'))['app/entry.client.tsx']?.file?.replace(/^assets\//, '')}.map`),
  );
  log(
    `party page trace: CPU ${args.cpu}× slower, network ${args['slow-network'] ? 'slow 4G' : 'loopback'}, ${args.messages} messages, ${args.others} others online and one more joining every second`,
  );
  log(
    named
      ? 'build: the profiling build (source maps, component names, render times)'
      : 'build: a normal build (no source maps: modules are chunks, components unnamed; SALON_PROFILE_BUILD=1 npx remix vite:build)',
  );
  const results = [];
  try {
    for (let run = 1; run <= Number(args.runs); run++) results.push(report(await traceLoad(chromium, stack, salon, run), run));
  } finally {
    await stack.stop();
    if (state.ram) rmSync(stack.persistTo, { recursive: true, force: true });
  }
  log('\n── summary ──');
  log(
    table(
      ['run', 'longest task ms', 'long tasks', 'CLS', 'busy ms', 'commits', 'chat drawn ms'],
      results.map((r, i) => [i + 1, fmt(r.longest, 0), r.longTasks, fmt(r.cls, 3), fmt(r.busy, 0), r.commits, fmt(r.drawnAt, 0)]),
    ),
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
