#!/usr/bin/env node
// `npm test`: every layer, in order — build (the Worker serves the Remix build), the pure core and
// scripts (Node), the API and the PartyRoom inside workerd, the bench harness (--quick), then the
// browser tests in Chromium against the served app. Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { BrowserMissing, resolveBrowser } from './browser.mjs';

// The browser first: without one the browser tests cannot start, so say so now, not minutes later.
let browser;
try {
  browser = resolveBrowser({ log: (line) => console.log(line) });
} catch (error) {
  if (!(error instanceof BrowserMissing)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
console.log(`Browser tests and bench use ${browser.description}.`);

const REPORTS = '.cache/test-reports';
rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const layers = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: browser.path, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${name}: ${result.status === 0 ? 'ok' : `exit ${result.status}`} in ${seconds} s`);
  return result.status === 0;
}

function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

/** Tests that failed first and passed on their retry: counted as passed, named at the end. */
const flaky = [];

function playwrightCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'flaky')) flaky.push(`${spec.file}:${spec.line} › ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  const { stats } = report;
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

function record(name, ok, countsOf) {
  let counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  try {
    counts = countsOf();
    if (!ok && counts.failed === 0) counts.failed = 1;
  } catch {
    // No report: the layer did not run its tests.
  }
  layers.push({ name, ...counts });
}

const built = step('build', 'npx', ['remix', 'vite:build']);
if (!built) layers.push({ name: 'build', passed: 0, failed: 1, skipped: 0 });

for (const project of ['unit', 'workers', 'workers-mail']) {
  if (!built && project !== 'unit') continue;
  const file = `${REPORTS}/${project}.json`;
  const ok = step(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`]);
  record(project, ok, () => vitestCounts(file));
}

if (built) {
  // The bench's quick variant, so it never rots: counts the harness running, never its numbers.
  const ok = step('bench (--quick)', process.execPath, ['test/bench/run.mjs', '--quick']);
  layers.push({ name: 'bench', passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

if (built) {
  const file = `${REPORTS}/e2e.json`;
  const ok = step('browser tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  record('e2e', ok, () => playwrightCounts(file));
}

const total = layers.reduce((sum, layer) => ({ passed: sum.passed + layer.passed, failed: sum.failed + layer.failed, skipped: sum.skipped + layer.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log('\nlayer        passed  failed  skipped');
for (const layer of layers)
  console.log(`${layer.name.padEnd(12)} ${String(layer.passed).padStart(6)}  ${String(layer.failed).padStart(6)}  ${String(layer.skipped).padStart(7)}`);
if (flaky.length) {
  console.log(`\nPassed only on their retry (each first failure is printed above, with what its pages went through):`);
  for (const title of flaky) console.log(`  ${title}`);
}
console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1);
