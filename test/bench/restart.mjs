// Restart: M guests' sockets in one room while its manager writes steadily, then every socket
// dropped at once as a deploy drops them: the bench Worker's process is stopped and started again
// on the same state directory (the room comes back with its storage, as after a deploy). Each
// client comes back as the page does: the jittered back-off of app/core/roster.ts, then `join` with
// its lastSeq (a replay of what it missed), its frames folded by the page's own reducer. The
// writer's unacknowledged sends go again with their tempIds once it is back (the outbox). At the end
// every reader's messages, and the server's log, go through the zero-loss checker
// (test/support/zero-loss-checker.ts).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { joinFrame, openGuestSocket, partySocketUrl } from './clients.mjs';
import { percentile, pool, sleep } from './stats.mjs';

// Node 20 cannot import the TypeScript module: RECONNECT's numbers are read from it, and
// reconnectDelay below is its formula (app/core/roster.ts, reconnectDelay); keep them alike.
const ROSTER_SOURCE = readFileSync(new URL('../../app/core/roster.ts', import.meta.url), 'utf8');
const RECONNECT = Object.fromEntries(
  ['connectsPerSecond', 'minMs', 'maxMs'].map((name) => {
    const found = ROSTER_SOURCE.match(new RegExp(`RECONNECT = \\{[^}]*\\b${name}: ([\\d_]+)`));
    if (!found) throw new Error(`RECONNECT.${name} not found in app/core/roster.ts: restart.mjs reads it from there`);
    return [name, Number(found[1].replaceAll('_', ''))];
  }),
);

/** app/core/roster.ts reconnectDelay: full jitter over the exponential back-off plus the room's spread window. */
export function reconnectDelay(attempt, memberCount, random) {
  const backOff = Math.min(RECONNECT.maxMs, RECONNECT.minMs * 2 ** Math.max(0, attempt));
  const spread = (Math.max(0, memberCount) / RECONNECT.connectsPerSecond) * 1000;
  return Math.floor(random * (backOff + spread));
}

/**
 * One member's connection as the page keeps it: the page's own reducer (app/core/chat-state.ts
 * chatReducer, bundled with the zero-loss driver) folds every frame into its state, whose messages
 * are what the member sees; a change that leaves a gap makes it resync at once, as the page does
 * (needsResync → socket.reconnect()); every drop is followed by tries spaced by reconnectDelay, and
 * each join sends the state's lastSeq. Beside the state, the frames as they came: `early` counts
 * newMessage events a socket got before its welcome.
 */
class Member {
  constructor(name, headers, { target, chat, onWelcome, onEvent }) {
    Object.assign(this, { name, headers, target, chat, onWelcome, onEvent });
    this.state = chat.initialChatState;
    this.memberCount = 0;
    this.attempt = 0;
    this.ws = null;
    this.joined = false;
    this.stopped = false;
    this.welcomes = [];
    this.snapshots = 0;
    this.early = 0;
    this.resyncs = 0;
    this.retries = 0;
  }

  dispatch(action) {
    this.state = this.chat.chatReducer(this.state, action);
  }

  /** The first connection (before the measurement): resolves at the welcome. */
  async open() {
    this.dispatch({ type: 'connection', connection: 'open' });
    this.ws = await openGuestSocket(this.target(), this.partyId, this, { onFrame: (data) => this.frame(data), timeoutMs: 60_000 });
    this.watch(this.ws);
  }

  watch(ws) {
    ws.on('close', () => {
      if (this.ws !== ws) return;
      this.dropped();
      this.retry();
    });
    ws.on('error', () => {});
  }

  dropped() {
    this.ws = null;
    this.joined = false;
    this.dispatch({ type: 'connection', connection: 'closed' });
  }

  retry() {
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt++, this.memberCount, Math.random());
    setTimeout(() => this.reconnect(), delay);
  }

  reconnect() {
    if (this.stopped) return;
    this.retries++;
    const salon = this.target();
    // The Worker is not back yet: as a refused connection, a failed try.
    if (!salon) return this.retry();
    const ws = new WebSocket(partySocketUrl(salon, this.partyId), { headers: this.headers, perMessageDeflate: false, handshakeTimeout: 10_000 });
    this.ws = ws;
    ws.on('open', () => {
      this.dispatch({ type: 'connection', connection: 'open' });
      // As the page: the last applied seq, or nothing when the room asked for a reload.
      ws.send(joinFrame(this.state.needsResync === 'reload' ? null : this.state.lastSeq));
    });
    ws.on('message', (data) => this.ws === ws && this.frame(data));
    this.watch(ws);
  }

  frame(data) {
    const event = JSON.parse(data);
    this.dispatch({ type: 'server', event });
    for (const one of event.type === 'batch' ? event.events : [event]) {
      if (one.type === 'welcome') {
        if (one.mode === 'snapshot') this.snapshots++;
        this.memberCount = one.memberCount;
        this.attempt = 0;
        this.joined = true;
        this.welcomes.push(performance.now());
        this.onWelcome?.(this);
      } else if (one.type === 'newMessage') {
        // A room must not send a socket what its welcome has yet to bring.
        if (!this.joined) this.early++;
      } else if (one.type === 'presence') {
        this.memberCount = one.memberCount;
      }
      this.onEvent?.(this, one);
    }
    if (this.state.needsResync && this.ws) {
      this.resyncs++;
      const ws = this.ws;
      this.dropped();
      ws.terminate();
      this.reconnect();
    }
  }

  close() {
    this.stopped = true;
    try {
      this.ws?.terminate();
    } catch {
      // Already closed.
    }
  }
}

/** The manager writes one message every `intervalMs`; unacknowledged ones go again with their tempId after each welcome. */
function writer(member, history, intervalMs) {
  const pending = new Map();
  let n = 0;
  let timer = null;
  const send = (tempId, text) => {
    history.push({ type: 'invoke', client: 'writer', tempId, text });
    if (member.joined) member.ws.send(JSON.stringify({ type: 'sendMessage', tempId, messageType: 'text', message: text }));
  };
  member.onEvent = (_member, event) => {
    if (event.type !== 'ack' || !pending.has(event.tempId)) return;
    pending.delete(event.tempId);
    history.push({ type: 'ack', client: 'writer', tempId: event.tempId, id: event.message.id, seq: event.seq });
  };
  return {
    start() {
      timer = setInterval(() => {
        const tempId = randomUUID();
        const text = `Nachricht ${++n} an alle`;
        pending.set(tempId, text);
        send(tempId, text);
      }, intervalMs);
    },
    stop: () => clearInterval(timer),
    /** After a welcome: what was not acknowledged goes again, in order, with its tempId. */
    resend() {
      for (const [tempId, text] of pending) send(tempId, text);
    },
    pending,
    get written() {
      return n;
    },
  };
}

/** The most welcomes in any window of `windowMs`. */
function peak(times, windowMs) {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j] - sorted[i] >= windowMs) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

/** The party's log as the API pages it (newest page first, then older), oldest first. */
async function serverLog(salon, partyId, headers) {
  const pages = [];
  let before;
  for (;;) {
    const page = await salon.request(`/api/parties/${partyId}/chat${before === undefined ? '' : `?from=${before}`}`, { headers });
    pages.unshift(page.messages);
    if (!page.hasMore || page.messages.length === 0) break;
    before = page.messages[0].seq;
  }
  return pages.flat();
}

const CHECKED_VIEWS = 100;

const readOf = (message) => ({ id: message.id, seq: message.seq, sender: message.sender, tempId: message.tempId, message: message.message });

/**
 * `salon()` is the Worker to talk to now; `restartWorker()` stops it and starts it again on the same
 * state (resolving once it is back, `salon()` then the new one). `checkHistory` is the zero-loss checker.
 */
export async function restart({ salon, restartWorker, members, beforeMs, afterMs, intervalMs, timeoutMs = 180_000, checkHistory, chat }) {
  const first = salon();
  const { party, headers, userId } = await first.consultantParty('Bench restart');
  const guests = await first.joinGuestsInBulk(party.id, members);
  let up = true;
  const target = () => (up ? salon() : null);
  const history = [];
  let droppedAt = Number.POSITIVE_INFINITY;
  const resumed = new Set();
  const onWelcome = (member) => member.welcomes.at(-1) > droppedAt && resumed.add(member);
  const manager = new Member('writer', headers, { target, chat });
  const readers = guests.map((guest, index) => new Member(`guest${index + 1}`, guest.headers, { target, chat, onWelcome }));
  for (const member of [manager, ...readers]) member.partyId = party.id;
  await manager.open();
  await pool(readers, 24, (member) => member.open());
  const all = [manager, ...readers];
  // Join notices before the writer began are not part of what is checked: every view starts after them.
  const startSeq = manager.state.lastSeq ?? 0;
  await sleep(500);

  const write = writer(manager, history, intervalMs);
  manager.onWelcome = (member) => {
    onWelcome(member);
    write.resend();
  };
  write.start();
  await sleep(beforeMs);

  up = false;
  droppedAt = performance.now();
  // From here on a snapshot (instead of a replay) is a resume that lost its place.
  for (const member of all) [member.snapshots, member.early, member.resyncs] = [0, 0, 0];
  const written = write.written;
  await restartWorker();
  const backAt = performance.now();
  up = true;
  const deadline = backAt + timeoutMs;
  while (resumed.size < all.length && performance.now() < deadline) await sleep(50);
  const allResumedAt = performance.now();
  await sleep(afterMs);
  write.stop();
  // Everything written is acknowledged and has reached every reader (or the time is up).
  const settleBy = performance.now() + 30_000;
  const final = () => Math.max(...history.filter((e) => e.type === 'ack').map((e) => e.seq));
  while (performance.now() < settleBy && (write.pending.size > 0 || readers.some((r) => (r.state.lastSeq ?? 0) < final()))) await sleep(100);
  for (const member of all) member.close();

  const log = (await serverLog(salon(), party.id, headers)).filter((message) => message.seq > startSeq);
  // Identical views are one read for the checker (its comparison of reads is quadratic); each names its clients.
  const views = new Map();
  for (const reader of readers) {
    const view = reader.state.messages.filter((message) => message.seq > startSeq).map(readOf);
    const key = view.map((message) => `${message.id}:${message.seq}`).join(',');
    const same = views.get(key);
    if (same) same.clients.push(reader.name);
    else views.set(key, { view, clients: [reader.name] });
  }
  // Past CHECKED_VIEWS distinct views the checker would take minutes; the per-reader counts below still cover everyone.
  const reads = [...views.values()].slice(0, CHECKED_VIEWS).map(({ view, clients }) => ({
    type: 'read',
    client: clients.length > 1 ? `${clients[0]} and ${clients.length - 1} more` : clients[0],
    messages: view,
  }));
  const check = checkHistory({ members: { writer: userId }, events: [...history, ...reads, { type: 'read', client: 'server', messages: log.map(readOf) }] });

  // Per reader's page, in messages: acknowledged and missing, there twice, after a later seq.
  const acked = new Set(history.filter((e) => e.type === 'ack').map((e) => e.id));
  let lost = 0;
  let doubled = 0;
  let outOfOrder = 0;
  let readersWithAnomalies = 0;
  for (const reader of readers) {
    const view = reader.state.messages.filter((message) => message.seq > startSeq);
    const ids = new Set(view.map((message) => message.id));
    const missing = [...acked].filter((id) => !ids.has(id)).length;
    const twice = view.length - ids.size;
    const back = view.filter((message, at) => at > 0 && message.seq <= view[at - 1].seq).length;
    lost += missing;
    doubled += twice;
    outOfOrder += back;
    if (missing || twice || back) readersWithAnomalies++;
  }
  const resumedTimes = [...resumed].map((member) => member.welcomes.find((at) => at > droppedAt));
  const welcomesAfter = all.flatMap((member) => member.welcomes.filter((at) => at > droppedAt));
  return {
    members,
    sockets: all.length,
    writtenBefore: written,
    written: write.written,
    acked: acked.size,
    unacked: write.pending.size,
    logged: log.length,
    downMs: backAt - droppedAt,
    resumed: resumed.size,
    allResumedMs: resumed.size === all.length ? allResumedAt - droppedAt : Number.NaN,
    afterBackMs: resumed.size === all.length ? Math.max(...resumedTimes) - backAt : Number.NaN,
    firstBackMs: Math.min(...resumedTimes) - backAt,
    resumeP50Ms: percentile(
      resumedTimes.map((at) => at - backAt),
      50,
    ),
    peakPer100ms: peak(welcomesAfter, 100),
    peakPerSecond: peak(welcomesAfter, 1000),
    retries: all.reduce((sum, member) => sum + member.retries, 0),
    snapshots: all.reduce((sum, member) => sum + member.snapshots, 0),
    beforeWelcome: all.reduce((sum, member) => sum + member.early, 0),
    resyncs: all.reduce((sum, member) => sum + member.resyncs, 0),
    lost,
    doubled,
    outOfOrder,
    readersWithAnomalies,
    distinctViews: views.size,
    checkedViews: reads.length,
    checker: {
      ok: check.ok,
      anomalies: check.anomalies.length,
      kinds: [...new Set(check.anomalies.map((a) => a.kind))],
      first: check.anomalies.slice(0, 3).map((a) => a.detail),
    },
    reconnect: RECONNECT,
  };
}
