import { describe, expect, it } from 'vitest';
import { api, createConsultant, createParty, expectError, json } from './fixtures';

type Summary = { id: string; title: string; path: string };
type Folder = { id: string; title: string; parentId: string | null };

/** Party folders (ADR 037): the parties API on the libraries' one folder model. */
describe('party folders', () => {
  it('files a party that never expires, moves a folder with what is in it, and keeps the parties when a folder goes', async () => {
    const consultant = await createConsultant();
    const call = async <T>(method: string, path: string, body?: unknown, status = 200): Promise<T> => {
      const response = await api(path, { method, headers: consultant.headers, body });
      expect(response.status, await response.clone().text()).toBe(status);
      return status === 204 ? (null as T) : json<T>(response);
    };
    const summaries = async () => new Map((await call<Summary[]>('GET', '/parties')).map((party) => [party.title, party.path]));
    const team = await createParty(consultant, { title: 'Team', expiration: null });
    const evening = await createParty(consultant, { title: 'Abend' });
    const outer = await call<{ id: string; path: string }>('POST', '/parties/folder', { title: 'Kundinnen' }, 201);
    const inner = await call<{ id: string; path: string }>('POST', '/parties/folder', { title: 'VIP', path: outer.id }, 201);
    expect(inner.path).toBe(outer.id);

    // A party that never expires goes into the inner folder; one with an expiration does not.
    expect(await call('PUT', '/parties/folder', { partyId: team.id, path: `${outer.id}/${inner.id}` })).toEqual({
      id: team.id,
      path: `${outer.id}/${inner.id}`,
    });
    await expectError(
      await api('/parties/folder', { method: 'PUT', headers: consultant.headers, body: { partyId: evening.id, path: outer.id } }),
      409,
      'partyExpires',
    );
    // A stale path (the inner folder named without the one above it) names nothing.
    await expectError(
      await api('/parties/folder', { method: 'PUT', headers: consultant.headers, body: { partyId: team.id, path: inner.id } }),
      404,
      'folderNotFound',
    );
    expect(await summaries()).toEqual(
      new Map([
        ['Team', `${outer.id}/${inner.id}`],
        ['Abend', ''],
      ]),
    );

    // The inner folder moves to the top level with its party; an expiration set later still lets the party leave.
    await call('PUT', '/parties/folder', { partyId: inner.id, path: '' });
    expect((await summaries()).get('Team')).toBe(inner.id);
    await call('PUT', `/parties/${team.id}`, { title: 'Team', expiration: Date.now() + 86_400_000 });
    await expectError(
      await api('/parties/folder', { method: 'PUT', headers: consultant.headers, body: { partyId: team.id, path: outer.id } }),
      409,
      'partyExpires',
    );
    await call('PUT', '/parties/folder', { partyId: team.id, path: '' });
    await call('PUT', `/parties/${team.id}`, { title: 'Team', expiration: null });
    await call('PUT', '/parties/folder', { partyId: team.id, path: inner.id });

    // Renamed, then deleted: the folder goes, its party stays on the top level.
    await call('PUT', `/parties/folder/${inner.id}`, { name: 'Stammkundinnen' });
    expect((await call<Folder[]>('GET', '/parties/folders')).map((folder) => folder.title).sort()).toEqual(['Kundinnen', 'Stammkundinnen']);
    await call('DELETE', `/parties/folder/${inner.id}`, undefined, 204);
    expect(await call<Folder[]>('GET', '/parties/folders')).toEqual([{ id: outer.id, title: 'Kundinnen', parentId: null }]);
    expect(await summaries()).toEqual(
      new Map([
        ['Team', ''],
        ['Abend', ''],
      ]),
    );
  });

  it('keeps each consultant to her own folders', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const folder = await json<{ id: string }>(await api('/parties/folder', { method: 'POST', headers: clara.headers, body: { title: 'Ordner' } }));
    const own = await createParty(berta, { title: 'Bertas', expiration: null });
    await expectError(
      await api('/parties/folder', { method: 'PUT', headers: berta.headers, body: { partyId: own.id, path: folder.id } }),
      404,
      'folderNotFound',
    );
    expect(await json(await api('/parties/folders', { headers: berta.headers }))).toEqual([]);
  });
});
