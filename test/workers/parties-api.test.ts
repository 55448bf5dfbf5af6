import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/core/limits';
import { api, connect, connected, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';

async function list(consultant: Consultant): Promise<any[]> {
  const response = await api('/parties', { headers: consultant.headers });
  expect(response.status).toBe(200);
  return json<any[]>(response);
}

async function info(shortId: string, headers: Record<string, string> = {}): Promise<Response> {
  return api(`/parties/${shortId}`, { headers });
}

async function partyRow(id: string): Promise<Record<string, unknown> | null> {
  return env.DB.prepare('SELECT * FROM parties WHERE id = ?').bind(id).first();
}

const PUBLIC_INFO_KEYS = ['expiration', 'expired', 'host', 'id', 'manager', 'me', 'passwordProtected', 'restrictedMessaging', 'shortId', 'start', 'title'];

describe('POST /api/parties', () => {
  it('creates a party: 201 with its summary, default expiration 3 days out, a 12-char base62 short id', async () => {
    const consultant = await createConsultant({ name: 'Clara' });
    const before = Date.now();
    const response = await api('/parties', {
      method: 'POST',
      headers: consultant.headers,
      body: { title: '  Wellness-Party  ', host: 'Hanna Hoff', start: before + DAY_MS },
    });
    const after = Date.now();
    expect(response.status).toBe(201);
    const party = await json(response);

    expect(party).toMatchObject({
      title: 'Wellness-Party',
      host: 'Hanna Hoff',
      start: before + DAY_MS,
      passwordProtected: false,
      restrictedMessaging: false,
      expired: false,
      latestMessage: null,
      manager: { id: consultant.profileIds[0], firstName: 'Clara', lastName: 'Berater' },
    });
    expect(party.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(party.shortId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(party.expiration).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect(party.expiration).toBeLessThanOrEqual(after + 3 * DAY_MS);
    expect(party.createdAt).toBeGreaterThanOrEqual(before);
    expect(party).not.toHaveProperty('password');
    expect(party).not.toHaveProperty('passwordHash');

    expect((await list(consultant)).map((p) => p.id)).toEqual([party.id]);
  });

  it('gives every party its own short id', async () => {
    const consultant = await createConsultant();
    const ids = new Set<string>();
    for (let i = 0; i < 10; i++) ids.add((await createParty(consultant)).shortId);
    expect(ids.size).toBe(10);
    for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('expiration: null never expires', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { expiration: null });
    expect(party.expiration).toBeNull();
    expect(party.expired).toBe(false);
    expect((await partyRow(party.id))!.expires_at).toBeNull();
    const body = await json(await info(party.shortId));
    expect(body).toMatchObject({ expiration: null, expired: false });
  });

  it('stores a password only as a hash and reports passwordProtected', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Sesam-öffne-dich' });
    expect(party.passwordProtected).toBe(true);
    expect(JSON.stringify(party)).not.toContain('Sesam');
    const row = await partyRow(party.id);
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$\d+\$[\w-]+\$[\w-]+$/);
    expect(String(row!.password_hash)).not.toContain('Sesam');
    const publicInfo = await json(await info(party.shortId));
    expect(publicInfo.passwordProtected).toBe(true);
    expect(JSON.stringify(publicInfo)).not.toContain('pbkdf2');
  });

  it('an empty password means no password', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: '' });
    expect(party.passwordProtected).toBe(false);
    expect((await partyRow(party.id))!.password_hash).toBeNull();
  });

  it.each([
    ['missing title', {}, 'invalidInput'],
    ['blank title', { title: '   ' }, 'invalidInput'],
    ['title of 101 characters', { title: 'x'.repeat(101) }, 'invalidInput'],
    ['title not a string', { title: 42 }, 'invalidInput'],
    ['title null', { title: null }, 'invalidInput'],
    ['start not a number', { title: 'Party', start: 'morgen' }, 'invalidInput'],
    ['start not an integer', { title: 'Party', start: 1.5 }, 'invalidInput'],
    ['negative expiration', { title: 'Party', expiration: -1 }, 'invalidInput'],
    ['restrictedMessaging not a boolean', { title: 'Party', restrictedMessaging: 'yes' }, 'invalidInput'],
    ['manager not a uuid', { title: 'Party', manager: 'me' }, 'invalidInput'],
    ['password too long', { title: 'Party', password: 'p'.repeat(201) }, 'invalidInput'],
    ['host of 101 characters', { title: 'Party', host: 'h'.repeat(101) }, 'invalidInput'],
    ['control character in the title', { title: 'Party\u0007' }, 'invalidText'],
    ['NUL in the title', { title: 'Par\u0000ty' }, 'invalidText'],
    ['newline in the title', { title: 'Party\nZwei' }, 'invalidText'],
    ['bidi override in the title', { title: 'Party \u202Eytrap' }, 'invalidText'],
    ['lone surrogate in the title', { title: 'Party \uD800' }, 'invalidText'],
    ['control character in the host', { title: 'Party', host: 'Hanna\u001B' }, 'invalidText'],
  ])('refuses %s and creates nothing', async (_name, body, code) => {
    const consultant = await createConsultant();
    await expectError(await api('/parties', { method: 'POST', headers: consultant.headers, body }), 400, code);
    expect(await list(consultant)).toEqual([]);
  });

  it('accepts a title of exactly 100 characters', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 't'.repeat(100) });
    expect(party.title).toBe('t'.repeat(100));
  });

  it('requires a signed-in consultant', async () => {
    await expectError(await api('/parties', { method: 'POST', body: { title: 'Party' } }), 401, 'unauthorized');
    const owner = await createConsultant();
    const party = await createParty(owner);
    const guest = await joinGuest(party.id);
    await expectError(await api('/parties', { method: 'POST', headers: guest.headers, body: { title: 'Party' } }), 401, 'unauthorized');
  });
});

describe('the managing profile', () => {
  it('with several profiles, one must be chosen', async () => {
    const consultant = await createConsultant({ profiles: 3 });
    await expectError(await api('/parties', { method: 'POST', headers: consultant.headers, body: { title: 'Party' } }), 400, 'invalidInput');
    await expectError(await api('/parties', { method: 'POST', headers: consultant.headers, body: { title: 'Party', manager: null } }), 400, 'invalidInput');
    expect(await list(consultant)).toEqual([]);
  });

  it("someone else's profile is not found", async () => {
    const consultant = await createConsultant({ profiles: 3 });
    const stranger = await createConsultant();
    const body = { title: 'Party', manager: stranger.profileIds[0] };
    await expectError(await api('/parties', { method: 'POST', headers: consultant.headers, body }), 404, 'profileNotFound');
    await expectError(
      await api('/parties', { method: 'POST', headers: consultant.headers, body: { title: 'Party', manager: crypto.randomUUID() } }),
      404,
      'profileNotFound',
    );
    expect(await list(consultant)).toEqual([]);
  });

  it('an own profile manages the party and names it in the party info', async () => {
    const consultant = await createConsultant({ profiles: 3, name: 'Berta' });
    const party = await createParty(consultant, { manager: consultant.profileIds[2] });
    expect(party.manager).toEqual({ id: consultant.profileIds[2], firstName: 'Berta2', lastName: 'Berater' });
    const publicInfo = await json(await info(party.shortId));
    expect(publicInfo.manager).toEqual({ firstName: 'Berta2', lastName: 'Berater', profileShortId: expect.stringMatching(/^[0-9A-Za-z]{12}$/) });
  });

  it("editing to someone else's profile is refused and changes nothing", async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const stranger = await createConsultant();
    const party = await createParty(consultant, { manager: consultant.profileIds[0], title: 'Vorher' });
    const response = await api(`/parties/${party.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { title: 'Nachher', manager: stranger.profileIds[0] },
    });
    await expectError(response, 404, 'profileNotFound');
    const [stored] = await list(consultant);
    expect(stored).toMatchObject({ title: 'Vorher', manager: { id: consultant.profileIds[0] } });
  });
});

describe('GET /api/parties', () => {
  it("lists only the consultant's own parties, oldest first", async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const berta = await createConsultant({ name: 'Berta' });
    const first = await createParty(anna, { title: 'Erste' });
    const foreign = await createParty(berta, { title: 'Fremde' });
    const second = await createParty(anna, { title: 'Zweite' });
    expect((await list(anna)).map((p) => [p.id, p.title])).toEqual([
      [first.id, 'Erste'],
      [second.id, 'Zweite'],
    ]);
    expect((await list(berta)).map((p) => p.id)).toEqual([foreign.id]);
  });

  it('without credentials: 401 unauthorized', async () => {
    await expectError(await api('/parties'), 401, 'unauthorized');
  });

  it('with a garbage Bearer token: 401 unauthorized', async () => {
    await expectError(await api('/parties', { headers: { Authorization: 'Bearer nonsense' } }), 401, 'unauthorized');
    await expectError(await api('/parties', { headers: { Authorization: 'Bearer ' } }), 401, 'unauthorized');
  });

  it('with an expired access token: 401 sessionExpired', async () => {
    const consultant = await createConsultant();
    await createParty(consultant);
    await env.DB.prepare('UPDATE sessions SET access_expires_at = ? WHERE user_id = ?')
      .bind(Math.floor(Date.now() / 1000) - 1, consultant.userId)
      .run();
    await expectError(await api('/parties', { headers: consultant.headers }), 401, 'sessionExpired');
    await expectError(await api('/parties', { method: 'POST', headers: consultant.headers, body: { title: 'Neu' } }), 401, 'sessionExpired');
  });
});

describe('an expired access token on the member endpoints', () => {
  it('chat and guests answer 401 sessionExpired, as GET /api/parties does', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    await env.DB.prepare('UPDATE sessions SET access_expires_at = ? WHERE user_id = ?')
      .bind(Math.floor(Date.now() / 1000) - 1, consultant.userId)
      .run();
    await expectError(await api('/parties', { headers: consultant.headers }), 401, 'sessionExpired');
    await expectError(await api(`/parties/${party.id}/guests`, { headers: consultant.headers }), 401, 'sessionExpired');
    await expectError(await api(`/parties/${party.id}/chat`, { headers: consultant.headers }), 401, 'sessionExpired');
  });

  it('they are refused with 401 in any case', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    await env.DB.prepare('UPDATE sessions SET access_expires_at = ? WHERE user_id = ?')
      .bind(Math.floor(Date.now() / 1000) - 1, consultant.userId)
      .run();
    expect((await api(`/parties/${party.id}/guests`, { headers: consultant.headers })).status).toBe(401);
    expect((await api(`/parties/${party.id}/chat`, { headers: consultant.headers })).status).toBe(401);
    expect(await connect(party.id, consultant.headers)).toBe(401);
    // Party info still answers, as for anyone holding the link, but not as the manager.
    expect((await json(await info(party.shortId, consultant.headers))).me).toBeNull();
  });
});

describe('PUT /api/parties/:id', () => {
  it('the owner edits title, host, restriction, password and expiration', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 'Alt', host: 'Hanna' });
    const expiration = Date.now() + 10 * DAY_MS;
    const response = await api(`/parties/${party.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { title: 'Neu', host: 'Greta', restrictedMessaging: true, password: 'geheim', expiration },
    });
    expect(response.status).toBe(200);
    const updated = await json(response);
    expect(updated).toMatchObject({
      id: party.id,
      shortId: party.shortId,
      title: 'Neu',
      host: 'Greta',
      restrictedMessaging: true,
      passwordProtected: true,
      expiration,
    });
    expect((await list(consultant))[0]).toMatchObject({ title: 'Neu', host: 'Greta', restrictedMessaging: true, passwordProtected: true, expiration });

    // Absent password: unchanged; null: removed.
    const keep = await json(await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Neu' } }));
    expect(keep).toMatchObject({ passwordProtected: true, host: 'Greta', restrictedMessaging: true, expiration });
    const cleared = await json(await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Neu', password: null } }));
    expect(cleared.passwordProtected).toBe(false);
    expect((await partyRow(party.id))!.password_hash).toBeNull();
  });

  it('validates like create and changes nothing on failure', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 'Bleibt' });
    await expectError(await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: '' } }), 400, 'invalidInput');
    await expectError(await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'a\u0000' } }), 400, 'invalidText');
    expect((await list(consultant))[0].title).toBe('Bleibt');
  });

  it("another consultant's party: 404 partyNotFound and unchanged", async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    const party = await createParty(owner, { title: 'Meine Party' });
    await expectError(
      await api(`/parties/${party.id}`, { method: 'PUT', headers: other.headers, body: { title: 'Gekapert', restrictedMessaging: true } }),
      404,
      'partyNotFound',
    );
    await expectError(await api(`/parties/${party.id}`, { method: 'DELETE', headers: other.headers }), 404, 'partyNotFound');
    expect((await list(owner))[0]).toMatchObject({ id: party.id, title: 'Meine Party', restrictedMessaging: false });
    expect((await info(party.shortId)).status).toBe(200);
  });

  it('a guest of the party cannot edit or delete it', async () => {
    const owner = await createConsultant();
    const party = await createParty(owner, { title: 'Meine Party' });
    const guest = await joinGuest(party.id);
    await expectError(await api(`/parties/${party.id}`, { method: 'PUT', headers: guest.headers, body: { title: 'Gekapert' } }), 401, 'unauthorized');
    await expectError(await api(`/parties/${party.id}`, { method: 'DELETE', headers: guest.headers }), 401, 'unauthorized');
    expect((await list(owner))[0].title).toBe('Meine Party');
  });

  it('an unknown party id: 404 partyNotFound', async () => {
    const consultant = await createConsultant();
    await expectError(await api(`/parties/${crypto.randomUUID()}`, { method: 'PUT', headers: consultant.headers, body: { title: 'X' } }), 404, 'partyNotFound');
  });
});

describe('DELETE /api/parties/:id', () => {
  it('deletes: 204, the link is gone, open sockets get partyDeleted and are closed', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const manager = await connected(party.id, consultant.headers);
    const maria = await connected(party.id, guest.headers);

    const response = await api(`/parties/${party.id}`, { method: 'DELETE', headers: consultant.headers });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    for (const { socket } of [manager, maria]) {
      expect(await socket.next('partyDeleted')).toEqual({ type: 'partyDeleted', partyId: party.id });
      expect((await socket.closedWith()).code).toBe(4004);
    }

    await expectError(await info(party.shortId), 404, 'partyNotFound');
    await expectError(await info(party.shortId, consultant.headers), 404, 'partyNotFound');
    expect(await list(consultant)).toEqual([]);
    expect(await partyRow(party.id)).toBeNull();
    expect(await connect(party.id, consultant.headers)).toBe(404);
    await expectError(await api(`/parties/${party.id}/join`, { method: 'PUT', body: { firstName: 'Eva', lastName: 'Stein' } }), 404, 'partyNotFound');
    // A second delete finds nothing.
    await expectError(await api(`/parties/${party.id}`, { method: 'DELETE', headers: consultant.headers }), 404, 'partyNotFound');
  });
});

describe('GET /api/parties/:shortId (party info)', () => {
  it('anonymous: public fields only, me null', async () => {
    const consultant = await createConsultant({ name: 'Clara' });
    const party = await createParty(consultant, { title: 'Kosmetik', host: 'Hanna', password: 'pw' });
    const response = await info(party.shortId);
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(Object.keys(body).sort()).toEqual(PUBLIC_INFO_KEYS);
    expect(body).toMatchObject({
      id: party.id,
      shortId: party.shortId,
      title: 'Kosmetik',
      host: 'Hanna',
      manager: { firstName: 'Clara', lastName: 'Berater' },
      passwordProtected: true,
      restrictedMessaging: false,
      expired: false,
      me: null,
    });
  });

  it('the owner is me with role manager; a joined guest is me with role guest', async () => {
    const consultant = await createConsultant({ name: 'Clara' });
    const party = await createParty(consultant);
    const owner = await json(await info(party.shortId, consultant.headers));
    expect(owner.me).toEqual({ id: consultant.userId, firstName: 'Clara', lastName: 'Berater', role: 'manager' });

    const guest = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
    const asGuest = await json(await info(party.shortId, guest.headers));
    expect(asGuest.me).toEqual({ id: guest.guestId, firstName: 'Maria', lastName: 'Klein', role: 'guest' });

    // Another consultant and a guest of another party are nobody here.
    const other = await createConsultant();
    expect((await json(await info(party.shortId, other.headers))).me).toBeNull();
    const elsewhere = await joinGuest((await createParty(other)).id);
    expect((await json(await info(party.shortId, elsewhere.headers))).me).toBeNull();
  });

  it('an unknown short id: 404 partyNotFound', async () => {
    await expectError(await info('ZZZZZZZZZZZZ'), 404, 'partyNotFound');
  });

  it('an expired party: 410 partyExpired for guests and strangers, 200 expired for the owner; guest sockets refused', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 'Vorbei' });
    const guest = await joinGuest(party.id);
    const expiration = Date.now() - 60_000;
    const edit = await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Vorbei', expiration } });
    expect(edit.status).toBe(200);
    expect((await json(edit)).expired).toBe(true);

    await expectError(await info(party.shortId, guest.headers), 410, 'partyExpired');
    await expectError(await info(party.shortId), 410, 'partyExpired');
    const owner = await info(party.shortId, consultant.headers);
    expect(owner.status).toBe(200);
    expect(await json(owner)).toMatchObject({ expired: true, expiration, me: { role: 'manager' } });
    expect((await list(consultant))[0]).toMatchObject({ expired: true });

    expect(await connect(party.id, guest.headers)).toBe(410);
    const manager = await connected(party.id, consultant.headers);
    expect(manager.welcome.me.role).toBe('manager');
    manager.socket.close();

    // Joining an expired party is refused too.
    await expectError(await api(`/parties/${party.id}/join`, { method: 'PUT', body: { firstName: 'Spät', lastName: 'Kommer' } }), 410, 'partyExpired');
  });
});

describe('/api/auth', () => {
  it('refresh rotates both tokens: the new access token works, the old tokens do not', async () => {
    const consultant = await createConsultant();
    await createParty(consultant, { title: 'Nach dem Refresh' });
    const response = await api('/auth/refresh', { method: 'POST', body: { refreshToken: consultant.refreshToken } });
    expect(response.status).toBe(200);
    const tokens = await json(response);
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.accessToken).not.toBe(consultant.accessToken);
    expect(tokens.refreshToken).not.toBe(consultant.refreshToken);
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(tokens.expiresAt).toBeLessThan(Date.now() / 1000 + 2 * 3600);

    const fresh = await api('/parties', { headers: { Authorization: `Bearer ${tokens.accessToken}` } });
    expect(fresh.status).toBe(200);
    expect((await json(fresh)).map((p: any) => p.title)).toEqual(['Nach dem Refresh']);

    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: consultant.refreshToken } }), 401, 'sessionExpired');
    await expectError(await api('/parties', { headers: consultant.headers }), 401, 'unauthorized');
  });

  it('refresh with a bad body: 400 invalidInput; with an unknown token: 401 sessionExpired', async () => {
    await expectError(await api('/auth/refresh', { method: 'POST', body: {} }), 400, 'invalidInput');
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: 42 } }), 400, 'invalidInput');
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: '' } }), 400, 'invalidInput');
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: 'r'.repeat(513) } }), 400, 'invalidInput');
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: 'unknown' } }), 401, 'sessionExpired');
  });

  it('logout ends the session: the access and refresh tokens stop working', async () => {
    const consultant = await createConsultant();
    const other = await createConsultant();
    const response = await api('/auth/logout', { method: 'POST', headers: consultant.headers });
    expect(response.status).toBe(204);
    await expectError(await api('/parties', { headers: consultant.headers }), 401, 'unauthorized');
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: consultant.refreshToken } }), 401, 'sessionExpired');
    // Only that session ended.
    expect((await api('/parties', { headers: other.headers })).status).toBe(200);
  });

  it('logout without a session: 401 unauthorized', async () => {
    await expectError(await api('/auth/logout', { method: 'POST' }), 401, 'unauthorized');
  });
});

describe('editing keeps what the request leaves out', () => {
  it('an edit without start, host or expiration keeps them; null clears', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { start: 1_900_000_000_000, host: 'Sabine', expiration: 1_900_100_000_000 });
    const kept = await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: 'Neuer Titel' } });
    expect(await json(kept)).toMatchObject({ title: 'Neuer Titel', start: 1_900_000_000_000, host: 'Sabine', expiration: 1_900_100_000_000 });
    const cleared = await api(`/parties/${party.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { title: 'Neuer Titel', start: null, expiration: null },
    });
    expect(await json(cleared)).toMatchObject({ start: null, expiration: null, host: 'Sabine' });
  });
});
