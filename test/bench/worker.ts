import { DurableObject } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import type { Connection, WSMessage } from 'partyserver';
import { Server, getServerByName } from 'partyserver';
import { LIMITS } from '../../app/core/limits';
import type { Member } from '../../app/core/protocol';
import type { PushJob } from '../../app/core/push';
import type { Outcome, RoomFacts, SendInput } from '../../durable-objects/contract';
import { anonymous } from '../../worker/auth/identity';
import { createSession } from '../../worker/auth/sessions';
import { database } from '../../worker/db/client';
import { profiles, pushWindows, users } from '../../worker/db/schema';
import type { Env } from '../../worker/env';
import production, { PartyRoom as ProductionRoom } from '../../worker/index';
import { findParty, joinParty, managerMember, room, roomFacts } from '../../worker/services/parties';

/**
 * The bench Worker (`npm run bench` only, never deployed): the production Worker and PartyRoom
 * unchanged, beside two reference rooms in the same workerd, plus a few helpers under /bench/.
 *
 * The per-member send limit (LIMITS.sendBurst / sendPerSecond, a product rule against spam) is
 * lifted here so that one sender can load a room; the limiter still runs on every message.
 */
Object.assign(LIMITS as { sendBurst: number; sendPerSecond: number }, { sendBurst: 1e9, sendPerSecond: 1e9 });

/**
 * The production PartyRoom with one bench-only method: `benchEvict` resets the object as an
 * eviction does (every socket closes, memory is gone, storage stays), for the zero-loss run.
 */
export class PartyRoom extends ProductionRoom {
  async benchEvict(): Promise<void> {
    this.ctx.abort('bench: evicted');
  }
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
  const db = database(env.DB);
  const userId = crypto.randomUUID();
  const now = Date.now();
  await db.insert(users).values({
    id: userId,
    oidcIssuer: 'https://issuer.bench',
    oidcSub: userId,
    email: `${userId}@salon.bench`,
    firstName: 'Bea',
    lastName: 'Bench',
    createdAt: now,
  });
  await db.insert(profiles).values({ id: crypto.randomUUID(), userId, firstName: 'Bea', lastName: 'Bench', createdAt: now });
  const tokens = await createSession(db, userId, null);
  return Response.json({ userId, accessToken: tokens.accessToken });
}

/** Per party, read once from D1: its manager and facts, as the API would hand them to its room. */
const managers = new Map<string, { member: Member; facts: RoomFacts }>();

async function managerCall(env: Env, partyId: string) {
  let manager = managers.get(partyId);
  if (!manager) {
    const db = database(env.DB);
    const party = await findParty(db, partyId);
    manager = { member: await managerMember(db, party), facts: roomFacts(party) };
    managers.set(partyId, manager);
  }
  // A stub belongs to the request that made it.
  return { ...manager, stub: room(env, partyId) };
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
    const { member, credentials } = await joinParty(env, db, partyId, identity, { firstName: 'Gast', lastName: `Nummer ${from + i}` }, 'bench');
    guests.push({ guestId: member.id, secretKey: credentials!.secretKey });
  }
  return Response.json(guests);
}

/** Evicts a party's room; the call itself fails, as the object it reached is gone. */
async function evict(env: Env, partyId: string): Promise<Response> {
  const stub = room(env, partyId) as unknown as DurableObjectStub<PartyRoom>;
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
    if (prefix !== 'bench') return production.fetch(request, env, ctx);
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
