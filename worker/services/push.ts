import { buildPushPayload } from '@block65/webcrypto-web-push';
import { AppError } from '../../app/core/errors';
import { LIMITS } from '../../app/core/limits';
import { isExpired } from '../../app/core/party';
import type { DigestPushJob, MessagePushJob, PushJob, PushPayload, PushTexts, PushToken, PushWindow, StartPushJob } from '../../app/core/push';
import { decide, digestPayload, extraPushHosts, isPushServiceEndpoint, keptForDigest, messagePayload, startPayload } from '../../app/core/push';
import type { Member } from '../../app/core/protocol';
import type { Language } from '../../app/i18n/config';
import { isLanguage, DEFAULT_LANGUAGE } from '../../app/i18n/config';
import type { Db } from '../db/client';
import { database } from '../db/client';
import * as store from '../db/push-subscriptions';
import type { PartyRow, PushSubscriptionRow } from '../db/schema';
import type { Env } from '../env';
import { count } from '../observability/metrics';
import { PUSH_TEXTS } from '../push/texts';
import { room } from './parties';
import type { RoomPlace } from './room-place';

/**
 * Web Push for party members whose page is closed (docs/decisions/029-web-push.md). The room enqueues
 * a job per new message, and one when the party starts, naming who had no open socket; `deliverPushBatch` (the Worker's `queue()`)
 * decides per member between a notification now and a digest at the end of their 60 s window,
 * encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) with @block65/webcrypto-web-push, and
 * sends. A 404 or 410 deletes the subscription; a 5xx or a network failure retries through the Queue.
 */

/** Attempts of one job, the first included; then it is given up (logged, never a dead-letter pile). */
export const PUSH_MAX_ATTEMPTS = 3;
/**
 * Attempts of a job that failed before any push service answered (D1 gone or slow, issue 40): the
 * Queue's ceiling (`max_retries` 5 in wrangler.toml, plus the first), 10 + 20 + 30 + 40 + 50 s apart,
 * so an outage of two minutes is waited out and the job delivered once D1 is back.
 */
export const PUSH_MAX_ATTEMPTS_UNREACHABLE = 6;
/** How long a push service keeps a notification for a device that is off (RFC 8030 TTL). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** The applicationServerKey the page subscribes with; not a secret. */
export function applicationServerKey(env: Env): string {
  if (!env.VAPID_PUBLIC_KEY) throw new AppError('pushUnavailable');
  return env.VAPID_PUBLIC_KEY;
}

/** The subscription's key must be a point on P-256, or no notification could ever be encrypted for it. */
async function checkKey(p256dh: string): Promise<void> {
  const point = Uint8Array.from(atob(p256dh.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '')), (char) => char.charCodeAt(0));
  try {
    await crypto.subtle.importKey('raw', point, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  } catch {
    throw new AppError('invalidPushSubscription');
  }
}

/** Whether the server may send to the endpoint: a known push service, or a host PUSH_EXTRA_HOSTS names. */
const mayReach = (env: Env, endpoint: string) => isPushServiceEndpoint(endpoint, extraPushHosts(env.PUSH_EXTRA_HOSTS));

export async function subscribe(env: Env, db: Db, party: RoomPlace, member: Member, token: PushToken, language: Language): Promise<void> {
  if (!mayReach(env, token.endpoint)) throw new AppError('pushEndpointRefused');
  await checkKey(token.keys.p256dh);
  await store.upsertSubscription(
    db,
    {
      id: crypto.randomUUID(),
      partyId: party.id,
      memberId: member.id,
      endpoint: token.endpoint,
      p256dh: token.keys.p256dh,
      auth: token.keys.auth,
      language,
      createdAt: Date.now(),
    },
    LIMITS.pushDevicesPerMember,
  );
  // The room enqueues notifications only for members it knows can receive one.
  await room(env, party).pushSubscribed(member.id);
}

/** Only the member's own subscription goes; an endpoint they do not have is `notFound`. */
export async function unsubscribe(db: Db, partyId: string, member: Member, endpoint: string): Promise<void> {
  if (!(await store.deleteSubscription(db, partyId, member.id, endpoint))) throw new AppError('notFound');
}

/** Muted: no notification reaches any of the member's devices; their subscriptions stay. */
export async function mute(db: Db, partyId: string, member: Member, muted: boolean): Promise<void> {
  await store.setMuted(db, partyId, member.id, muted, Date.now());
}

export function isMuted(db: Db, partyId: string, member: Member): Promise<boolean> {
  return store.isMuted(db, partyId, member.id);
}

/** A guest who was removed or left: their devices hear nothing more of the party. */
export async function forgetMember(db: Db, partyId: string, memberId: string): Promise<void> {
  await store.forgetMember(db, partyId, memberId);
}

type Outcome = 'sent' | 'gone' | 'retry';

/** The Queue consumer: every job of the batch is acked, retried, or (after the last attempt) given up. */
export async function deliverPushBatch(batch: MessageBatch<PushJob>, env: Env): Promise<void> {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) {
    // Without keys nothing can be sent, now or on a retry (README "Deploy" names them).
    console.error('push is not configured: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are needed');
    batch.ackAll();
    return;
  }
  const db = database(env.DB);
  for (const message of batch.messages) {
    let retry: boolean;
    let attempts = PUSH_MAX_ATTEMPTS;
    try {
      retry = await deliver(env, db, message.body, message.timestamp.getTime());
    } catch (error) {
      console.error('push job failed', error);
      retry = true;
      attempts = PUSH_MAX_ATTEMPTS_UNREACHABLE;
    }
    if (!retry) message.ack();
    else if (message.attempts < attempts) message.retry({ delaySeconds: 10 * message.attempts });
    else {
      console.warn('push job given up', message.body.kind, message.body.partyId, 'after', message.attempts, 'attempts');
      message.ack();
    }
  }
}

/** True when some member's push should be tried again. */
async function deliver(env: Env, db: Db, job: PushJob, enqueuedAt: number): Promise<boolean> {
  const party = await db.query.parties.findFirst({ where: (parties, { eq }) => eq(parties.id, job.partyId) });
  // An ended or deleted party reaches nobody any more.
  if (!party || isExpired(party.expiresAt, Date.now())) return false;
  if (job.kind === 'digest') return deliverDigest(env, db, party, job);
  const news = job.kind === 'message' ? messageNews(job) : startNews(party, job);
  const recipients = job.kind === 'message' ? job.recipients.filter((id) => id !== job.senderId) : job.recipients;
  const subscriptions = await store.reachableSubscriptions(db, party.id, party.userId, recipients);
  let retry = false;
  for (const [memberId, devices] of byMember(subscriptions)) {
    if (!(await deliverNews(env, db, party, news, memberId, devices, Math.max(enqueuedAt, Date.now())))) retry = true;
  }
  return retry;
}

function byMember(rows: PushSubscriptionRow[]): Map<string, PushSubscriptionRow[]> {
  const members = new Map<string, PushSubscriptionRow[]>();
  for (const row of rows) members.set(row.memberId, [...(members.get(row.memberId) ?? []), row]);
  return members;
}

/**
 * One piece of news for a member. `key` marks it in their window, so a retried job counts nobody
 * twice; `keep` counts it for the digest when the window is taken (null: news that a digest cannot
 * stand for, as the party's start, is left out then).
 */
interface News {
  key: string;
  payload: (texts: PushTexts, memberId: string, url: string) => PushPayload;
  keep: ((window: PushWindow, digestDueAt: number | null) => PushWindow) | null;
}

function messageNews(job: MessagePushJob): News {
  return {
    key: job.messageId,
    payload: (texts, memberId, url) => messagePayload(texts, job, memberId, url),
    keep: (window, dueAt) => keptForDigest(window, job, dueAt),
  };
}

function startNews(party: PartyRow, job: StartPushJob): News {
  return { key: `start-${job.startAt}`, payload: (texts, _memberId, url) => startPayload(texts, party, url), keep: null };
}

/** Attempts at changing a member's window while other consumers change it too; then the job is retried. */
const WINDOW_ATTEMPTS = 5;

/**
 * False when a device's push service asked to be tried again, or the window kept changing under
 * this consumer. Each decision is taken on the window as read and stored only if nobody changed it
 * meanwhile (`replaceWindow`), so two consumers never both send within one window.
 */
async function deliverNews(env: Env, db: Db, party: PartyRow, news: News, memberId: string, devices: PushSubscriptionRow[], now: number): Promise<boolean> {
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt++) {
    const window = await store.readWindow(db, party.id, memberId);
    if (window?.lastMessageId === news.key) return true;
    const decision = decide(window, now);
    if (!decision.send) {
      if (!news.keep) return true;
      if (decision.queueDigestAt !== null) {
        // Queued before the window says so: a job queued by a try that then lost the window finds
        // nothing pending when it comes, whereas a window that names a digest never queued would wait forever.
        await env.PUSH_QUEUE.send({ kind: 'digest', partyId: party.id, memberId } satisfies DigestPushJob, {
          delaySeconds: Math.max(1, Math.ceil((decision.queueDigestAt - now) / 1000)),
        });
      }
      if (await store.replaceWindow(db, party.id, memberId, window, news.keep(window!, decision.queueDigestAt))) return true;
      continue;
    }
    // Messages kept since the last notification go with this one, as a digest that counts it too.
    const pending = news.keep && window && window.pending > 0 ? news.keep(window, null) : null;
    const fresh = { sentAt: now, pending: 0, pendingSender: null, digestDueAt: null, lastMessageId: news.key };
    // The start leaves what waits for a digest waiting.
    const claimed = news.keep || !window ? fresh : { ...window, sentAt: now, lastMessageId: news.key };
    if (!(await store.replaceWindow(db, party.id, memberId, window, claimed))) continue;
    const ok = await sendToDevices(env, db, devices, (texts) =>
      pending ? digestPayload(texts, party, pending, partyUrl(party)) : news.payload(texts, memberId, partyUrl(party)),
    );
    // A retry finds the window as it was, unless another message was counted meanwhile: then it stays taken.
    if (!ok) await store.replaceWindow(db, party.id, memberId, claimed, window);
    return ok;
  }
  return false;
}

/** The digest claims the window as a message does: a digest job delivered twice at once sends once. */
async function deliverDigest(env: Env, db: Db, party: PartyRow, job: DigestPushJob): Promise<boolean> {
  const devices = await store.reachableSubscriptions(db, party.id, party.userId, [job.memberId]);
  for (let attempt = 0; attempt < WINDOW_ATTEMPTS; attempt++) {
    const window = await store.readWindow(db, party.id, job.memberId);
    if (!window || window.pending === 0 || devices.length === 0) return false;
    const claimed = { ...window, sentAt: Date.now(), pending: 0, pendingSender: null, digestDueAt: null };
    if (!(await store.replaceWindow(db, party.id, job.memberId, window, claimed))) continue;
    const ok = await sendToDevices(env, db, devices, (texts) => digestPayload(texts, party, window, partyUrl(party)));
    if (!ok) await store.replaceWindow(db, party.id, job.memberId, claimed, window);
    return !ok;
  }
  return true;
}

const partyUrl = (party: PartyRow) => `/${party.shortId}`;

/** Sends one payload (in each device's language) to each device; false when one should be retried. */
async function sendToDevices(env: Env, db: Db, devices: PushSubscriptionRow[], payload: (texts: PushTexts) => PushPayload): Promise<boolean> {
  const outcomes = await Promise.all(
    devices.map((device) => {
      // Stored before the push services were named (or PUSH_EXTRA_HOSTS changed): never sent to.
      if (!mayReach(env, device.endpoint)) {
        console.warn('push endpoint refused', new URL(device.endpoint).origin);
        return 'gone' as const;
      }
      return sendOne(env, db, device, payload(PUSH_TEXTS[isLanguage(device.language) ? device.language : DEFAULT_LANGUAGE]));
    }),
  );
  return !outcomes.includes('retry');
}

async function sendOne(env: Env, db: Db, device: PushSubscriptionRow, payload: PushPayload): Promise<Outcome> {
  const request = await buildPushPayload(
    // The topic lets a push service replace a notification still waiting for the device (RFC 8030 §5.4).
    { data: { ...payload }, options: { ttl: PUSH_TTL_SECONDS, urgency: 'normal', topic: payload.partyId.replaceAll('-', '') } },
    { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
    { subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
  );
  const service = new URL(device.endpoint).origin;
  let status = 0;
  try {
    status = (await fetch(device.endpoint, request)).status;
  } catch (error) {
    console.warn('push service unreachable', service, error);
  }
  await store.countServiceStatus(db, service, status, Date.now());
  // The operator's counters (ADR 063): by the push service's host, never the device's endpoint.
  count(env, status >= 200 && status < 300 ? 'pushSent' : 'pushFailed', new URL(service).host);
  if (status === 404 || status === 410) {
    await store.deleteSubscriptionById(db, device.id);
    return 'gone';
  }
  if (status === 0 || status === 429 || status >= 500) return 'retry';
  // Any other 4xx (a payload or key the service refuses) will not improve by trying again: logged only.
  if (status >= 400) console.warn('push refused', service, status);
  return 'sent';
}
