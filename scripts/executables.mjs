// Finding a program on this machine, shared by the resolvers that choose Chromium (browser.mjs) and
// ffmpeg (ffmpeg.mjs). The choosers take these as parameters, so their order is tested without a machine.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether `path` is a file this process may run (a directory or a device is not). */
export function isExecutable(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The first of `names` found in a folder of `env.PATH`, folder by folder, or null.
 * @param {Record<string, string | undefined>} env
 * @param {readonly string[]} names
 * @param {(path: string) => boolean} executable
 */
export function findOnPath(env, names, executable) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) if (executable(join(dir, name))) return join(dir, name);
  }
  return null;
}
