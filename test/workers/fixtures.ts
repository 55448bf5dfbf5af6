import { SELF, abortAllDurableObjects, createExecutionContext, env, runInDurableObject } from 'cloudflare:test';
import { expect } from 'vitest';
import type { GuestAccount, GuestSignIn } from '../../app/core/guest-account';
import { markerOf } from '../../app/core/markers';
import type { PartyRoom } from '../../durable-objects/party-room';
import type { PresenceEvent, ServerEvent } from '../../app/core/protocol';
import { PONG_FRAME, PROTOCOL_VERSION } from '../../app/core/protocol';
import { shortId } from '../../worker/auth/crypto';
import { createSession } from '../../worker/auth/sessions';
import { database } from '../../worker/db/client';
import { profiles, users } from '../../worker/db/schema';
import { jurisdictionSetting } from '../../app/core/data-location';
import type { RoomPlace } from '../../worker/services/room-place';
import { room } from '../../worker/services/room-place';
import { PICTURES } from '../fixtures/images';
import type { ZeroLossTransport } from '../support/zero-loss-driver';

/**
 * Test fixtures that go through the real Worker (SELF) with real D1 and Durable Objects. Only a
 * consultant's sign-in is shortened: the user and session are created with the same functions
 * the OIDC callback uses (the provider itself is covered by the browser tests).
 */
export const ORIGIN = 'https://salon.test';

export interface Consultant {
  userId: string;
  profileIds: string[];
  accessToken: string;
  refreshToken: string;
  headers: Record<string, string>;
}

export async function createConsultant(options: { profiles?: number; name?: string } = {}): Promise<Consultant> {
  const db = database(env.DB);
  const userId = crypto.randomUUID();
  const now = Date.now();
  const name = options.name ?? 'Anna';
  await db.insert(users).values({
    id: userId,
    oidcIssuer: 'https://issuer.test',
    oidcSub: userId,
    email: `${userId}@salon.test`,
    firstName: name,
    lastName: 'Berater',
    createdAt: now,
  });
  const profileIds: string[] = [];
  for (let i = 0; i < (options.profiles ?? 1); i++) {
    const id = crypto.randomUUID();
    profileIds.push(id);
    await db.insert(profiles).values({ id, userId, shortId: shortId(), firstName: `${name}${i || ''}`, lastName: 'Berater', createdAt: now + i });
  }
  const tokens = await createSession(db, userId, null);
  return { userId, profileIds, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, headers: { Authorization: `Bearer ${tokens.accessToken}` } };
}

export interface Guest {
  guestId: string;
  secretKey: string;
  headers: Record<string, string>;
}

export function basic(guestId: string, secretKey: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${guestId}:${secretKey}`)}` };
}

export async function api(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

/**
 * Where the room of a party made in a test lives: the tests' DATA_JURISDICTION (wrangler.toml, as
 * every party made here gets it, ADR 050); the location hint does not change which object it is.
 */
export function roomPlace(partyId: string): RoomPlace {
  return { id: partyId, roomJurisdiction: jurisdictionSetting(env.DATA_JURISDICTION), roomLocation: null };
}

/** The room of a party made in a test, as the Worker reaches it (worker/services/room-place.ts). */
export function partyRoom(partyId: string): DurableObjectStub<PartyRoom> {
  return room(env, roomPlace(partyId)) as unknown as DurableObjectStub<PartyRoom>;
}

/** A refused API call: the status, the one error shape, and no prose or stack trace in the body. */
export async function expectError(response: Response, status: number, code: string): Promise<void> {
  const text = await response.text();
  expect(text, 'no stack trace in an error body').not.toMatch(/Error:| at /);
  expect({ status: response.status, body: JSON.parse(text) }).toEqual({ status, body: { error: { code } } });
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface PartyRecord {
  id: string;
  shortId: string;
  [key: string]: unknown;
}

export async function createParty(consultant: Consultant, body: Record<string, unknown> = {}): Promise<PartyRecord> {
  const response = await api('/parties', { method: 'POST', headers: consultant.headers, body: { title: 'Wellness-Party', ...body } });
  if (response.status !== 201) throw new Error(`createParty: ${response.status} ${await response.text()}`);
  return json<PartyRecord>(response);
}

/** `call`: `apiInPlace` for files that join hundreds of guests (see fetchInPlace). */
export async function joinGuest(
  partyId: string,
  names: { firstName?: string; lastName?: string; password?: string } = {},
  call: typeof api = api,
): Promise<Guest> {
  const response = await call(`/parties/${partyId}/join`, {
    method: 'PUT',
    body: { firstName: names.firstName ?? 'Maria', lastName: names.lastName ?? 'Klein', ...(names.password !== undefined ? { password: names.password } : {}) },
  });
  if (response.status !== 200) throw new Error(`joinGuest: ${response.status} ${await response.text()}`);
  const body = await json<{ guestId: string; secretKey: string }>(response);
  return { guestId: body.guestId, secretKey: body.secretKey, headers: basic(body.guestId, body.secretKey) };
}

/** A party of a new consultant with two guests, Maria Klein and Tom Berg. */
export async function partyWithTwoGuests(): Promise<{ consultant: Consultant; party: PartyRecord; maria: Guest; tom: Guest }> {
  const consultant = await createConsultant();
  const created = await createParty(consultant);
  const maria = await joinGuest(created.id, { firstName: 'Maria', lastName: 'Klein' });
  const tom = await joinGuest(created.id, { firstName: 'Tom', lastName: 'Berg' });
  return { consultant, party: created, maria, tom };
}

/**
 * A client socket with a queue of received events. It joins as the party page does, asking for
 * `batch` frames, and unwraps them: `next` and `all` see the events inside, in order.
 */
export class TestSocket {
  /** Every frame as it arrived, batches whole: what a page's reducer is given. */
  readonly frames: ServerEvent[] = [];
  readonly events: ServerEvent[] = [];
  /** Answers to the heartbeat's pings (plain text frames, not events). */
  pongs = 0;
  private waiters: Array<() => void> = [];
  closed: { code: number; reason: string } | null = null;

  constructor(readonly ws: WebSocket) {
    ws.accept();
    ws.addEventListener('message', (event) => {
      if (event.data === PONG_FRAME) {
        this.pongs++;
        this.wake();
        return;
      }
      const frame = JSON.parse(String(event.data)) as ServerEvent;
      this.frames.push(frame);
      if (frame.type === 'batch') this.events.push(...frame.events);
      else this.events.push(frame);
      this.wake();
    });
    ws.addEventListener('close', (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  send(event: unknown): void {
    this.ws.send(typeof event === 'string' ? event : JSON.stringify(event));
  }

  join(lastSeq?: number | null, batch = true): void {
    this.send({ type: 'join', protocolVersion: PROTOCOL_VERSION, lastSeq, batch });
  }

  /** Waits for the first event not yet taken that matches; removes it from the queue. */
  async next<T extends ServerEvent['type']>(
    type: T,
    timeoutMs = 3000,
    where: (event: Extract<ServerEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerEvent, { type: T }>> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const index = this.events.findIndex((event) => event.type === type && where(event as Extract<ServerEvent, { type: T }>));
      if (index >= 0) return this.events.splice(index, 1)[0] as Extract<ServerEvent, { type: T }>;
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.events.map((e) => e.type))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the socket is closed. */
  async closedWith(timeoutMs = 3000): Promise<{ code: number; reason: string }> {
    const end = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > end) throw new Error('socket not closed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.closed;
  }

  /** Events of a type received so far and not taken. */
  all<T extends ServerEvent['type']>(type: T): Extract<ServerEvent, { type: T }>[] {
    return this.events.filter((event) => event.type === type) as Extract<ServerEvent, { type: T }>[];
  }

  close(): void {
    try {
      this.ws.close(1000, 'done');
    } catch {
      // Already closed.
    }
  }
}

/** Whether a presence frame tells that `memberId` joined the party, came online or went offline. */
export function tells(event: PresenceEvent, change: 'joined' | 'online' | 'offline', memberId: string): boolean {
  return (event[change] ?? []).some((entry) => (typeof entry === 'string' ? entry : entry.id) === memberId);
}

/** The next presence frame that tells this change of `memberId`. */
export function nextPresence(socket: TestSocket, change: 'joined' | 'online' | 'offline', memberId: string, timeoutMs = 3000): Promise<PresenceEvent> {
  return socket.next('presence', timeoutMs, (event) => tells(event, change, memberId));
}

/**
 * Opens a socket through the Worker; returns the HTTP status when the upgrade is refused.
 * `inPlace`: through the Worker's fetch handler rather than SELF (see fetchInPlace).
 */
export async function connect(partyId: string, headers: Record<string, string> = {}, inPlace = false): Promise<TestSocket | number> {
  const url = `${ORIGIN}/api/parties/${partyId}/socket`;
  const init = { headers: { Upgrade: 'websocket', ...headers } };
  const response = inPlace ? await fetchInPlace(url, init) : await SELF.fetch(url, init);
  if (!response.webSocket) return response.status;
  return new TestSocket(response.webSocket);
}

export async function connected(
  partyId: string,
  headers: Record<string, string>,
  lastSeq?: number | null,
  inPlace = false,
): Promise<{ socket: TestSocket; welcome: Extract<ServerEvent, { type: 'welcome' }> }> {
  const socket = await connect(partyId, headers, inPlace);
  if (typeof socket === 'number') throw new Error(`socket refused: ${socket}`);
  socket.join(lastSeq);
  return { socket, welcome: await socket.next('welcome') };
}

export function textMessage(message: string, tempId: string = crypto.randomUUID()) {
  return { type: 'sendMessage', tempId, messageType: 'text', message } as const;
}

/** The conversation without notices (marker messages such as "guest joined"). */
export function spoken<T extends { messageType: any; message: string }>(messages: T[]): T[] {
  return messages.filter((message) => !markerOf(message));
}

// ---- requests without SELF ------------------------------------------------------------------

/**
 * The Worker's own fetch handler, called in place rather than through SELF: the same code,
 * bindings, D1 and Durable Objects. @cloudflare/vitest-pool-workers 0.15.1 wraps its entrypoint
 * class's prototype in one more Proxy on every SELF request (createProxyPrototypeClass), so each
 * SELF.fetch in a file is slower than the one before (a 404 takes 3 ms at first, 100 ms after
 * 600 requests). Files that make hundreds of requests use these. A caller that passes `ctx` can wait
 * for what the answer left running (waitOnExecutionContext).
 */
export async function fetchInPlace(url: string, init: RequestInit = {}, ctx: ExecutionContext = createExecutionContext()): Promise<Response> {
  // Imported on first use, so files that never call this do not load the Worker themselves.
  const { default: worker } = await import('../../worker/index');
  return worker.fetch(new Request(url, init) as Request<unknown, IncomingRequestCfProperties>, env, ctx);
}

/** `api`, in place; a Content-Type among `headers` is kept (JSON otherwise). */
export function apiInPlace(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (init.body !== undefined && !typed) headers['Content-Type'] = 'application/json';
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  return fetchInPlace(`${ORIGIN}/api${path}`, { method: init.method ?? 'GET', headers, body });
}

/**
 * The zero-loss run's transport inside workerd (test/support/zero-loss-driver.ts): upgrades
 * through the Worker's fetch handler, history through the API, evictions by abortAllDurableObjects.
 */
export function zeroLossTransport(partyId: string): ZeroLossTransport<Record<string, string>> {
  return {
    async connect(participant, handlers) {
      const response = await fetchInPlace(`${ORIGIN}/api/parties/${partyId}/socket`, { headers: { Upgrade: 'websocket', ...participant.credentials } });
      const ws = response.webSocket;
      if (!ws) return null;
      ws.accept();
      ws.addEventListener('message', (event) => handlers.message(String(event.data)));
      ws.addEventListener('close', (event) => handlers.close(event.code));
      ws.addEventListener('error', () => handlers.close(1006));
      return {
        send: (frame) => ws.send(frame),
        close: () => {
          try {
            ws.close(1000, 'dropped');
          } catch {
            // Already closed.
          }
        },
      };
    },
    async page(participant, before) {
      const response = await apiInPlace(`/parties/${partyId}/chat${before === undefined ? '' : `?from=${before}`}`, { headers: participant.credentials });
      if (response.status !== 200) throw new Error(`history: ${response.status} ${await response.text()}`);
      return json(response);
    },
    evict: () => evictRooms(partyId),
  };
}

// ---- pages ------------------------------------------------------------------------------------

/** A page request through the Worker; redirects are returned, not followed. */
export function page(path: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${path}`, { method: init.method ?? 'GET', headers: init.headers, body: init.body, redirect: 'manual' });
}

/** The cookie a joined guest's browser holds. */
export function guestCookie(guest: { guestId: string; secretKey: string }): { Cookie: string } {
  return { Cookie: `salon_guest=${encodeURIComponent(`${guest.guestId}.${guest.secretKey}`)}` };
}

/** The session cookies a signed-in consultant's browser holds. */
export function sessionCookie(consultant: Pick<Consultant, 'accessToken' | 'refreshToken'>): Record<string, string> {
  return { Cookie: `salon_at=${encodeURIComponent(consultant.accessToken)}; salon_rt=${encodeURIComponent(consultant.refreshToken)}` };
}

/** An HTML page: the status, the content type and the security headers; returns the body. */
export async function html(response: Response, status: number): Promise<string> {
  const body = await response.text();
  expect(response.status, body.slice(0, 300)).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
  expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
  return body;
}

/**
 * Evicts every party room, as a restart would, once the rooms named have handed their push jobs
 * to the Queue (PartyRoom.enqueued): workerd's test-only abort of a room whose Queue send is still
 * on its way crashes the runtime.
 */
export async function evictRooms(...partyIds: string[]): Promise<void> {
  for (const id of partyIds) await runInDurableObject(partyRoom(id), (room: PartyRoom) => room.enqueued());
  await abortAllDurableObjects();
}

// ---- guest accounts -------------------------------------------------------------------------

/**
 * A client address of its own (CF-Connecting-IP), so the limits on mailed codes per client
 * (GUEST_CODE_SENDS.perClient) meet only the test that aims at them.
 */
let clients = Math.floor(Math.random() * 2 ** 20);
export function newClient(): { 'CF-Connecting-IP': string } {
  clients++;
  return { 'CF-Connecting-IP': `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
}

/** A guest who registered by name (POST /api/guests/register): her first device's credentials and account. */
export async function registerGuest(
  names: { firstName: string; lastName: string } = { firstName: 'Gerda', lastName: 'Gast' },
): Promise<Guest & { account: GuestAccount }> {
  const response = await api('/guests/register', { method: 'POST', body: names });
  if (response.status !== 200) throw new Error(`registerGuest: ${response.status} ${await response.text()}`);
  const body = await json<GuestSignIn>(response);
  return { guestId: body.id, secretKey: body.secretKey, headers: basic(body.id, body.secretKey), account: body.guest };
}

/** POST /api/auth/login or /api/auth/claim: a code mailed to `email`, from a client of its own unless `headers` name one. */
export function requestCode(email: string, options: { claim?: boolean; headers?: Record<string, string>; languageCode?: string } = {}): Promise<Response> {
  return api(options.claim ? '/auth/claim' : '/auth/login', {
    method: 'POST',
    headers: { ...newClient(), ...options.headers },
    body: { email, ...(options.languageCode ? { languageCode: options.languageCode } : {}) },
  });
}

/** POST /api/auth/verify with the challenge in the body (as the app sends it). */
export function verifyCode(email: string, verificationCode: string, challenge?: string, headers: Record<string, string> = {}): Promise<Response> {
  return api('/auth/verify', { method: 'POST', headers, body: { email, verificationCode, ...(challenge ? { challenge } : {}) } });
}

/** The names of the cookies a response sets, in order. */
export function cookieNames(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf('=')));
}

/** The `name=value` pair of the cookie a response sets, as a browser sends it back. */
export function cookiePair(response: Response, name: string): string {
  const cookie = response.headers.getSetCookie().find((set) => set.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return cookie.split(';')[0]!;
}

/** PUT /api/guests/profile/picture with raw bytes, as the page and the app upload a picture. */
export function uploadGuestPicture(
  headers: Record<string, string>,
  bytes: Uint8Array<ArrayBuffer> = PICTURES['image/png'],
  type: string | null = 'image/png',
): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/guests/profile/picture`, { method: 'PUT', headers: { ...headers, ...(type ? { 'Content-Type': type } : {}) }, body: bytes });
}

/** Bytes the library takes as a JPEG (its magic number), for tests that need a ready photo. */
export const JPEG = (() => {
  const bytes = new Uint8Array(2048);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  return bytes;
})();

/** A ready photo of the consultant's library, its bytes through the tus endpoint. */
export async function libraryPhoto(who: Consultant): Promise<string> {
  const response = await api('/media', {
    method: 'POST',
    headers: who.headers,
    body: { title: 'Produktfoto', contentType: 'image/jpeg', mediaExtension: 'jpg', size: JPEG.byteLength },
  });
  if (response.status !== 201) throw new Error(`libraryPhoto: ${response.status} ${await response.text()}`);
  const created = await json<{ id: string; uploadUrl: string }>(response);
  const upload = await SELF.fetch(created.uploadUrl, {
    method: 'PATCH',
    headers: { ...who.headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: JPEG,
  });
  expect(upload.status).toBe(204);
  return created.id;
}
