// The bench Worker's lifecycle: a fresh persist dir, D1 migrations, start (serve.mjs in its own
// process group), the workerd processes' CPU time, stop.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats.mjs';

const CONFIG = fileURLToPath(new URL('./wrangler.bench.toml', import.meta.url));
const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));
const TICK_MS = 1000 / 100; // USER_HZ on Linux

function childrenOf(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) found.push({ pid: Number(entry), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** CPU milliseconds (user + system) a process has used so far; NaN once it is gone. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

const TMPFS_MAGIC = 0x01021994;
const RAM_ROOT = '/dev/shm';
/** A full run leaves a GiB upload and its parts in R2: a smaller RAM disk would fill up. */
const RAM_NEEDED = 4 * 2 ** 30;

const onTmpfs = (path) => {
  try {
    return statfsSync(path).type === TMPFS_MAGIC;
  } catch {
    return false;
  }
};

const roomy = (path) => {
  const { bavail, bsize } = statfsSync(path);
  return bavail * bsize >= RAM_NEEDED;
};

/**
 * Where the bench Worker keeps its state (D1, R2, the objects' SQLite), ADR 048: `chosen` when
 * given (--state-dir), else a RAM disk when the machine has one with 4 GiB free, else
 * `.wrangler/bench`. A room's write is confirmed (and its frames let out) after SQLite's fsync,
 * which on a virtual machine's disk costs more than everything else a message does; in production
 * the write is confirmed by replication, not by this machine's disk, so a bench on the disk
 * measures the disk. `label` says which it is, for the header; `ram` whether its files take memory.
 */
export function benchStateRoot(chosen) {
  // One folder per checkout on the shared RAM disk, so benches in two checkouts never meet.
  const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8);
  const root = chosen ?? (onTmpfs(RAM_ROOT) && roomy(RAM_ROOT) ? `${RAM_ROOT}/salon-bench-${checkout}` : '.wrangler/bench');
  mkdirSync(root, { recursive: true });
  const ram = onTmpfs(root);
  return { root, ram, label: `${root} (${ram ? 'RAM disk' : 'disk'})` };
}

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port from `start` on, so a bench in another checkout does not collide. */
export async function freePort(start) {
  for (let port = start; port < start + 100; port++) if (await isFree(port)) return port;
  throw new Error(`no free port in ${start}–${start + 99}`);
}

/**
 * Starts the bench Worker on `port` (wrangler dev's proxy) with a fresh persist dir (or, with
 * `fresh: false`, on the state a previous start left there); resolves with both URLs and the two
 * workerd processes (app and proxy) for CPU accounting.
 */
export async function startStack({ port, persistTo, inspectorPort, logDir, log, vars = {}, env = {}, fresh = true }) {
  if (fresh) rmSync(persistTo, { recursive: true, force: true });
  // wrangler's local D1 sometimes refuses its own first connection on a busy machine: one retry.
  // A Worker started again on kept state (a deploy) has its migrations already.
  for (let attempt = 1; fresh; attempt++) {
    try {
      execFileSync('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo, '-c', CONFIG], {
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
      });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      log?.('D1 migrations failed once; retrying');
      rmSync(persistTo, { recursive: true, force: true });
    }
  }
  const inspector = inspectorPort ? ['--inspector-port', String(inspectorPort)] : [];
  const varArgs = Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  const child = spawn(process.execPath, [SERVE, '--port', String(port), '--persist-to', persistTo, ...inspector, ...varArgs], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
  });
  // Everything the Worker prints goes to a log beside the results, for when something breaks.
  mkdirSync(logDir, { recursive: true });
  const logFile = `${logDir}/server-${port}.log`;
  const serverLog = createWriteStream(logFile, { flags: 'a' });
  serverLog.write(`\n== ${new Date().toISOString()} starting the bench Worker on ${port}\n`);
  child.stderr.pipe(serverLog);
  let failure = null;
  const urls = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the bench Worker did not start within 90 s (see ${logFile})`)), 90_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      failure = `the bench Worker exited (${code}); see ${logFile}`;
      reject(new Error(failure));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      serverLog.write(`${line}\n`);
      if (line.startsWith('{"reloaded"')) {
        failure = 'the bench Worker reloaded on a new port because a source file changed: do not edit sources while the bench runs';
      } else if (line.startsWith('{"proxied"')) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
  });
  const workerd = childrenOf(child.pid).filter((p) => p.cmdline.includes('workerd'));
  const proxyPid = workerd.find((p) => p.cmdline.includes(`entry=127.0.0.1:${port}`))?.pid ?? null;
  const appPid = workerd.find((p) => p.pid !== proxyPid)?.pid ?? null;
  log?.(`bench Worker: proxied ${urls.proxied} (wrangler dev's proxy, workerd pid ${proxyPid}), direct ${urls.direct} (app workerd pid ${appPid})`);

  async function stop() {
    if (child.exitCode !== null) return;
    failure ??= 'stopped';
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await Promise.race([exited, sleep(10_000)]);
    // serve.mjs and its workerd processes share one process group, ours to end.
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  /** Why the Worker can no longer be measured (it exited, crashed or reloaded), or null. */
  const broken = () => {
    for (const [pid, what] of [
      [appPid, "the app's workerd"],
      [proxyPid, "wrangler dev's proxy workerd"],
    ]) {
      if (!failure && pid && !existsSync(`/proc/${pid}`)) failure = `${what} (pid ${pid}) died; see ${logFile}`;
    }
    return failure;
  };
  return { ...urls, appPid, proxyPid, persistTo, logFile, broken, stop };
}
