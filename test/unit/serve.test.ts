// `npm start` (scripts/serve.mjs) on a machine without internet: what it prints is what a newcomer
// reads first, so it must carry no error, warning or stack trace when everything works. Starts the
// real stack (wrangler dev, the local OpenID provider, the Stream stand-in, the mail catcher, the
// older system's stand-in) with a throwaway database on ports of its own: every port serve.mjs opens
// is chosen here or left to the system (0), so the test passes while `npm start` runs on the same
// machine with the default ports (wrangler's inspector finds a free one itself). It serves the
// Remix build, which npm test makes before this layer.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * serve.mjs's command line here: the Worker's and the provider's ports are free ones found first
 * (the Worker is reached at its port, the provider's is part of its issuer URL), the other servers
 * take any free port (0), and the stack starts empty and from the existing build.
 */
function serveArgs(port: number, oidcPort: number, persistTo: string): string[] {
  return [
    'scripts/serve.mjs',
    ...['--port', String(port), '--oidc-port', String(oidcPort)],
    ...['--stream-port', '0', '--smtp-port', '0', '--mail-port', '0', '--older-port', '0', '--metrics-port', '0'],
    ...['--persist-to', persistTo, '--no-seed', '--no-build'],
  ];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The `--…-port` options serve.mjs takes, read from its own parseArgs: a new one must be chosen below too. */
function portOptions(): string[] {
  const source = readFileSync('scripts/serve.mjs', 'utf8');
  return [...source.matchAll(/^\s+'?([a-z-]*port)'?: \{ type: 'string'/gm)].map((match) => `--${match[1]}`);
}

describe('npm start', () => {
  it('chooses every port serve.mjs would otherwise open on its default', () => {
    expect(portOptions()).toEqual(['--port', '--oidc-port', '--stream-port', '--smtp-port', '--mail-port', '--older-port', '--metrics-port']);
    expect(portOptions().filter((option) => !serveArgs(1, 2, 'state').includes(option))).toEqual([]);
  });

  it.skipIf(!existsSync('build/server/index.js'))(
    'prints where Salon runs and no error, warning or stack trace (needs npm run build)',
    { timeout: 90_000 },
    async () => {
      const [port, oidcPort] = [await freePort(), await freePort()];
      const persistTo = mkdtempSync(join(tmpdir(), 'salon-serve-test-'));
      const child = spawn(process.execPath, serveArgs(port, oidcPort, persistTo), {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        // As from a terminal: vitest's NODE_ENV=test alone keeps Miniflare from fetching Request.cf.
        env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV')),
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        // The start message's last line: everything wrangler prints while starting is above it.
        const ready = `Guests join the demo party at http://localhost:${port}/`;
        for (const end = Date.now() + 80_000; !output.includes(ready); await new Promise((resolve) => setTimeout(resolve, 200))) {
          if (child.exitCode !== null || Date.now() > end) throw new Error(`serve.mjs did not come up (exit ${child.exitCode}):\n${output}`);
        }
      } finally {
        // serve.mjs and wrangler's workerd share the group it leads.
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
        await exited;
        rmSync(persistTo, { recursive: true, force: true });
      }
      expect(output).toContain(`Salon is running at http://localhost:${port}`);
      expect(output).toMatch(/local stand-in for Cloudflare Stream at http:\/\/localhost:\d+/);
      expect(output).toMatch(/local mail catcher: http:\/\/localhost:\d+/);
      expect(output).not.toMatch(/ENOTFOUND|Request\.cf|Error|\[WARNING\]|:warn\]/);
      expect(output, 'a stack trace').not.toMatch(/^\s+at .+\(.+:\d+:\d+\)$/m);
    },
  );
});
