import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, api, createConsultant, createParty, html, page, sessionCookie } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * Forms that another site posts into ours (ADR 019): a page on another origin, even another port of
 * the same host, whose form the victim's browser sends with the victim's cookies. The Worker refuses
 * every such write to a page before the page runs (worker/http/origin.ts), whichever way Remix would
 * have been asked: as a document (sent on to the page that says why, in the visitor's language), as
 * Remix's own client (`.data`) or with the `_data` query of Remix's older client. Nothing changes.
 */

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
/** What a browser sends with a form of our own page (Remix compares the Host with the Origin too). */
const SAME_ORIGIN = { Origin: ORIGIN, Host: 'salon.test' };
const ANOTHER_PORT = { Origin: 'https://salon.test:8443', Host: 'salon.test' };

function post(path: string, body: Record<string, string>, headers: Record<string, string>): Promise<Response> {
  return page(path, { method: 'POST', headers: { ...FORM, ...headers }, body: new URLSearchParams(body).toString() });
}

/** The answer to a refused form posted as a document: on to the page that says why, no cookie set. */
function expectSentToRefusal(response: Response, what = ''): void {
  expect({ what, status: response.status, location: response.headers.get('Location') }).toEqual({ what, status: 303, location: `${ORIGIN}/refused` });
  expect(response.headers.getSetCookie(), what).toEqual([]);
}

async function partyExists(id: string): Promise<boolean> {
  return (await env.DB.prepare('SELECT COUNT(*) AS n FROM parties WHERE id = ?').bind(id).first<number>('n')) === 1;
}

async function sessionAlive(consultant: Consultant): Promise<boolean> {
  return (await api('/parties', { headers: { ...sessionCookie(consultant), Origin: ORIGIN } })).status === 200;
}

/** The dashboard's delete intent, as its form posts it, to the addresses each client uses. */
const DELETE_VIA = {
  document: '/parties?index',
  'Remix client (.data)': '/parties.data?index',
  '_data query': '/parties?index&_data=routes%2F_app.parties._index',
} as const;

describe("a cross-site form posted to the dashboard's delete intent", () => {
  for (const [via, path] of Object.entries(DELETE_VIA)) {
    it(`${via}: refused, the party and the session stay`, async () => {
      const consultant = await createConsultant();
      const party = await createParty(consultant);
      const response = await post(path, { intent: 'delete', id: party.id }, { ...sessionCookie(consultant), ...ANOTHER_PORT });
      const body = await response.text();
      expect(body).not.toMatch(/Error:| at \S+ \(|\.tsx?:\d+|node_modules/);
      if (via === 'document') expectSentToRefusal(response);
      else expect(response.status).toBe(403);
      if (via === '_data query') expect(JSON.parse(body)).toEqual({ error: { code: 'badOrigin' } });
      expect(await partyExists(party.id)).toBe(true);
      expect(await sessionAlive(consultant)).toBe(true);
    });
  }

  it('the page a document is sent to says, in the visitor’s language, that nothing changed', async () => {
    const german = await html(await page('/refused'), 200);
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('Diese Anfrage kam nicht von Salon.');
    expect(german).toContain('Es wurde nichts geändert.');
    const english = await html(await page('/refused', { headers: { 'Accept-Language': 'en' } }), 200);
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('This request didn&#x27;t come from Salon.');
    expect(english).toContain('Nothing was changed.');
  });

  it('a refused request is nobody’s: an expired session is not even refreshed', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    await env.DB.prepare('UPDATE sessions SET access_expires_at = 0 WHERE user_id = ?').bind(consultant.userId).run();
    for (const path of Object.values(DELETE_VIA)) {
      const response = await post(path, { intent: 'delete', id: party.id }, { ...sessionCookie(consultant), ...ANOTHER_PORT });
      await response.text();
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
    // The refresh token was not used up: the browser's next request of its own renews the session.
    const renewed = await page('/parties', { headers: sessionCookie(consultant) });
    await renewed.text();
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((cookie) => cookie.startsWith('salon_at='))).toBe(true);
    expect(await partyExists(party.id)).toBe(true);
  });

  it('every kind of foreign or missing provenance is refused', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const foreign: Record<string, string>[] = [
      { Origin: 'null' },
      { Origin: 'http://salon.test' },
      { Origin: 'https://evil.test' },
      { Origin: 'https://salon.test.evil.test' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
      // No provenance at all, but the browser's cookies: an outdated browser, led by another site.
      {},
    ];
    for (const headers of foreign) {
      expectSentToRefusal(
        await post('/parties?index', { intent: 'delete', id: party.id }, { ...sessionCookie(consultant), Host: 'salon.test', ...headers }),
        JSON.stringify(headers),
      );
      expect(await partyExists(party.id), JSON.stringify(headers)).toBe(true);
    }
  });

  it('from our own page it deletes, by Origin or by Sec-Fetch-Site, as a document and through Remix’s client', async () => {
    const consultant = await createConsultant();
    const asked: [string, Record<string, string>][] = [
      [DELETE_VIA.document, SAME_ORIGIN],
      [DELETE_VIA['Remix client (.data)'], SAME_ORIGIN],
      [DELETE_VIA.document, { 'Sec-Fetch-Site': 'same-origin', Host: 'salon.test' }],
    ];
    for (const [path, headers] of asked) {
      const party = await createParty(consultant);
      const response = await post(path, { intent: 'delete', id: party.id }, { ...sessionCookie(consultant), ...headers });
      await response.text();
      expect(response.status, path).toBe(200);
      expect(await partyExists(party.id), path).toBe(false);
    }
  });
});

describe('a cross-site form posted to /logout', () => {
  it('is refused; the session stays', async () => {
    const consultant = await createConsultant();
    const provenances: Record<string, string>[] = [ANOTHER_PORT, { Origin: 'null' }, {}];
    for (const provenance of provenances) {
      expectSentToRefusal(await post('/logout', {}, { ...sessionCookie(consultant), ...provenance }), JSON.stringify(provenance));
      expect(await sessionAlive(consultant), JSON.stringify(provenance)).toBe(true);
    }
    // Remix's client asking for it (a fetcher) is refused in its own form.
    const data = await post('/logout.data', {}, { ...sessionCookie(consultant), ...ANOTHER_PORT });
    expect(data.status).toBe(403);
    expect(data.headers.getSetCookie()).toEqual([]);
    expect(await sessionAlive(consultant)).toBe(true);
  });

  it('from our own page it signs out', async () => {
    const consultant = await createConsultant();
    const response = await post('/logout', {}, { ...sessionCookie(consultant), ...SAME_ORIGIN });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('salon_at=;'))).toBe(true);
    expect(await sessionAlive(consultant)).toBe(false);
  });
});

describe('the other page forms, posted from another site', () => {
  it('/language and /visitor set no cookie', async () => {
    for (const [path, body] of [
      ['/language', { lng: 'en', returnTo: '/' }],
      ['/visitor', { choice: 'cookies', returnTo: '/' }],
    ] as const) {
      expectSentToRefusal(await post(path, body, ANOTHER_PORT), path);
      // Without any provenance and without cookies it is no browser's: nothing to protect.
      const plain = await post(path, body, {});
      expect(plain.status, path).toBe(302);
    }
  });

  it("a guest's join from another site sets no guest cookie and adds no guest", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    expectSentToRefusal(await post(`/${party.shortId}`, { firstName: 'Eva', lastName: 'Stein' }, ANOTHER_PORT));
    const data = await post(`/${party.shortId}.data`, { firstName: 'Eva', lastName: 'Stein' }, ANOTHER_PORT);
    expect(data.status).toBe(403);
    expect(data.headers.getSetCookie()).toEqual([]);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM party_members WHERE party_id = ?').bind(party.id).first<number>('n')).toBe(0);
  });
});
