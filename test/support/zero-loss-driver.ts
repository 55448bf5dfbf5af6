import type { ChatState } from '../../app/core/chat-state';
import { chatReducer, initialChatState } from '../../app/core/chat-state';
import { markerOf } from '../../app/core/markers';
import type { ChatMessage, ClientEvent, ServerEvent } from '../../app/core/protocol';
import { PROTOCOL_VERSION } from '../../app/core/protocol';
import type { CheckResult, History, HistoryEvent, ReadMessage } from './zero-loss-checker';
import { checkHistory } from './zero-loss-checker';

/**
 * The zero-loss run: several clients of one party send many messages over real sockets while
 * their sockets are dropped at random (often right after a send, so the ack is lost), the party's
 * Durable Object is evicted, and some sends are repeated at once with the same tempId. Each client
 * behaves as the party page does (app/components/party/use-party-chat.ts): the reducer from
 * app/core/chat-state.ts, a join with the last applied seq, re-sending every unacknowledged
 * message after each welcome, a reconnect when the reducer sees a gap, and a retry (like a click
 * on the failed marker) when a send was rate limited. At the end every client's view, and the
 * server's own history, go to the checker (zero-loss-checker.ts).
 *
 * No Workers or Node globals: the transport is passed in, so the same driver runs inside workerd
 * (test/workers/zero-loss.test.ts: upgrades through the Worker's fetch handler, evictions by
 * abortAllDurableObjects) and against a served app. A bench (Node, against `npm start` or
 * test/bench's own server) imports it from TypeScript (tsx or vite-node) and supplies:
 *
 *   - participants: the manager first (a consultant's Bearer token, e.g. from a seeded session),
 *     then guests from `PUT /api/parties/:id/join` without an Origin header (the answer carries
 *     guestId and secretKey; send them as Basic credentials);
 *   - a transport: `connect` opens `ws://host/api/parties/:id/socket` with those headers (the
 *     `ws` package takes headers; a browser-like client would send cookies and an Origin),
 *     `page` is `GET /api/parties/:id/chat?from=`, and `evict` is left out;
 *
 *   const run = await runZeroLoss(transport, participants, zeroLossOptions(process.env));
 *   console.log(run.stats, run.result.ok ? 'ok' : describeAnomalies(run.result));
 *
 * Sizes come from ZERO_LOSS_* variables (see `zeroLossOptions`); the run's stats say how much
 * chaos there was. Reconnect delays default to tens of milliseconds; pass `reconnectDelayMs` as
 * the page's 1000–5000 for a realistic pace.
 */

/** Someone in the party. `credentials` is the transport's business (headers, a cookie …). */
export interface Participant<Credentials = unknown> {
  name: string;
  memberId: string;
  credentials: Credentials;
}

export interface WireHandlers {
  message(data: string): void;
  close(code: number): void;
}

/** An open socket. `close` must not throw. */
export interface Wire {
  send(frame: string): void;
  close(): void;
}

export interface ZeroLossTransport<Credentials = unknown> {
  /** Opens the party socket for a participant; null when the upgrade was refused or failed. */
  connect(participant: Participant<Credentials>, handlers: WireHandlers): Promise<Wire | null>;
  /** One page of history as the API gives it (`GET /parties/:id/chat?from=`). */
  page(participant: Participant<Credentials>, before?: number): Promise<{ messages: ChatMessage[]; hasMore: boolean; seq: number }>;
  /** Evicts the party's Durable Object; every socket closes. Absent where that is impossible. */
  evict?(): Promise<void>;
}

export interface ZeroLossOptions {
  messagesPerClient: number;
  /** Seeds every random choice, so a failing run can be repeated. */
  seed: number;
  /** Chance that the socket is dropped right after a send. */
  dropRate: number;
  /** Chance that a send is repeated at once with the same tempId. */
  repeatRate: number;
  /** Evictions of the Durable Object, spread over the run (ignored without `transport.evict`). */
  evictions: number;
  /** Messages a client has in flight at once (the page sends one at a time; the app may not). */
  window: number;
  /** A reconnect waits a random time in this range (the page: 1–5 s; tests go faster). */
  reconnectDelayMs: [number, number];
  /** Wait before retrying a rate-limited send. */
  retryDelayMs: number;
  /** The whole run, including convergence, must finish in this time. */
  timeoutMs: number;
}

export const DEFAULT_ZERO_LOSS_OPTIONS: ZeroLossOptions = {
  messagesPerClient: 40,
  seed: 1,
  dropRate: 0.1,
  repeatRate: 0.15,
  evictions: 3,
  window: 3,
  reconnectDelayMs: [5, 40],
  retryDelayMs: 250,
  timeoutMs: 20_000,
};

/**
 * Options from environment variables, over the defaults (and `overrides`): ZERO_LOSS_MESSAGES,
 * ZERO_LOSS_SEED, ZERO_LOSS_DROP_RATE, ZERO_LOSS_REPEAT_RATE, ZERO_LOSS_EVICTIONS,
 * ZERO_LOSS_WINDOW, ZERO_LOSS_TIMEOUT_MS. (ZERO_LOSS_GUESTS, the number of guests, is read by
 * whoever creates the participants.)
 */
export function zeroLossOptions(variables: Record<string, string | undefined>, overrides: Partial<ZeroLossOptions> = {}): ZeroLossOptions {
  const number = (name: string) => {
    const value = variables[name];
    if (value === undefined || value === '') return undefined;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, not ${JSON.stringify(value)}`);
    return parsed;
  };
  const fromEnv: Partial<ZeroLossOptions> = {
    messagesPerClient: number('ZERO_LOSS_MESSAGES'),
    seed: number('ZERO_LOSS_SEED'),
    dropRate: number('ZERO_LOSS_DROP_RATE'),
    repeatRate: number('ZERO_LOSS_REPEAT_RATE'),
    evictions: number('ZERO_LOSS_EVICTIONS'),
    window: number('ZERO_LOSS_WINDOW'),
    timeoutMs: number('ZERO_LOSS_TIMEOUT_MS'),
  };
  const defined = Object.fromEntries(Object.entries(fromEnv).filter(([, value]) => value !== undefined));
  return { ...DEFAULT_ZERO_LOSS_OPTIONS, ...overrides, ...defined };
}

export interface ZeroLossRun {
  history: History;
  result: CheckResult;
  /** tempIds that were never acknowledged (the run timed out before they were). */
  unacked: string[];
  /** Clients whose view never caught up with the server's seq. */
  behind: string[];
  stats: {
    clients: number;
    messages: number;
    invocations: number;
    drops: number;
    repeats: number;
    evictions: number;
    reconnects: number;
    rateLimited: number;
    ms: number;
  };
}

/** mulberry32: small, fast and good enough to drive chaos reproducibly. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random UUID (v4 shape) from the seeded generator, so runs repeat exactly. */
function uuidFrom(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(next() * 4)]!;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Shared {
  options: ZeroLossOptions;
  next: () => number;
  record(event: HistoryEvent): void;
  /** Called with every ack, as it arrives: evictions are timed by progress. */
  acked(tempId: string): void;
  stats: ZeroLossRun['stats'];
  stopped: boolean;
}

/** One party page: the reducer, a socket that comes and goes, and the duties around them. */
class ChaosClient<Credentials> {
  state: ChatState = initialChatState;
  private readonly texts: string[];
  private wire: Wire | null = null;
  /** Bumped on every new socket: events from an older one are ignored, as if never received. */
  private generation = 0;
  private connecting = false;

  constructor(
    readonly participant: Participant<Credentials>,
    private readonly transport: ZeroLossTransport<Credentials>,
    private readonly shared: Shared,
  ) {
    this.texts = Array.from({ length: shared.options.messagesPerClient }, (_, n) => `${participant.name} #${n + 1}`);
  }

  get done(): boolean {
    return this.texts.length === 0 && this.state.pending.length === 0;
  }

  start(): void {
    void this.connect();
  }

  /** Drops the socket as a flaky network would; the client notices and reconnects. */
  drop(): void {
    if (!this.wire) return;
    this.shared.stats.drops++;
    this.lost();
  }

  stop(): void {
    this.generation++;
    this.wire?.close();
    this.wire = null;
  }

  private async connect(): Promise<void> {
    if (this.connecting || this.shared.stopped) return;
    this.connecting = true;
    const generation = ++this.generation;
    const wire = await this.transport
      .connect(this.participant, {
        message: (data) => {
          if (generation === this.generation) this.onMessage(data);
        },
        close: () => {
          if (generation === this.generation) this.lost();
        },
      })
      .catch(() => null);
    this.connecting = false;
    if (generation !== this.generation) {
      wire?.close();
      return;
    }
    if (!wire) {
      this.reconnectLater();
      return;
    }
    this.wire = wire;
    this.dispatchConnection('open');
    // As the page: the last applied seq, or nothing when the room asked for a reload.
    const lastSeq = this.state.needsResync === 'reload' ? null : this.state.lastSeq;
    this.sendFrame({ type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq, batch: true });
  }

  private lost(): void {
    this.generation++;
    this.wire?.close();
    this.wire = null;
    this.dispatchConnection('closed');
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.shared.stopped) return;
    const [min, max] = this.shared.options.reconnectDelayMs;
    this.shared.stats.reconnects++;
    setTimeout(() => void this.connect(), min + this.shared.next() * (max - min));
  }

  private dispatchConnection(connection: 'open' | 'closed'): void {
    this.state = chatReducer(this.state, { type: 'connection', connection });
  }

  private sendFrame(event: ClientEvent): boolean {
    if (!this.wire) return false;
    try {
      this.wire.send(JSON.stringify(event));
      return true;
    } catch {
      this.lost();
      return false;
    }
  }

  private sendPending(tempId: string): void {
    const pending = this.state.pending.find((p) => p.tempId === tempId);
    if (!pending || !this.state.ready) return;
    this.shared.record({ type: 'invoke', client: this.participant.name, tempId, text: pending.message });
    this.shared.stats.invocations++;
    this.sendFrame({ type: 'sendMessage', tempId, messageType: pending.messageType, message: pending.message, replyingTo: pending.replyingTo });
  }

  private onMessage(data: string): void {
    const frame = JSON.parse(data) as ServerEvent;
    // A busy room sends several events in one `batch` frame: the reducer applies it whole, as the
    // page renders it once; the duties below look at each event inside.
    const events = frame.type === 'batch' ? frame.events : [frame];
    const wasReady = this.state.ready;
    const before = this.state;
    this.state = chatReducer(this.state, { type: 'server', event: frame });
    const name = this.participant.name;
    const acks = new Set<string>();
    for (const event of events) {
      if (event.type !== 'ack') continue;
      acks.add(event.tempId);
      this.shared.record({ type: 'ack', client: name, tempId: event.tempId, id: event.message.id, seq: event.seq });
      this.shared.acked(event.tempId);
    }
    // A send whose ack was lost with its socket is confirmed when the message itself arrives
    // (in a replay or a snapshot): the page then shows it as sent, so it counts as acknowledged.
    for (const gone of before.pending) {
      if (acks.has(gone.tempId)) continue;
      if (this.state.pending.some((p) => p.tempId === gone.tempId)) continue;
      const message = this.state.messages.find((m) => m.tempId === gone.tempId && m.sender === this.participant.memberId);
      if (!message) continue;
      this.shared.record({ type: 'ack', client: name, tempId: gone.tempId, id: message.id, seq: message.seq });
      this.shared.acked(gone.tempId);
    }
    for (const event of events) {
      if (event.type !== 'error' || !event.tempId) continue;
      this.shared.record({ type: 'refused', client: name, tempId: event.tempId, code: event.code });
      if (event.code === 'rateLimited') {
        this.shared.stats.rateLimited++;
        const tempId = event.tempId;
        setTimeout(() => {
          if (!this.state.pending.some((p) => p.tempId === tempId && p.status === 'failed')) return;
          this.state = chatReducer(this.state, { type: 'retry', tempId });
          this.sendPending(tempId);
        }, this.shared.options.retryDelayMs);
      }
    }
    // After every (re)join, send again whatever was never acknowledged.
    if (!wasReady && this.state.ready) {
      for (const pending of this.state.pending) if (pending.status === 'sending') this.sendPending(pending.tempId);
    }
    if (this.state.needsResync) {
      this.lost();
      return;
    }
    this.pump();
  }

  /** Queues new messages while fewer than `window` are in flight. */
  pump(): void {
    const { options, next, stats } = this.shared;
    while (this.wire && this.state.ready && this.texts.length > 0 && this.state.pending.length < options.window) {
      const text = this.texts.shift()!;
      const tempId = uuidFrom(next);
      this.state = chatReducer(this.state, { type: 'queued', tempId, message: text, at: Date.now() });
      this.sendPending(tempId);
      if (next() < options.repeatRate) {
        stats.repeats++;
        this.sendPending(tempId);
      }
      if (next() < options.dropRate) {
        this.drop();
        return;
      }
    }
  }

  /** Loads older pages until the view holds the whole log, as scrolling to the top would. */
  async loadAll(): Promise<void> {
    while (this.state.hasMore && this.state.messages[0]) {
      const page = await this.transport.page(this.participant, this.state.messages[0].seq);
      this.state = chatReducer(this.state, { type: 'olderLoaded', messages: page.messages, hasMore: page.hasMore });
    }
  }
}

/** What a view holds of the list: the messages people sent (notices such as "joined" are the room's). */
const toRead = (messages: ChatMessage[]): ReadMessage[] =>
  messages.filter((m) => !markerOf(m)).map((m) => ({ id: m.id, seq: m.seq, sender: m.sender, tempId: m.tempId, message: m.message }));

/** The server's whole log, through the API, oldest first. */
async function serverLog<C>(transport: ZeroLossTransport<C>, reader: Participant<C>): Promise<{ messages: ChatMessage[]; seq: number }> {
  let page = await transport.page(reader);
  const seq = page.seq;
  let messages = page.messages;
  while (page.hasMore && messages[0]) {
    page = await transport.page(reader, messages[0].seq);
    messages = [...page.messages, ...messages];
  }
  return { messages, seq };
}

/**
 * Runs the clients until every message is acknowledged and every view has caught up with the
 * server (or the time is up), then checks the history. The first participant also reads the
 * server's log; use the manager (a member who can read the whole history).
 */
export async function runZeroLoss<C>(transport: ZeroLossTransport<C>, participants: Participant<C>[], options: ZeroLossOptions): Promise<ZeroLossRun> {
  const started = Date.now();
  const events: HistoryEvent[] = [];
  const stats: ZeroLossRun['stats'] = {
    clients: participants.length,
    messages: participants.length * options.messagesPerClient,
    invocations: 0,
    drops: 0,
    repeats: 0,
    evictions: 0,
    reconnects: 0,
    rateLimited: 0,
    ms: 0,
  };
  // Evictions at even steps of progress, counted in distinct acked messages, fired the moment the
  // step is reached: mid-run, however fast or slow the run is.
  const evictions = transport.evict ? options.evictions : 0;
  const thresholds = Array.from({ length: evictions }, (_, n) => Math.max(1, Math.floor(((n + 1) * stats.messages) / (evictions + 1))));
  const ackedTempIds = new Set<string>();
  let evicting: Promise<void> = Promise.resolve();
  const shared: Shared = {
    options,
    next: random(options.seed),
    record: (event) => events.push(event),
    acked: (tempId) => {
      ackedTempIds.add(tempId);
      if (thresholds.length === 0 || ackedTempIds.size < thresholds[0]!) return;
      thresholds.shift();
      stats.evictions++;
      evicting = evicting.then(() => transport.evict!());
    },
    stats,
    stopped: false,
  };
  const clients = participants.map((participant) => new ChaosClient(participant, transport, shared));
  const deadline = started + options.timeoutMs;

  for (const client of clients) client.start();
  while (!clients.every((client) => client.done) && Date.now() < deadline) {
    for (const client of clients) client.pump();
    await sleep(5);
  }
  await evicting;

  // Convergence: every view reaches the server's latest seq.
  const server = participants[0]!;
  let latest = (await transport.page(server)).seq;
  while (Date.now() < deadline && clients.some((client) => !client.state.ready || client.state.lastSeq !== latest)) {
    await sleep(10);
    latest = (await transport.page(server)).seq;
  }
  shared.stopped = true;
  const behind = clients.filter((client) => client.state.lastSeq !== latest).map((client) => client.participant.name);
  for (const client of clients) {
    client.stop();
    await client.loadAll();
    events.push({ type: 'read', client: client.participant.name, messages: toRead(client.state.messages) });
  }
  events.push({ type: 'read', client: 'server', messages: toRead((await serverLog(transport, server)).messages) });

  const unacked = clients.flatMap((client) => client.state.pending.map((p) => p.tempId));
  const history: History = { members: Object.fromEntries(participants.map((p) => [p.name, p.memberId])), events };
  stats.ms = Date.now() - started;
  return { history, result: checkHistory(history), unacked, behind, stats };
}
