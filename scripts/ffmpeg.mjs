#!/usr/bin/env node
// The one place that decides which ffmpeg the local Stream stand-in (scripts/stream-server.mjs)
// and the tests that make video fixtures run:
//   1. FFMPEG_PATH, when set: that binary (or, with the value `npm`, the npm-shipped one below);
//   2. the system's `ffmpeg` on PATH;
//   3. the static ffmpeg that the dev dependency @ffmpeg-installer/ffmpeg ships inside its platform
//      package, so a machine without ffmpeg needs no step beyond `npm install`;
//   4. otherwise a FfmpegMissing error that names the remedy.
// `node scripts/ffmpeg.mjs` prints the chosen binary, or the remedy.
import { chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { findOnPath, isExecutable } from './executables.mjs';

const NPM_FFMPEG = '@ffmpeg-installer/ffmpeg';

export class FfmpegMissing extends Error {
  name = 'FfmpegMissing';
}

/**
 * @typedef {{ path: string, version: string }} NpmFfmpeg
 * @typedef {{ source: 'forced' | 'system', path: string } | { source: 'npm', npm: NpmFfmpeg } | { source: 'none', problem: string, remedy: string[] }} FfmpegChoice
 */

/**
 * Which ffmpeg to use, from what the machine offers; no side effects, so the order can be tested.
 * @param {{ env: Record<string, string | undefined>, isExecutable: (path: string) => boolean, npm: NpmFfmpeg | null, platform?: string }} machine
 * @returns {FfmpegChoice}
 */
export function chooseFfmpeg({ env, isExecutable, npm, platform = 'linux' }) {
  const remedy = [
    ...(npm ? [] : ['npm install                    # brings ffmpeg with the npm packages']),
    'apt-get install ffmpeg         # Debian, Ubuntu (as root); brew install ffmpeg on macOS',
    'FFMPEG_PATH=/path/to/ffmpeg    # any ffmpeg already on this machine',
  ];
  const forced = env.FFMPEG_PATH?.trim();
  if (forced === 'npm') {
    return npm ? { source: 'npm', npm } : { source: 'none', problem: `FFMPEG_PATH is npm, but ${NPM_FFMPEG} is not installed for this platform.`, remedy };
  }
  if (forced) {
    if (isExecutable(forced)) return { source: 'forced', path: forced };
    return {
      source: 'none',
      problem: `FFMPEG_PATH is ${forced}, which is not an executable file.`,
      remedy: ['unset FFMPEG_PATH, or point it at an ffmpeg binary'],
    };
  }
  const onPath = findOnPath(env, [platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg'], isExecutable);
  if (onPath) return { source: 'system', path: onPath };
  if (npm) return { source: 'npm', npm };
  return {
    source: 'none',
    problem: `No ffmpeg for converting videos: none on PATH, and the npm-shipped one (${NPM_FFMPEG}) is not installed for this platform.`,
    remedy,
  };
}

/** @returns {NpmFfmpeg | null} */
function findNpmFfmpeg() {
  try {
    // The package throws when its platform package is missing (another OS, or not installed).
    const found = createRequire(import.meta.url)(NPM_FFMPEG);
    // Its own install script (chmod u+x) does not run under npm 11; the tarball usually keeps the
    // mode anyway, and where it does not, setting it is what that script would have done.
    if (!isExecutable(found.path)) chmodSync(found.path, 0o755);
    return { path: found.path, version: found.version };
  } catch {
    return null;
  }
}

/**
 * The ffmpeg binary to run.
 * @param {{ env?: Record<string, string | undefined> }} [options]
 * @returns {{ path: string, description: string }}
 */
export function resolveFfmpeg({ env = process.env } = {}) {
  const choice = chooseFfmpeg({ env, isExecutable, npm: findNpmFfmpeg(), platform: process.platform });
  switch (choice.source) {
    case 'forced':
      return { path: choice.path, description: `${choice.path} (FFMPEG_PATH)` };
    case 'system':
      return { path: choice.path, description: `the system's ffmpeg, ${choice.path}` };
    case 'npm':
      return { path: choice.npm.path, description: `ffmpeg ${choice.npm.version} from the npm package ${NPM_FFMPEG}` };
    case 'none':
      throw new FfmpegMissing([choice.problem, 'Remedy, one of:', ...choice.remedy.map((line) => `  ${line}`)].join('\n'));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const ffmpeg = resolveFfmpeg();
    console.error(`Using ${ffmpeg.description}`);
    console.log(ffmpeg.path);
  } catch (error) {
    console.error(error instanceof FfmpegMissing ? error.message : error);
    process.exit(1);
  }
}
