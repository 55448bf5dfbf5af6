// The export scenario (ADR 062): a fresh consultant imports the older system's big account (10,000
// messages, 200 MB of media: the import row's account), then asks for her export through
// POST /api/export and waits for it on GET /api/export as the page does: the time from the request
// to the ready archive, and the app workerd's RSS throughout (the archive is streamed part by part
// into R2, so it must stay flat). Then the archive is read back once and checked by Python's
// zipfile, not by our code. Figures only.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importOnce } from './import.mjs';
import { sampler } from './upload.mjs';
import { sleep } from './stats.mjs';

/** Python's zipfile on the archive: its entries and bytes, or the error it found. */
function checked(bytes) {
  const dir = mkdtempSync(join(tmpdir(), 'salon-bench-export-'));
  try {
    const file = join(dir, 'export.zip');
    writeFileSync(file, bytes);
    const script =
      'import sys, zipfile, json\nz = zipfile.ZipFile(sys.argv[1])\nbad = z.testzip()\nprint(json.dumps({"entries": len(z.infolist()), "bytes": sum(i.file_size for i in z.infolist()), "bad": bad}))';
    return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 1 << 20 }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function exportScenarioRuns({ salon, pid, account }) {
  const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
  const headers = { Authorization: `Bearer ${accessToken}` };
  const imported = await importOnce(salon, headers, account);
  global.gc?.();
  await sleep(2000);
  const stop = sampler(pid);
  const started = performance.now();
  let status = (await salon.request('/api/export', { method: 'POST', headers, ownConnection: true })).export;
  while (status.state === 'running') {
    await sleep(250);
    // Each poll on a connection of its own: while the job keeps workerd's one thread busy, it closes
    // connections that wait (clients.mjs says why); a poll that meets that is asked again.
    status = (await salon.request('/api/export', { headers, ownConnection: true }).catch(() => ({ export: status }))).export;
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = stop();
  // The archive as R2 holds it (the bench has no mail catcher for the link): read once, checked by Python.
  const response = await fetch(`${salon.base}/bench/export-archive/${status.id}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    imported,
    seconds,
    state: status.state,
    files: status.filesTotal,
    bytes: status.bytes,
    memory,
    check: status.state === 'ready' ? checked(bytes) : null,
  };
}
