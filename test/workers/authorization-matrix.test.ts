import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../app/core/errors';
import { ClientEventSchema } from '../../app/core/protocol';
import type { ServerEvent } from '../../app/core/protocol';
import * as build from 'salon:remix-build';
import { api as apiApp } from '../../worker/api';
import { cspReports } from '../../worker/http/csp-report';
import { files as filesApp } from '../../worker/api/files';
import { socketTicketFor } from '../../worker/auth/socket-ticket';
import type { Actor, Expected, MatrixWorld, PageExpected } from '../fixtures/authorization-matrix';
import { ACTORS, EVENTS, PAGES, PUSH_TOKEN, ROUTES, TINY_PNG, rowName } from '../fixtures/authorization-matrix';
import {
  ORIGIN,
  TestSocket,
  api,
  apiInPlace,
  createConsultant,
  createParty,
  fetchInPlace,
  guestCookie,
  joinGuest,
  json,
  sessionCookie,
  roomPlace,
} from './fixtures';

/**
 * Walks test/fixtures/authorization-matrix.ts: every route, socket event and page against every
 * actor, with real requests and frames. Rows share one world, checked after each row; a row marked
 * `fresh` (it deletes the party, ends a session, changes roles) gets its own. Within a row the
 * refusals run first, so an allowed call cannot change what a refused actor meets.
 */

interface Credentials {
  /** What the app sends: Bearer for consultants, Basic for guests. */
  headers: Record<string, string>;
  /** What a browser sends: the session or guest cookie. */
  cookie: Record<string, string>;
}

const NO_ONE: Credentials = { headers: {}, cookie: {} };

interface Built {
  world: MatrixWorld;
  as: Record<Actor, Credentials>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function buildWorld(): Promise<Built> {
  const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
  const [party, sibling, foreign] = await Promise.all([createParty(clara), createParty(clara, { title: 'Nächste Party' }), createParty(berta)]);
  const [guest, host, removed, outsider] = await Promise.all([
    joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' }),
    joinGuest(party.id, { firstName: 'Hanna', lastName: 'Host' }),
    joinGuest(party.id, { firstName: 'Rita', lastName: 'Raus' }),
    joinGuest(foreign.id, { firstName: 'Otto', lastName: 'Fremd' }),
  ]);
  for (const [method, path, body] of [
    ['PUT', `/parties/${party.id}/host`, { guestId: host.guestId }],
    ['DELETE', `/parties/${party.id}/removeGuest/${removed.guestId}`, undefined],
  ] as const) {
    const response = await apiInPlace(path, { method, headers: clara.headers, body });
    if (response.status !== 204) throw new Error(`world: ${method} ${path}: ${response.status}`);
  }
  // Clara's profile has a picture, for the public picture route.
  const profile = await json<{ id: string; shortId: string }>(await apiInPlace(`/profile/${clara.profileIds[0]}`, { headers: clara.headers }));
  const picture = await fetchInPlace(`${ORIGIN}/api/profile/${profile.id}/picture`, {
    method: 'PUT',
    headers: { ...clara.headers, 'Content-Type': 'image/png' },
    body: TINY_PNG,
  });
  if (picture.status !== 200) throw new Error(`world: picture: ${picture.status} ${await picture.text()}`);
  const as: Record<Actor, Credentials> = {
    anonymous: NO_ONE,
    guest: { headers: guest.headers, cookie: guestCookie(guest) },
    otherPartyGuest: { headers: outsider.headers, cookie: guestCookie(outsider) },
    removedGuest: { headers: removed.headers, cookie: guestCookie(removed) },
    host: { headers: host.headers, cookie: guestCookie(host) },
    manager: { headers: clara.headers, cookie: sessionCookie(clara) },
    otherConsultant: { headers: berta.headers, cookie: sessionCookie(berta) },
  };

  const post = async (headers: Record<string, string>, body: Record<string, unknown> = { message: 'Eine Nachricht' }): Promise<string> => {
    for (let attempt = 0; ; attempt++) {
      const response = await apiInPlace(`/parties/${party.id}/chat`, { method: 'POST', headers, body });
      if (response.status === 201) return (await json<{ id: string }>(response)).id;
      // Many rows aim at the guest's messages; the chat's rate limit applies to the world too.
      if (response.status !== 429 || attempt > 20) throw new Error(`world: message: ${response.status} ${await response.text()}`);
      await pause(250);
    }
  };
  const asClara = async (method: string, path: string, body: unknown, status: number): Promise<string | null> => {
    const response = await apiInPlace(path, { method, headers: clara.headers, body });
    if (response.status !== status) throw new Error(`world: ${method} ${path}: ${response.status} ${await response.text()}`);
    return status === 204 ? null : (await json<{ id: string }>(response)).id;
  };
  const shareTokenOf = async (templateId: string): Promise<string> => {
    const response = await apiInPlace(`/templates/${templateId}/share`, { method: 'PUT', headers: clara.headers });
    if (response.status !== 200) throw new Error(`world: share: ${response.status} ${await response.text()}`);
    return (await json<{ shareToken: string }>(response)).shareToken;
  };
  const mediaItem = async () => (await asClara('POST', '/media', { title: 'Foto', contentType: 'image/jpeg', size: 1000 }, 201))!;
  // Uploads are not this table's concern: the bytes go straight into R2 under the item's key.
  const uploadedVideo = async () => {
    const id = (await asClara('POST', '/media', { title: 'Video', contentType: 'video/mp4', size: 4 }, 201))!;
    await env.MEDIA.put(`${clara.userId}/${id}`, new Uint8Array([0, 0, 0, 0]));
    return id;
  };
  const members: ReadonlySet<Actor> = new Set(['guest', 'host', 'manager']);
  const world: MatrixWorld = {
    party,
    guestId: guest.guestId,
    sibling,
    guestMessage: () => post(guest.headers),
    poll: () =>
      post(clara.headers, { messageType: 'poll', message: JSON.stringify({ question: 'Welche?', options: ['Rose', 'Aloe'], multiple: false, correct: [1] }) }),
    leadCard: () => post(clara.headers, { messageType: 'booking', message: JSON.stringify({ text: 'Gib deine eigene Party!' }) }),
    messageBy: (actor) => post(members.has(actor) ? as[actor].headers : guest.headers),
    newGuest: async () => (await joinGuest(party.id, { firstName: 'Zoe', lastName: 'Ziel' })).guestId,
    report: async () => {
      const reporter = await joinGuest(party.id, { firstName: 'Rita', lastName: 'Ruf' });
      const messageId = await post(guest.headers);
      const response = await apiInPlace(`/parties/${party.id}/reports`, { method: 'POST', headers: reporter.headers, body: { messageId, reason: 'spam' } });
      return (await json<{ id: string }>(response)).id;
    },
    pushEndpoint: async (actor) => {
      const endpoint = `https://push.test/matrix/${crypto.randomUUID()}`;
      if (!members.has(actor)) return endpoint;
      const response = await apiInPlace(`/parties/${party.id}/subscribe`, {
        method: 'PUT',
        headers: as[actor].headers,
        body: { pushToken: { ...PUSH_TOKEN, endpoint } },
      });
      if (response.status !== 204) throw new Error(`world: subscribe: ${response.status} ${await response.text()}`);
      return endpoint;
    },
    guestWithPicture: async () => {
      const response = await fetchInPlace(`${ORIGIN}/api/guests/profile/picture`, {
        method: 'PUT',
        headers: { ...guest.headers, 'Content-Type': 'image/png' },
        body: TINY_PNG,
      });
      if (response.status !== 200) throw new Error(`world: guest picture: ${response.status} ${await response.text()}`);
      return guest.guestId;
    },
    importRun: async () => {
      const response = await apiInPlace('/import/signin', {
        method: 'POST',
        headers: clara.headers,
        body: { email: 'anna@salon.test', password: 'salon-demo' },
      });
      if (response.status !== 200) throw new Error(`world: import sign-in: ${response.status} ${await response.text()}`);
      return (await json<{ importId: string }>(response)).importId;
    },
    socketTicket: async (actor) => {
      const own = { guest, host, removedGuest: removed, otherPartyGuest: outsider }[actor as string] ?? guest;
      const key = await env.DB.prepare('SELECT id FROM guest_keys WHERE guest_id = ?').bind(own.guestId).first<{ id: string }>();
      const ticket = await socketTicketFor(
        env.SOCKET_TICKET_SECRET,
        new Request(ORIGIN),
        roomPlace(party.id),
        { id: own.guestId, role: 'guest' },
        {
          fresh: { id: own.guestId, secretKey: own.secretKey, keyId: key!.id },
          checked: null,
        },
      );
      return ticket!;
    },
    liveShow: async () => {
      const response = await apiInPlace(`/parties/${party.id}/live`, { method: 'POST', headers: clara.headers, body: {} });
      if (response.status !== 201 && response.status !== 409) throw new Error(`world: live: ${response.status} ${await response.text()}`);
      await response.body?.cancel();
    },
    refreshToken: (actor) => (actor === 'manager' ? clara.refreshToken : actor === 'otherConsultant' ? berta.refreshToken : 'made-up-refresh-token'),
    profile,
    spareProfile: async () => {
      const response = await apiInPlace('/profile', { method: 'POST', headers: clara.headers, body: { firstName: 'Extra', lastName: 'Profil' } });
      if (response.status !== 201) throw new Error(`world: spare profile: ${response.status} ${await response.text()}`);
      return (await json<{ id: string }>(response)).id;
    },
    mediaFolder: async () => (await asClara('POST', '/media/folder', { title: 'Ordner' }, 201))!,
    mediaItem,
    trashedMedia: async () => {
      const id = await mediaItem();
      await asClara('DELETE', `/media/${id}`, undefined, 204);
      return id;
    },
    uploadedVideo,
    convertingVideo: async () => {
      const id = await uploadedVideo();
      await asClara('PUT', `/media/convert/${id}`, { isPortrait: false, noAudio: false }, 200);
      return id;
    },
    readyMedia: async () => {
      const id = await mediaItem();
      const jpeg = new Uint8Array(1000);
      jpeg.set([0xff, 0xd8, 0xff, 0xe0]);
      const headers = { ...clara.headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' };
      const upload = await fetchInPlace(`${ORIGIN}/api/media/${id}/upload`, { method: 'PATCH', headers, body: jpeg });
      if (upload.status !== 204) throw new Error(`world: upload: ${upload.status} ${await upload.text()}`);
      // The preview's maker is not part of these routes: its object is put in place.
      await env.MEDIA.put(`${clara.userId}/${id}.jpg`, jpeg, { httpMetadata: { contentType: 'image/jpeg' } });
      await env.DB.prepare('UPDATE media_items SET preview_key = ? WHERE id = ?').bind(`${clara.userId}/${id}.jpg`, id).run();
      return id;
    },
    offeredMedia: async (kind) => {
      let id: string;
      if (kind === 'image') id = await world.readyMedia();
      else {
        // Converted by Stream elsewhere (media-convert.test.ts): here it is simply ready.
        id = await uploadedVideo();
        await env.DB.prepare("UPDATE media_items SET state = 'ready' WHERE id = ?").bind(id).run();
      }
      await asClara('POST', `/parties/${party.id}/media`, { mediaId: id }, 200);
      return id;
    },
    announcedUpload: async (actor) => {
      const headers = members.has(actor) ? as[actor].headers : guest.headers;
      const response = await apiInPlace(`/parties/${party.id}/media`, {
        method: 'POST',
        headers,
        body: { messageType: 'photo', contentType: 'image/png', mediaExtension: 'png' },
      });
      if (response.status !== 201) throw new Error(`world: announce: ${response.status} ${await response.text()}`);
      return (await json<{ mediaAttachment: string }>(response)).mediaAttachment;
    },
    partyUpload: async (actor) => {
      const id = await world.announcedUpload(actor);
      const headers = members.has(actor) ? as[actor].headers : guest.headers;
      const stored = await fetchInPlace(`${ORIGIN}/api/parties/${party.id}/media/${id}`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'image/png' },
        body: TINY_PNG,
      });
      if (stored.status !== 200) throw new Error(`world: upload: ${stored.status} ${await stored.text()}`);
      return id;
    },
    sentPhoto: async () => {
      const id = await world.partyUpload('guest');
      const sent = await apiInPlace(`/parties/${party.id}/chat`, {
        method: 'POST',
        headers: guest.headers,
        body: { messageType: 'photo', mediaAttachment: id },
      });
      if (sent.status !== 201) throw new Error(`world: photo: ${sent.status} ${await sent.text()}`);
      return id;
    },
    template: async () => {
      const id = (await asClara('POST', '/templates/create', { title: 'Herbstparty' }, 201))!;
      const messageId = (await asClara('POST', `/templates/${id}/sendMessage`, { message: 'Willkommen' }, 201))!;
      return { id, messageId };
    },
    sharedTemplate: async () => {
      const { id, messageId } = await world.template();
      const token = await shareTokenOf(id);
      const accepted = await apiInPlace(`/templates/share/${token}`, { method: 'POST', headers: berta.headers, body: {} });
      if (accepted.status !== 201) throw new Error(`world: accept: ${accepted.status} ${await accepted.text()}`);
      return { id, messageId, token };
    },
    trashedTemplate: async () => {
      const { id } = await world.template();
      await asClara('DELETE', `/templates/${id}`, undefined, 204);
      return id;
    },
    trashedCopy: async () => {
      const { id } = await world.sharedTemplate();
      const trashed = await apiInPlace(`/templates/${id}`, { method: 'DELETE', headers: berta.headers });
      if (trashed.status !== 204) throw new Error(`world: trash copy: ${trashed.status} ${await trashed.text()}`);
      return id;
    },
    templateFolder: async () => (await asClara('POST', '/templates/folder', { title: 'Ordner' }, 201))!,
    partyFolder: async () => (await asClara('POST', '/parties/folder', { title: 'Ordner' }, 201))!,
    lastingParty: async () => (await asClara('POST', '/parties', { title: 'Team', expiration: null }, 201))!,
    shareToken: async () => shareTokenOf((await world.template()).id),
    playableTemplate: async (applied) => {
      const templateId = (await asClara('POST', '/templates/create', { title: 'Vorlage' }, 201))!;
      const messageIds = [
        (await asClara('POST', `/templates/${templateId}/sendMessage`, { message: 'Hallo' }, 201))!,
        (await asClara('POST', `/templates/${templateId}/sendMessage`, { message: 'Tschüss' }, 201))!,
      ];
      if (applied) await asClara('POST', `/parties/${party.id}/template`, { templateId }, 201);
      return { templateId, messageIds };
    },
    revokedTemplate: async () => {
      const asBerta = async (method: string, path: string, body: unknown, status: number) => {
        const response = await apiInPlace(path, { method, headers: berta.headers, body });
        if (response.status !== status) throw new Error(`world: ${method} ${path}: ${response.status} ${await response.text()}`);
        return status === 204 ? null : json<{ id: string; shareToken: string }>(response);
      };
      const templateId = (await asBerta('POST', '/templates/create', { title: 'Geteilt' }, 201))!.id;
      const messageIds = [(await asBerta('POST', `/templates/${templateId}/sendMessage`, { message: 'Hallo' }, 201))!.id];
      const { shareToken } = (await asBerta('PUT', `/templates/${templateId}/share`, undefined, 200))!;
      await asClara('POST', `/templates/share/${shareToken}`, {}, 201);
      await asClara('POST', `/parties/${party.id}/template`, { templateId }, 201);
      await asBerta('PUT', `/templates/${templateId}/revokeShare`, undefined, 204);
      return { templateId, messageIds };
    },
  };
  return { world, as };
}

let shared: Promise<Built> | null = null;

/** The shared world, or a world of its own for a row that changes it. */
function worldFor(row: { fresh?: boolean }): Promise<Built> {
  if (row.fresh) return buildWorld();
  shared ??= buildWorld();
  return shared;
}

/** How the party sees each actor of the shared world: their role, removed, or null for no member. */
const STANDING: Record<Actor, string | null> = {
  anonymous: null,
  guest: 'guest',
  otherPartyGuest: null,
  removedGuest: 'removed',
  host: 'host',
  manager: 'manager',
  otherConsultant: null,
};

async function standingIn(response: Response): Promise<string | null | undefined> {
  if (response.status === 200) return (await json<{ me: { role: string } | null }>(response)).me?.role ?? null;
  if (response.status === 403 && (await json<{ error: { code: string } }>(response)).error.code === 'removed') return 'removed';
  return undefined;
}

/** What a row changed about the actors of the shared world (each must still be who they were). */
async function changesTo({ world, as }: Built): Promise<string[]> {
  const problems = await Promise.all(
    ACTORS.map(async (actor) => {
      const response = await apiInPlace(`/parties/${world.party.shortId}`, { headers: as[actor].headers });
      const standing = await standingIn(response);
      if (standing === undefined) return `${actor}: the party answers ${response.status}`;
      if (standing !== STANDING[actor]) return `${actor}: now ${standing ?? 'no member'}, was ${STANDING[actor] ?? 'no member'}`;
      if (actor === 'manager' || actor === 'otherConsultant') {
        const own = await apiInPlace('/parties', { headers: as[actor].headers });
        if (own.status !== 200) return `${actor}: the session answers ${own.status}`;
      }
      return null;
    }),
  );
  return problems.filter((problem): problem is string => problem !== null);
}

async function expectUnchanged(built: Built, row: { fresh?: boolean }, name: string): Promise<void> {
  if (row.fresh) return;
  const changes = await changesTo(built);
  if (changes.length > 0) shared = null;
  expect(changes, `"${name}" changed the shared world; mark its row fresh: true`).toEqual([]);
}

/** Refusals first: a row's allowed call may change what the others would meet. */
function inRunOrder(expected: Record<Actor, Expected | PageExpected>): Actor[] {
  const refused = (actor: Actor) => typeof expected[actor] === 'object';
  return [...ACTORS.filter(refused), ...ACTORS.filter((actor) => !refused(actor))];
}

const show = (expected: Expected | PageExpected) => (typeof expected === 'string' ? expected : JSON.stringify(expected));

/** Compares one answer with what the table expects; returns a line describing a mismatch, or null. */
async function judge(actor: Actor, expected: Expected, response: Response, success: number[]): Promise<string | null> {
  const text = response.webSocket ? '' : await response.text();
  const got = `${response.status} ${text.slice(0, 120)}`;
  if (expected === 'allow')
    return success.includes(response.status) || (response.status >= 200 && response.status < 300) ? null : `${actor}: expected allow, got ${got}`;
  if (expected === 'public') return response.status === 401 || response.status === 403 ? `${actor}: expected public, got ${got}` : null;
  const want = ERROR_STATUS[expected.deny];
  let code: unknown;
  try {
    code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  return response.status === want && code === expected.deny ? null : `${actor}: expected ${show(expected)} (${want}), got ${got}`;
}

describe('the authorization matrix: API routes', () => {
  it('lists every route of the API, and no route that is gone', () => {
    const actual = new Set(
      [...apiApp.routes, ...filesApp.routes, ...cspReports.routes].filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`),
    );
    const listed = new Set(ROUTES.map((row) => row.route));
    const missing = [...actual].filter((route) => !listed.has(route));
    const gone = [...listed].filter((route) => !actual.has(route));
    expect(missing, `routes missing from test/fixtures/authorization-matrix.ts (add a row to ROUTES for each): ${missing.join(', ')}`).toEqual([]);
    expect(gone, `rows in ROUTES for routes the API no longer has: ${gone.join(', ')}`).toEqual([]);
  });

  for (const row of ROUTES) {
    const name = rowName(row.route, row.variant);
    it(name, async () => {
      const built = await worldFor(row);
      const { world, as } = built;
      const method = row.route.slice(0, row.route.indexOf(' '));
      const mismatches: string[] = [];
      for (const actor of inRunOrder(row.expect)) {
        const call = await row.call(world, actor);
        const url = `${ORIGIN}${call.root ? '' : '/api'}${call.path}`;
        const response = call.upgrade
          ? await fetchInPlace(url, { headers: { Upgrade: 'websocket', ...as[actor].headers } })
          : call.raw
            ? await fetchInPlace(url, { method, headers: { ...as[actor].headers, ...call.headers, 'Content-Type': call.raw.type }, body: call.raw.bytes })
            : call.root || call.headers
              ? await fetchInPlace(url, { method, headers: { ...as[actor].headers, ...call.headers } })
              : await apiInPlace(call.path, { method, headers: as[actor].headers, body: call.body });
        if (response.webSocket) {
          response.webSocket.accept();
          response.webSocket.close(1000, 'done');
        }
        const mismatch = await judge(actor, row.expect[actor], response, [101]);
        if (mismatch) mismatches.push(mismatch);
      }
      expect(mismatches).toEqual([]);
      await expectUnchanged(built, row, name);
    });
  }
});

/**
 * The first answer of the given types that arrives, or null. A presence frame answers only when it
 * carries a seen position: the socket's own arrival is told in one too.
 */
async function answerOf(socket: TestSocket, types: ServerEvent['type'][], timeoutMs = 3000): Promise<ServerEvent | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = socket.events.find((event) => types.includes(event.type) && (event.type !== 'presence' || event.seen !== undefined));
    if (found || Date.now() > end) return found ?? null;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the authorization matrix: socket events', () => {
  it('lists every client event of the protocol, and no event that is gone', () => {
    const actual = new Set<string>(ClientEventSchema.options.map((option) => option.shape.type.value));
    const listed = new Set<string>(EVENTS.map((row) => row.event));
    const missing = [...actual].filter((event) => !listed.has(event));
    const gone = [...listed].filter((event) => !actual.has(event));
    expect(missing, `client events missing from EVENTS in test/fixtures/authorization-matrix.ts: ${missing.join(', ')}`).toEqual([]);
    expect(gone, `rows in EVENTS for events the protocol no longer has: ${gone.join(', ')}`).toEqual([]);
  });

  for (const row of EVENTS) {
    const name = rowName(row.event, row.variant);
    it(name, async () => {
      const built = await worldFor({});
      const { world, as } = built;
      const mismatches: string[] = [];
      for (const actor of inRunOrder(row.expect)) {
        const expected = row.expect[actor];
        const response = await fetchInPlace(`${ORIGIN}/api/parties/${world.party.id}/socket`, { headers: { Upgrade: 'websocket', ...as[actor].headers } });
        if (!response.webSocket) {
          // Refused at the handshake: that is the answer to every event.
          const mismatch = await judge(actor, expected, response, []);
          if (mismatch) mismatches.push(`${mismatch} (at the handshake)`);
          continue;
        }
        const socket = new TestSocket(response.webSocket);
        if (row.event !== 'join') {
          socket.join(null);
          await socket.next('welcome');
        }
        const frame = await row.frame(world, actor);
        socket.events.length = 0;
        socket.send(frame);
        const answer = await answerOf(socket, [row.answer, 'error']);
        socket.close();
        const got = answer ? JSON.stringify(answer).slice(0, 160) : 'no answer';
        if (expected === 'allow' ? answer?.type !== row.answer : typeof expected === 'object' && (answer?.type !== 'error' || answer.code !== expected.deny)) {
          mismatches.push(`${actor}: expected ${show(expected)}, got ${got}`);
        }
      }
      expect(mismatches).toEqual([]);
      await expectUnchanged(built, {}, name);
    });
  }
});

describe('the authorization matrix: pages', () => {
  it('lists every page of the Remix build, and no page that is gone', () => {
    const actual = new Set(Object.keys(build.routes).filter((id) => id !== 'root'));
    const listed = new Set(PAGES.map((row) => row.page));
    const missing = [...actual].filter((page) => !listed.has(page));
    const gone = [...listed].filter((page) => !actual.has(page));
    expect(missing, `pages missing from PAGES in test/fixtures/authorization-matrix.ts: ${missing.join(', ')}`).toEqual([]);
    expect(gone, `rows in PAGES for pages the app no longer has: ${gone.join(', ')}`).toEqual([]);
  });

  it('every page, as every actor (with the cookies a browser holds)', async () => {
    const { world, as } = await worldFor({});
    const mismatches: string[] = [];
    for (const row of PAGES) {
      for (const actor of inRunOrder(row.expect)) {
        const expected = row.expect[actor];
        const path = await row.path(world);
        const response = await fetchInPlace(`${ORIGIN}${path}`, { headers: as[actor].cookie, redirect: 'manual' });
        await response.text();
        const location = response.headers.get('Location');
        const got = `${response.status}${location ? ` → ${location}` : ''}`;
        const redirected = (to: string) => response.status >= 300 && response.status < 400 && location === to;
        const ok =
          expected === 'allow'
            ? response.status === 200
            : expected === 'public'
              ? response.status !== 401 && response.status !== 403 && !location?.startsWith('/?returnTo=')
              : expected === 'signIn'
                ? redirected(`/?returnTo=${encodeURIComponent(path)}`)
                : 'status' in expected
                  ? response.status === expected.status
                  : redirected(expected.redirect);
        if (!ok) mismatches.push(`${row.page} as ${actor}: expected ${show(expected)}, got ${got}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every page as seven actors, one after another (the preview images drawn once each): longer than one call's 20 s.
  }, 90_000);
});
