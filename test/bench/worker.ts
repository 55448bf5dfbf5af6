import { DurableObject } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import type { Connection, WSMessage } from 'partyserver';
import { Server, getServerByName } from 'partyserver';
import { LIMITS } from '../../app/core/limits';
import type { Member } from '../../app/core/protocol';
import type { PushJob } from '../../app/core/push';
import type { Outcome, RoomFacts, SendInput } from '../../durable-objects/contract';
import { readCookies } from '../../worker/auth/cookies';
import { anonymous } from '../../worker/auth/identity';
import { database } from '../../worker/db/client';
import { pushWindows } from '../../worker/db/schema';
import type { PartyRow } from '../../worker/db/schema';
import type { Env } from '../../worker/env';
import production, { PartyRoom as ProductionRoom } from '../../worker/index';
import { findParty, joinParty, managerMember, room, roomFacts } from '../../worker/services/parties';
import type { DistanceAsked, Outage } from '../support/distance';
import { NEAR, NO_OUTAGE, delayedSocket, distantD1, distantEnv, parseDistance } from '../support/distance';
import { benchConsultant, countKind, prepareKinds } from '../support/request-kinds';

/**
 * The bench Worker (`npm run bench` only, never deployed): the production Worker and PartyRoom
 * unchanged, beside two reference rooms in the same workerd, plus a few helpers under /bench/.
 *
 * The per-member send limit (LIMITS.sendBurst / sendPerSecond, a product rule against spam) is
 * lifted here so that one sender can load a room; the limiter still runs on every message.
 */
Object.assign(LIMITS as { sendBurst: number; sendPerSecond: number }, { sendBurst: 1e9, sendPerSecond: 1e9 });

/**
 * D1 slow or gone for everything in this process, the Worker's requests and the rooms alike (issue
 * 40, item 8): set by `POST /bench/d1?slowMs=…&absentMs=…` (test/bench/distance.mjs).
 */
let outage: Outage = NO_OUTAGE;
const currentOutage = () => outage;
const outageOn = () => outage.slowMs > 0 || outage.absentUntil > Date.now();

/**
 * The production PartyRoom with one bench-only method: `benchEvict` resets the object as an
 * eviction does (every socket closes, memory is gone, storage stays), for the zero-loss run. Its
 * D1 is the same database behind the distance harness (test/support/distance.ts), near it but
 * subject to the bench's outage.
 */
export class PartyRoom extends ProductionRoom {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, { ...env, DB: distantD1(env.DB, { reach: NEAR, outage: currentOutage }) });
  }

  async benchEvict(): Promise<void> {
    this.ctx.abort('bench: evicted');
  }
}

const sleep = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * A request at a distance (issue 40, ADR 049): the production Worker with its bindings wrapped so
 * each call pays the round trip the request asks for (its `salon-distance` header or cookie,
 * test/support/distance.ts `parseDistance`), the client's link (`link`) paid on the way in and out
 * and by every socket frame, and `frames` by socket frames only (Chromium slows the rest itself).
 */
async function atDistance(request: Request, env: Env, ctx: ExecutionContext, asked: DistanceAsked): Promise<Response> {
  await sleep(asked.link / 2);
  const response = await production.fetch(request as never, distantEnv(env, { reach: asked.reach, outage: currentOutage }), ctx);
  const answered = delayedSocket(response, (asked.link + asked.frames) / 2);
  await sleep(asked.link / 2);
  return answered;
}

function distanceAsked(request: Request): DistanceAsked | null {
  const asked = parseDistance(request.headers.get(DISTANCE) ?? readCookies(request).get(DISTANCE));
  return asked ?? (outageOn() ? { reach: NEAR, link: 0, frames: 0 } : null);
}

const DISTANCE = 'salon-distance';

/** `POST /bench/d1?slowMs=2000` (every call 2 s late) or `?absentMs=30000` (no answer for 30 s); no parameter ends it. */
function setOutage(url: URL): Response {
  const slowMs = Number(url.searchParams.get('slowMs') ?? 0);
  const absentMs = Number(url.searchParams.get('absentMs') ?? 0);
  outage = { slowMs, absentUntil: absentMs > 0 ? Date.now() + absentMs : 0 };
  return Response.json(outage);
}

/** The request kinds (test/support/request-kinds.ts), made fresh: as JSON for the bench's client, or counted here. */
async function kinds(env: Env, origin: string, ctx: ExecutionContext, counted: boolean): Promise<Response> {
  const prepared = await prepareKinds(env, origin);
  if (!counted) return Response.json(prepared);
  const counts = [];
  for (const kind of prepared) counts.push(await countKind(production.fetch as never, env, origin, kind, ctx));
  return Response.json(counts);
}

interface BenchEnv extends Env {
  RAW_ROOM: DurableObjectNamespace<RawRoom>;
  PEER_ROOM: DurableObjectNamespace<PeerRoom>;
}

/**
 * The platform floor: every frame goes back out to every socket, nothing else. Two variants for
 * profile.mjs only, to price a durable write alone: sockets opened at /bench/rawstore/ first store
 * each frame with one SQLite INSERT (one transaction per frame); at /bench/rawbatch/ the frames that
 * arrive before the next timer tick are stored in one transaction, then all sent.
 */
export class RawRoom extends DurableObject {
  private pending: (string | ArrayBuffer)[] = [];
  /** rawshard: the sockets this room opened to its shards, once open. */
  private feeds: WebSocket[] = [];
  private feedsOpening: Promise<void> | null = null;

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const [, , mode, name] = url.pathname.split('/');
    const store = mode === 'rawstore' || mode === 'rawbatch';
    if (store) this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS frames (id INTEGER PRIMARY KEY, frame TEXT NOT NULL)');
    if (mode === 'rawshard') {
      this.feedsOpening ??= this.openFeeds(url.searchParams.get('at') ?? '', name ?? '', Number(url.searchParams.get('shards') ?? 1));
      await this.feedsOpening;
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, store || mode === 'rawshard' ? [mode as string] : []);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * ADR 036's shard layer, simulated (profile.mjs --only shards): this room stands where the party's
   * object would, and each frame leaves it once per shard, over a socket it opened to each shard: a
   * plain RawRoom in a second runtime process (`at`), which sends it on to its own sockets.
   */
  private async openFeeds(at: string, name: string, shards: number): Promise<void> {
    this.feeds = await Promise.all(
      Array.from({ length: shards }, async (_, i) => {
        const response = await fetch(`${at}/bench/raw/${name}-shard-${i}`, { headers: { Upgrade: 'websocket' } });
        const feed = response.webSocket;
        if (!feed) throw new Error(`shard ${i}: ${response.status}`);
        feed.accept();
        return feed;
      }),
    );
  }

  override webSocketMessage(sender: WebSocket, frame: string | ArrayBuffer): void {
    const [mode] = this.ctx.getTags(sender);
    if (mode === 'rawshard') {
      for (const feed of this.feeds) feed.send(frame);
      return;
    }
    if (mode === 'rawbatch') {
      if (this.pending.push(frame) === 1) setTimeout(() => this.flush(), 0);
      return;
    }
    if (mode === 'rawstore') this.ctx.storage.sql.exec('INSERT INTO frames (frame) VALUES (?)', frame);
    this.echo(frame);
  }

  private flush(): void {
    const frames = this.pending;
    this.pending = [];
    this.ctx.storage.transactionSync(() => {
      for (const frame of frames) this.ctx.storage.sql.exec('INSERT INTO frames (frame) VALUES (?)', frame);
    });
    for (const frame of frames) this.echo(frame);
  }

  private echo(frame: string | ArrayBuffer): void {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(frame);
      } catch {
        // Closed meanwhile.
      }
    }
  }

  // Completes the closing handshake, as PartyRoom and partyserver do.
  override webSocketClose(ws: WebSocket, code: number): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closing');
    } catch {
      // Already closed.
    }
  }
}

interface PeerMessage {
  id: string;
  user: string;
  content: string;
}

/**
 * What a developer would write with partyserver, after Cloudflare's durable-chat template:
 * hibernating connections, messages kept in the object's SQLite, the newest 50 sent on connect,
 * each new message parsed, stored (one INSERT) and broadcast to everyone but its sender.
 * No authentication, no schema validation, no sequence numbers, no acknowledgement.
 */
export class PeerRoom extends Server {
  static override options = { hibernate: true };

  override onStart(): void {
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, user TEXT, content TEXT, at INTEGER)');
  }

  override onConnect(connection: Connection): void {
    const messages = this.ctx.storage.sql.exec('SELECT id, user, content, at FROM messages ORDER BY at DESC LIMIT 50').toArray().reverse();
    connection.send(JSON.stringify({ type: 'all', messages }));
  }

  override onMessage(connection: Connection, frame: WSMessage): void {
    const message = JSON.parse(String(frame)) as PeerMessage;
    const at = Date.now();
    this.ctx.storage.sql.exec(
      'INSERT INTO messages (id, user, content, at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET content = excluded.content',
      message.id,
      message.user,
      message.content,
      at,
    );
    this.broadcast(JSON.stringify({ type: 'add', id: message.id, user: message.user, content: message.content, at }), [connection.id]);
  }
}

/** A consultant session, made with the functions the OIDC callback uses (as the workers tests do). */
async function consultant(env: Env): Promise<Response> {
  return Response.json(await benchConsultant(env));
}

/** Per party, read once from D1: its manager and facts, as the API would hand them to its room. */
const managers = new Map<string, { party: PartyRow; member: Member; facts: RoomFacts }>();

async function managerCall(env: Env, partyId: string) {
  let manager = managers.get(partyId);
  if (!manager) {
    const db = database(env.DB);
    const party = await findParty(db, partyId);
    manager = { party, member: await managerMember(db, party), facts: roomFacts(party) };
    managers.set(partyId, manager);
  }
  // A stub belongs to the request that made it.
  return { ...manager, stub: room(env, manager.party) };
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.value;
}

/** Fills a party's log through the room's own trusted batch path (postMany), as the manager. */
async function fill(env: Env, partyId: string, count: number): Promise<Response> {
  const { member, facts, stub } = await managerCall(env, partyId);
  const started = performance.now();
  for (let done = 0; done < count;) {
    const inputs: SendInput[] = [];
    for (let i = 0; i < Math.min(1000, count - done); i++) {
      inputs.push({ tempId: null, messageType: 'text', message: `History message ${done + i}: a line of text of typical length for a chat.` });
    }
    done += unwrap(await stub.postMany(member, facts, inputs));
  }
  return Response.json({ ms: performance.now() - started });
}

/**
 * Times `reps` sequential calls from this Worker to the party's room, each one of:
 *   noop       a fetch without an upgrade: the room answers 426 before doing anything
 *   configure  RPC with the facts the room already has: the RPC round trip, no storage
 *   admit      RPC messagesById(manager, []): what every member call does first (upsert the member)
 *   history    RPC history(manager, before): what GET /api/parties/:id/chat calls
 * workerd's clock has 1 ms resolution here, so only the total over many calls means something.
 */
async function timeObject(env: Env, partyId: string, op: string, before: number | undefined, reps: number): Promise<Response> {
  const { member, facts, stub } = await managerCall(env, partyId);
  let messages = 0;
  const started = performance.now();
  for (let i = 0; i < reps; i++) {
    if (op === 'noop') await stub.fetch('https://room.bench/noop');
    else if (op === 'configure') await stub.configure(facts);
    else if (op === 'admit') unwrap(await stub.messagesById(member, []));
    else messages = unwrap(await stub.history(member, before)).messages.length;
  }
  return Response.json({ totalMs: performance.now() - started, reps, messages });
}

/**
 * `count` new guests join a party, each through the production join (`joinParty`: a guest identity
 * in D1, the membership, the room told), without an HTTP request each: the large-room rows need
 * thousands of members quickly. Answers each guest's credentials, as PUT /api/parties/:id/join does.
 */
async function joinMany(env: Env, partyId: string, count: number, from: number): Promise<Response> {
  const db = database(env.DB);
  const identity = anonymous();
  const guests: { guestId: string; secretKey: string }[] = [];
  for (let i = 0; i < count; i++) {
    const told: Promise<unknown>[] = [];
    const { member, credentials } = await joinParty(env, db, { partyId }, identity, { firstName: 'Gast', lastName: `Nummer ${from + i}` }, 'bench', (work) =>
      told.push(work),
    );
    // A room of thousands is made here before it is measured: wait for the room to know each one.
    await Promise.all(told);
    guests.push({ guestId: member.id, secretKey: credentials!.secretKey });
  }
  return Response.json(guests);
}

/** Evicts a party's room; the call itself fails, as the object it reached is gone. */
async function evict(env: Env, partyId: string): Promise<Response> {
  const stub = room(env, await findParty(database(env.DB), partyId)) as unknown as DurableObjectStub<PartyRoom>;
  try {
    await stub.benchEvict();
  } catch {
    // Expected: the object aborted under the call.
  }
  return new Response(null, { status: 204 });
}

/**
 * The upload bench's baseline: the same bytes as one plain R2 put, streamed straight from the
 * request (no tus, no parts, no D1), so the figure is the Worker's and R2's floor on this machine.
 */
async function plainPut(env: Env, request: Request, name: string): Promise<Response> {
  const length = Number(request.headers.get('Content-Length'));
  if (!request.body || !Number.isSafeInteger(length)) return new Response('length required', { status: 411 });
  const object = await env.MEDIA.put(`bench/${name}`, request.body.pipeThrough(new FixedLengthStream(length)));
  await env.MEDIA.delete(`bench/${name}`);
  return Response.json({ size: object?.size ?? 0 });
}

/** Forgets the party's push windows, so the next message is every member's first in 60 s again (test/bench/push.mjs). */
async function quietWindows(env: Env, partyId: string): Promise<Response> {
  await database(env.DB).delete(pushWindows).where(eq(pushWindows.partyId, partyId));
  return new Response(null, { status: 204 });
}

export default {
  queue: production.queue,
  async fetch(request, env, ctx): Promise<Response> {
    const url = new URL(request.url);
    const [, prefix, kind, name] = url.pathname.split('/');
    if (prefix !== 'bench') {
      const asked = distanceAsked(request);
      return asked ? atDistance(request, env, ctx, asked) : production.fetch(request, env, ctx);
    }
    if (kind === 'd1' && request.method === 'POST') return setOutage(url);
    if ((kind === 'kinds' || kind === 'trips') && request.method === 'POST') return kinds(env, url.origin, ctx, kind === 'trips');
    if ((kind === 'raw' || kind === 'rawstore' || kind === 'rawbatch' || kind === 'rawshard') && name)
      return env.RAW_ROOM.get(env.RAW_ROOM.idFromName(`${kind}-${name}`)).fetch(request);
    if (kind === 'peer' && name) return (await getServerByName(env.PEER_ROOM, name)).fetch(request);
    if (kind === 'consultant' && request.method === 'POST') return consultant(env);
    if (kind === 'evict' && name && request.method === 'POST') return evict(env, name);
    if (kind === 'guests' && name && request.method === 'POST')
      return joinMany(env, name, Number(url.searchParams.get('count')), Number(url.searchParams.get('from') ?? 0));
    if (kind === 'fill' && name && request.method === 'POST') return fill(env, name, Number(url.searchParams.get('count')));
    if (kind === 'r2put' && name && request.method === 'PUT') return plainPut(env, request, name);
    if (kind === 'push-windows' && name && request.method === 'DELETE') return quietWindows(env, name);
    // The export's archive as R2 holds it (the export row reads it back; the bench has no mail catcher for the link).
    if (kind === 'export-archive' && name) {
      const archive = await env.MEDIA.get(`exports/${name}/archive.zip`);
      return archive ? new Response(archive.body) : new Response(null, { status: 404 });
    }
    if (kind === 'object' && name) {
      const before = url.searchParams.get('before');
      return timeObject(env, name, url.searchParams.get('op') ?? 'history', before ? Number(before) : undefined, Number(url.searchParams.get('reps') ?? 1));
    }
    return new Response('not found', { status: 404 });
  },
} satisfies ExportedHandler<BenchEnv, PushJob>;
