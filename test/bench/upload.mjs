// The upload scenario: one large file through our tus endpoint (POST /api/media, then PATCHes of
// the browser's chunk size into R2 multipart parts) against the same bytes as one plain R2 put
// through the same Worker. While each runs, the app workerd's RSS and this uploader's heap and
// RSS are sampled: both must stay flat (no one holds the file). Figures only, never a verdict.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { sleep } from './stats.mjs';

const MIB = 1024 * 1024;
/** LIMITS.mediaChunkBytes (app/core/limits.ts): what app/lib/upload.ts sends per PATCH. */
const CHUNK = 50 * MIB;
const PIECE = 256 * 1024;

/** Resident memory of a process in MiB, from /proc; NaN when it is gone. */
function rssMiB(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Number(line.split(/\s+/)[1]) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Samples memory every 100 ms until stopped: min / max of the worker's RSS and our heap and RSS. */
export function sampler(pid) {
  const samples = [];
  const take = () => samples.push({ worker: pid ? rssMiB(pid) : Number.NaN, heap: process.memoryUsage().heapUsed / MIB, rss: process.memoryUsage().rss / MIB });
  take();
  const timer = setInterval(take, 100);
  return () => {
    clearInterval(timer);
    take();
    const range = (key) => ({
      min: Math.min(...samples.map((s) => s[key])),
      max: Math.max(...samples.map((s) => s[key])),
      first: samples[0][key],
      last: samples.at(-1)[key],
    });
    return { samples: samples.length, worker: range('worker'), heap: range('heap'), rss: range('rss') };
  };
}

/** One piece of the file at `offset`: the same bytes every time, made on the fly (never the whole file). */
function piece(offset, length) {
  // Whole 32-bit words, cut to the length asked (a file's size need not be a multiple of 4).
  const bytes = Buffer.allocUnsafe(Math.ceil(length / 4) * 4);
  for (let i = 0; i < length; i += 4) bytes.writeUInt32LE(((offset + i) * 2654435761) >>> 0, i);
  // An MP4's first bytes, so the content check keeps it (a video waits for conversion afterwards).
  if (offset === 0) Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(bytes);
  return bytes.subarray(0, length);
}

/** Streams bytes [from, to) of the file as one request body, respecting backpressure. */
function send(base, path, method, headers, from, to) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const request = http.request(url, { method, headers: { ...headers, 'Content-Length': String(to - from) } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text }));
    });
    request.on('error', reject);
    let at = from;
    const pump = () => {
      while (at < to) {
        const length = Math.min(PIECE, to - at);
        const ok = request.write(piece(at, length));
        at += length;
        if (!ok) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

async function tusUpload(salon, token, size) {
  const auth = { Authorization: `Bearer ${token}` };
  const created = await salon.request('/api/media', {
    method: 'POST',
    headers: auth,
    body: { title: 'Bench', contentType: 'video/mp4', mediaExtension: 'mp4', size },
  });
  for (let offset = 0; offset < size;) {
    const end = Math.min(offset + CHUNK, size);
    const answer = await send(
      salon.base,
      new URL(created.uploadUrl).pathname,
      'PATCH',
      { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      offset,
      end,
    );
    if (answer.status !== 204) throw new Error(`PATCH at ${offset}: ${answer.status} ${answer.text.slice(0, 200)}`);
    offset = Number(answer.headers['upload-offset']);
    if (offset !== end) throw new Error(`PATCH: offset ${offset}, expected ${end}`);
  }
}

export async function plainPut(salon, size) {
  const answer = await send(salon.base, `/bench/r2put/${crypto.randomUUID()}`, 'PUT', { 'Content-Type': 'application/octet-stream' }, 0, size);
  if (answer.status !== 200) throw new Error(`plain put: ${answer.status} ${answer.text.slice(0, 200)}`);
}

/** Runs both ways `runs` times (alternating which goes first); returns per-run figures. */
export async function upload({ salon, pid, size, runs }) {
  const { accessToken } = await salon.request('/bench/consultant', { method: 'POST' });
  const rows = [];
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? ['tus', 'put'] : ['put', 'tus'];
    for (const way of order) {
      global.gc?.();
      await sleep(1000);
      const stop = sampler(pid);
      const started = performance.now();
      if (way === 'tus') await tusUpload(salon, accessToken, size);
      else await plainPut(salon, size);
      const seconds = (performance.now() - started) / 1000;
      rows.push({ run, way, seconds, mibPerS: size / MIB / seconds, memory: stop() });
    }
  }
  return rows;
}
