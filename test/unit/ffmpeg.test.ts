// Which ffmpeg the local Stream stand-in runs (scripts/ffmpeg.mjs): FFMPEG_PATH, then the
// system's, then the one npm ships, else a failure that names the remedy.
import { describe, expect, it } from 'vitest';

import { chooseFfmpeg, resolveFfmpeg } from '../../scripts/ffmpeg.mjs';

const npm = { path: '/repo/node_modules/@ffmpeg-installer/linux-x64/ffmpeg', version: '4.1.0' };

function machine({ executables = [] as string[], env = {} as Record<string, string>, withNpm = true } = {}) {
  return { env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env }, isExecutable: (path: string) => executables.includes(path), npm: withNpm ? npm : null };
}

describe('chooseFfmpeg', () => {
  it("takes the system's ffmpeg on PATH, even with the npm one present", () => {
    expect(chooseFfmpeg(machine({ executables: ['/usr/bin/ffmpeg'] }))).toEqual({ source: 'system', path: '/usr/bin/ffmpeg' });
    expect(chooseFfmpeg(machine({ executables: ['/usr/local/bin/ffmpeg', '/usr/bin/ffmpeg'] }))).toEqual({ source: 'system', path: '/usr/local/bin/ffmpeg' });
  });

  it('falls back to the ffmpeg the npm package ships when the machine has none', () => {
    expect(chooseFfmpeg(machine())).toEqual({ source: 'npm', npm });
  });

  it('honours FFMPEG_PATH before anything else, and FFMPEG_PATH=npm forces the npm one', () => {
    const executables = ['/usr/bin/ffmpeg', '/opt/ffmpeg/ffmpeg'];
    expect(chooseFfmpeg(machine({ executables, env: { FFMPEG_PATH: '/opt/ffmpeg/ffmpeg' } }))).toEqual({ source: 'forced', path: '/opt/ffmpeg/ffmpeg' });
    expect(chooseFfmpeg(machine({ executables, env: { FFMPEG_PATH: 'npm' } }))).toEqual({ source: 'npm', npm });
  });

  it('refuses an FFMPEG_PATH that is not there instead of quietly using another ffmpeg', () => {
    const choice = chooseFfmpeg(machine({ executables: ['/usr/bin/ffmpeg'], env: { FFMPEG_PATH: '/nowhere/ffmpeg' } }));
    expect(choice).toMatchObject({ source: 'none', problem: expect.stringContaining('/nowhere/ffmpeg') });
  });

  it('with no ffmpeg at all, says so and names the commands that fix it', () => {
    const choice = chooseFfmpeg(machine({ withNpm: false }));
    expect(choice.source).toBe('none');
    if (choice.source !== 'none') return;
    expect(choice.problem).toContain('No ffmpeg');
    expect(choice.remedy.join('\n')).toContain('npm install');
    expect(choice.remedy.join('\n')).toContain('apt-get install ffmpeg');
    expect(choice.remedy.join('\n')).toContain('FFMPEG_PATH');
  });
});

describe('resolveFfmpeg on this machine', () => {
  it('finds an ffmpeg that runs (the npm one where the machine has none)', async () => {
    const { spawnSync } = await import('node:child_process');
    const { path } = resolveFfmpeg();
    const result = spawnSync(path, ['-hide_banner', '-version'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^ffmpeg version/);
  });
});
