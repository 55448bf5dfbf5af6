import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CodeSent, GuestAccount, GuestCard, GuestParty, GuestSignIn } from '../../app/core/guest-account';
import { GUEST_CODE_SENDS } from '../../app/core/guest-account';
import { LIMITS } from '../../app/core/limits';
import { SOCKET_CLOSE } from '../../app/core/protocol-version';
import { addGuestKey } from '../../worker/auth/guests';
import { database } from '../../worker/db/client';
import { addressHash } from '../../worker/services/guest-accounts';
import { IMPOSTORS, PICTURES } from '../fixtures/images';
import {
  ORIGIN,
  api,
  basic,
  connect,
  connected,
  cookieNames,
  cookiePair,
  createConsultant,
  createParty,
  expectError,
  fetchInPlace,
  guestCookie,
  joinGuest,
  json,
  newClient,
  registerGuest,
  requestCode,
  sessionCookie,
  uploadGuestPicture,
} from './fixtures';
import type { Guest } from './fixtures';

/**
 * Guest accounts (ADR 034) as far as no mail is needed: the code request that tells nobody which
 * addresses have an account, its limits, registration, the guest's own profile and who may see it,
 * and signing out everywhere. The mailed codes themselves are in test/workers-mail/guest-codes.test.ts
 * (this project cannot send mail). An address is given to a guest here by writing it to her row,
 * as a claim would.
 */

/**
 * Another device of the guest, signed in with the function a verified code signs in with (the code
 * itself needs the mail: test/workers-mail/guest-codes.test.ts).
 */
async function anotherDevice(guest: Guest): Promise<Guest> {
  const credentials = await addGuestKey(database(env.DB), guest.guestId);
  return { guestId: credentials.id, secretKey: credentials.secretKey, headers: basic(credentials.id, credentials.secretKey) };
}

const address = (who = 'gast') => `${who}-${crypto.randomUUID()}@salon.test`;

/** A registered guest whose account has `email` (what claiming it would leave). */
async function withAddress(email: string = address()): Promise<Guest & { email: string }> {
  const guest = await registerGuest();
  const written = await env.DB.prepare('UPDATE guests SET email = ? WHERE id = ?').bind(email, guest.guestId).run();
  expect(written.meta.changes).toBe(1);
  return { ...guest, email };
}

const CHALLENGE = /^[A-Za-z0-9_-]{16,64}$/;
/** A secret of at least 128 random bits, in base64url. */
const LONG_SECRET = /^[A-Za-z0-9_-]{22,}$/;

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
}
const iqr = (values: number[]) => quantile(values, 0.75) - quantile(values, 0.25);

describe('POST /api/auth/login: the same answer for an address with an account and one without', () => {
  it('status, body, headers and cookies alike; only the challenge differs, in the same shape', async () => {
    const { email } = await withAddress();
    const known = await requestCode(email);
    const unknown = await requestCode(address('niemand'));
    const [knownBody, unknownBody] = [await json<CodeSent>(known.clone()), await json<CodeSent>(unknown.clone())];
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(Object.keys(unknownBody)).toEqual(Object.keys(knownBody));
    expect(Object.keys(knownBody)).toEqual(['challenge']);
    expect(knownBody.challenge).toMatch(CHALLENGE);
    expect(unknownBody.challenge).toMatch(CHALLENGE);
    expect(unknownBody.challenge.length).toBe(knownBody.challenge.length);
    expect(unknownBody.challenge).not.toBe(knownBody.challenge);
    expect([...unknown.headers.keys()]).toEqual([...known.headers.keys()]);
    expect(cookieNames(unknown)).toEqual(cookieNames(known));
    expect(cookieNames(known)).toEqual(['salon_code']);
    // The code cookie: HttpOnly, ten minutes; its attributes alike for both.
    const attributes = (response: Response) =>
      response.headers
        .getSetCookie()[0]!
        .split(';')
        .slice(1)
        .map((part) => part.trim());
    expect(attributes(unknown)).toEqual(attributes(known));
    expect(attributes(known)).toEqual(expect.arrayContaining(['HttpOnly', 'Max-Age=600']));
  });

  it('takes as long for either: the medians of 20 requests each differ by less than their spread', async () => {
    const knownAddresses = await Promise.all(Array.from({ length: 22 }, async () => (await withAddress()).email));
    /** One request, timed to its answer; what it left running (the mail) ends before the next. */
    const timed = async (email: string): Promise<number> => {
      const ctx = createExecutionContext();
      const started = performance.now();
      const response = await fetchInPlace(
        `${ORIGIN}/api/auth/login`,
        { method: 'POST', headers: { 'Content-Type': 'application/json', ...newClient() }, body: JSON.stringify({ email }) },
        ctx,
      );
      await response.text();
      const took = performance.now() - started;
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(200);
      return took;
    };
    // Warm-up: the first requests pay for compiling and the first queries.
    for (const email of knownAddresses.splice(0, 2)) {
      await timed(email);
      await timed(address('warm'));
    }
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // In pairs, each first in turn: a drift in the machine's load weighs on both alike.
    for (const [n, email] of knownAddresses.entries()) {
      if (n % 2 === 0) knownTimes.push(await timed(email));
      unknownTimes.push(await timed(address('niemand')));
      if (n % 2 === 1) knownTimes.push(await timed(email));
    }
    const margin = Math.max(iqr(knownTimes), iqr(unknownTimes), 5);
    const shown = `known ${knownTimes.map((t) => t.toFixed(1)).join(' ')}; unknown ${unknownTimes.map((t) => t.toFixed(1)).join(' ')}`;
    expect(Math.abs(median(knownTimes) - median(unknownTimes)), shown).toBeLessThan(margin);
  });
});

/**
 * The send limits count in fixed windows of an hour (ADR 034): a test that fills one starts far
 * enough from the window's end that its requests all fall into the same window.
 */
async function awayFromWindowEnd(needed = 10_000): Promise<void> {
  const left = GUEST_CODE_SENDS.windowMs - (Date.now() % GUEST_CODE_SENDS.windowMs);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('the limits on mailed codes', () => {
  it(`the ${GUEST_CODE_SENDS.perAddress + 1}th request for one address within the hour: 429 tooManyCodes, alike for an address with an account and one without`, async () => {
    await awayFromWindowEnd();
    const { email: known } = await withAddress();
    const unknown = address('niemand');
    const refusals: Response[] = [];
    for (const email of [known, unknown]) {
      for (let n = 0; n < GUEST_CODE_SENDS.perAddress; n++) expect((await requestCode(email)).status, `request ${n + 1}`).toBe(200);
      // In any spelling, from any client.
      const refused = await requestCode(email.toUpperCase());
      refusals.push(refused.clone());
      await expectError(refused, 429, 'tooManyCodes');
    }
    expect([...refusals[1]!.headers.keys()]).toEqual([...refusals[0]!.headers.keys()]);
    expect(cookieNames(refusals[1]!)).toEqual(cookieNames(refusals[0]!));
    // Another address is not held back.
    expect((await requestCode(address())).status).toBe(200);
  });

  it(`the ${GUEST_CODE_SENDS.perClient + 1}st request from one client within the hour: 429 tooManyCodes; another client goes on`, async () => {
    await awayFromWindowEnd();
    const client = newClient();
    for (let n = 0; n < GUEST_CODE_SENDS.perClient; n++) expect((await requestCode(address(), { headers: client })).status, `request ${n + 1}`).toBe(200);
    await expectError(await requestCode(address(), { headers: client }), 429, 'tooManyCodes');
    // Claims from that client count too.
    const guest = await registerGuest();
    await expectError(await requestCode(address(), { claim: true, headers: { ...guest.headers, ...client } }), 429, 'tooManyCodes');
    expect((await requestCode(address())).status).toBe(200);
  });

  it('a refused request counts against no later limit: a flooding client uses up neither the addresses it names nor the overall limit', async () => {
    await awayFromWindowEnd();
    const overall = async () =>
      (await env.DB.prepare("SELECT COALESCE(SUM(count), 0) AS n FROM rate_counters WHERE key = 'guest-code:all'").first<number>('n')) ?? 0;
    const before = await overall();
    const client = newClient();
    for (let n = 0; n < GUEST_CODE_SENDS.perClient; n++) expect((await requestCode(address(), { headers: client })).status).toBe(200);
    // The client is over its limit: what it asks for now, for whichever address, is refused unsent.
    const named = address('opfer');
    for (let n = 0; n < 30; n++) await expectError(await requestCode(n % 2 ? named : address(), { headers: client }), 429, 'tooManyCodes');
    expect((await overall()) - before).toBe(GUEST_CODE_SENDS.perClient);
    // The address it named still has every request of its own, from anyone else.
    for (let n = 0; n < GUEST_CODE_SENDS.perAddress; n++) expect((await requestCode(named)).status, `request ${n + 1}`).toBe(200);
    // Requests the address's limit refuses count against the overall limit neither.
    for (let n = 0; n < 5; n++) await expectError(await requestCode(named), 429, 'tooManyCodes');
    expect((await overall()) - before).toBe(GUEST_CODE_SENDS.perClient + GUEST_CODE_SENDS.perAddress);
  });

  it('bad addresses are refused before anything is counted: the client still has all its requests', async () => {
    await awayFromWindowEnd();
    const client = newClient();
    for (const email of ['', 'keine-adresse', `${'a'.repeat(250)}@salon.test`, 'anna@salon.test\r\nBcc: alle@salon.test']) {
      await expectError(await requestCode(email, { headers: client }), 400, 'invalidEmail');
    }
    for (let n = 0; n < GUEST_CODE_SENDS.perClient; n++) expect((await requestCode(address(), { headers: client })).status, `request ${n + 1}`).toBe(200);
  });
});

describe('the cron', () => {
  it('forgets codes that expired or were used, and the counts of past windows; a live code stays', async () => {
    const [spent, live] = [address('alt'), address('neu')];
    for (const email of [spent, live]) expect((await requestCode(email)).status).toBe(200);
    const now = Date.now();
    await env.DB.prepare('UPDATE guest_codes SET expires_at = ? WHERE address_hash = ?')
      .bind(now - 1, await addressHash(spent))
      .run();
    await env.DB.prepare("INSERT INTO rate_counters (key, window_start, count) VALUES ('guest-code:all', ?, 3)")
      .bind(now - 2 * GUEST_CODE_SENDS.windowMs)
      .run();
    const { default: worker } = await import('../../worker/index');
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: '17 3 * * *' }), env);
    const codes = await env.DB.prepare('SELECT address_hash FROM guest_codes WHERE address_hash IN (?, ?)')
      .bind(await addressHash(spent), await addressHash(live))
      .all<{ address_hash: string }>();
    expect(codes.results).toEqual([{ address_hash: await addressHash(live) }]);
    const oldest = await env.DB.prepare('SELECT MIN(window_start) AS at FROM rate_counters').first<number>('at');
    expect(oldest).toBeGreaterThanOrEqual(now - GUEST_CODE_SENDS.windowMs);
  });
});

describe('POST /api/guests/register', () => {
  it('names trimmed; a random id and a long random secret; the guest cookie; no address yet', async () => {
    const response = await api('/guests/register', { method: 'POST', body: { firstName: '  Gerda ', lastName: '\tGast  ' } });
    expect(response.status).toBe(200);
    const body = await json<GuestSignIn>(response.clone());
    expect(body).toEqual({
      id: expect.any(String),
      secretKey: expect.any(String),
      guest: { id: body.id, firstName: 'Gerda', lastName: 'Gast', email: null, picture: null },
    });
    // The id is no secret (fellow members see it); the secret is.
    expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.secretKey).toMatch(LONG_SECRET);
    expect(cookiePair(response, 'salon_guest')).toBe(`salon_guest=${encodeURIComponent(`${body.id}.${body.secretKey}`)}`);
    expect(response.headers.getSetCookie()[0]).toMatch(/HttpOnly/);
    const me = async (headers: Record<string, string>) => json<GuestAccount>(await api('/guests/me', { headers }));
    expect(await me(basic(body.id, body.secretKey))).toEqual(body.guest);
    expect(await me(guestCookie({ guestId: body.id, secretKey: body.secretKey }))).toEqual(body.guest);
    // Nothing is stored that would give the secret away.
    const rows = JSON.stringify([
      await env.DB.prepare('SELECT * FROM guests WHERE id = ?').bind(body.id).first(),
      (await env.DB.prepare('SELECT * FROM guest_keys WHERE guest_id = ?').bind(body.id).all()).results,
    ]);
    expect(rows).toContain(body.id);
    expect(rows).not.toContain(body.secretKey);
    const other = await registerGuest();
    expect([other.guestId, other.secretKey]).not.toContain(body.id);
    expect(other.secretKey).not.toBe(body.secretKey);
  });

  it.each([
    ['a blank first name', { firstName: '   ', lastName: 'Gast' }],
    ['a missing last name', { firstName: 'Gerda' }],
    ['an empty last name', { firstName: 'Gerda', lastName: '' }],
    ['a first name of 51 characters', { firstName: 'G'.repeat(LIMITS.nameMax + 1), lastName: 'Gast' }],
    ['a control character', { firstName: 'Ger\u0007da', lastName: 'Gast' }],
    ['a number as name', { firstName: 42, lastName: 'Gast' }],
  ])('refuses %s with invalidName and creates no one', async (_name, body) => {
    const count = () => env.DB.prepare('SELECT COUNT(*) AS n FROM guests').first<number>('n');
    const before = await count();
    const response = await api('/guests/register', { method: 'POST', body });
    expect(response.headers.getSetCookie()).toEqual([]);
    await expectError(response, 400, 'invalidName');
    expect(await count()).toBe(before);
  });

  it('who has no guest account: 401 on her own routes', async () => {
    const consultant = await createConsultant();
    for (const headers of [{}, consultant.headers, basic(crypto.randomUUID(), 'geraten')]) {
      await expectError(await api('/guests/me', { headers }), 401, 'unauthorized');
      await expectError(await api('/guests/me/parties', { headers }), 401, 'unauthorized');
      await expectError(await api('/guests/profile', { method: 'PUT', headers, body: { firstName: 'A', lastName: 'B' } }), 401, 'unauthorized');
      await expectError(await requestCode(address(), { claim: true, headers }), 401, 'unauthorized');
    }
  });
});

describe("a guest's own profile", () => {
  it('PUT /api/guests/profile: her names, trimmed; bad names refused and nothing changed', async () => {
    const gerda = await registerGuest();
    const response = await api('/guests/profile', { method: 'PUT', headers: gerda.headers, body: { firstName: ' Greta ', lastName: 'Neu ' } });
    expect(response.status).toBe(200);
    const account = await json<GuestAccount>(response);
    expect(account).toEqual({ id: gerda.guestId, firstName: 'Greta', lastName: 'Neu', email: null, picture: null });
    await expectError(await api('/guests/profile', { method: 'PUT', headers: gerda.headers, body: { firstName: '', lastName: 'Neu' } }), 400, 'invalidName');
    await expectError(
      await api('/guests/profile', { method: 'PUT', headers: gerda.headers, body: { firstName: 'Greta\nAdmin', lastName: 'Neu' } }),
      400,
      'invalidName',
    );
    expect(await json(await api('/guests/me', { headers: gerda.headers }))).toEqual(account);
  });

  it.each(Object.entries(PICTURES))('a %s picture: stored, served at its versioned address, replaced and removed', async (type, bytes) => {
    const gerda = await registerGuest();
    const response = await uploadGuestPicture(gerda.headers, bytes, type);
    expect(response.status, await response.clone().text()).toBe(200);
    const account = await json<GuestAccount>(response);
    expect(account.picture).toMatch(new RegExp(`^/api/guests/${gerda.guestId}/picture\\?v=[^&]+$`));
    const served = await api(account.picture!.slice('/api'.length), { headers: gerda.headers });
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe(type);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    // A new picture gets a new address, so no cache keeps the old one.
    const replaced = await json<GuestAccount>(await uploadGuestPicture(gerda.headers, PICTURES['image/gif'], 'image/gif'));
    expect(replaced.picture).not.toBe(account.picture);
    const removed = await api('/guests/profile/picture', { method: 'DELETE', headers: gerda.headers });
    expect(removed.status).toBe(200);
    expect(await json<GuestAccount>(removed)).toMatchObject({ picture: null });
    await expectError(await api(`/guests/${gerda.guestId}/picture`, { headers: gerda.headers }), 404, 'notFound');
  });

  it.each(IMPOSTORS)('%s: 415 notAnImage, the old picture kept', async (_name, bytes, type) => {
    const gerda = await registerGuest();
    const before = await json<GuestAccount>(await uploadGuestPicture(gerda.headers));
    await expectError(await uploadGuestPicture(gerda.headers, bytes, type), 415, 'notAnImage');
    expect(await json(await api('/guests/me', { headers: gerda.headers }))).toEqual(before);
  });

  it(`a picture over ${LIMITS.pictureBytesMax} bytes: 413 imageTooLarge, nothing stored`, async () => {
    const gerda = await registerGuest();
    const big = new Uint8Array(LIMITS.pictureBytesMax + 1);
    big.set(PICTURES['image/png']);
    await expectError(await uploadGuestPicture(gerda.headers, big), 413, 'imageTooLarge');
    expect(await json(await api('/guests/me', { headers: gerda.headers }))).toMatchObject({ picture: null });
  });
});

describe('GET /api/guests/:id and its picture: herself, the manager and the fellow members of her parties; nobody else', () => {
  async function world() {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const [party, foreign] = await Promise.all([createParty(clara), createParty(berta)]);
    const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const tom = await joinGuest(party.id, { firstName: 'Tom', lastName: 'Berg' });
    const rita = await joinGuest(party.id, { firstName: 'Rita', lastName: 'Raus' });
    const otto = await joinGuest(foreign.id, { firstName: 'Otto', lastName: 'Fremd' });
    const loner = await registerGuest({ firstName: 'Lena', lastName: 'Allein' });
    expect((await api(`/parties/${party.id}/removeGuest/${rita.guestId}`, { method: 'DELETE', headers: clara.headers })).status).toBe(204);
    const account = await json<GuestAccount>(await uploadGuestPicture(maria.headers));
    return { clara, berta, party, maria, tom, rita, otto, loner, account };
  }

  it('answers with her card to those who may see her, and 404 notFound, as for an id nobody has, to everyone else', async () => {
    const { clara, berta, maria, tom, rita, otto, loner, account } = await world();
    const card: GuestCard = { id: maria.guestId, firstName: 'Maria', lastName: 'Klein', picture: account.picture };
    const allowed: [string, Record<string, string>][] = [
      ['herself (app)', maria.headers],
      ['herself (browser)', guestCookie(maria)],
      ['the manager (app)', clara.headers],
      ['the manager (browser)', sessionCookie(clara)],
      ['a fellow member', tom.headers],
    ];
    const refused: [string, Record<string, string>][] = [
      ['a guest of another party', otto.headers],
      ['a guest of no party', loner.headers],
      ['another consultant', berta.headers],
      ['a member removed from her party', rita.headers],
    ];
    for (const [who, headers] of allowed) {
      const response = await api(`/guests/${maria.guestId}`, { headers });
      expect({ who, status: response.status, body: await json(response) }).toEqual({ who, status: 200, body: card });
      const picture = await api(`/guests/${maria.guestId}/picture`, { headers });
      // Never kept by a shared cache: only those who may see her get it.
      expect({ who, status: picture.status, type: picture.headers.get('Content-Type'), cache: picture.headers.get('Cache-Control')?.split(',')[0] }).toEqual({
        who,
        status: 200,
        type: 'image/png',
        cache: 'private',
      });
      expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PICTURES['image/png']);
    }
    for (const [who, headers] of refused) {
      for (const path of [`/guests/${maria.guestId}`, `/guests/${maria.guestId}/picture`, `/guests/${crypto.randomUUID()}`]) {
        const response = await api(path, { headers });
        expect({ who, path, status: response.status, body: await json(response) }).toEqual({ who, path, status: 404, body: { error: { code: 'notFound' } } });
      }
    }
    // Anyone else is not even asked who they are.
    await expectError(await api(`/guests/${maria.guestId}`), 401, 'unauthorized');
    await expectError(await api(`/guests/${maria.guestId}/picture`), 401, 'unauthorized');
    // A removed member is no longer seen by the party either.
    await expectError(await api(`/guests/${rita.guestId}`, { headers: maria.headers }), 404, 'notFound');
    await expectError(await api(`/guests/${rita.guestId}`, { headers: clara.headers }), 404, 'notFound');
  });
});

describe('GET /api/guests/me/parties', () => {
  it('her parties, the running ones first and the expired last, each with her name there; not the parties of others', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const [running, later, over, elsewhere] = await Promise.all([
      createParty(clara, { title: 'Wellness-Party' }),
      createParty(clara, { title: 'Kochparty' }),
      createParty(clara, { title: 'Vorbei' }),
      createParty(clara, { title: 'Ohne sie' }),
    ]);
    const maria = await joinGuest(running.id, { firstName: 'Maria', lastName: 'Klein' });
    for (const [party, firstName] of [
      [over, 'Maria'],
      [later, 'Mia'],
    ] as const) {
      expect((await api(`/parties/${party.id}/join`, { method: 'PUT', headers: maria.headers, body: { firstName, lastName: 'Klein' } })).status).toBe(200);
    }
    await joinGuest(elsewhere.id, { firstName: 'Tom', lastName: 'Berg' });
    const put = await api(`/parties/${over.id}`, { method: 'PUT', headers: clara.headers, body: { title: 'Vorbei', expiration: Date.now() - 60_000 } });
    expect(put.status).toBe(200);
    const parties = await json<GuestParty[]>(await api('/guests/me/parties', { headers: maria.headers }));
    expect(parties.map((party) => party.id).sort()).toEqual([running.id, later.id, over.id].sort());
    expect(parties[2]).toMatchObject({ id: over.id, expired: true });
    expect(parties.slice(0, 2).every((party) => !party.expired)).toBe(true);
    expect(parties.find((party) => party.id === later.id)).toMatchObject({
      title: 'Kochparty',
      firstName: 'Mia',
      lastName: 'Klein',
      managerName: 'Clara Berater',
    });
  });
});

describe('POST /api/guests/logout: signed out on every device', () => {
  it("both her devices' credentials are refused afterwards, her open socket closes, and the cookie is cleared", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const maria = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const phone = await anotherDevice(maria);
    const { socket } = await connected(party.id, maria.headers);
    const since = Date.now();
    const response = await api('/guests/logout', { method: 'POST', headers: { ...guestCookie(phone), Origin: ORIGIN } });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie().find((cookie) => cookie.startsWith('salon_guest='))).toMatch(/Max-Age=0/);
    expect(await socket.closedWith(1000)).toMatchObject({ code: SOCKET_CLOSE.signedOut });
    expect(Date.now() - since).toBeLessThanOrEqual(1000);
    for (const headers of [maria.headers, guestCookie(maria), phone.headers, guestCookie(phone)]) {
      await expectError(await api('/guests/me', { headers }), 401, 'unauthorized');
    }
    expect(await connect(party.id, maria.headers)).toBe(401);
    // The manager's side goes on.
    expect((await api(`/parties/${party.id}/guests`, { headers: consultant.headers })).status).toBe(200);
  });
});
