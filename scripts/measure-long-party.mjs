#!/usr/bin/env node
// Hand measurement of a long party in Chromium (not part of npm test or the bench): fills the demo
// party of a running app (`npm start`) with 1,200 messages from 60 guests, then, as a guest on a phone
// and on a desktop, loads every older page by scrolling up and scrolls the whole log top to bottom
// at 120 px per frame, printing frame times and the most rows the DOM held. Usage:
//   npm start   # in another terminal, fresh data
//   node scripts/measure-long-party.mjs
import { chromium } from '@playwright/test';
import { resolveBrowser } from './browser.mjs';
const base = 'http://localhost:8787';
const info = await (await fetch(`${base}/api/parties/DemoWellness1`)).json();
const started = Date.now();
const GUESTS = 60,
  EACH = 20;
await Promise.all(
  Array.from({ length: GUESTS }, async (_, g) => {
    const joined = await (
      await fetch(`${base}/api/parties/${info.id}/join`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: `Gast${g}`, lastName: 'Lang' }),
      })
    ).json();
    const auth = { Authorization: `Basic ${Buffer.from(`${joined.guestId}:${joined.secretKey}`).toString('base64')}`, 'Content-Type': 'application/json' };
    for (let i = 0; i < EACH; i++) {
      const r = await fetch(`${base}/api/parties/${info.id}/chat`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ message: `Nachricht ${g}-${i} ${'bla '.repeat((g * 7 + i) % 40)}` }),
      });
      if (r.status !== 201) throw new Error(`post ${r.status}`);
    }
  }),
);
console.log(`filled ${GUESTS * EACH} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox'] });
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  const page = await browser.newPage({ viewport, locale: 'de-DE' });
  await page.goto(`${base}/DemoWellness1`);
  await page.getByLabel('Vorname').fill('Leserin');
  await page.getByLabel('Nachname').fill('Lang');
  await page.getByRole('button', { name: 'Party beitreten' }).click();
  await page.getByTestId('message').first().waitFor();
  const log = page.getByRole('log');
  const t0 = Date.now();
  for (let i = 0; i < 200; i++) {
    await log.evaluate((e) => e.scrollTo({ top: 0 }));
    await page.waitForTimeout(120);
    if ((await page.getByRole('button', { name: 'Ältere Nachrichten laden' }).count()) === 0) break;
  }
  const loadAll = Date.now() - t0;
  const result = await log.evaluate(async (e) => {
    const rows = () => e.querySelectorAll('ol > li').length;
    const frames = [];
    let last = performance.now();
    e.scrollTo({ top: 0 });
    const maxRows = [];
    await new Promise((resolve) => {
      const step = () => {
        const now = performance.now();
        frames.push(now - last);
        last = now;
        e.scrollTop += 120;
        maxRows.push(rows());
        if (e.scrollTop + e.clientHeight >= e.scrollHeight - 1) resolve();
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    frames.sort((a, b) => a - b);
    return {
      frames: frames.length,
      p50: frames[Math.floor(frames.length / 2)].toFixed(1),
      p95: frames[Math.floor(frames.length * 0.95)].toFixed(1),
      max: frames.at(-1).toFixed(1),
      maxRows: Math.max(...maxRows),
      height: e.scrollHeight,
    };
  });
  const loaded = await page.evaluate(() => document.querySelectorAll('[data-testid=message]').length);
  console.log(JSON.stringify({ viewport, loadAllOlderPagesMs: loadAll, renderedNow: loaded, ...result }));
  await page.close();
}
await browser.close();
