// Web Push under load: one message in a party whose members are subscribed and have no socket
// open. The room enqueues their push jobs; the Worker's queue() encrypts, signs and sends each
// notification to the bench's local push service (scripts/push-receiver.mjs, over TLS with a
// self-signed certificate the bench's workerd is told to trust through NODE_EXTRA_CA_CERTS, since
// the push library sends to https only). Measured: the time from the send until the push service
// has every member's request, and the room's send latency (ack) and delivery to the members who
// are online meanwhile, beside the same party with nobody subscribed (the room enqueues the same
// jobs; the consumer finds nobody to send to).
import { spawn } from 'node:child_process';
import { randomUUID, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { closeAll, eventsOf, openGuestSocket, TEXT } from './clients.mjs';
import { percentile, pool, sleep } from './stats.mjs';

/** The 60 s window of app/core/push.ts. */
const PUSH_WINDOW_MS = 60_000;

const RECEIVER = fileURLToPath(new URL('../../scripts/push-receiver.mjs', import.meta.url));

/**
 * The local push service in its own process (so its TLS work never shares the clients' event
 * loop), with a certificate for localhost made in `tlsDir`. `env` is what the bench Worker needs
 * to reach it: the certificate to trust and the host it may send to.
 */
export async function startPushService(tlsDir) {
  const child = spawn(process.execPath, [RECEIVER, '--tls-dir', tlsDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const { url, cert } = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the push receiver exited (${code})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
  });
  const ca = readFileSync(cert);
  /** A control call (scripts/push-receiver.mjs), trusting only its own certificate. */
  const control = (path, method = 'GET') =>
    new Promise((resolve, reject) => {
      const req = httpsRequest(`${url}/__receiver/${path}`, { method, ca }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body ? JSON.parse(body) : null));
      });
      req.on('error', reject);
      req.end();
    });
  return {
    url,
    env: { NODE_EXTRA_CA_CERTS: cert },
    vars: { PUSH_EXTRA_HOSTS: 'localhost' },
    count: () => control('count'),
    reset: () => control('reset', 'POST'),
    close: () => child.stdin.end(),
  };
}

/** A browser's subscription at the local push service: its own P-256 key and auth secret (nobody decrypts here). */
async function pushToken(service, index) {
  const pair = await webcrypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const point = Buffer.from(await webcrypto.subtle.exportKey('raw', pair.publicKey));
  return {
    endpoint: `${service.url}/device/${index}-${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: point.toString('base64url'), auth: webcrypto.getRandomValues(Buffer.alloc(16)).toString('base64url') },
  };
}

/**
 * A party with `members` guests who never open a socket (subscribed when `subscribe`), a sender and
 * `online` guests who will be connected during the round.
 */
export async function pushParty({ salon, service, members, online, subscribe }) {
  const { party } = await salon.consultantParty(subscribe ? 'Bench push' : 'Bench push (nobody subscribed)');
  const guests = await salon.joinGuests(party.id, members + 1 + online);
  const offline = guests.slice(0, members);
  if (subscribe) {
    await pool(
      offline.map((guest, index) => ({ guest, index })),
      16,
      async ({ guest, index }) =>
        salon.request(`/api/parties/${party.id}/subscribe`, {
          method: 'PUT',
          headers: guest.headers,
          body: { pushToken: await pushToken(service, index), language: 'de' },
          ownConnection: true,
        }),
    );
  }
  return { party, members, subscribe, sender: guests[members], online: guests.slice(members + 1) };
}

/**
 * One round: the sender sends `probes` messages `paceMs` apart over its socket; the first is the
 * message the offline members hear of. Each send's ack (send → the room's ack to the sender) and its
 * delivery to the online guests are timed here; the push service's arrival times are its own clock
 * (the same machine's). With `digests` false (--quick) the round ends once every member had the
 * first push: its digests would only add a minute of waiting.
 */
export async function pushRound({ salon, service, room, probes, paceMs, timeoutMs, digests = true }) {
  await salon.request(`/bench/push-windows/${room.party.id}`, { method: 'DELETE' });
  await service.reset();
  let current = null;
  const onFrame = (index, data) => {
    if (!current) return;
    // A busy room's turn may come as one batch frame (clients.mjs eventsOf).
    for (const event of eventsOf(data)) {
      if (index === 0 && event.type === 'ack' && event.tempId === current.id) {
        current.ackMs = performance.now() - current.sentAt;
        current.check();
      } else if (index > 0 && event.type === 'newMessage' && event.message.tempId === current.id && current.receipts[index - 1] === 0) {
        current.receipts[index - 1] = performance.now() - current.sentAt;
        current.got++;
        current.check();
      }
    }
  };
  const sockets = await Promise.all(
    [room.sender, ...room.online].map((guest, index) => openGuestSocket(salon, room.party.id, guest, { onFrame: (data) => onFrame(index, data) })),
  );
  await sleep(500);
  const acks = [];
  const receipts = [];
  let lost = 0;
  let deliveredAt = null;
  let polling = room.subscribe;
  const startedAt = Date.now();
  // Watches the push service while the messages go, to tell which sends fell inside the delivery.
  const poller = (async () => {
    while (polling) {
      const { devices } = await service.count();
      if (devices >= room.members) {
        deliveredAt = Date.now();
        return;
      }
      await sleep(100);
    }
  })();
  for (let i = 0; i < probes; i++) {
    const roundStart = performance.now();
    const sentAtWall = Date.now();
    const done = new Promise((resolve) => {
      current = { id: randomUUID(), sentAt: 0, ackMs: null, receipts: new Float64Array(room.online.length), got: 0, check: () => {} };
      current.check = () => current.ackMs !== null && current.got === room.online.length && resolve(true);
      setTimeout(() => resolve(false), 10_000);
    });
    current.sentAt = performance.now();
    sockets[0].send(JSON.stringify({ type: 'sendMessage', tempId: current.id, messageType: 'text', message: TEXT }));
    await done;
    if (current.ackMs !== null) acks.push({ ms: current.ackMs, at: sentAtWall });
    lost += room.online.length - current.got;
    for (const t of current.receipts) if (t > 0) receipts.push({ ms: t, at: sentAtWall });
    current = null;
    const wait = paceMs - (performance.now() - roundStart);
    if (wait > 0) await sleep(wait);
  }
  await closeAll(sockets);
  if (room.subscribe) {
    const end = Date.now() + timeoutMs;
    while (deliveredAt === null && Date.now() < end) await sleep(200);
    polling = false;
  }
  await poller;
  const counted = await service.count();
  // The later messages wait in each member's window for a digest (60 s after their first push),
  // and the consumer may still be working through their jobs: the round ends when the digests have
  // come and the push service then heard nothing for longer than a window (a job still counting a
  // message would bring a digest within it), so that the next round, the party without push
  // included, never runs beside this one's work.
  let digested = counted;
  if (room.subscribe && probes > 1 && digests) {
    const end = Date.now() + 2 * PUSH_WINDOW_MS + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < end && (digested.count < 2 * room.members || Date.now() - quietSince < PUSH_WINDOW_MS + 5000)) {
      await sleep(1000);
      const now = await service.count();
      if (now.count !== digested.count) quietSince = Date.now();
      digested = now;
    }
  }
  // Inside the delivery: the sends made before the push service had every member's request.
  const during = (rows) => rows.filter((row) => deliveredAt === null || row.at <= deliveredAt).map((row) => row.ms);
  const all = (rows) => rows.map((row) => row.ms);
  return {
    subscribe: room.subscribe,
    members: room.members,
    online: room.online.length,
    probes,
    requests: counted.count,
    devices: counted.devices,
    firstMs: counted.firstAt === null ? null : counted.firstAt - startedAt,
    allMs: room.subscribe && counted.devices >= room.members ? counted.devicesAt - startedAt : null,
    digestsMs: room.subscribe && digested.count >= 2 * room.members ? digested.lastAt - startedAt : null,
    /** Every push request of the round: the first push and the digests, and any digest a late job brought. */
    requestsAll: digested.count,
    sendsDuring: during(acks).length,
    ackP50: percentile(all(acks), 50),
    ackP99: percentile(all(acks), 99),
    ackDuringP50: percentile(during(acks), 50),
    ackDuringP99: percentile(during(acks), 99),
    receiptP50: percentile(all(receipts), 50),
    receiptP99: percentile(all(receipts), 99),
    lost,
  };
}
