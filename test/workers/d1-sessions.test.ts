import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { guestRow } from '../../worker/db/guests';
import { sessionDatabase } from '../../worker/db/client';
import { updateGuestRow } from '../../worker/db/guests';
import type { Env } from '../../worker/env';
import { BOOKMARK_HEADER } from '../../worker/http/d1-session';
import { ORIGIN, cookiePair, createConsultant, createParty, guestCookie, joinGuest } from './fixtures';

/**
 * D1's Sessions API (ADR 049): every request reads through one session, from a replica that has
 * seen the person's own last write (her bookmark: the browser's cookie, the app's header), and a
 * request that writes starts at the primary. Locally there is one database, so what these tests
 * show is the plumbing: which session each request asks for and which bookmark travels back.
 */

/** The database, recording every session the Worker asks it for. */
function recordingDatabase(real: D1Database) {
  const sessions: string[] = [];
  const db = new Proxy(real, {
    get(target, property) {
      if (property === 'withSession')
        return (constraintOrBookmark: string) => {
          sessions.push(constraintOrBookmark);
          return target.withSession(constraintOrBookmark);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db, sessions };
}

async function request(path: string, init: RequestInit & { headers?: Record<string, string> }) {
  const { db, sessions } = recordingDatabase(env.DB);
  const ctx = createExecutionContext();
  const response = await worker.fetch!(
    new Request(`${ORIGIN}${path}`, { ...init, headers: { Host: new URL(ORIGIN).host, ...init.headers } }) as never,
    { ...env, DB: db } as Env,
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { response, sessions };
}

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

describe('D1 sessions', () => {
  it('a write then a read in the same session sees the write', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const session = sessionDatabase(env.DB, 'primary', null);
    await updateGuestRow(session.db, guest.guestId, { firstName: 'Gesehen' });
    expect((await guestRow(session.db, guest.guestId))?.firstName).toBe('Gesehen');
    expect(session.bookmark()).toMatch(BOOKMARK);
    // Another session that starts from this one's bookmark reads it too.
    const next = sessionDatabase(env.DB, 'reads', session.bookmark());
    expect((await guestRow(next.db, guest.guestId))?.firstName).toBe('Gesehen');
  });

  it("reads from any replica without a bookmark, from one that has the browser's bookmark with it, writes from the primary", async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    const page = `/${party.shortId}`;
    expect((await request(page, { headers: guestCookie(guest) })).sessions).toEqual(['first-unconstrained']);
    // A rename is a write: it starts at the primary and hands back where the database is now.
    const rename = await request(`/api/parties/${party.id}/changeName`, {
      method: 'PUT',
      headers: { ...guestCookie(guest), Origin: ORIGIN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Nina', lastName: 'Neu' }),
    });
    expect(rename.response.status).toBe(200);
    expect(rename.sessions).toEqual(['first-primary']);
    const bookmark = rename.response.headers.get(BOOKMARK_HEADER)!;
    expect(bookmark).toMatch(BOOKMARK);
    expect(cookiePair(rename.response, 'salon_bm')).toBe(`salon_bm=${bookmark}`);
    // The browser's next page reads from a replica that has seen her write.
    const cookie = `${guestCookie(guest).Cookie}; salon_bm=${bookmark}`;
    const after = await request(page, { headers: { Cookie: cookie } });
    expect(after.sessions).toEqual([bookmark]);
    expect(await after.response.status).toBe(200);
  });

  it("the app's header is its bookmark, before any cookie; a bookmark D1 would not make is none", async () => {
    const consultant = await createConsultant();
    const later = '00000000-00000fff-00000000-00000000000000000000000000000000';
    const older = '00000000-00000001-00000000-00000000000000000000000000000000';
    const parties = (headers: Record<string, string>) => request('/api/parties', { headers: { ...consultant.headers, ...headers } });
    expect((await parties({ [BOOKMARK_HEADER]: later, Cookie: `salon_bm=${older}` })).sessions).toEqual([later]);
    expect((await parties({ Cookie: `salon_bm=${older}` })).sessions).toEqual([older]);
    for (const forged of ['garbage', `${later}x`, 'ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffffzz', ''])
      expect((await parties({ [BOOKMARK_HEADER]: forged })).sessions, forged).toEqual(['first-unconstrained']);
  });

  it('a read gives the app the bookmark in its header but sets no cookie; as does any GET', async () => {
    const consultant = await createConsultant();
    const { response } = await request('/api/parties', { headers: consultant.headers });
    expect(response.headers.get(BOOKMARK_HEADER)).toMatch(BOOKMARK);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('salon_bm='))).toBe(false);
  });
});
