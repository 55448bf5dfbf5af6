import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, api, createConsultant, createParty, expectError, guestCookie, html, joinGuest, json, page, sessionCookie } from './fixtures';

/** A party created ahead and then ended by its manager: a new party may not be over already. */
async function endedParty(consultant: Awaited<ReturnType<typeof createConsultant>>) {
  const party = await createParty(consultant, { title: 'Längst vorbei Party' });
  const edit = await api(`/parties/${party.id}`, { method: 'PUT', headers: consultant.headers, body: { title: party.title, expiration: Date.now() - 60_000 } });
  expect(edit.status).toBe(200);
  return party;
}

/** name → { value, attributes } for every Set-Cookie header of a response. */
function setCookies(response: Response): Map<string, { value: string; attributes: string[] }> {
  const cookies = new Map<string, { value: string; attributes: string[] }>();
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim());
    const eq = pair!.indexOf('=');
    cookies.set(pair!.slice(0, eq), { value: decodeURIComponent(pair!.slice(eq + 1)), attributes });
  }
  return cookies;
}

async function expireAccessToken(userId: string): Promise<void> {
  await env.DB.prepare('UPDATE sessions SET access_expires_at = ? WHERE user_id = ?')
    .bind(Math.floor(Date.now() / 1000) - 1, userId)
    .run();
}

describe('the landing page', () => {
  it('/ is 200 and says Salon', async () => {
    const body = await html(await page('/'), 200);
    expect(body).toContain('Salon');
    expect(body).toContain('<html lang="de"');
  });

  it('a signed-in consultant is sent on to /parties', async () => {
    const consultant = await createConsultant();
    const response = await page('/', { headers: sessionCookie(consultant) });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/parties');
  });
});

describe('/parties', () => {
  it('without a session: 302 to /?returnTo=%2Fparties', async () => {
    const response = await page('/parties');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/?returnTo=%2Fparties');
  });

  it("with a session cookie: 200 listing the consultant's parties and no one else's", async () => {
    const consultant = await createConsultant();
    const other = await createConsultant();
    await createParty(consultant, { title: 'Duftabend Nummer 7' });
    await createParty(other, { title: 'Fremder Abend Nummer 9' });
    const response = await page('/parties', { headers: sessionCookie(consultant) });
    const body = await html(response, 200);
    expect(body).toContain('Duftabend Nummer 7');
    expect(body).not.toContain('Fremder Abend Nummer 9');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('an expired access cookie with a valid refresh cookie: 200, and new salon_at / salon_rt cookies', async () => {
    const consultant = await createConsultant();
    await createParty(consultant, { title: 'Nach Ablauf Party' });
    await expireAccessToken(consultant.userId);
    const response = await page('/parties', { headers: sessionCookie(consultant) });
    const body = await html(response, 200);
    expect(body).toContain('Nach Ablauf Party');

    const cookies = setCookies(response);
    const access = cookies.get('salon_at');
    const refresh = cookies.get('salon_rt');
    expect(access?.value).toBeTruthy();
    expect(refresh?.value).toBeTruthy();
    expect(access!.value).not.toBe(consultant.accessToken);
    expect(refresh!.value).not.toBe(consultant.refreshToken);
    for (const cookie of [access!, refresh!]) {
      expect(cookie.attributes).toContain('HttpOnly');
      expect(cookie.attributes).toContain('Secure');
      expect(cookie.attributes).toContain('SameSite=Lax');
      expect(cookie.attributes.find((a) => a.startsWith('Max-Age='))).not.toBe('Max-Age=0');
    }

    // The new pair works; the old refresh token was rotated away.
    expect((await api('/parties', { headers: { Authorization: `Bearer ${access!.value}` } })).status).toBe(200);
    const again = await page('/parties', { headers: sessionCookie({ accessToken: access!.value, refreshToken: refresh!.value }) });
    await html(again, 200);
    expect(again.headers.getSetCookie()).toEqual([]);
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: consultant.refreshToken } }), 401, 'sessionExpired');
  });

  it('two requests that carried the same refresh cookie: the first rotates it, the second still passes as her and leaves the cookies alone; a minute later the old one is refused', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 'Zwei Fragen Party' });
    await expireAccessToken(consultant.userId);
    const first = await page('/parties', { headers: sessionCookie(consultant) });
    expect(await html(first, 200)).toContain('Zwei Fragen Party');
    expect(setCookies(first).get('salon_rt')?.value).toBeTruthy();

    // The page's second question, sent before the first one's answer set the new cookies.
    const second = await api(`/parties/${party.shortId}`, { headers: sessionCookie(consultant) });
    expect(second.status).toBe(200);
    expect(((await second.json()) as { me: { role: string } | null }).me?.role).toBe('manager');
    expect(second.headers.getSetCookie()).toEqual([]);
    // It passes as her but gets no tokens of its own: the API's explicit refresh stays one-time.
    await expectError(await api('/auth/refresh', { method: 'POST', body: { refreshToken: consultant.refreshToken } }), 401, 'sessionExpired');

    await env.DB.prepare('UPDATE sessions SET rotated_at = rotated_at - 61 WHERE user_id = ?').bind(consultant.userId).run();
    const late = await page('/parties', { headers: sessionCookie(consultant) });
    expect(late.status).toBe(302);
    expect(setCookies(late).get('salon_rt')?.attributes).toContain('Max-Age=0');
  });

  it('an invalid refresh cookie: both cookies are cleared and /parties redirects to /', async () => {
    const consultant = await createConsultant();
    await expireAccessToken(consultant.userId);
    for (const headers of [
      sessionCookie({ accessToken: consultant.accessToken, refreshToken: 'invalid' }),
      sessionCookie({ accessToken: 'garbage', refreshToken: 'garbage' }),
    ]) {
      const response = await page('/parties', { headers });
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/?returnTo=%2Fparties');
      const cookies = setCookies(response);
      for (const name of ['salon_at', 'salon_rt']) {
        expect(cookies.get(name)?.value, name).toBe('');
        expect(cookies.get(name)?.attributes).toContain('Max-Age=0');
      }
    }
  });
});

describe('the party page /<shortId>', () => {
  it('an existing party: 200 with its title', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 'Aroma Abend Lindenhof' });
    const body = await html(await page(`/${party.shortId}`), 200);
    expect(body).toContain('Aroma Abend Lindenhof');
    // Behind a visitor's join dialog: no chat, and no "no messages yet" either (the room tells her nothing of it).
    expect(body).not.toContain('Noch keine Nachrichten');
    // Its manager sees it too, and so does a joined guest.
    expect(await html(await page(`/${party.shortId}`, { headers: sessionCookie(consultant) }), 200)).toContain('Aroma Abend Lindenhof');
    const guest = await joinGuest(party.id);
    expect(
      await html(await page(`/${party.shortId}`, { headers: { Cookie: `salon_guest=${encodeURIComponent(`${guest.guestId}.${guest.secretKey}`)}` } }), 200),
    ).toContain('Aroma Abend Lindenhof');
  });

  it("names the managing profile and its page for a visitor and for a joined guest, whose link is read in one batch (ADR 049) where D1 keys a row's columns by name", async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const party = await createParty(consultant, { title: 'Profil-Party', manager: consultant.profileIds[1] });
    const profile = await env.DB.prepare('SELECT short_id AS shortId FROM profiles WHERE id = ?').bind(consultant.profileIds[1]).first<{ shortId: string }>();
    const guest = await joinGuest(party.id);
    for (const headers of [{}, guestCookie(guest)]) {
      const body = await html(await page(`/${party.shortId}`, { headers }), 200);
      // The party's own short id and the profile's share a column name, as do the profile's and the
      // user's names. The loader's data, as Remix streams it into the page: key, then value.
      const pair = (key: string, value: string) => `\\"${key}\\",\\"${value}\\"`;
      expect(body).toContain(pair('profileShortId', profile!.shortId));
      expect(body).toContain(pair('firstName', 'Anna1'));
      expect(body).toContain(pair('shortId', party.shortId));
    }
  });

  it("a path that is no short id: 404 'Party nicht gefunden' (German default), 'Party not found' with Accept-Language: en", async () => {
    expect(await html(await page('/x'), 404)).toContain('Party nicht gefunden');
    expect(await html(await page('/x', { headers: { 'Accept-Language': 'en' } }), 404)).toContain('Party not found');
    expect(await html(await page('/x', { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } }), 404)).toContain('Party not found');
  });

  it("an unknown, well-formed short id: 404 'Party nicht gefunden'", async () => {
    expect(await html(await page('/ZZZZZZZZZZZZ'), 404)).toContain('Party nicht gefunden');
  });

  it("an unknown, well-formed short id with Accept-Language: en: 404 'Party not found'", async () => {
    expect(await html(await page('/ZZZZZZZZZZZZ', { headers: { 'Accept-Language': 'en' } }), 404)).toContain('Party not found');
  });

  it('an expired party is still open to its manager', async () => {
    const consultant = await createConsultant();
    const party = await endedParty(consultant);
    expect(await html(await page(`/${party.shortId}`, { headers: sessionCookie(consultant) }), 200)).toContain('Längst vorbei Party');
  });

  it('an expired party: 410 for an anonymous visitor', async () => {
    const consultant = await createConsultant();
    const party = await endedParty(consultant);
    const body = await html(await page(`/${party.shortId}`), 410);
    expect(body).not.toContain('Längst vorbei Party');
  });

  it('joining from the page with the right password sets the guest cookie', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Rosenduft' });
    const response = await page(`/${party.shortId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test' },
      body: new URLSearchParams({ firstName: 'Eva', lastName: 'Stein', password: 'Rosenduft' }).toString(),
    });
    await html(response, 200);
    const guest = setCookies(response).get('salon_guest');
    expect(guest?.attributes).toContain('HttpOnly');
    const info = await json(await api(`/parties/${party.shortId}`, { headers: { Cookie: `salon_guest=${encodeURIComponent(guest!.value)}` } }));
    expect(info.me).toMatchObject({ firstName: 'Eva', lastName: 'Stein', role: 'guest' });
  });

  it('a guest of one party who joins another with the page form (no script yet) gets its chat in the same answer, not the join dialog again', async () => {
    const consultant = await createConsultant();
    const first = await createParty(consultant, { title: 'Erste' });
    const second = await createParty(consultant, { title: 'Zweite' });
    const guest = await joinGuest(first.id, { firstName: 'Mia', lastName: 'Gast' });
    const before = await html(await page(`/${second.shortId}`, { headers: guestCookie(guest) }), 200);
    expect(before, 'not a member yet: no ticket, her id nowhere').not.toContain(guest.guestId);
    const response = await page(`/${second.shortId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test', ...guestCookie(guest) },
      body: new URLSearchParams({ firstName: 'Mia', lastName: 'Gast' }).toString(),
    });
    // The page's loader ran after the join in this request: she is its member (her id, her socket's ticket).
    expect(await html(response, 200)).toContain(guest.guestId);
  });

  it('joining from the page with a wrong password: 403, not 500', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { password: 'Rosenduft' });
    const response = await page(`/${party.shortId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test' },
      body: new URLSearchParams({ firstName: 'Eva', lastName: 'Stein', password: 'falsch' }).toString(),
    });
    await html(response, 403);
  });

  it('creating a party from the dashboard without choosing among several profiles shows an error, not 500', async () => {
    const consultant = await createConsultant({ profiles: 3 });
    const response = await page('/parties?index', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test', ...sessionCookie(consultant) },
      body: 'intent=create&title=Neue+Party',
    });
    await html(response, 200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM parties WHERE user_id = ?').bind(consultant.userId).first('n')).toBe(0);
  });
});

describe('language', () => {
  it('POST /language stores the choice in the lng cookie and redirects back', async () => {
    const response = await page('/language', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'lng=en&returnTo=/',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lng='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);

    const english = await html(await page('/x', { headers: { Cookie: cookie!.split(';')[0]! } }), 404);
    expect(english).toContain('Party not found');
    expect(english).toContain('<html lang="en"');
  });

  it('an unknown language sets nothing; returnTo may not leave the site', async () => {
    const unknown = await page('/language', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'lng=xx&returnTo=/' });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.getSetCookie().filter((c) => c.startsWith('lng='))).toEqual([]);

    for (const returnTo of ['https://evil.test/', '//evil.test/', '/\\evil.test']) {
      const response = await page('/language', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ lng: 'en', returnTo }).toString(),
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('Location'), returnTo).toBe('/parties');
    }
  });
});

describe('failures never leak internals', () => {
  it('API error bodies carry only a code, never a stack trace', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const responses = await Promise.all([
      api('/nowhere'),
      api('/parties'),
      api(`/parties/${party.id}/chat?from=abc`, { headers: consultant.headers }),
      api(`/parties/${party.id}/join`, { method: 'PUT', body: { firstName: 42 } }),
      api(`/parties/${party.id}/join`, { method: 'PUT', body: [] }),
      api(`/parties/${party.id}/join`, { method: 'PUT', body: 'null' }),
      api('/parties/ZZZZZZZZZZZZ'),
      api('/auth/refresh', { method: 'POST', body: { refreshToken: 'x' } }),
    ]);
    for (const response of responses) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).not.toMatch(/Error:| at /);
      expect(Object.keys(JSON.parse(text))).toEqual(['error']);
    }
  });

  it('a failing page shows no stack trace either', async () => {
    for (const path of ['/ZZZZZZZZZZZZ', '/x', '/no/such/page']) {
      const response = await page(path);
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      const body = await response.text();
      expect(body, path).not.toMatch(/AppError| at \S+ \(|\.tsx?:\d+|node_modules|\/work\//);
    }
    expect((await page('/no/such/page')).status).toBe(404);
  });

  it('a JSON body that is not JSON: even a failure is the error shape without a stack trace', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const response = await api(`/parties/${party.id}/join`, { method: 'PUT', body: '{' });
    const text = await response.text();
    expect(text).not.toMatch(/Error:| at /);
    expect(JSON.parse(text)).toEqual({ error: { code: expect.any(String) } });
    const guests = await json(await api(`/parties/${party.id}/guests`, { headers: consultant.headers }));
    expect(guests).toEqual([]);
  });

  it('PUT /api/parties/:id/join with body `{` is 400 invalidInput, not 500', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    await expectError(await api(`/parties/${party.id}/join`, { method: 'PUT', body: '{' }), 400, 'invalidInput');
  });
});

describe('an expired browser session and the party socket', () => {
  it('the upgrade is refused without rotating the session; an ordinary request then refreshes it', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    await env.DB.prepare('UPDATE sessions SET access_expires_at = 0 WHERE user_id = ?').bind(consultant.userId).run();
    const cookie = `salon_at=${consultant.accessToken}; salon_rt=${consultant.refreshToken}`;

    const refused = await SELF.fetch(`${ORIGIN}/api/parties/${party.id}/socket`, { headers: { Upgrade: 'websocket', Cookie: cookie, Origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { code: 'sessionExpired' } });

    // The refresh token still works: the upgrade did not use it up.
    const info = await SELF.fetch(`${ORIGIN}/api/parties/${party.shortId}`, { headers: { Cookie: cookie } });
    expect(((await info.json()) as { me: { role: string } }).me.role).toBe('manager');
    const renewed = info.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    expect(renewed).toContain('salon_at=');
    const socket = await SELF.fetch(`${ORIGIN}/api/parties/${party.id}/socket`, { headers: { Upgrade: 'websocket', Cookie: renewed, Origin: ORIGIN } });
    expect(socket.status).toBe(101);
    socket.webSocket?.accept();
    socket.webSocket?.close();
  });
});
