// Clients for the three rooms the bench compares, all over real loopback WebSockets (the `ws`
// package) and real HTTP:
//   ours  the production path: a guest joined with PUT /api/parties/:id/join, its socket opened
//         at /api/parties/:id/socket with Basic credentials, `join`, then `sendMessage` frames
//   raw   RawRoom (bench worker): every frame echoed to every socket
//   peer  PeerRoom (bench worker): a partyserver chat room
//   rawstore, rawbatch  (profile.mjs) raw, plus one SQLite INSERT per frame
import { readFileSync } from 'node:fs';
import http from 'node:http';
import WebSocket from 'ws';
import { pool } from './stats.mjs';

// Node 20 cannot import the TypeScript protocol module; read its version number instead.
const PROTOCOL_VERSION = Number(readFileSync(new URL('../../app/core/protocol-version.ts', import.meta.url), 'utf8').match(/PROTOCOL_VERSION = (\d+)/)[1]);

/** A line of typical chat length, the same in every variant. */
export const TEXT = 'Hallo zusammen! Das neue Serum kam gestern an und ich bin wirklich begeistert.';

async function requestWithFetch(url, init) {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text() };
}

function requestOnOwnConnection(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A guest's id and secret as the join answers them, with the Basic header the app sends, and the
 * join's socket ticket when it gave one (ADR 047; `openGuestSocket` uses it once, as the app does).
 */
function guestCredentials({ guestId, secretKey, socketTicket }) {
  return { guestId, secretKey, headers: { Authorization: `Basic ${Buffer.from(`${guestId}:${secretKey}`).toString('base64')}` }, socketTicket };
}

/** Real HTTP calls to the Worker. */
export class Salon {
  constructor(base) {
    this.base = base;
    this.wsBase = base.replace(/^http/, 'ws');
  }

  /**
   * One HTTP call. `ownConnection` opens a connection for this request alone, as a separate device
   * would; otherwise Node's fetch reuses kept-alive connections across callers. Reusing them in a
   * join storm is not what 500 phones do, and it fails in a way they never see: while workerd's one
   * thread is busy for seconds it closes connections that wait for a next request (its pipeline
   * timeout), racing the request the client has just sent on one (ECONNRESET, "other side closed").
   */
  async request(path, { method = 'GET', headers = {}, body, ownConnection = false } = {}) {
    const init = {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    let status;
    let text;
    try {
      ({ status, text } = await (ownConnection ? requestOnOwnConnection : requestWithFetch)(`${this.base}${path}`, init));
    } catch (error) {
      // undici says only "fetch failed"; the reason is in its cause.
      throw new Error(`${method} ${path}: ${error.cause?.code ?? error.cause?.message ?? error.code ?? error.message}`);
    }
    if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /** A consultant session (bench-only shortcut for the OIDC sign-in) and a party of theirs. */
  async consultantParty(title) {
    const { userId, accessToken } = await this.request('/bench/consultant', { method: 'POST' });
    const headers = { Authorization: `Bearer ${accessToken}` };
    const party = await this.request('/api/parties', { method: 'POST', headers, body: { title } });
    return { party, headers, userId };
  }

  /** A new guest joins through the API; the app (no Origin) gets its secret for Basic auth. */
  async joinGuest(partyId, index) {
    const body = await this.request(`/api/parties/${partyId}/join`, {
      method: 'PUT',
      body: { firstName: 'Gast', lastName: `Nummer ${index}` },
      ownConnection: true,
    });
    return guestCredentials(body);
  }

  /**
   * `count` new guests of a party, made by the bench Worker through the production join
   * (`/bench/guests/`, worker.ts) in requests of `chunk`, `concurrency` at a time: for rooms of
   * thousands, where a request per guest would take minutes.
   */
  async joinGuestsInBulk(partyId, count, { chunk = 250, concurrency = 3 } = {}) {
    const starts = Array.from({ length: Math.ceil(count / chunk) }, (_, i) => i * chunk);
    const parts = await pool(starts, concurrency, (from) =>
      // Each on its own connection: a kept-alive one can be closed under the request by a busy workerd (see request).
      this.request(`/bench/guests/${partyId}?count=${Math.min(chunk, count - from)}&from=${from}`, { method: 'POST', ownConnection: true }),
    );
    return parts.flat().map(guestCredentials);
  }

  async joinGuests(partyId, count, concurrency = 16) {
    return pool(
      Array.from({ length: count }, (_, i) => i),
      concurrency,
      (i) => this.joinGuest(partyId, i),
    );
  }
}

/**
 * Opens a socket; resolves once a frame passes `firstFrame.ready` (after sending `firstFrame.send`
 * on open), or on open when there is no test.
 */
export function openSocket(url, { headers = {}, deflate = false, firstFrame = null, onFrame, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: deflate });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`socket not ready within ${timeoutMs} ms: ${url}`));
    }, timeoutMs);
    let ready = false;
    const done = () => {
      ready = true;
      clearTimeout(timer);
      resolve(ws);
    };
    ws.on('open', () => {
      if (!firstFrame) done();
      else if (firstFrame.send) ws.send(firstFrame.send);
    });
    ws.on('message', (data) => {
      if (!ready && firstFrame?.ready(data)) done();
      onFrame?.(data);
    });
    ws.on('unexpected-response', (_request, response) => {
      clearTimeout(timer);
      reject(new Error(`socket refused: ${response.statusCode} ${url}`));
    });
    ws.on('error', (error) => {
      clearTimeout(timer);
      if (!ready) reject(error);
    });
  });
}

export function closeAll(sockets) {
  return Promise.all(
    sockets.map(
      (ws) =>
        new Promise((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          const timer = setTimeout(() => {
            ws.terminate();
            resolve();
          }, 5000);
          ws.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          ws.close(1000, 'bench done');
        }),
    ),
  );
}

const NONE = Object.freeze([]);

/** Reads the 36-character id that follows `marker` in a frame, without parsing the JSON. */
function idAfter(data, marker) {
  const at = data.indexOf(marker);
  return at < 0 ? NONE : [data.toString('latin1', at + marker.length, at + marker.length + 36)];
}

const NEW_MESSAGE = '{"type":"newMessage"';
const BATCH = '{"type":"batch"';
const WELCOME = '{"type":"welcome"';
const TEMP_ID = '"tempId":';
/** A newMessage's tempId follows its seq and the message's id and seq (protocol.ts, messages.ts). */
const TEMP_ID_WITHIN = 160;
const QUOTE = 0x22;

/**
 * The tempIds of the `newMessage` events in a frame of ours, in order: a frame is one event, or a
 * `batch` of several (a busy room sends each socket's events together; protocol.ts). Read without
 * parsing the JSON, as a receiver of a large room must not pay for a parse per frame here. A
 * message without a tempId (a notice, `"tempId":null`) has none.
 */
function newMessageIds(data) {
  const single = data.indexOf(NEW_MESSAGE) === 0;
  if (!single && data.indexOf(BATCH) !== 0) return NONE;
  const ids = [];
  for (let at = single ? 0 : data.indexOf(NEW_MESSAGE); at >= 0; at = single ? -1 : data.indexOf(NEW_MESSAGE, at + NEW_MESSAGE.length)) {
    const key = data.indexOf(TEMP_ID, at);
    const value = key + TEMP_ID.length;
    if (key >= 0 && key - at < TEMP_ID_WITHIN && data[value] === QUOTE) ids.push(data.toString('latin1', value + 1, value + 37));
  }
  return ids;
}

/** The events of a frame of ours, in order: a `batch` frame's events, or the frame's one event. */
export function eventsOf(data) {
  const event = JSON.parse(data);
  return event.type === 'batch' ? event.events : [event];
}

/** A frame of ours that is, or holds, the welcome (a busy room may send it inside a batch). */
const holdsWelcome = (data) => data.indexOf(WELCOME) === 0 || (data.indexOf(BATCH) === 0 && data.indexOf(WELCOME) > 0);

/**
 * The `join` frame the page sends (app/components/party/use-party-chat.ts): it applies `batch`
 * frames; with `lastSeq` it resumes from there (a replay of what it missed).
 */
export const joinFrame = (lastSeq = null) => JSON.stringify({ type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq, batch: true });

/** The socket address of a party, for a member's credentials (`headers`), with a socket ticket if given. */
export const partySocketUrl = (salon, partyId, ticket) =>
  `${salon.wsBase}/api/parties/${partyId}/socket${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`;

/**
 * A member's socket on the production path (a guest's Basic or a manager's Bearer), ready once its
 * welcome has arrived. A guest's socket ticket from her join is used once, as the page uses its own.
 */
export function openGuestSocket(salon, partyId, guest, options) {
  const ticket = guest.socketTicket;
  guest.socketTicket = undefined;
  return openSocket(partySocketUrl(salon, partyId, ticket), {
    ...options,
    headers: guest.headers,
    firstFrame: { send: joinFrame(), ready: holdsWelcome },
  });
}

/**
 * The three rooms, each with: `room(name, members)` to prepare a room for that many sockets,
 * `open(room, index, onFrame)` to connect member `index` until it is ready to chat, `frame(id)` the
 * chat frame to send and `idsOf(data)` the ids of the chat messages a received frame carries
 * (empty for anything else; ours may carry several in one `batch`).
 */
export function variants(salon, { deflate }) {
  const ours = {
    name: 'ours',
    parties: new Map(),
    /** One party per name; its guests are joined once and reused across rounds. */
    async room(name, members) {
      let room = this.parties.get(name);
      if (!room) {
        const { party } = await salon.consultantParty(`Bench ${name}`);
        room = { partyId: party.id, guests: [] };
        this.parties.set(name, room);
      }
      if (room.guests.length < members) {
        // Preparing a room is not what is measured: the guests join in bulk (the production join, no HTTP each).
        const more = await salon.joinGuestsInBulk(room.partyId, members - room.guests.length);
        room.guests.push(...more);
      }
      return room;
    },
    open(room, index, onFrame) {
      return openGuestSocket(salon, room.partyId, room.guests[index], { deflate, onFrame });
    },
    frame: (id) => JSON.stringify({ type: 'sendMessage', tempId: id, messageType: 'text', message: TEXT }),
    idsOf: newMessageIds,
  };
  const raw = {
    name: 'raw',
    async room(name) {
      return { name };
    },
    open(room, _index, onFrame) {
      return openSocket(`${salon.wsBase}/bench/raw/${room.name}`, { deflate, onFrame });
    },
    // The same bytes as ours, so frame sizes match on the way in.
    frame: ours.frame,
    idsOf: (data) => idAfter(data, '"tempId":"'),
  };
  // profile.mjs only: raw plus one SQLite INSERT per frame (one transaction each, or one for the
  // frames that arrive together), to price a durable write alone.
  const stored = (kind) => ({
    ...raw,
    name: kind,
    open(room, _index, onFrame) {
      return openSocket(`${salon.wsBase}/bench/${kind}/${room.name}`, { deflate, onFrame });
    },
  });
  const rawstore = stored('rawstore');
  const rawbatch = stored('rawbatch');
  const peer = {
    name: 'peer',
    async room(name) {
      return { name };
    },
    open(room, _index, onFrame) {
      return openSocket(`${salon.wsBase}/bench/peer/${room.name}`, { deflate, firstFrame: { ready: (data) => data.indexOf('{"type":"all"') === 0 }, onFrame });
    },
    frame: (id) => JSON.stringify({ id, user: 'Gast Nummer 0', content: TEXT }),
    idsOf: (data) => (data.indexOf('{"type":"add"') === 0 ? idAfter(data, '"id":"') : NONE),
  };
  return { ours, raw, rawstore, rawbatch, peer };
}

/**
 * Connects `count` members of a room (index 0 first, then the rest `concurrency` at a time);
 * every frame goes to `onFrame(index, data)`.
 */
export async function connectRoom(variant, room, count, onFrame, concurrency = 24) {
  const indexes = Array.from({ length: count }, (_, i) => i);
  return pool(indexes, concurrency, (index) => variant.open(room, index, (data) => onFrame(index, data)));
}

/**
 * Waits until no frame has arrived for `quietMs` (presence storms after a mass connect). The
 * default outlasts a large room's wait before its guests hear the counts (ROSTER.guestCountsMs,
 * 1 s): a shorter quiet started the measuring before the last counts frame went to every socket.
 */
export async function settle(lastFrameAt, quietMs = 1200, maxMs = 20_000) {
  const end = performance.now() + maxMs;
  while (performance.now() < end && performance.now() - lastFrameAt() < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
