// The import scenario: an account of the older system's stand-in imported through /api/import/*,
// one call at a time in the dialog's order (app/core/import-run.ts), by a fresh consultant; then
// the same import again (idempotent: nothing left, so it measures the listing alone); beside it a
// plain copy of as many bytes, in as many objects, into R2 through the same Worker. The app
// workerd's RSS is sampled throughout: files are streamed, so it must stay flat. Figures only.
import { plainPut, sampler } from './upload.mjs';
import { sleep } from './stats.mjs';

const MIB = 1024 * 1024;

/**
 * The older system's stand-in's accounts this scenario imports: `big` is the account asked of the
 * stand-in for this row (10,000 messages, 200 MB of media), `quick` its small demo account (the
 * harness only). Their sizes are what the stand-in makes; the plain copy uses `mediaMiB`.
 */
export const IMPORT_ACCOUNTS = {
  big: { email: 'big@salon.test', password: 'salon-demo', messages: 10_000, mediaMiB: 200 },
  quick: { email: 'anna@salon.test', password: 'salon-demo', messages: null, mediaMiB: 8 },
};

const STAGES = [
  ['files', '/api/import/file', (file) => ({ file })],
  ['media', '/api/import/media', (mediaId) => ({ mediaId })],
  ['messages', '/api/import/message', ({ id, partyId }) => ({ id, partyId })],
  ['parties', '/api/import/party', (partyId) => ({ partyId })],
];

/** Whether this Worker has the import's routes (a refusal is an answer; 404 with notFound is not). */
export async function importAvailable(salon) {
  const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
  const response = await fetch(`${salon.base}/api/import/start`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ importId: crypto.randomUUID() }),
  });
  const body = await response.json().catch(() => null);
  return !(response.status === 404 && body?.error?.code === 'notFound');
}

/** One import as the dialog runs it; seconds per stage and the number of items each copied. */
export async function importOnce(salon, headers, account) {
  const stages = {};
  let at = performance.now();
  const lap = (stage, items) => {
    const now = performance.now();
    stages[stage] = { seconds: (now - at) / 1000, items };
    at = now;
  };
  const post = (path, body) => salon.request(path, { method: 'POST', headers, body });
  const { importId } = await post('/api/import/signin', { email: account.email, password: account.password });
  lap('signIn', 1);
  const start = await post('/api/import/start', { importId });
  lap('start', 1);
  for (const [stage, path, item] of STAGES) {
    for (const entry of start[stage]) await post(path, { importId, ...item(entry) });
    lap(stage, start[stage].length);
  }
  const seconds = Object.values(stages).reduce((sum, stage) => sum + stage.seconds, 0);
  return { seconds, stages, copiedBefore: start.copied, files: start.files.length };
}

/** `objects` plain puts of together `mib` MiB into R2, one after another. */
async function plainCopy(salon, mib, objects) {
  const count = Math.max(1, objects);
  const size = Math.max(1, Math.floor((mib * MIB) / count));
  const started = performance.now();
  for (let i = 0; i < count; i++) await plainPut(salon, size);
  return (performance.now() - started) / 1000;
}

/** `runs` times: a fresh consultant imports `account`, then imports it again; then the plain copy. */
export async function importScenarioRuns({ salon, pid, account, runs }) {
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
    const headers = { Authorization: `Bearer ${accessToken}` };
    global.gc?.();
    await sleep(1000);
    let stop = sampler(pid);
    const first = await importOnce(salon, headers, account);
    const firstMemory = stop();
    stop = sampler(pid);
    const second = await importOnce(salon, headers, account);
    const secondMemory = stop();
    await sleep(1000);
    stop = sampler(pid);
    const putSeconds = await plainCopy(salon, account.mediaMiB, first.files);
    const putMemory = stop();
    rows.push({ run, first, firstMemory, second, secondMemory, put: { seconds: putSeconds, objects: first.files, mib: account.mediaMiB, memory: putMemory } });
  }
  return rows;
}
