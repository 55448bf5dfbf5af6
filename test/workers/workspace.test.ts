import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, connected, createConsultant, createParty, joinGuest, page, sessionCookie } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The signed-in workspace through its pages: the layout (drawer, release-notes highlight), and the
 * dashboard's create, edit and delete, which go through the same services as the API and reach
 * open sockets at once.
 */
/** A page as the consultant's browser asks for it; with `form`, a form of the page posted to its action. */
function visit(consultant: Consultant, path: string, form?: Record<string, string>): Promise<Response> {
  return page(path, {
    method: form ? 'POST' : 'GET',
    headers: { ...sessionCookie(consultant), ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Host: 'salon.test' } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
}

async function partyRow(id: string) {
  return env.DB.prepare('SELECT title, host, expires_at, restricted_messaging, password_hash, profile_id FROM parties WHERE id = ?')
    .bind(id)
    .first<Record<string, unknown>>();
}

describe('the workspace layout', () => {
  it('has the drawer with parties, profiles and release notes; the release-notes highlight shows until they are opened', async () => {
    const consultant = await createConsultant();
    const before = await (await visit(consultant, '/parties')).text();
    expect(before).toContain('href="/profiles"');
    expect(before).toContain('href="/releaseNotes"');
    expect(before).toContain('data-testid="release-notes-highlight"');

    const notes = await visit(consultant, '/releaseNotes');
    expect(notes.status).toBe(200);
    const body = await notes.text();
    expect(body).toContain('Version 1.12.0');
    expect(body).not.toContain('data-testid="release-notes-highlight"');
    expect(await (await visit(consultant, '/parties')).text()).not.toContain('data-testid="release-notes-highlight"');
    expect(await env.DB.prepare('SELECT release_notes_seen FROM user_settings WHERE user_id = ?').bind(consultant.userId).first('release_notes_seen')).toBe(
      '1.12.0',
    );
  });

  it('signed-out visitors are sent to / from every workspace page', async () => {
    for (const path of ['/parties', '/releaseNotes']) {
      const response = await SELF.fetch(`${ORIGIN}${path}`, { redirect: 'manual' });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('Location')).toBe(`/?returnTo=${encodeURIComponent(path)}`);
    }
  });
});

describe('the dashboard’s party dialog', () => {
  it('a company account must choose the managing profile; the chosen one manages the party', async () => {
    const consultant = await createConsultant({ profiles: 3 });
    expect((await visit(consultant, '/parties?index', { intent: 'create', title: 'Ohne Wahl', expiration: '' })).status).toBe(200);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM parties WHERE user_id = ?').bind(consultant.userId).first('n')).toBe(0);

    await visit(consultant, '/parties?index', { intent: 'create', title: 'Mit Wahl', manager: consultant.profileIds[2]!, expiration: '', tzOffset: '0' });
    const row = await env.DB.prepare('SELECT profile_id, expires_at FROM parties WHERE user_id = ?').bind(consultant.userId).first<Record<string, unknown>>();
    expect(row).toEqual({ profile_id: consultant.profileIds[2], expires_at: null });
  });

  it('a date that names no time is refused (it no longer counts as no date), and nothing changes', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant, { title: 'Bleibt', expiration: Date.UTC(2030, 0, 1) });
    for (const [name, value] of [
      ['start', '2030-02-30T10:00'],
      ['expiration', '2030-1-5T10:00'],
      ['expiration', 'morgen'],
      ['start', '--T19:30'],
    ] as const) {
      const created = await visit(consultant, '/parties?index', { intent: 'create', title: 'Ungültig', expiration: '', [name]: value, tzOffset: '0' });
      // The action's answer travels in the page's data; no other part of the page names the code.
      expect(await created.text(), value).toContain('invalidDate');
      await visit(consultant, '/parties?index', {
        intent: 'update',
        id: party.id,
        title: 'Bleibt',
        expiration: '2030-01-01T00:00',
        [name]: value,
        tzOffset: '0',
      });
    }
    expect(await env.DB.prepare('SELECT title, expires_at FROM parties WHERE user_id = ?').bind(consultant.userId).all()).toMatchObject({
      results: [{ title: 'Bleibt', expires_at: Date.UTC(2030, 0, 1) }],
    });
  });

  it('editing reaches open sockets at once: restriction, rename of the manager; a cleared expiration never expires; an empty password keeps it', async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const party = await createParty(consultant, { manager: consultant.profileIds[0], password: 'geheim1' });
    const guest = await joinGuest(party.id, { password: 'geheim1' });
    const socket = await connected(party.id, guest.headers);
    const manager = await connected(party.id, consultant.headers);

    const edited = await visit(consultant, '/parties?index', {
      intent: 'update',
      id: party.id,
      title: 'Neuer Titel',
      host: 'Petra',
      manager: consultant.profileIds[1]!,
      start: '',
      expiration: '',
      password: '',
      restrictedMessaging: 'on',
      tzOffset: '0',
    });
    expect(edited.status).toBe(200);
    expect(await socket.socket.next('updateRestriction')).toMatchObject({ restrictedMessaging: true });
    expect((await socket.socket.next('guestUpdate')).member).toMatchObject({ id: consultant.userId, firstName: 'Anna1', role: 'manager' });
    const row = await partyRow(party.id);
    expect(row).toMatchObject({ title: 'Neuer Titel', host: 'Petra', expires_at: null, restricted_messaging: 1, profile_id: consultant.profileIds[1] });
    expect(row!.password_hash).not.toBeNull();

    await visit(consultant, '/parties?index', { intent: 'update', id: party.id, title: 'Neuer Titel', removePassword: 'on', expiration: '', tzOffset: '0' });
    expect((await partyRow(party.id))!.password_hash).toBeNull();
    socket.socket.close();
    manager.socket.close();
  });

  it('deleting tells open sockets partyDeleted; another consultant can neither edit nor delete it', async () => {
    const consultant = await createConsultant();
    const stranger = await createConsultant({ name: 'Eve' });
    const party = await createParty(consultant, { title: 'Bleibt' });
    await visit(stranger, '/parties?index', { intent: 'update', id: party.id, title: 'Gekapert', expiration: '' });
    await visit(stranger, '/parties?index', { intent: 'delete', id: party.id });
    expect(await partyRow(party.id)).toMatchObject({ title: 'Bleibt' });

    const guest = await joinGuest(party.id);
    const socket = await connected(party.id, guest.headers);
    await visit(consultant, '/parties?index', { intent: 'delete', id: party.id });
    expect(await socket.socket.next('partyDeleted')).toBeTruthy();
    expect(await partyRow(party.id)).toBeNull();
  });
});

describe('a dashboard with hundreds of parties', () => {
  it('lists 300 parties from one indexed query and renders them all', async () => {
    const consultant = await createConsultant();
    const now = Date.now();
    const statements = [];
    for (let i = 0; i < 300; i++) {
      statements.push(
        env.DB.prepare(
          'INSERT INTO parties (id, short_id, user_id, profile_id, title, expires_at, restricted_messaging, latest_seq, manager_seen_seq, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?)',
        ).bind(
          crypto.randomUUID(),
          `Bulk${String(i).padStart(8, '0')}`,
          consultant.userId,
          consultant.profileIds[0],
          `Party ${i}`,
          i % 2 ? now - 1000 : now + 86_400_000,
          now + i,
          now + i,
        ),
      );
    }
    await env.DB.batch(statements);

    // The list is one statement that finds the user's parties through its index.
    const plan = await env.DB.prepare(
      'EXPLAIN QUERY PLAN SELECT * FROM parties LEFT JOIN profiles ON profiles.id = parties.profile_id WHERE parties.user_id = ? ORDER BY parties.created_at',
    )
      .bind(consultant.userId)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join(' | ');
    expect(details).toMatch(/SEARCH parties USING INDEX parties_user_idx/);
    expect(details).toMatch(
      /SEARCH profiles USING INDEX sqlite_autoindex_profiles_1|SEARCH profiles USING INTEGER PRIMARY KEY|SEARCH profiles USING PRIMARY KEY/,
    );

    const active = await (await visit(consultant, '/parties')).text();
    expect(active.match(/data-testid="party-card"/g)).toHaveLength(150);
    const expired = await (await visit(consultant, '/parties?tab=expired')).text();
    expect(expired.match(/data-testid="party-card"/g)).toHaveLength(150);
  });
});
