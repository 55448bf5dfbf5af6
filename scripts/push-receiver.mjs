// Local push service, for tests and the bench: a real HTTP(S) server that records every push request
// (headers, the encrypted body, when it came) and answers 201 — or the statuses queued for an
// endpoint (a 410 for a subscription that is gone, 500s for a service that is down).
//
//   POST /<any path>                 a push: recorded, answered
//   GET  /__receiver/requests        every push recorded, as JSON { path, headers, body (base64), at }
//   GET  /__receiver/count           { count, devices, firstAt, devicesAt, lastAt }: without the bodies (the bench polls it);
//                                    devicesAt: when the last device first heard from the Worker
//   POST /__receiver/answer/<path>   a JSON array of statuses the next pushes to <path> get
//   POST /__receiver/reset           forgets every push and queued answer
//
// The Worker only sends to https endpoints on a push service's host or one PUSH_EXTRA_HOSTS names
// (app/core/push.ts). The workers tests reach this server for `https://push.test` through
// Miniflare's outbound service (vitest.config.ts); the bench runs it with TLS (`--tls-dir`: a
// self-signed certificate for localhost, made with node:crypto) and lets its workerd trust that
// certificate (NODE_EXTRA_CA_CERTS, test/bench/push.mjs).
//
//   node scripts/push-receiver.mjs [--port 0] [--tls-dir DIR]    prints {"url": "..."}; local only.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { selfSignedCertificate } from './self-signed-certificate.mjs';

/**
 * @typedef {{ path: string, headers: Record<string, string>, body: string, at: number }} ReceivedPush
 * @typedef {{ url: string, received: () => ReceivedPush[], close: () => void, unref: () => void }} RunningPushReceiver
 */

/**
 * A self-signed certificate for localhost and 127.0.0.1, written to `dir` afresh for each run (so it
 * never expires under a kept cache): the key and the certificate, and the certificate's path for a
 * client to trust. Made with node:crypto (scripts/self-signed-certificate.mjs): no openssl needed.
 * @param {string} dir
 */
export function localCertificate(dir) {
  const { key, cert } = selfSignedCertificate();
  const certPath = join(dir, 'cert.pem');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'key.pem'), key);
  writeFileSync(certPath, cert);
  return { key: Buffer.from(key), cert: Buffer.from(cert), certPath };
}

/**
 * Starts the receiver on 127.0.0.1 (port 0 picks a free one); with `tls`, over https.
 * @param {{ port?: number, tls?: { key: Buffer, cert: Buffer } | null }} [options]
 * @returns {Promise<RunningPushReceiver>}
 */
export async function startPushReceiver({ port = 0, tls = null } = {}) {
  /** @type {ReceivedPush[]} */
  let received = [];
  /** @type {Map<string, number[]>} */
  const answers = new Map();

  /** @type {import('node:http').RequestListener} */
  const handle = (req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const send = (/** @type {number} */ status, body = '') => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(body);
      };
      if (path.startsWith('/__receiver/')) {
        const control = path.slice('/__receiver/'.length);
        if (control === 'requests') return send(200, JSON.stringify(received));
        if (control === 'count') {
          const devices = new Set();
          let devicesAt = null;
          for (const push of received) {
            if (devices.has(push.path)) continue;
            devices.add(push.path);
            devicesAt = push.at;
          }
          return send(
            200,
            JSON.stringify({ count: received.length, devices: devices.size, firstAt: received[0]?.at ?? null, devicesAt, lastAt: received.at(-1)?.at ?? null }),
          );
        }
        if (control === 'reset') {
          received = [];
          answers.clear();
          return send(204);
        }
        if (control.startsWith('answer/')) {
          answers.set(`/${control.slice('answer/'.length)}`, JSON.parse(Buffer.concat(chunks).toString('utf8')));
          return send(204);
        }
        return send(404);
      }
      received.push({
        path,
        headers: Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, String(value)])),
        body: Buffer.concat(chunks).toString('base64'),
        at: Date.now(),
      });
      send(answers.get(path)?.shift() ?? 201);
    });
  };
  const server = tls ? createHttpsServer({ key: tls.key, cert: tls.cert }, handle) : createHttpServer(handle);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `${tls ? 'https://localhost' : 'http://127.0.0.1'}:${address.port}`,
    received: () => received,
    close: () => server.close(),
    unref: () => server.unref(),
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, 'tls-dir': { type: 'string' } } });
  const tls = values['tls-dir'] ? localCertificate(values['tls-dir']) : null;
  const receiver = await startPushReceiver({ port: Number(values.port), tls });
  process.stdout.write(`${JSON.stringify({ url: receiver.url, ...(tls ? { cert: tls.certPath } : {}) })}\n`);
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
  // Ends with the process that started it.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}
