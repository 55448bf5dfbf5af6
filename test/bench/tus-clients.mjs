// The `tus` scenario: the upload address as clients not written here meet it, on a real connection.
//   refusals  a keep-alive connection: each kind of refused PATCH (5 MiB bodies), then a HEAD on
//             the same connection; how long that next request took (it used to hang or be reset).
//   tuspy     the tus project's own Python client (Debian's python3-tuspy, /usr/bin/python3; the
//             scenario says so and skips it when it is missing): PATCHes of 1, 5 and 7 MiB, tus
//             creation first, an interrupted upload resumed by a second process, and the stalled-
//             lease race: a PATCH that goes silent (a phone in a tunnel) while tuspy takes over,
//             then wakes and sends the rest. Every file is read back through /files/{id} and compared.
// Figures and verdicts only for the report: the scenario never fails the bench on them.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep } from './stats.mjs';

const MIB = 1024 * 1024;
/** LIMITS.mediaPartBytes (app/core/limits.ts). */
const PART = 5 * MIB;
/** UPLOAD_SILENCE_MS (worker/media/tus.ts). */
const SILENCE_MS = 5000;
const PYTHON = '/usr/bin/python3';
const TUSPY = fileURLToPath(new URL('./tuspy-upload.py', import.meta.url));
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/** A file of `size` random bytes that the content check takes for a JPEG. */
function jpegBytes(size) {
  const bytes = Buffer.alloc(size);
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, Math.min(at + 65_536, size)));
  JPEG_HEAD.copy(bytes);
  return bytes;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** One request on `agent`'s connection; resolves with status, headers, milliseconds, or the error. */
function send(agent, url, { method, headers = {}, body = Buffer.alloc(0), timeoutMs = 60_000 }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(url, { agent, method, headers: { ...headers, 'Content-Length': String(body.length) } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
      );
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    request.on('error', (error) => resolve({ status: `error: ${error.message}`, ms: performance.now() - started }));
    request.end(body);
  });
}

function python(args) {
  return new Promise((resolve, reject) => {
    execFile(PYTHON, [TUSPY, JSON.stringify(args)], { timeout: 300_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`tuspy: ${stderr.trim().split('\n').at(-1) || error.message}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

function tuspyAvailable() {
  return new Promise((resolve) => execFile(PYTHON, ['-c', 'import tusclient'], (error) => resolve(!error)));
}

/** A JPEG item of `size` bytes; its upload address on `base`. */
async function item(salon, auth, base, size) {
  const created = await salon.request('/api/media', {
    method: 'POST',
    headers: auth,
    body: { title: 'Bench', contentType: 'image/jpeg', mediaExtension: 'jpg', size },
  });
  return { id: created.id, url: `${base}${new URL(created.uploadUrl).pathname}` };
}

/** The stored file, read back as a viewer would, against the source. */
async function identical(base, auth, id, source) {
  const response = await fetch(`${base}/files/${id}`, { headers: auth });
  if (response.status !== 200) return `GET /files: ${response.status}`;
  return sha256(Buffer.from(await response.arrayBuffer())) === sha256(source) ? 'identical' : 'DIFFERENT';
}

async function refusals(salon, auth, base) {
  const tus = { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
  const body = Buffer.alloc(5 * MIB, 7);
  const cases = [
    ['412 wrong Tus-Resumable', { ...auth, ...tus, 'Tus-Resumable': '0.2.2' }],
    ['412 no Tus-Resumable', { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }],
    ['415 another body type', { ...auth, ...tus, 'Content-Type': 'application/octet-stream' }],
    ['409 a stale offset', { ...auth, ...tus, 'Upload-Offset': '7' }],
    ['413 past the length', { ...auth, ...tus }, 4 * MIB],
    ['401 no credentials', tus],
  ];
  const rows = [];
  for (const [name, headers, size = 8 * MIB] of cases) {
    const { url } = await item(salon, auth, base, size);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await send(agent, url, { method: 'PATCH', headers, body });
    const next = await send(agent, url, { method: 'HEAD', headers: { ...auth, 'Tus-Resumable': '1.0.0' }, timeoutMs: 45_000 });
    agent.destroy();
    rows.push({ name, refused: refused.status, next: next.status, nextMs: next.ms });
  }
  return rows;
}

/**
 * A PATCH that sends its first part and a little more, then goes silent on an open connection
 * while tuspy resumes and finishes; afterwards it sends the rest it declared. It must get 409 and
 * change nothing.
 */
async function stalledLease(salon, auth, base, source, file, token) {
  const { id, url } = await item(salon, auth, base, source.length);
  const silent = http.request(url, {
    method: 'PATCH',
    agent: false,
    headers: {
      ...auth,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(source.length),
    },
  });
  const answered = new Promise((resolve) => {
    silent.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    silent.on('error', (error) => resolve(`error: ${error.message}`));
  });
  silent.write(source.subarray(0, PART + 100));
  const head = { ...auth, 'Tus-Resumable': '1.0.0' };
  for (let tries = 0; tries < 100; tries++) {
    const at = await send(false, url, { method: 'HEAD', headers: head });
    if (Number(at.headers?.['upload-offset']) === PART) break;
    await sleep(100);
  }
  const started = performance.now();
  // tuspy's first PATCHes meet the silent one's lease (423) until it lapses; its retries go on.
  const done = await python({ endpoint: url, token, file, chunk: 5 * MIB, resume: true, retries: 10, retryDelay: 1 });
  const takeoverSeconds = (performance.now() - started) / 1000;
  silent.end(source.subarray(PART + 100));
  const late = await answered;
  const after = await send(false, url, { method: 'HEAD', headers: head });
  return {
    late,
    offsetAfter: Number(after.headers?.['upload-offset']),
    finished: done.offset === source.length,
    takeoverSeconds,
    file: await identical(base, auth, id, source),
  };
}

/** Runs the scenario against `base` (a port of the bench Worker) with a fresh consultant. */
export async function tusClients({ salon, base, mib, log }) {
  const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
  const auth = { Authorization: `Bearer ${accessToken}` };
  const result = { refusals: await refusals(salon, auth, base), tuspy: null };
  if (!(await tuspyAvailable())) {
    log(`tuspy: not installed (Debian's python3-tuspy for ${PYTHON}); skipped`);
    return result;
  }
  const source = jpegBytes(mib * MIB + 12_345);
  const file = join(tmpdir(), `salon-bench-tus-${process.pid}.jpg`);
  writeFileSync(file, source);
  try {
    const uploads = [];
    for (const chunkMib of [1, 5, 7]) {
      const { id, url } = await item(salon, auth, base, source.length);
      const started = performance.now();
      await python({ endpoint: url, token: accessToken, file, chunk: chunkMib * MIB, resume: true });
      uploads.push({ way: `PATCHes of ${chunkMib} MiB`, seconds: (performance.now() - started) / 1000, file: await identical(base, auth, id, source) });
    }
    {
      const { id, url } = await item(salon, auth, base, source.length);
      const started = performance.now();
      const created = await python({ endpoint: url, token: accessToken, file, chunk: 5 * MIB, resume: false });
      uploads.push({
        way: `creation first (Location ${created.url === url ? 'is the upload address' : created.url})`,
        seconds: (performance.now() - started) / 1000,
        file: await identical(base, auth, id, source),
      });
    }
    {
      const { id, url } = await item(salon, auth, base, source.length);
      const started = performance.now();
      const stopAt = 3 * MIB + 777;
      const first = await python({ endpoint: url, token: accessToken, file, chunk: 2 * MIB, resume: true, stopAt });
      await python({ endpoint: url, token: accessToken, file, chunk: 3 * MIB, resume: true });
      uploads.push({
        way: `stopped at ${first.offset}, resumed by a new process`,
        seconds: (performance.now() - started) / 1000,
        file: await identical(base, auth, id, source),
      });
    }
    result.tuspy = { mib: source.length / MIB, uploads, stalledLease: await stalledLease(salon, auth, base, source, file, accessToken), silenceMs: SILENCE_MS };
  } finally {
    rmSync(file, { force: true });
  }
  return result;
}
