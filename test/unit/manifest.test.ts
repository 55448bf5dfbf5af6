import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { installOffer } from '../../app/lib/install-prompt';

/** The web app manifest a browser reads to install Salon (ADR 033), checked against the files it names. */
const ROOT = resolve(__dirname, '../..');
const PUBLIC = join(ROOT, 'public');
type Image = { src: string; sizes: string; type: string; purpose?: string; form_factor?: string; label?: string };
const manifest = JSON.parse(readFileSync(join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  icons: Image[];
  screenshots: Image[];
  shortcuts: { name: string; url: string; icons?: Image[] }[];
};

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

function checkImage(image: Image) {
  const file = join(PUBLIC, image.src);
  expect(existsSync(file), image.src).toBe(true);
  if (image.type === 'image/png') expect(pngSize(file), image.src).toBe(image.sizes);
}

/** The URL paths the routes of app/routes answer (Remix flat routes: `.` nests, `_x` is a layout, `$x` a parameter). */
function routePaths(): string[] {
  return readdirSync(join(ROOT, 'app/routes'))
    .filter((name) => name.endsWith('.tsx'))
    .map(
      (name) =>
        '/' +
        name
          .replace(/\.tsx$/, '')
          .split('.')
          .filter((segment) => !segment.startsWith('_'))
          .join('/'),
    );
}

describe('the web app manifest', () => {
  it('names the app with a stable id, in the app scope, standalone', () => {
    // The id an install is known by: "/" is what browsers derived from start_url before it was set.
    expect(manifest.id).toBe('/');
    expect(manifest).toMatchObject({ name: 'Salon', short_name: 'Salon', lang: 'de', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.description.length).toBeGreaterThan(0);
  });

  it('has any and maskable PNG icons of 192 and 512 pixels, each a file of that size', () => {
    for (const purpose of ['any', 'maskable'])
      expect(
        manifest.icons
          .filter((icon) => icon.purpose === purpose && icon.type === 'image/png')
          .map((icon) => icon.sizes)
          .sort(),
      ).toEqual(['192x192', '512x512']);
    // One purpose per file: an icon drawn for the mask is cropped wrong as `any`, and the other way round.
    expect(manifest.icons.every((icon) => icon.purpose === 'any' || icon.purpose === 'maskable')).toBe(true);
    manifest.icons.forEach(checkImage);
  });

  it('has a narrow and a wide screenshot with a label, each a file of the stated size', () => {
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      checkImage(shot);
      expect(shot.label).toBeTruthy();
      const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
      expect(shot.form_factor === 'narrow' ? height > width : width > height).toBe(true);
    }
  });

  it('has shortcuts to pages that exist, the dashboard among them', () => {
    const paths = routePaths();
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toContain('/parties');
    for (const shortcut of manifest.shortcuts) {
      expect(paths, shortcut.url).toContain(shortcut.url);
      shortcut.icons?.forEach(checkImage);
    }
  });
});

describe('the install offer', () => {
  it('is the browser prompt where one is held, instructions on iOS, nothing once installed', () => {
    expect(installOffer({ standalone: false, apple: false, promptHeld: true })).toBe('prompt');
    expect(installOffer({ standalone: false, apple: false, promptHeld: false })).toBeNull();
    expect(installOffer({ standalone: false, apple: true, promptHeld: false })).toBe('instructions');
    expect(installOffer({ standalone: true, apple: false, promptHeld: true })).toBeNull();
    expect(installOffer({ standalone: true, apple: true, promptHeld: false })).toBeNull();
  });
});
