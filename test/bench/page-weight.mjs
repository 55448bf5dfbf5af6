// Page weight: the gzip bytes of JavaScript and CSS a full load of a page fetches, from the Remix
// client manifest (entry + its imports, then every route from root down to the page with its
// static imports and CSS), plus the translation chunks entry.client loads before hydrating.
// And Lighthouse (mobile preset, simulated throttling) for its scores and vitals, and axe-core's
// WCAG 2 A/AA rules in Chromium on a phone.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { resolveBrowser } from '../../scripts/browser.mjs';

const ASSETS = 'build/client/assets';
const CLIENT = 'build/client';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

function manifest() {
  const file = readdirSync(ASSETS).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`no Remix client manifest in ${ASSETS}: run npm run build`);
  const text = readFileSync(join(ASSETS, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
}

/** Vite's own client manifest: source module -> emitted chunk, for chunks Remix's manifest does not list. */
function viteManifest() {
  return JSON.parse(readFileSync('build/.vite/client-manifest.json', 'utf8'));
}

const gzipBytes = (path) => gzipSync(readFileSync(join(CLIENT, path)), { level: 9 }).length;

/** JS and CSS files (with gzip bytes) a full load of `routeId` fetches. */
export function routeWeight(routeId, { language = 'de', textParts = ['party', 'workspace'] } = {}) {
  const { entry, routes } = manifest();
  const chain = [];
  for (let id = routeId; id; id = routes[id]?.parentId) {
    if (!routes[id]) throw new Error(`route ${id} is not in the client manifest`);
    chain.unshift(routes[id]);
  }
  const js = new Set([entry.module, ...entry.imports]);
  const css = new Set(entry.css ?? []);
  for (const route of chain) {
    js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  // entry.client imports the page's texts (its language, the parts it needs) before hydrating: part
  // of every load. Vite's manifest names their chunks (app/i18n/resources.ts).
  for (const part of textParts) js.add(`/${viteManifest()[`virtual:translation/${language}/${part}`].file}`);
  const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
  return { route: routeId, jsFiles: js.size, jsGzip: sum(js), cssGzip: sum(css) };
}

const run = promisify(execFile);

/** Lighthouse's four categories, as its report names them. */
export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * One Lighthouse run (mobile preset) over `categories`; `scores` holds each one's 0–100. `cookies`
 * ({ name, value }) are the browser's own before Lighthouse opens its tab, so every request of the
 * page carries them, its socket's handshake too: Lighthouse's `--extra-headers` reach its HTTP
 * requests only, so a guest's page measured with a Cookie header there had no socket (it showed
 * "reconnecting" over the history the API gave it; issue 46). The browser is Chromium started by
 * Playwright with a debugging port, which Lighthouse drives through `--port`.
 */
export async function lighthouse(url, { cookies = [], outDir, name, categories = ['performance'] }) {
  mkdirSync(outDir, { recursive: true });
  const output = join(outDir, `lighthouse-${name}.json`);
  rmSync(output, { force: true });
  const { chromium } = await import('@playwright/test');
  const profile = mkdtempSync(join(tmpdir(), 'salon-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: resolveBrowser().path,
    args: [...CHROME_FLAGS.split(' ').filter((flag) => !flag.startsWith('--headless')), '--remote-debugging-port=0'],
  });
  const started = performance.now();
  try {
    if (cookies.length > 0) await browser.addCookies(cookies.map((cookie) => ({ ...cookie, url })));
    // Chromium writes the port it chose into the profile.
    const port = Number(readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n')[0]);
    const args = ['lighthouse', url, `--port=${port}`, '--output=json', `--output-path=${output}`, `--only-categories=${categories.join(',')}`, '--quiet'];
    await run('npx', args, { timeout: 120_000 });
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const audit = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(categories.map((category) => [category, Math.round((report.categories[category]?.score ?? Number.NaN) * 100)]));
  return {
    url,
    score: scores.performance,
    scores,
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    fcpMs: audit('first-contentful-paint'),
    ttiMs: audit('interactive'),
    transferBytes: audit('total-byte-weight'),
    seconds: (performance.now() - started) / 1000,
    report: output,
    runtimeError: report.runtimeError?.message ?? null,
  };
}

/** The WCAG 2 A/AA rules the browser tests run too (test/e2e/every-page.spec.ts). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's violations on `url` in Chromium on a phone (390×844, touch), once the page has
 * hydrated and gone idle: { violations, rules: ['id (nodes)'] }.
 */
export async function axe(url) {
  const [{ chromium }, { default: AxeBuilder }] = await Promise.all([import('@playwright/test'), import('@axe-core/playwright')]);
  const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber$')));
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    return {
      violations: violations.reduce((total, violation) => total + violation.nodes.length, 0),
      rules: violations.map((violation) => `${violation.id} (${violation.nodes.length})`),
    };
  } finally {
    await browser.close();
  }
}
