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
    return {
      guestId: body.guestId,
      secretKey: body.secretKey,
      headers: { Authorization: `Basic ${Buffer.from(`${body.guestId}:${body.secretKey}`).toString('base64')}` },
    };
  }

  async joinGuests(partyId, count, concurrency = 16) {
    return pool(
      Array.from({ length: count }, (_, i) => i),
      concurrency,
      (i) => this.joinGuest(partyId, i),
    );
  }
}

/** Opens a socket; resolves once `ready(frame)` says so (or on open when there is no test). */
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
      if (!ready && firstFrame && data.indexOf(firstFrame.expect) === 0) done();
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

/** Reads the 36-character id that follows `marker` in a frame, without parsing the JSON. */
function idAfter(data, marker) {
  const at = data.indexOf(marker);
  return at < 0 ? null : data.toString('latin1', at + marker.length, at + marker.length + 36);
}

const JOIN_FRAME = JSON.stringify({ type: 'join', protocolVersion: PROTOCOL_VERSION });

/** A guest's socket on the production path, ready once its welcome has arrived. */
export function openGuestSocket(salon, partyId, guest, options) {
  return openSocket(`${salon.wsBase}/api/parties/${partyId}/socket`, {
    ...options,
    headers: guest.headers,
    firstFrame: { send: JOIN_FRAME, expect: '{"type":"welcome"' },
  });
}

/**
 * The three rooms, each with: `room(name, members)` to prepare a room for that many sockets,
 * `open(room, index, onFrame)` to connect member `index` until it is ready to chat, `frame(id)` the
 * chat frame to send and `idOf(data)` the id of a received chat frame (null for anything else).
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
        const more = await salon.joinGuests(room.partyId, members - room.guests.length);
        room.guests.push(...more);
      }
      return room;
    },
    open(room, index, onFrame) {
      return openGuestSocket(salon, room.partyId, room.guests[index], { deflate, onFrame });
    },
    frame: (id) => JSON.stringify({ type: 'sendMessage', tempId: id, messageType: 'text', message: TEXT }),
    idOf: (data) => (data.indexOf('{"type":"newMessage"') === 0 ? idAfter(data, '"tempId":"') : null),
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
    idOf: (data) => idAfter(data, '"tempId":"'),
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
      return openSocket(`${salon.wsBase}/bench/peer/${room.name}`, { deflate, firstFrame: { expect: '{"type":"all"' }, onFrame });
    },
    frame: (id) => JSON.stringify({ id, user: 'Gast Nummer 0', content: TEXT }),
    idOf: (data) => (data.indexOf('{"type":"add"') === 0 ? idAfter(data, '"id":"') : null),
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

/** Waits until no frame has arrived for `quietMs` (presence storms after a mass connect). */
export async function settle(lastFrameAt, quietMs = 300, maxMs = 20_000) {
  const end = performance.now() + maxMs;
  while (performance.now() < end && performance.now() - lastFrameAt() < quietMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
