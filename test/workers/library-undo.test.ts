import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { api, createConsultant, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The trash's Undo (ADR 028) is the restore: right after a trash it puts an entry back exactly,
 * in both libraries (worker/services/library.ts): the same folder, the same place in the folder's
 * listing by date and by name, and the trash empty again. A folder comes back with what it held.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

interface Entry {
  id: string;
  title: string;
  path: string;
}

const LIBRARIES = [
  {
    name: 'media',
    make: (who: Consultant, title: string, path: string) =>
      api('/media', { method: 'POST', headers: who.headers, body: { title, contentType: 'image/jpeg', mediaExtension: 'jpg', size: 1000, path } }),
  },
  {
    name: 'templates',
    make: (who: Consultant, title: string, path: string) => api('/templates/create', { method: 'POST', headers: who.headers, body: { title, path } }),
  },
] as const;

describe.each(LIBRARIES)('undoing a trash in the $name library', ({ name, make }) => {
  const folder = async (who: Consultant, title: string, path = '') =>
    ok<Entry>(await api(`/${name}/folder`, { method: 'POST', headers: who.headers, body: { title, path } }), 201);
  /** What the listing shows of each entry, in its order (a restore is a change: its date of change may move). */
  const list = async (who: Consultant, path: string, sort: 'date' | 'name') =>
    (
      await ok<{ entries: (Entry & { trashedAt: number | null })[] }>(await api(`/${name}?${new URLSearchParams({ path, sort })}`, { headers: who.headers }))
    ).entries.map(({ id, title, path, trashedAt }) => ({ id, title, path, trashedAt }));
  const trash = (who: Consultant, id: string) => api(`/${name}/${id}`, { method: 'DELETE', headers: who.headers });
  const restore = (who: Consultant, id: string) => api(`/${name}/${id}/restore`, { method: 'PUT', headers: who.headers });
  const trashList = async (who: Consultant) => ok<Entry[]>(await api(`/${name}/trash`, { headers: who.headers }));
  const table = name === 'media' ? 'media_items' : 'templates';

  it('puts an entry back in its folder at its place, by date and by name', async () => {
    const anna = await createConsultant();
    const shelf = await folder(anna, 'Herbst');
    const path = shelf.id;
    const made: Entry[] = [];
    for (const [index, title] of ['Birne', 'Apfel', 'Quitte'].entries()) {
      const entry = await ok<Entry>(await make(anna, title, path), 201);
      // Distinct creation dates: the date order is not decided by the ids alone.
      await env.DB.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`)
        .bind(1_000 + index, entry.id)
        .run();
      made.push(entry);
    }
    const sub = await folder(anna, 'Äpfel', path);
    const byDate = await list(anna, path, 'date');
    const byName = await list(anna, path, 'name');

    for (const entry of [made[1]!, sub]) {
      await ok(await trash(anna, entry.id), 204);
      expect((await list(anna, path, 'date')).map((each) => each.id)).not.toContain(entry.id);
      const back = await ok<Entry>(await restore(anna, entry.id));
      expect(back.path).toBe(path);
      expect(await list(anna, path, 'date')).toEqual(byDate);
      expect(await list(anna, path, 'name')).toEqual(byName);
    }
    expect(await trashList(anna)).toEqual([]);
  });
});
