#!/usr/bin/env node
// The one place that decides which Chromium the browser tests, the bench (Lighthouse, profiles)
// and the hand measurements launch:
//   1. CHROMIUM_PATH, when set: that binary (or, with the value `npm`, the npm-shipped one below);
//   2. the system's Chromium: /usr/bin/chromium, then `chromium` on PATH (Debian's package);
//   3. the Chromium that the dev dependency @sparticuz/chromium ships brotli-compressed inside its
//      npm package (Linux x64), unpacked on first use into .cache/chromium/ with the libraries and
//      fonts it brings, so a machine without a browser needs no step beyond `npm install`;
//   4. otherwise a BrowserMissing error that names the remedy.
// `node scripts/browser.mjs` prints the chosen binary (unpacking it if need be), or the remedy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { findOnPath, isExecutable } from './executables.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NPM_CHROMIUM = '@sparticuz/chromium';
const SYSTEM_PATHS = ['/usr/bin/chromium'];
const PATH_NAMES = ['chromium'];

export class BrowserMissing extends Error {
  name = 'BrowserMissing';
}

/**
 * @typedef {{ dir: string, version: string }} NpmChromium
 * @typedef {{ source: 'forced' | 'system', path: string } | { source: 'npm', npm: NpmChromium } | { source: 'none', problem: string, remedy: string[] }} Choice
 */

/**
 * Which browser to use, from what the machine offers; no side effects, so the order can be tested.
 * @param {{ env: Record<string, string | undefined>, platform: string, arch: string, isExecutable: (path: string) => boolean, npm: NpmChromium | null }} machine
 * @returns {Choice}
 */
export function chooseBrowser({ env, platform, arch, isExecutable, npm }) {
  // Why the npm-shipped Chromium cannot be used, or null when it can.
  const npmProblem = !npm
    ? `the npm-shipped one (${NPM_CHROMIUM}) is not installed`
    : platform !== 'linux' || arch !== 'x64'
      ? `the npm-shipped one (${NPM_CHROMIUM}) runs on Linux x64 only, not on ${platform} ${arch}`
      : null;
  const remedy = [
    ...(npm ? [] : ['npm install                      # brings Chromium with the npm packages (Linux x64)']),
    'apt-get install chromium         # Debian, Ubuntu (as root)',
    'CHROMIUM_PATH=/path/to/chromium  # any Chromium or Chrome already on this machine',
  ];

  const forced = env.CHROMIUM_PATH?.trim();
  if (forced === 'npm') {
    return npm && !npmProblem ? { source: 'npm', npm } : { source: 'none', problem: `CHROMIUM_PATH is npm, but ${npmProblem}.`, remedy };
  }
  if (forced) {
    if (isExecutable(forced)) return { source: 'forced', path: forced };
    return {
      source: 'none',
      problem: `CHROMIUM_PATH is ${forced}, which is not an executable file.`,
      remedy: ['unset CHROMIUM_PATH, or point it at a Chromium or Chrome binary'],
    };
  }

  for (const path of SYSTEM_PATHS) if (isExecutable(path)) return { source: 'system', path };
  const onPath = findOnPath(env, PATH_NAMES, isExecutable);
  if (onPath) return { source: 'system', path: onPath };

  if (npm && !npmProblem) return { source: 'npm', npm };
  return { source: 'none', problem: `No Chromium for the browser tests: none at ${SYSTEM_PATHS.join(', ')} or on PATH, and ${npmProblem}.`, remedy };
}

/** @returns {NpmChromium | null} */
function findNpmChromium() {
  const dir = join(ROOT, 'node_modules', NPM_CHROMIUM);
  try {
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return existsSync(join(dir, 'bin', 'chromium.br')) ? { dir, version } : null;
  } catch {
    return null;
  }
}

/**
 * Unpacks the npm-shipped Chromium once per version: the binary (a headless shell), SwiftShader's
 * GL libraries beside it, the NSS and expat libraries it links (built for Amazon Linux, so a bare
 * Debian needs none of its own) and a font. A small wrapper points the loader and fontconfig at
 * them; it is written last, and the folder appears by rename, so a half-unpacked folder is never
 * used and two processes unpacking at once do not trip over each other.
 * @param {NpmChromium} npm
 * @param {(line: string) => void} log
 */
function unpackNpmChromium(npm, log) {
  const target = join(ROOT, '.cache', 'chromium', `sparticuz-${npm.version}`);
  const wrapper = join(target, 'chromium');
  if (existsSync(wrapper)) return wrapper;
  log(`Unpacking Chromium from ${NPM_CHROMIUM} ${npm.version} into ${target} (once) …`);
  mkdirSync(dirname(target), { recursive: true });
  const work = mkdtempSync(`${target}.partial-`);
  try {
    const unbrotli = (name) => brotliDecompressSync(readFileSync(join(npm.dir, 'bin', name)));
    writeFileSync(join(work, 'headless-shell'), unbrotli('chromium.br'), { mode: 0o755 });
    for (const archive of ['swiftshader.tar.br', 'al2023.tar.br', 'fonts.tar.br']) {
      const untar = spawnSync('tar', ['-x', '-C', work], { input: unbrotli(archive), stdio: ['pipe', 'ignore', 'pipe'] });
      if (untar.status !== 0) throw new Error(`unpacking ${archive} failed: ${untar.error?.message ?? untar.stderr}`);
    }
    // The package's fonts.conf names Lambda's folders; this one names ours and the system's.
    writeFileSync(
      join(work, 'fonts.conf'),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(target, 'fonts')}</dir>\n  <dir>/usr/share/fonts</dir>\n  <dir>/usr/local/share/fonts</dir>\n  <cachedir>${join(target, 'fonts-cache')}</cachedir>\n</fontconfig>\n`,
    );
    writeFileSync(
      join(work, 'chromium'),
      [
        '#!/bin/sh',
        `# Chromium ${npm.version} from ${NPM_CHROMIUM}, unpacked by scripts/browser.mjs: its own libraries and fonts.`,
        'here=$(dirname "$(readlink -f "$0")")',
        'export LD_LIBRARY_PATH="$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"',
        'export FONTCONFIG_PATH="$here"',
        'exec "$here/headless-shell" "$@"',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    try {
      renameSync(work, target);
    } catch (error) {
      // Another process finished first: use its folder.
      if (!existsSync(wrapper)) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return wrapper;
}

/**
 * The Chromium binary to launch, unpacking the npm one if that is the choice.
 * @param {{ env?: Record<string, string | undefined>, log?: (line: string) => void }} [options]
 * @returns {{ path: string, description: string }}
 */
export function resolveBrowser({ env = process.env, log = () => {} } = {}) {
  const choice = chooseBrowser({ env, platform: process.platform, arch: process.arch, isExecutable, npm: findNpmChromium() });
  switch (choice.source) {
    case 'forced':
      return { path: choice.path, description: `${choice.path} (CHROMIUM_PATH)` };
    case 'system':
      return { path: choice.path, description: `the system's Chromium, ${choice.path}` };
    case 'npm':
      return { path: unpackNpmChromium(choice.npm, log), description: `Chromium from the npm package ${NPM_CHROMIUM} ${choice.npm.version}` };
    case 'none':
      throw new BrowserMissing([choice.problem, 'Remedy, one of:', ...choice.remedy.map((line) => `  ${line}`)].join('\n'));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const browser = resolveBrowser({ log: (line) => console.error(line) });
    console.error(`Using ${browser.description}`);
    console.log(browser.path);
  } catch (error) {
    console.error(error instanceof BrowserMissing ? error.message : error);
    process.exit(1);
  }
}
