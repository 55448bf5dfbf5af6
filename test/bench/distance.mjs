// Salon at a distance (issue 40, ADR 049): the bench Worker wraps its bindings so each call pays the
// round trip a request asks for (test/support/distance.ts, through its `salon-distance` header or
// cookie), and this module asks for named profiles: the round trips each request kind makes, its
// time per profile beside `local`, a far guest's link → join dialog → chat in Chromium (the link's
// round trip and bandwidth by Chromium's network emulation), a consultant's message to her, the
// consultant's dashboard and media library on a phone, and pages while D1 is slow or gone.
import { mkdirSync, rmSync } from 'node:fs';
import WebSocket from 'ws';
import { resolveBrowser } from '../../scripts/browser.mjs';
import { joinFrame } from './clients.mjs';
import { measureFirstLoad } from './first-load.mjs';
import { median, percentile, sleep } from './stats.mjs';

/**
 * Round trips in milliseconds: `edge` is the client's to the nearest Cloudflare data center (where
 * the Worker runs), the others the Worker's to D1's primary, to a D1 read replica, to the party's
 * Durable Object and to R2. Sources in test/bench/README.md ("At a distance").
 */
export const PROFILES = {
  local: { edge: 0, primary: 0, replica: 0, room: 0, r2: 0 },
  'eu-guest': { edge: 15, primary: 10, replica: 10, room: 10, r2: 10 },
  'us-guest-eu-party': { edge: 20, primary: 100, replica: 5, room: 100, r2: 100 },
  // ADR 050: D1 in the EU jurisdiction keeps its replicas in the EU too: the far guest's nearest
  // replica is across the Atlantic as well.
  'us-guest-eu-only': { edge: 20, primary: 100, replica: 95, room: 100, r2: 100 },
};

/** The client's own link, combined with a profile (`us-guest-eu-party+phone-4g`): its round trip replaces the edge's. */
export const LINKS = {
  'phone-4g': { rtt: 150, downKbps: 9000, upKbps: 1500 },
};

/**
 * Overrides from the command line, `--distance NAME:field=ms,…` (a profile's fields, or a link's
 * `rtt`, `downKbps`, `upKbps`), applied in place.
 */
export function applyOverrides(overrides = []) {
  for (const override of overrides) {
    const [name, fields] = override.split(':');
    const target = PROFILES[name] ?? LINKS[name];
    if (!target || !fields)
      throw new Error(`--distance ${override}: expected NAME:field=ms,… with NAME one of ${[...Object.keys(PROFILES), ...Object.keys(LINKS)].join(', ')}`);
    for (const field of fields.split(',')) {
      const [key, value] = field.split('=');
      if (!(key in target) || !Number.isFinite(Number(value))) throw new Error(`--distance ${override}: unknown field or number "${field}"`);
      target[key] = Number(value);
    }
  }
}

/** A profile by its name, with a link after `+`: { name, reach, rtt (the client's round trip), downKbps, upKbps }. */
export function profile(spec) {
  const [base, link] = spec.split('+');
  const reach = PROFILES[base];
  if (!reach || (link && !LINKS[link])) throw new Error(`unknown distance profile ${spec}`);
  const client = link ? LINKS[link] : { rtt: reach.edge, downKbps: null, upKbps: null };
  return { name: spec, reach, rtt: client.rtt, downKbps: client.downKbps, upKbps: client.upKbps };
}

const reachFields = ({ reach }) => `primary=${reach.primary},replica=${reach.replica},room=${reach.room},r2=${reach.r2}`;

/** The header a Node client sends: the Worker pays its link too (`link`), on the request and on every socket frame. */
export const distanceHeader = (p) => ({ 'salon-distance': `${reachFields(p)},link=${p.rtt}` });

/** The cookie a browser sends: Chromium slows its own requests; the Worker slows the socket's frames (`frames`). */
export const distanceCookie = (p, url) => ({ name: 'salon-distance', value: encodeURIComponent(`${reachFields(p)},frames=${p.rtt}`), url });

// ---- round trips ------------------------------------------------------------------------------

/** Every kind's trips, counted by the bench Worker exactly as test/workers/round-trips.test.ts counts them. */
export async function roundTrips(salon) {
  return salon.request('/bench/trips', { method: 'POST' });
}

// ---- request kinds, timed ---------------------------------------------------------------------

/** One kind's request over HTTP (or a socket's handshake) at a distance; milliseconds to its last byte (or to `open`). */
async function timeKind(salon, kind, headers) {
  const started = performance.now();
  if (kind.socket) {
    const ws = new WebSocket(`${salon.wsBase}${kind.path}`, { headers: { ...kind.headers, ...headers } });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('unexpected-response', (_request, response) => reject(new Error(`${kind.kind}: ${response.statusCode}`)));
      ws.once('error', reject);
    });
    const ms = performance.now() - started;
    ws.close();
    return ms;
  }
  const response = await fetch(`${salon.base}${kind.path}`, { method: kind.method, headers: { ...kind.headers, ...headers }, body: kind.body });
  await response.arrayBuffer();
  if (response.status >= 400) throw new Error(`${kind.kind}: ${response.status}`);
  return performance.now() - started;
}

/**
 * Each kind `reps` times per profile (fresh kinds per profile: joins and sends change the party),
 * after one request each to warm the isolate; median milliseconds per kind and profile.
 */
export async function kindTimings(salon, profileNames, reps) {
  const times = {};
  for (const name of profileNames) {
    const p = profile(name);
    const kinds = await salon.request('/bench/kinds', { method: 'POST' });
    for (const kind of kinds) await timeKind(salon, kind, distanceHeader(p));
    for (const kind of kinds) {
      const samples = [];
      for (let rep = 0; rep < reps; rep++) samples.push(await timeKind(salon, kind, distanceHeader(p)));
      (times[kind.kind] ??= { label: kind.label, guestFacing: kind.guestFacing })[name] = median(samples);
    }
  }
  return times;
}

// ---- public pages from the edge cache ----------------------------------------------------------

/**
 * A visitor far away opens public pages twice: the first answer is rendered (and kept in the edge
 * cache), the second comes from the cache without a D1 trip. Milliseconds and `Salon-Cache` of each.
 */
export async function publicPages(salon, paths, p) {
  const rows = [];
  for (const path of paths) {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const response = await fetch(`${salon.base}${path}`, { headers: { Accept: 'text/html', ...distanceHeader(p) } });
      await response.arrayBuffer();
      answers.push({ ms: performance.now() - started, cache: response.headers.get('Salon-Cache') ?? '–' });
    }
    rows.push({ path, first: answers[0], second: answers[1] });
  }
  return rows;
}

// ---- a far guest in Chromium ------------------------------------------------------------------

/** A phone-sized Chromium context (390×844, touch), trusting the HTTP/2 front's own certificate. */
const PHONE_CONTEXT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ignoreHTTPSErrors: true };

async function launch() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
}

/** Chromium's network emulation for the client's link (no bandwidth limit when the profile names none). */
function networkOf(p) {
  const kbps = (value) => (value ? (value * 1000) / 8 : -1);
  return { offline: false, latency: p.rtt, downloadThroughput: kbps(p.downKbps), uploadThroughput: kbps(p.upKbps) };
}

/**
 * Runs in the page from its first script: every 50 ms whether anything is on screen (text, an
 * image, an icon), on the page's clock, so the longest blank stretch can be told afterwards.
 */
export function probeBlankness() {
  const samples = [];
  window.__blank = samples;
  const look = () => {
    const body = document.body;
    const shown = Boolean(body && (body.innerText.trim().length > 0 || body.querySelector('img, svg, canvas, video')));
    samples.push({ at: performance.now(), shown });
  };
  setInterval(look, 50);
  document.addEventListener('readystatechange', look);
}

/**
 * The longest time nothing was on screen until `until`; `blankAtStart` when the stretch begins
 * blank at the page clock's zero (a fresh tab is blank until the first paint).
 */
export function longestBlank(samples, until, blankAtStart = true) {
  let longest = 0;
  let blankSince = blankAtStart ? 0 : null;
  for (const sample of samples) {
    if (sample.shown) {
      if (blankSince !== null) longest = Math.max(longest, sample.at - blankSince);
      blankSince = null;
    } else blankSince ??= sample.at;
  }
  if (blankSince !== null) longest = Math.max(longest, until - blankSince);
  return longest;
}

/**
 * A new guest opens a party link under profile `p` (a fresh Chromium context, phone-sized, no cache)
 * and joins: link opened → join dialog usable, join pressed → chat with its history drawn, and the
 * longest blank stretch meanwhile. With `shots`, screenshots of what she sees while it loads.
 */
export async function guestFlow(base, shortId, p, { shots = null } = {}) {
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE_CONTEXT);
    await context.addCookies([distanceCookie(p, base)]);
    await context.addInitScript(probeBlankness);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', networkOf(p));
    let shooting = null;
    if (shots) {
      // Only this run's screenshots: an earlier run's would sit among them under other times.
      rmSync(shots.dir, { recursive: true, force: true });
      mkdirSync(shots.dir, { recursive: true });
      const started = performance.now();
      const taken = [];
      shooting = { taken, stop: false };
      shooting.done = (async () => {
        while (!shooting.stop) {
          const at = Math.round(performance.now() - started);
          const path = `${shots.dir}/${shots.name}-${String(at).padStart(5, '0')}ms.png`;
          await page.screenshot({ path }).catch(() => {});
          taken.push(path);
          await sleep(shots.everyMs);
        }
      })();
    }
    const { usableMs, form } = await measureFirstLoad(page, `${base}/${shortId}`, { throttle: null, quietMs: 200 });
    const clicked = performance.now();
    const pageClicked = await page.evaluate(() => performance.now());
    await form.locator('button[type="submit"]').click();
    await page.locator('[role="log"] li').first().waitFor({ timeout: 60_000 });
    const joinMs = performance.now() - clicked;
    const { samples, end } = await page.evaluate(() => ({ samples: window.__blank, end: performance.now() }));
    if (shooting) {
      shooting.stop = true;
      await shooting.done;
    }
    const firstShown = samples.find((sample) => sample.shown)?.at ?? Number.NaN;
    return {
      usableMs,
      joinMs,
      firstShownMs: firstShown,
      blankMs: longestBlank(samples, end),
      blankAfterJoinMs: longestBlank(
        samples.filter((sample) => sample.at >= pageClicked),
        end,
        false,
      ),
      shots: shooting?.taken ?? [],
    };
  } finally {
    await browser.close();
  }
}

// ---- a consultant's message to a far guest ----------------------------------------------------

/**
 * The consultant (in the EU: `near`) sends `count` messages, `paceMs` apart, through her socket;
 * a guest far away (`far`) receives them through hers. Milliseconds from send to the guest's
 * receipt, both measured in this process (the links are paid in the bench Worker).
 */
export async function messageToFarGuest(salon, { near, far, count, paceMs }) {
  const { party, headers: consultant } = await salon.consultantParty('Bench far guest');
  const guest = await salon.joinGuest(party.id, 0);
  const open = (auth, p) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${salon.wsBase}/api/parties/${party.id}/socket`, { headers: { ...auth, ...distanceHeader(p) } });
      ws.once('open', () => ws.send(joinFrame()));
      ws.on('message', (data) => {
        if (String(data).includes('"welcome"')) resolve(ws);
      });
      ws.once('error', reject);
    });
  const [sender, receiver] = [await open(consultant, near), await open(guest.headers, far)];
  const sentAt = new Map();
  const latencies = [];
  receiver.on('message', (data) => {
    const text = String(data);
    for (const [tempId, at] of sentAt) {
      if (text.includes(tempId)) {
        latencies.push(performance.now() - at);
        sentAt.delete(tempId);
      }
    }
  });
  await sleep(500);
  for (let i = 0; i < count; i++) {
    const tempId = crypto.randomUUID();
    sentAt.set(tempId, performance.now());
    sender.send(JSON.stringify({ type: 'sendMessage', tempId, messageType: 'text', message: `Nachricht ${i} aus Europa` }));
    await sleep(paceMs);
  }
  const end = performance.now() + 5000;
  while (sentAt.size > 0 && performance.now() < end) await sleep(50);
  sender.close();
  receiver.close();
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), received: latencies.length, lost: sentAt.size };
}

// ---- the consultant's pages on a phone --------------------------------------------------------

/**
 * The dashboard and the media library for a signed-in consultant under `p`, in a fresh phone-sized
 * Chromium context: navigation → usable (React attached to the page and its content shown: the
 * party cards, the library's listing loaded).
 */
export async function consultantPages(base, accessToken, p) {
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE_CONTEXT);
    await context.addCookies([
      distanceCookie(p, base),
      { name: 'salon_at', value: accessToken, url: base },
      { name: 'salon_cookies_noted', value: '1', url: base },
    ]);
    const result = {};
    for (const [name, path, shown] of [
      ['dashboard', '/parties', '[data-testid="party-card"]'],
      ['media library', '/media', 'section[aria-busy="false"]'],
    ]) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', networkOf(p));
      const started = performance.now();
      await page.goto(`${base}${path}`, { waitUntil: 'commit' });
      await page.locator(shown).first().waitFor({ timeout: 60_000 });
      await page.waitForFunction(
        () => Object.keys(document.body ?? {}).some((key) => key.startsWith('__reactFiber$')) || document.querySelector('[data-hydrated]'),
        null,
        {
          timeout: 60_000,
          polling: 20,
        },
      );
      result[name] = performance.now() - started;
      await page.close();
    }
    return result;
  } finally {
    await browser.close();
  }
}

// ---- the far side slow or gone ----------------------------------------------------------------

/**
 * With D1 answering after `slowMs` or not at all (`absentMs`): how long a guest's party page takes
 * to answer and with what (200, or 503 saying so), and whether an open party's messages still go
 * round (send → the other's receipt) meanwhile.
 */
export async function farSide(salon, { slowMs, absentMs }) {
  const { party, headers: consultant } = await salon.consultantParty('Bench far side');
  const guest = await salon.joinGuest(party.id, 0);
  const open = (auth) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(`${salon.wsBase}/api/parties/${party.id}/socket`, { headers: auth });
      ws.once('open', () => ws.send(joinFrame()));
      ws.on('message', (data) => String(data).includes('"welcome"') && resolve(ws));
      ws.once('error', reject);
    });
  const [sender, receiver] = [await open(consultant), await open(guest.headers)];
  const rows = [];
  for (const [label, query] of [
    [`D1 answers after ${slowMs} ms`, `slowMs=${slowMs}`],
    [`D1 gone for ${absentMs / 1000} s`, `absentMs=${absentMs}`],
  ]) {
    await salon.request(`/bench/d1?${query}`, { method: 'POST' });
    const started = performance.now();
    const response = await fetch(`${salon.base}/${party.shortId}`, { headers: { Cookie: `salon_guest=${guest.guestId}.${guest.secretKey}` } });
    const text = await response.text();
    const pageMs = performance.now() - started;
    const tempId = crypto.randomUUID();
    const heard = new Promise((resolve) => receiver.on('message', (data) => String(data).includes(tempId) && resolve(performance.now())));
    const sent = performance.now();
    sender.send(JSON.stringify({ type: 'sendMessage', tempId, messageType: 'text', message: 'Geht es noch?' }));
    const messageMs = (await Promise.race([heard, sleep(10_000).then(() => Number.NaN)])) - sent;
    await salon.request('/bench/d1', { method: 'POST' });
    rows.push({ label, status: response.status, pageMs, says: response.status === 503 && text.includes('Salon erreicht seine Daten gerade nicht'), messageMs });
  }
  sender.close();
  receiver.close();
  return rows;
}
