#!/usr/bin/env node
// Makes the installed app's images that public/manifest.webmanifest names, in the browser the tests
// use (scripts/browser.mjs), so the same inputs give the same PNGs:
//   - the icons, from public/favicon.svg: `any` ones (the round icon on transparent ground) and
//     `maskable` ones (the icon's colour to the edges, its symbol inside the safe zone, the middle
//     circle of 40 % radius that every launcher's mask keeps);
//   - the screenshots an install dialog shows, from the served app with its demo data: a guest in
//     a party on a phone (narrow) and the consultant's party page on a desktop (wide).
//
//   npm start                                   # the app with its demo data, in another terminal
//   node scripts/make-app-images.mjs [--base http://localhost:8787] [--icons-only]
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { resolveBrowser } from './browser.mjs';
import { consultantInParty } from './demo-party.mjs';

const { values: args } = parseArgs({
  options: { base: { type: 'string', default: 'http://localhost:8787' }, 'icons-only': { type: 'boolean', default: false } },
});
const BASE = args.base.replace(/\/$/, '');
const OUT = 'public';
const ICON_SIZES = [192, 512];
// The favicon's circle: r = 15 in its 32-unit view box. A maskable icon's safe zone is a circle of
// 40 % of the icon's size in radius; the favicon is drawn so that its circle fills exactly that.
const MASKABLE_SCALE = (0.4 * 32) / 15;
/** The screenshots' CSS sizes; the files are these times the scale. */
const SCREENSHOTS = {
  narrow: { file: 'screenshot-narrow.png', viewport: { width: 390, height: 844 }, scale: 2 },
  wide: { file: 'screenshot-wide.png', viewport: { width: 1280, height: 800 }, scale: 1 },
};

async function icons(browser) {
  const svg = readFileSync(join(OUT, 'favicon.svg'), 'utf8');
  const colour = /<circle[^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1];
  if (!colour) throw new Error('public/favicon.svg: no filled circle to take the background colour from');
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const page = await browser.newPage();
  try {
    for (const size of ICON_SIZES) {
      await page.setViewportSize({ width: size, height: size });
      const draw = async (background, scale, file) => {
        const drawn = Math.round(size * scale);
        await page.setContent(
          `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}"><img src="${src}" width="${drawn}" height="${drawn}"></body>`,
        );
        await page.locator('img').evaluate((img) => img.decode());
        await page.screenshot({ path: join(OUT, file), omitBackground: background === 'transparent' });
        console.log(`${join(OUT, file)}: ${size}x${size}, ${Math.round(statSync(join(OUT, file)).size / 1024)} KB`);
      };
      await draw('transparent', 1, `icon-${size}.png`);
      await draw(colour, MASKABLE_SCALE, `icon-maskable-${size}.png`);
    }
  } finally {
    await page.close();
  }
}

async function screenshots(browser) {
  const wide = SCREENSHOTS.wide;
  const consultant = await consultantInParty(browser, BASE, { viewport: wide.viewport, deviceScaleFactor: wide.scale });
  await consultant.say('Herzlich willkommen zur Wellness-Party! Schön, dass ihr dabei seid.');
  await consultant.say('Heute zeige ich euch unsere neuen Pflegeöle. Fragt jederzeit hier im Chat!');

  const narrow = SCREENSHOTS.narrow;
  const guest = await browser.newContext({ viewport: narrow.viewport, deviceScaleFactor: narrow.scale, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await guest.newPage();
  await page.goto(consultant.link);
  await page.getByLabel('Vorname').fill('Eva');
  await page.getByLabel('Nachname').fill('Schneider');
  await page.getByRole('button', { name: 'Party beitreten' }).click();
  await page.getByRole('textbox', { name: 'Nachricht' }).fill('Klingt toll! Welches Öl magst du am liebsten?');
  await page.getByRole('button', { name: 'Senden', exact: true }).click();
  await consultant.say('Das Lavendelöl: ein paar Tropfen ins Bad, und der Abend gehört dir.');
  await page.getByText('Das Lavendelöl').first().waitFor();
  // The chat scrolls and the images settle; the picture is taken once nothing moves.
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(OUT, narrow.file) });
  await consultant.page.waitForTimeout(1000);
  await consultant.page.screenshot({ path: join(OUT, wide.file) });
  for (const { file } of [narrow, wide]) console.log(`${join(OUT, file)}: ${Math.round(statSync(join(OUT, file)).size / 1024)} KB`);
  await guest.close();
  await consultant.context.close();
}

const { chromium } = await import('@playwright/test');
const browser = await chromium.launch({ executablePath: resolveBrowser().path, args: ['--no-sandbox', '--disable-gpu'] });
try {
  await icons(browser);
  if (!args['icons-only']) await screenshots(browser);
} finally {
  await browser.close();
}
