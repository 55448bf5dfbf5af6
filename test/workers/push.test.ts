import { createExecutionContext, createMessageBatch, env, getQueueResult, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import type { PartyRoom } from '../../durable-objects/party-room';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import type { MessagePushJob, PushJob, PushPayload } from '../../app/core/push';
import { database } from '../../worker/db/client';
import { parties, pushSubscriptions, pushWindows } from '../../worker/db/schema';
import worker from '../../worker/index';
import { PUSH_MAX_ATTEMPTS, PUSH_MAX_ATTEMPTS_UNREACHABLE } from '../../worker/services/push';
import type { Env } from '../../worker/env';
import {
  ORIGIN,
  api,
  connected,
  createConsultant,
  createParty,
  expectError,
  guestCookie,
  joinGuest,
  json,
  sessionCookie,
  partyWithTwoGuests as party,
  partyRoom,
} from './fixtures';
import type { ReceivedPush } from './push-receiver';

/**
 * Web Push end to end: the room enqueues, the Worker's queue() sends to a real local push service
 * (test/workers/push-receiver.ts), and this test reads what a browser would: it decrypts the body
 * with the subscription's private key (RFC 8291) and checks the VAPID JWT (RFC 8292).
 */

const db = () => database(env.DB);
const bytes = (base64: string) => Uint8Array.from(atob(base64.replaceAll('-', '+').replaceAll('_', '/')), (char) => char.charCodeAt(0));
const base64url = (data: Uint8Array) =>
  btoa(String.fromCharCode(...data))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const text = (data: string) => new TextEncoder().encode(data);

/** A browser's subscription: its own P-256 pair and auth secret, at the local push service. */
interface Device {
  path: string;
  token: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  privateKey: CryptoKey;
  publicKey: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}

async function device(): Promise<Device> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const path = `/device/${crypto.randomUUID()}`;
  return {
    path,
    token: { endpoint: `https://push.test${path}`, expirationTime: null, keys: { p256dh: base64url(publicKey), auth: base64url(auth) } },
    privateKey: pair.privateKey,
    publicKey,
    auth,
  };
}

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, data));
}

const concat = (...parts: Uint8Array<ArrayBuffer>[]) => {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** RFC 8291 §3.4 and RFC 8188 §2, as the browser does it: the payload's JSON. */
async function decrypt(push: ReceivedPush, to: Device): Promise<PushPayload> {
  const body = bytes(push.body);
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  const serverKey = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const server = await crypto.subtle.importKey('raw', serverKey, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const secret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: server }, to.privateKey, 256));
  const prkKey = await hmac(to.auth, secret);
  const ikm = (await hmac(prkKey, concat(text('WebPush: info\0'), to.publicKey, serverKey, new Uint8Array([1])))).slice(0, 32);
  const prk = await hmac(salt, ikm);
  const cek = (await hmac(prk, concat(text('Content-Encoding: aes128gcm\0'), new Uint8Array([1])))).slice(0, 16);
  const nonce = (await hmac(prk, concat(text('Content-Encoding: nonce\0'), new Uint8Array([1])))).slice(0, 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  // The last record ends with the delimiter 2, then only zeroes.
  expect(padded[end]).toBe(2);
  return JSON.parse(new TextDecoder().decode(padded.slice(0, end))) as PushPayload;
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 by that key, for the push service's origin, unexpired, with our subject. */
async function checkVapid(push: ReceivedPush): Promise<void> {
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  expect(Number(push.headers.ttl)).toBeGreaterThan(0);
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(push.headers.authorization ?? '');
  expect(match, push.headers.authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(env.VAPID_PUBLIC_KEY);
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  expect(JSON.parse(new TextDecoder().decode(bytes(header)))).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const key = await crypto.subtle.importKey('raw', bytes(k!), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  expect(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, bytes(signature), text(`${header}.${claims}`))).toBe(true);
  const payload = JSON.parse(new TextDecoder().decode(bytes(claims))) as { aud: string; exp: number; sub: string };
  const now = Date.now() / 1000;
  expect(payload.aud).toBe('https://push.test');
  expect(payload.sub).toBe('mailto:push-test@salon.test');
  // At most 24 hours ahead (RFC 8292 §2).
  expect(payload.exp).toBeGreaterThan(now);
  expect(payload.exp).toBeLessThanOrEqual(now + 24 * 60 * 60);
}

async function received(to: Device): Promise<ReceivedPush[]> {
  const all = await json<ReceivedPush[]>(await fetch(`${env.PUSH_RECEIVER_URL}/__receiver/requests`));
  return all.filter((push) => push.path === to.path);
}

/** Waits until the condition holds: the Queue delivers its batches about a second after they fill. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answerWith(to: Device, statuses: number[]): Promise<void> {
  await fetch(`${env.PUSH_RECEIVER_URL}/__receiver/answer${to.path}`, { method: 'POST', body: JSON.stringify(statuses) });
}

async function subscribe(partyId: string, headers: Record<string, string>, to: Device, language?: string): Promise<Response> {
  return api(`/parties/${partyId}/subscribe`, { method: 'PUT', headers, body: { id: partyId, pushToken: to.token, ...(language ? { language } : {}) } });
}

async function send(partyId: string, headers: Record<string, string>, message: string, messageType = 'text'): Promise<string> {
  const response = await api(`/parties/${partyId}/chat`, { method: 'POST', headers, body: { message, messageType } });
  expect(response.status).toBe(201);
  return (await json<{ id: string }>(response)).id;
}

async function subscriptionsOf(partyId: string, memberId: string) {
  return db()
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.partyId, partyId), eq(pushSubscriptions.memberId, memberId)));
}

/** Runs the Worker's queue() on hand-made jobs, as the Queue would deliver them. */
async function consume(jobs: PushJob[], attempts = 1, withEnv: Env = env) {
  const batch = createMessageBatch<PushJob>(
    'salon-push',
    jobs.map((body, i) => ({ id: `job-${i}-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, withEnv);
  return getQueueResult(batch, ctx);
}

function job(partyId: string, recipients: string[], senderId: string): MessagePushJob {
  return { kind: 'message', partyId, messageId: crypto.randomUUID(), messageType: 'text', senderId, senderName: 'Anna Berater', text: 'Hallo', recipients };
}

describe('subscribing', () => {
  it('gives the page the public application server key', async () => {
    const response = await api('/push');
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ applicationServerKey: env.VAPID_PUBLIC_KEY });
  });

  it('every kind of member subscribes and unsubscribes their own device: guest by Basic and cookie, host, manager by Bearer and session cookie', async () => {
    const { consultant, party: p, maria, tom } = await party();
    expect((await api(`/parties/${p.id}/host`, { method: 'PUT', headers: consultant.headers, body: { guestId: tom.guestId } })).status).toBe(204);
    const cases: [string, Record<string, string>][] = [
      [maria.guestId, maria.headers],
      // A cookie write names its Origin (worker/http/origin.ts).
      [maria.guestId, { ...guestCookie(maria), Origin: ORIGIN }],
      [tom.guestId, tom.headers],
      [consultant.userId, consultant.headers],
      [consultant.userId, { ...sessionCookie(consultant), Origin: ORIGIN }],
    ];
    for (const [memberId, headers] of cases) {
      const phone = await device();
      expect((await subscribe(p.id, headers, phone, 'en')).status).toBe(204);
      // Subscribing again refreshes the one row.
      expect((await subscribe(p.id, headers, phone, 'fr')).status).toBe(204);
      const rows = (await subscriptionsOf(p.id, memberId)).filter((row) => row.endpoint === phone.token.endpoint);
      expect(rows).toMatchObject([{ language: 'fr', p256dh: phone.token.keys.p256dh, auth: phone.token.keys.auth }]);
      const gone = await api(`/parties/${p.id}/subscribe`, { method: 'DELETE', headers, body: { endpoint: phone.token.endpoint } });
      expect(gone.status).toBe(204);
      expect((await subscriptionsOf(p.id, memberId)).filter((row) => row.endpoint === phone.token.endpoint)).toEqual([]);
    }
  });

  it('refuses strangers, removed guests, ended parties, bad subscriptions and other members’ devices, and changes nothing', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const other = await createConsultant({ name: 'Otto' });
    const elsewhere = await joinGuest((await createParty(other)).id);
    const phone = await device();
    await expectError(await subscribe(p.id, {}, phone), 401, 'unauthorized');
    await expectError(await subscribe(p.id, other.headers, phone), 403, 'notMember');
    await expectError(await subscribe(p.id, elsewhere.headers, phone), 403, 'notMember');
    await expectError(
      await api(`/parties/${crypto.randomUUID()}/subscribe`, { method: 'PUT', headers: maria.headers, body: { pushToken: phone.token } }),
      404,
      'partyNotFound',
    );
    await expectError(
      await api(`/parties/${p.id}/subscribe`, { method: 'PUT', headers: maria.headers, body: { id: crypto.randomUUID(), pushToken: phone.token } }),
      400,
      'invalidInput',
    );
    const bad = [
      { ...phone.token, endpoint: 'http://push.test/plain' },
      { ...phone.token, endpoint: 'not a url' },
      { ...phone.token, keys: { p256dh: phone.token.keys.p256dh.slice(2), auth: phone.token.keys.auth } },
      { ...phone.token, keys: { p256dh: phone.token.keys.p256dh, auth: 'AAAA' } },
      // The right size, but not a point on P-256.
      { ...phone.token, keys: { p256dh: `B${'A'.repeat(86)}`, auth: phone.token.keys.auth } },
      { endpoint: phone.token.endpoint },
      'token',
    ];
    for (const pushToken of bad) {
      await expectError(
        await api(`/parties/${p.id}/subscribe`, { method: 'PUT', headers: maria.headers, body: { pushToken } }),
        400,
        'invalidPushSubscription',
      );
    }
    await expectError(
      await api(`/parties/${p.id}/subscribe`, { method: 'PUT', headers: maria.headers, body: { pushToken: phone.token, language: 'xx' } }),
      400,
      'invalidInput',
    );
    // Tom cannot take Maria's device off; an endpoint nobody has is not found.
    expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
    await expectError(
      await api(`/parties/${p.id}/subscribe`, { method: 'DELETE', headers: tom.headers, body: { endpoint: phone.token.endpoint } }),
      404,
      'notFound',
    );
    expect(await subscriptionsOf(p.id, maria.guestId)).toHaveLength(1);
    // Removed: no more subscribing.
    expect((await api(`/parties/${p.id}/removeGuest/${tom.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    await expectError(await subscribe(p.id, tom.headers, await device()), 403, 'notMember');
    // Ended: a guest is told the party is over.
    await db()
      .update(parties)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(parties.id, p.id));
    await expectError(await subscribe(p.id, maria.headers, await device()), 410, 'partyExpired');
    expect(await subscriptionsOf(p.id, maria.guestId)).toHaveLength(1);
    expect(await subscriptionsOf(p.id, tom.guestId)).toHaveLength(0);
  });
});

describe('devices per member', () => {
  it(`a member keeps at most ${LIMITS.pushDevicesPerMember} devices in a party: a new one replaces the one subscribed longest ago, and a message goes to those alone`, async () => {
    const { consultant, party: p, maria, tom } = await party();
    const phones: Device[] = [];
    for (let n = 0; n < LIMITS.pushDevicesPerMember + 20; n++) {
      const phone = await device();
      phones.push(phone);
      expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
      // Apart in time, so "longest ago" is plain.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // Subscribing the first of the last ones again renews it: it is then the newest.
    const last = phones.slice(-LIMITS.pushDevicesPerMember);
    expect((await subscribe(p.id, maria.headers, last[0]!)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const newest = await device();
    expect((await subscribe(p.id, maria.headers, newest)).status).toBe(204);
    // The one subscribed longest ago now is the second of the last ones: it goes.
    const kept = [last[0]!, ...last.slice(2), newest].map((phone) => phone.token.endpoint).sort();
    expect((await subscriptionsOf(p.id, maria.guestId)).map((row) => row.endpoint).sort()).toEqual(kept);
    // Another member's devices are a count of their own.
    expect((await subscribe(p.id, tom.headers, await device())).status).toBe(204);
    expect(await subscriptionsOf(p.id, tom.guestId)).toHaveLength(1);
    await send(p.id, consultant.headers, 'Hallo an alle Geräte');
    const reached = async () => {
      const got = await Promise.all([...phones, newest].map(async (phone) => ((await received(phone)).length > 0 ? [phone.token.endpoint] : [])));
      return got.flat().sort();
    };
    expect(await eventually(reached, (endpoints) => endpoints.length >= LIMITS.pushDevicesPerMember), 'the message went to the kept devices alone').toEqual(
      kept,
    );
  });
});

describe('sending', () => {
  it('a new message reaches a member without an open socket, encrypted (aes128gcm) and signed (VAPID), in their language; a member with a socket gets nothing', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const mariasPhone = await device();
    const tomsPhone = await device();
    expect((await subscribe(p.id, maria.headers, mariasPhone, 'en')).status).toBe(204);
    expect((await subscribe(p.id, tom.headers, tomsPhone, 'de')).status).toBe(204);
    const online = await connected(p.id, tom.headers);
    const id = await send(p.id, consultant.headers, 'Hallo zusammen, gleich geht es los mit dem neuen Serum!');
    await online.socket.next('newMessage');
    const [push] = await eventually(
      () => received(mariasPhone),
      (pushes) => pushes.length > 0,
    );
    expect(push, 'Maria got a push').toBeDefined();
    await checkVapid(push!);
    expect(await decrypt(push!, mariasPhone)).toEqual({
      partyId: p.id,
      messageId: id,
      title: 'Anna Berater',
      body: 'Hallo zusammen, gleich geht es los mit dem neuen Serum!',
      tag: `party-${p.id}`,
      url: `/${p.shortId}`,
    });
    // Tom's socket was open: the same job left him out.
    expect(await received(tomsPhone)).toEqual([]);
    online.socket.close();
  });

  it('a message that names a member tells them so, in their language; the others see the sender', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const mariasPhone = await device();
    const tomsPhone = await device();
    expect((await subscribe(p.id, maria.headers, mariasPhone, 'en')).status).toBe(204);
    expect((await subscribe(p.id, tom.headers, tomsPhone, 'de')).status).toBe(204);
    await send(p.id, consultant.headers, 'Maria Klein, dein Paket ist da');
    const [toMaria] = await eventually(
      () => received(mariasPhone),
      (pushes) => pushes.length > 0,
    );
    const [toTom] = await eventually(
      () => received(tomsPhone),
      (pushes) => pushes.length > 0,
    );
    expect(await decrypt(toMaria!, mariasPhone)).toMatchObject({ title: 'Anna Berater mentioned you', body: 'Maria Klein, dein Paket ist da' });
    expect(await decrypt(toTom!, tomsPhone)).toMatchObject({ title: 'Anna Berater', body: 'Maria Klein, dein Paket ist da' });
  });

  it('a template message the room plays by itself (autoplay) reaches the guests without an open socket', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone, 'en')).status).toBe(204);
    const template = await json<{ id: string }>(await api('/templates/create', { method: 'POST', headers: consultant.headers, body: { title: 'Ablauf' } }));
    expect(
      (
        await api(`/templates/${template.id}/sendMessage`, {
          method: 'POST',
          headers: consultant.headers,
          body: { messageType: 'text', message: 'Willkommen zum Wellness-Abend' },
        })
      ).status,
    ).toBe(201);
    expect((await api(`/parties/${p.id}/template`, { method: 'POST', headers: consultant.headers, body: { templateId: template.id } })).status).toBe(201);
    expect((await api(`/parties/${p.id}/template`, { method: 'PUT', headers: consultant.headers, body: { action: 'autoplay', delayMs: 60_000 } })).status).toBe(
      200,
    );
    const room = partyRoom(p.id);
    // The delay has passed, as far as the room can tell; its alarm plays the message.
    await runInDurableObject(room, (instance: PartyRoom) => {
      const state = instance.templates.store.applied!;
      instance.templates.store.setApplied({ ...state, autoplay: { ...state.autoplay!, nextAt: Date.now() - 1 } });
    });
    expect(await runDurableObjectAlarm(room)).toBe(true);
    const [push] = await eventually(
      () => received(phone),
      (pushes) => pushes.length > 0,
    );
    expect(await decrypt(push!, phone)).toMatchObject({ title: 'Anna Berater', body: 'Willkommen zum Wellness-Abend' });
  });

  it('the party’s start reaches its guests without an open socket once, not its manager', async () => {
    const consultant = await createConsultant();
    const p = await createParty(consultant, { start: Date.now() + 2500 });
    const maria = await joinGuest(p.id, { firstName: 'Maria', lastName: 'Klein' });
    const mariasPhone = await device();
    const annasPhone = await device();
    expect((await subscribe(p.id, maria.headers, mariasPhone, 'en')).status).toBe(204);
    expect((await subscribe(p.id, consultant.headers, annasPhone, 'de')).status).toBe(204);
    expect(await received(mariasPhone)).toEqual([]);
    // The room's alarm rings at the start.
    const [push] = await eventually(
      () => received(mariasPhone),
      (pushes) => pushes.length > 0,
    );
    expect(await decrypt(push!, mariasPhone)).toEqual({
      partyId: p.id,
      messageId: null,
      title: 'Wellness-Party',
      body: 'The party starts now. Come and join in!',
      tag: `party-${p.id}`,
      url: `/${p.shortId}`,
    });
    await runDurableObjectAlarm(partyRoom(p.id));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await received(mariasPhone)).toHaveLength(1);
    expect(await received(annasPhone)).toEqual([]);
  });

  it('at most one notification per member and party per 60 s: what follows waits for one digest with the same tag', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone, 'en')).status).toBe(204);
    await send(p.id, consultant.headers, 'Erste Nachricht');
    const first = await eventually(
      () => received(phone),
      (pushes) => pushes.length > 0,
    );
    expect(first).toHaveLength(1);
    await send(p.id, consultant.headers, 'Zweite');
    await send(p.id, consultant.headers, 'Dritte');
    const window = await eventually(
      async () => db().query.pushWindows.findFirst({ where: and(eq(pushWindows.partyId, p.id), eq(pushWindows.memberId, maria.guestId)) }),
      (row) => row?.pending === 2,
    );
    expect(window).toMatchObject({ pending: 2, pendingSender: 'Anna Berater' });
    expect(window!.digestDueAt).toBe(window!.sentAt + 60_000);
    expect(await received(phone), 'nothing more inside the window').toHaveLength(1);
    // The digest job the consumer queued, as the Queue delivers it when the window ends.
    const result = await consume([{ kind: 'digest', partyId: p.id, memberId: maria.guestId }]);
    expect(result.retryMessages).toEqual([]);
    const pushes = await received(phone);
    expect(pushes).toHaveLength(2);
    const [one, digest] = [await decrypt(pushes[0]!, phone), await decrypt(pushes[1]!, phone)];
    expect(digest).toMatchObject({ partyId: p.id, messageId: null, title: 'Wellness-Party', body: '2 new messages from Anna Berater' });
    expect(digest.tag).toBe(one.tag);
    // The digest is sent once: delivered again, it finds nothing pending.
    await consume([{ kind: 'digest', partyId: p.id, memberId: maria.guestId }]);
    expect(await received(phone)).toHaveLength(2);
  });

  it('a push service’s 410 removes the subscription', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
    await answerWith(phone, [410]);
    await send(p.id, consultant.headers, 'Noch da?');
    const rows = await eventually(
      () => subscriptionsOf(p.id, maria.guestId),
      (found) => found.length === 0,
    );
    expect(rows).toEqual([]);
    expect(await received(phone)).toHaveLength(1);
  });

  it('removed guests and ended parties get nothing, also from a job queued before', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const mariasPhone = await device();
    const tomsPhone = await device();
    expect((await subscribe(p.id, maria.headers, mariasPhone)).status).toBe(204);
    expect((await subscribe(p.id, tom.headers, tomsPhone)).status).toBe(204);
    expect((await api(`/parties/${p.id}/removeGuest/${tom.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    await send(p.id, consultant.headers, 'Nur für Maria');
    await eventually(
      () => received(mariasPhone),
      (pushes) => pushes.length > 0,
    );
    // A job that still names Tom (queued before his removal) skips him too.
    await consume([job(p.id, [tom.guestId], consultant.userId)]);
    expect(await received(tomsPhone)).toEqual([]);
    // The party ends while a job waits: nobody is notified.
    await db()
      .update(parties)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(parties.id, p.id));
    await db().delete(pushWindows).where(eq(pushWindows.partyId, p.id));
    const result = await consume([job(p.id, [maria.guestId], consultant.userId)]);
    expect(result.retryMessages).toEqual([]);
    expect(await received(mariasPhone)).toHaveLength(1);
  });

  it('a job that cannot reach D1 waits for it through the Queue (issue 40), then is delivered once', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
    await db().delete(pushWindows).where(eq(pushWindows.partyId, p.id));
    // D1 gone: every call fails as the platform fails it.
    const gone = new Proxy({} as D1Database, {
      get: () => () => {
        throw new Error('D1_ERROR: Network connection lost.');
      },
    });
    const pushJob = job(p.id, [maria.guestId], consultant.userId);
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS_UNREACHABLE; attempt++) {
      const waiting = await consume([pushJob], attempt, { ...env, DB: gone });
      expect(waiting.retryMessages, `attempt ${attempt}`).toHaveLength(1);
      expect(waiting.explicitAcks).toEqual([]);
    }
    expect(PUSH_MAX_ATTEMPTS_UNREACHABLE).toBeGreaterThan(PUSH_MAX_ATTEMPTS);
    expect(await received(phone)).toEqual([]);
    // D1 is back by the last attempt: delivered, once.
    const back = await consume([pushJob], PUSH_MAX_ATTEMPTS_UNREACHABLE);
    expect(back.retryMessages).toEqual([]);
    expect(back.explicitAcks).toHaveLength(1);
    await eventually(
      () => received(phone),
      (pushes) => pushes.length > 0,
    );
    expect(await received(phone)).toHaveLength(1);
  });

  it('retries a push service’s 500 through the Queue and gives up cleanly after the last attempt', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
    await answerWith(phone, [500, 500]);
    const first = await consume([job(p.id, [maria.guestId], consultant.userId)]);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.explicitAcks).toEqual([]);
    const last = await consume([job(p.id, [maria.guestId], consultant.userId)], PUSH_MAX_ATTEMPTS);
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(1);
    // The subscription stays (a 500 says nothing about it); the next message reaches it.
    expect(await subscriptionsOf(p.id, maria.guestId)).toHaveLength(1);
    await consume([job(p.id, [maria.guestId], consultant.userId)]);
    const pushes = await received(phone);
    expect(pushes.map(() => 'seen')).toHaveLength(3);
    expect(await decrypt(pushes[2]!, phone)).toMatchObject({ title: 'Anna Berater', body: 'Hallo' });
    const statuses = await env.DB.prepare("SELECT status, count FROM push_service_statuses WHERE service = 'https://push.test' ORDER BY status").all<{
      status: number;
      count: number;
    }>();
    expect(statuses.results.map((row) => row.status)).toEqual(expect.arrayContaining([201, 500]));
  });
});

describe('muting', () => {
  it('a guest and the manager mute and unmute the party for themselves; muted, none of their devices hears of it', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const mariasPhones = [await device(), await device()];
    const annasPhone = await device();
    const tomsPhone = await device();
    for (const phone of mariasPhones) expect((await subscribe(p.id, maria.headers, phone, 'en')).status).toBe(204);
    expect((await subscribe(p.id, consultant.headers, annasPhone, 'en')).status).toBe(204);
    expect((await subscribe(p.id, tom.headers, tomsPhone, 'en')).status).toBe(204);
    const muted = async (headers: Record<string, string>) => json<{ muted: boolean }>(await api(`/parties/${p.id}/mute`, { headers }));
    const mute = async (headers: Record<string, string>, value: boolean) =>
      expect((await api(`/parties/${p.id}/mute`, { method: 'PUT', headers, body: { muted: value } })).status).toBe(204);
    expect(await muted(maria.headers)).toEqual({ muted: false });
    await mute(maria.headers, true);
    // Muting twice is muting.
    await mute(maria.headers, true);
    await mute(consultant.headers, true);
    expect(await muted(maria.headers)).toEqual({ muted: true });
    expect(await muted(consultant.headers)).toEqual({ muted: true });
    // Each member's own: Tom is not muted by Maria.
    expect(await muted(tom.headers)).toEqual({ muted: false });
    await send(p.id, maria.headers, 'Von Maria');
    await send(p.id, tom.headers, 'Von Tom');
    await eventually(
      () => received(tomsPhone),
      (pushes) => pushes.length > 0,
    );
    // The jobs named them; the consumer left them out, and counted nothing for a digest either.
    await consume([job(p.id, [maria.guestId, consultant.userId], tom.guestId)]);
    for (const phone of [...mariasPhones, annasPhone]) expect(await received(phone)).toEqual([]);
    const windows = await db()
      .select()
      .from(pushWindows)
      .where(and(eq(pushWindows.partyId, p.id), eq(pushWindows.memberId, maria.guestId)));
    expect(windows).toEqual([]);
    // Their subscriptions stay for when they unmute.
    expect(await subscriptionsOf(p.id, maria.guestId)).toHaveLength(2);
    await mute(maria.headers, false);
    await mute(consultant.headers, false);
    expect(await muted(maria.headers)).toEqual({ muted: false });
    await consume([job(p.id, [maria.guestId, consultant.userId], tom.guestId)]);
    for (const phone of [...mariasPhones, annasPhone]) expect(await received(phone)).toHaveLength(1);
  });
});

describe('members who go, parties that end', () => {
  it('a removed guest and a guest who leaves lose their subscriptions and their window, and hear nothing more', async () => {
    const { consultant, party: p, maria, tom } = await party();
    const mariasPhone = await device();
    const tomsPhone = await device();
    expect((await subscribe(p.id, maria.headers, mariasPhone)).status).toBe(204);
    expect((await subscribe(p.id, tom.headers, tomsPhone)).status).toBe(204);
    expect((await api(`/parties/${p.id}/mute`, { method: 'PUT', headers: tom.headers, body: { muted: true } })).status).toBe(204);
    await send(p.id, consultant.headers, 'Vorher');
    await eventually(
      () => received(mariasPhone),
      (pushes) => pushes.length > 0,
    );
    const windowsOf = (memberId: string) =>
      db()
        .select()
        .from(pushWindows)
        .where(and(eq(pushWindows.partyId, p.id), eq(pushWindows.memberId, memberId)));
    expect(await windowsOf(maria.guestId)).toHaveLength(1);
    expect((await api(`/parties/${p.id}/removeGuest/${tom.guestId}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    expect((await api(`/parties/${p.id}/leave`, { method: 'DELETE', headers: maria.headers })).status).toBe(204);
    for (const memberId of [maria.guestId, tom.guestId]) {
      expect(await subscriptionsOf(p.id, memberId)).toEqual([]);
      expect(await windowsOf(memberId)).toEqual([]);
    }
    const mutes = await env.DB.prepare('SELECT * FROM push_mutes WHERE party_id = ?').bind(p.id).all();
    expect(mutes.results).toEqual([]);
    await send(p.id, consultant.headers, 'Nachher');
    // A job queued before they went still names them.
    await consume([job(p.id, [maria.guestId, tom.guestId], consultant.userId)]);
    expect(await received(mariasPhone)).toHaveLength(1);
    expect(await received(tomsPhone)).toEqual([]);
  });

  it('an ended party reaches nobody: not a message, the start or a digest queued before it ended', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
    // A window with a digest waiting, as the consumer leaves it.
    await db()
      .insert(pushWindows)
      .values({
        partyId: p.id,
        memberId: maria.guestId,
        sentAt: Date.now() - 61_000,
        pending: 2,
        pendingSender: 'Anna Berater',
        digestDueAt: Date.now() - 1000,
        lastMessageId: null,
      });
    await db()
      .update(parties)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(parties.id, p.id));
    const result = await consume([
      job(p.id, [maria.guestId], consultant.userId),
      { kind: 'start', partyId: p.id, startAt: Date.now(), recipients: [maria.guestId] },
      { kind: 'digest', partyId: p.id, memberId: maria.guestId },
    ]);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(3);
    expect(await received(phone)).toEqual([]);
  });
});

describe('push services only', () => {
  it('refuses an endpoint on a host that is no push service, and stores nothing', async () => {
    const { party: p, maria } = await party();
    const phone = await device();
    for (const endpoint of ['https://evil.test/collect', 'https://127.0.0.1/admin', 'https://push.test.evil.test/device/1', 'https://push.test@evil.test/x']) {
      await expectError(
        await api(`/parties/${p.id}/subscribe`, { method: 'PUT', headers: maria.headers, body: { pushToken: { ...phone.token, endpoint } } }),
        400,
        'pushEndpointRefused',
      );
    }
    expect(await subscriptionsOf(p.id, maria.guestId)).toEqual([]);
  });

  it('never sends to a stored endpoint whose host is no push service (stored before the rule)', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone)).status).toBe(204);
    await db()
      .update(pushSubscriptions)
      .set({ endpoint: `https://elsewhere.test${phone.path}` })
      .where(eq(pushSubscriptions.memberId, maria.guestId));
    const result = await consume([job(p.id, [maria.guestId], consultant.userId)]);
    expect(result.retryMessages).toEqual([]);
    const all = await json<ReceivedPush[]>(await fetch(`${env.PUSH_RECEIVER_URL}/__receiver/requests`));
    expect(all.filter((push) => push.path === phone.path)).toEqual([]);
  });
});

describe('the window under concurrent consumers', () => {
  it('two batches for one member at the same moment send one notification; the other message waits for the digest', async () => {
    const { consultant, party: p, maria } = await party();
    const phone = await device();
    expect((await subscribe(p.id, maria.headers, phone, 'en')).status).toBe(204);
    const first = job(p.id, [maria.guestId], consultant.userId);
    const second = { ...job(p.id, [maria.guestId], consultant.userId), text: 'Nochmal' };
    const results = await Promise.all([consume([first]), consume([second])]);
    for (const result of results) expect(result.retryMessages).toEqual([]);
    const pushes = await received(phone);
    expect(pushes).toHaveLength(1);
    const window = await db().query.pushWindows.findFirst({ where: and(eq(pushWindows.partyId, p.id), eq(pushWindows.memberId, maria.guestId)) });
    expect(window).toMatchObject({ pending: 1, pendingSender: 'Anna Berater' });
    expect(window!.digestDueAt).toBe(window!.sentAt + 60_000);
    // Two deliveries of the digest at once: one digest.
    await Promise.all([
      consume([{ kind: 'digest', partyId: p.id, memberId: maria.guestId }]),
      consume([{ kind: 'digest', partyId: p.id, memberId: maria.guestId }]),
    ]);
    const after = await received(phone);
    expect(after).toHaveLength(2);
    expect(await decrypt(after[1]!, phone)).toMatchObject({ title: 'Wellness-Party', body: '1 new message from Anna Berater' });
  });
});

describe('who the room hands to Web Push', () => {
  it('only offline members with a subscription to the party, also one who subscribes after the room learnt the others', async () => {
    const { consultant, party: p, maria, tom } = await party();
    expect((await subscribe(p.id, maria.headers, await device())).status).toBe(204);
    const stub = partyRoom(p.id);
    /** The room's own answer (private: its set is what the test is about). */
    type Pushing = { pushable: Set<string> | null; pushableOffline(sender: string): { id: string }[] };
    const pushedTo = () =>
      runInDurableObject(stub, (room: PartyRoom) => (room.push as unknown as Pushing).pushableOffline(consultant.userId).map((member) => member.id));

    await send(p.id, consultant.headers, 'Erste Nachricht');
    await eventually(
      () => runInDurableObject(stub, (room: PartyRoom) => (room.push as unknown as Pushing).pushable !== null),
      (known) => known,
    );
    // Tom has no subscription: no job names him, however many such guests a party has.
    expect(await pushedTo()).toEqual([maria.guestId]);

    expect((await subscribe(p.id, tom.headers, await device())).status).toBe(204);
    expect((await pushedTo()).sort()).toEqual([maria.guestId, tom.guestId].sort());
  });

  it('a message that comes before the room knows who can be pushed waits for that, and names no member without a subscription', async () => {
    const { consultant, party: p, maria, tom } = await party();
    expect((await subscribe(p.id, maria.headers, await device())).status).toBe(204);
    const stub = partyRoom(p.id);
    // What the room hands the Queue, seen on its way there (the Queue itself still gets it).
    const recipients: string[][] = [];
    await runInDurableObject(stub, (room: PartyRoom) => {
      const own = room.kernel as unknown as { env: { PUSH_QUEUE: Queue<PushJob> } };
      expect((room.push as unknown as { pushable: Set<string> | null }).pushable).toBeNull();
      const queue = own.env.PUSH_QUEUE;
      const sendBatch = queue.sendBatch.bind(queue);
      own.env = {
        ...own.env,
        PUSH_QUEUE: Object.assign(Object.create(queue) as Queue<PushJob>, {
          sendBatch: (jobs: Iterable<MessageSendRequest<PushJob>>, options?: QueueSendBatchOptions) => {
            for (const job of jobs) if (job.body.kind === 'message') recipients.push(job.body.recipients);
            return sendBatch(jobs, options);
          },
        }),
      };
    });

    await send(p.id, consultant.headers, 'Die erste Nachricht, bevor der Raum die Abos kennt');
    await runInDurableObject(stub, (room: PartyRoom) => room.enqueued());
    // Tom is offline too, without a subscription: the first message of every instance used to name him.
    expect(recipients).toEqual([[maria.guestId]]);
    expect(recipients.flat()).not.toContain(tom.guestId);
  });
});
