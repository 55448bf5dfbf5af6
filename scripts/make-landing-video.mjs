#!/usr/bin/env node
// Makes the landing page's product video from the real app: a guest joins a party on a
// phone and chats with the consultant, recorded by Playwright, then made small with ffmpeg.
//
//   npm start                                   # the app with its demo data, in another terminal
//   node scripts/make-landing-video.mjs [--base http://localhost:8787]
//
// Writes public/landing/: salon-demo.webm (VP9) and salon-demo.mp4 (H.264, for Safari), both
// silent, a WebP poster, and captions per language (salon-demo.{de,en,nl,fr,it}.vtt) timed to
// what happens in this recording. The demo consultant (anna@salon.test) makes a new party for it.
// The browser is the one the tests use (scripts/browser.mjs), ffmpeg the one the Stream stand-in
// uses (scripts/ffmpeg.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveBrowser } from './browser.mjs';
import { consultantInParty } from './demo-party.mjs';
import { resolveFfmpeg } from './ffmpeg.mjs';

/**
 * Playwright records through an ffmpeg of its own, which it downloads (`npx playwright install
 * ffmpeg`); offline it is missing. Playwright finds it in its browsers folder by revision, so a
 * folder of our own holding our ffmpeg (the npm one, which reads the same MJPEG frames and writes
 * the same VP8) under that name serves; the browser itself is given by path and needs no folder.
 */
function playwrightFfmpeg(ffmpeg, dir) {
  const browsers = JSON.parse(
    readFileSync(join(dirname(createRequire(import.meta.url).resolve('playwright-core/package.json')), 'browsers.json'), 'utf8'),
  ).browsers;
  const revision = browsers.find((browser) => browser.name === 'ffmpeg').revision;
  mkdirSync(join(dir, `ffmpeg-${revision}`), { recursive: true });
  symlinkSync(ffmpeg, join(dir, `ffmpeg-${revision}`, 'ffmpeg-linux'));
  process.env.PLAYWRIGHT_BROWSERS_PATH = dir;
}

const { values: args } = parseArgs({ options: { base: { type: 'string', default: 'http://localhost:8787' } } });
const BASE = args.base.replace(/\/$/, '');
const OUT = 'public/landing';
// The landing page's <video> says this size (app/lib/landing-video.ts).
const SIZE = { width: 390, height: 844 };

/** What each scene shows, in every language; the captions track says it while it happens. */
const CAPTIONS = {
  open: {
    de: 'Eva öffnet den Party-Link auf ihrem Handy.',
    en: 'Eva opens the party link on her phone.',
    nl: 'Eva opent de partylink op haar telefoon.',
    fr: 'Eva ouvre le lien de la soirée sur son téléphone.',
    it: 'Eva apre il link della festa sul suo telefono.',
  },
  name: {
    de: 'Sie gibt Vor- und Nachnamen ein. Ein Konto braucht sie nicht.',
    en: 'She types her first and last name. No account needed.',
    nl: 'Ze vult haar voor- en achternaam in. Een account is niet nodig.',
    fr: 'Elle saisit son prénom et son nom. Pas besoin de compte.',
    it: 'Inserisce nome e cognome. Non serve un account.',
  },
  inside: {
    de: 'Sie ist in der Party und liest mit.',
    en: "She's in the party and reads along.",
    nl: 'Ze is in de party en leest mee.',
    fr: 'Elle est dans la soirée et suit la conversation.',
    it: 'È nella festa e segue la conversazione.',
  },
  live: {
    de: 'Die Beraterin schreibt live.',
    en: 'The consultant writes live.',
    nl: 'De adviseur schrijft live.',
    fr: 'La conseillère écrit en direct.',
    it: 'La consulente scrive dal vivo.',
  },
  reply: {
    de: 'Eva antwortet.',
    en: 'Eva replies.',
    nl: 'Eva antwoordt.',
    fr: 'Eva répond.',
    it: 'Eva risponde.',
  },
};

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function record(dir) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const consultant = await consultantInParty(browser, BASE);
    await consultant.say('Herzlich willkommen zur Wellness-Party! Schön, dass ihr dabei seid.');
    await consultant.say('Heute zeige ich euch unsere neuen Pflegeöle. Fragt jederzeit!');

    const guest = await browser.newContext({
      viewport: SIZE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'de-DE',
      recordVideo: { dir, size: SIZE },
    });
    const page = await guest.newPage();
    const started = performance.now();
    await page.goto(consultant.link);
    await page.getByLabel('Vorname').waitFor();
    // The recording starts with a blank page: the video starts here.
    const t0 = (performance.now() - started) / 1000;
    const marks = [];
    const mark = (scene) => marks.push({ scene, at: (performance.now() - started) / 1000 - t0 });
    mark('open');
    await pause(1500);
    mark('name');
    await page.getByLabel('Vorname').pressSequentially('Eva', { delay: 120 });
    await page.getByLabel('Nachname').pressSequentially('Schneider', { delay: 120 });
    await pause(600);
    await page.getByRole('button', { name: 'Party beitreten' }).click();
    await page.getByRole('textbox', { name: 'Nachricht' }).waitFor();
    mark('inside');
    await pause(2500);
    mark('live');
    await consultant.say('Das Lavendelöl ist mein Favorit für den Abend.');
    await pause(2500);
    mark('reply');
    const box = page.getByRole('textbox', { name: 'Nachricht' });
    await box.pressSequentially('Klingt toll! Wie riecht es?', { delay: 90 });
    await page.getByRole('button', { name: 'Senden', exact: true }).click();
    await pause(3000);
    const end = (performance.now() - started) / 1000 - t0;
    await guest.close();
    await consultant.context.close();
    return { video: await page.video().path(), t0, marks, end };
  } finally {
    await browser.close();
  }
}

const stamp = (seconds) => {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const s = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
};

function captions(language, marks, end) {
  const cues = marks.map((mark, index) => `${stamp(mark.at)} --> ${stamp(marks[index + 1]?.at ?? end)}\n${CAPTIONS[mark.scene][language]}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

async function main() {
  const ffmpeg = resolveFfmpeg().path;
  const dir = mkdtempSync(join(tmpdir(), 'salon-video-'));
  try {
    playwrightFfmpeg(ffmpeg, join(dir, 'playwright'));
    const { video, t0, marks, end } = await record(dir);
    mkdirSync(OUT, { recursive: true });
    const cut = ['-y', '-loglevel', 'error', '-ss', t0.toFixed(2), '-i', video, '-t', end.toFixed(2), '-an', '-vf', 'fps=15'];
    execFileSync(ffmpeg, [...cut, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', join(OUT, 'salon-demo.webm')]);
    execFileSync(ffmpeg, [
      ...cut,
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      join(OUT, 'salon-demo.mp4'),
    ]);
    // The poster: the party as the guest sees it once inside, while the consultant writes.
    const posterAt = (marks.find((mark) => mark.scene === 'reply')?.at ?? end / 2) + t0 - 0.2;
    execFileSync(ffmpeg, [
      '-y',
      '-loglevel',
      'error',
      '-ss',
      posterAt.toFixed(2),
      '-i',
      video,
      '-frames:v',
      '1',
      '-c:v',
      'libwebp',
      '-quality',
      '60',
      join(OUT, 'salon-demo-poster.webp'),
    ]);
    for (const language of ['de', 'en', 'nl', 'fr', 'it']) writeFileSync(join(OUT, `salon-demo.${language}.vtt`), captions(language, marks, end));
    for (const file of ['salon-demo.webm', 'salon-demo.mp4', 'salon-demo-poster.webp'])
      console.log(`${join(OUT, file)}: ${Math.round(statSync(join(OUT, file)).size / 1024)} KB`);
    console.log(`${end.toFixed(1)} s; captions at ${marks.map((mark) => `${mark.scene} ${mark.at.toFixed(1)} s`).join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
