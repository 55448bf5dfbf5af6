// Which Chromium the browser tests and the bench launch (scripts/browser.mjs): the system's first,
// then the one npm ships, else a failure that names the remedy; CHROMIUM_PATH overrides.
import { describe, expect, it } from 'vitest';

import { chooseBrowser } from '../../scripts/browser.mjs';

const npm = { dir: '/repo/node_modules/@sparticuz/chromium', version: '147.0.0' };

function machine({ executables = [] as string[], env = {} as Record<string, string>, withNpm = true, platform = 'linux', arch = 'x64' } = {}) {
  return {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
    platform,
    arch,
    isExecutable: (path: string) => executables.includes(path),
    npm: withNpm ? npm : null,
  };
}

describe('chooseBrowser', () => {
  it("takes Debian's Chromium when it is installed, even with the npm one present", () => {
    expect(chooseBrowser(machine({ executables: ['/usr/bin/chromium'] }))).toEqual({ source: 'system', path: '/usr/bin/chromium' });
  });

  it('takes a chromium found on PATH next', () => {
    expect(chooseBrowser(machine({ executables: ['/usr/local/bin/chromium'] }))).toEqual({ source: 'system', path: '/usr/local/bin/chromium' });
  });

  it('falls back to the Chromium the npm package ships when the machine has none', () => {
    expect(chooseBrowser(machine())).toEqual({ source: 'npm', npm });
  });

  it('honours CHROMIUM_PATH before anything else, and CHROMIUM_PATH=npm forces the npm one', () => {
    const executables = ['/usr/bin/chromium', '/opt/chrome/chrome'];
    expect(chooseBrowser(machine({ executables, env: { CHROMIUM_PATH: '/opt/chrome/chrome' } }))).toEqual({ source: 'forced', path: '/opt/chrome/chrome' });
    expect(chooseBrowser(machine({ executables, env: { CHROMIUM_PATH: 'npm' } }))).toEqual({ source: 'npm', npm });
  });

  it('refuses a CHROMIUM_PATH that is not there instead of quietly using another browser', () => {
    const choice = chooseBrowser(machine({ executables: ['/usr/bin/chromium'], env: { CHROMIUM_PATH: '/nowhere/chrome' } }));
    expect(choice).toMatchObject({ source: 'none', problem: expect.stringContaining('/nowhere/chrome') });
  });

  it('with no browser at all, says so and names the commands that fix it', () => {
    const choice = chooseBrowser(machine({ withNpm: false }));
    expect(choice.source).toBe('none');
    if (choice.source !== 'none') return;
    expect(choice.problem).toContain('No Chromium');
    expect(choice.remedy.join('\n')).toContain('npm install');
    expect(choice.remedy.join('\n')).toContain('apt-get install chromium');
    expect(choice.remedy.join('\n')).toContain('CHROMIUM_PATH');
  });

  it('does not offer the npm Chromium where its Linux x64 binary cannot run', () => {
    const choice = chooseBrowser(machine({ platform: 'darwin', arch: 'arm64' }));
    expect(choice).toMatchObject({ source: 'none', problem: expect.stringContaining('Linux x64 only') });
  });
});
