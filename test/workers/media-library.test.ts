import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import { servedExtension } from '../../app/core/media-content';
import type { MediaEntry, MediaListing } from '../../app/core/media-entry';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The media library's API: a consultant's own items and folders, moves, trash, restore, search, and
 * the cron's purge after 30 days. Another consultant meets nothing of it (not found), guests and
 * strangers are not consultants.
 */

type Headers = Record<string, string>;

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

/** A file to announce; its extension names its content type's format, as a browser's file name does. */
const file = (title: string, extra: Record<string, unknown> = {}) => {
  const contentType = typeof extra.contentType === 'string' ? extra.contentType : 'image/jpeg';
  return { title, contentType, mediaExtension: servedExtension(contentType, null), size: 1000, ...extra };
};

async function item(who: Consultant, title: string, path = '', extra: Record<string, unknown> = {}): Promise<MediaEntry> {
  return ok(await api('/media', { method: 'POST', headers: who.headers, body: { ...file(title, extra), path } }), 201);
}

async function folder(who: Consultant, title: string, path = ''): Promise<MediaEntry> {
  return ok(await api('/media/folder', { method: 'POST', headers: who.headers, body: { title, mediaType: 'folder', path } }), 201);
}

/** The path of the place inside a folder entry. */
const inside = (entry: MediaEntry) => (entry.path ? `${entry.path}/${entry.id}` : entry.id);

async function list(who: Consultant, path = '', sort?: 'date' | 'name'): Promise<MediaEntry[]> {
  const query = new URLSearchParams({ path, ...(sort ? { sort } : {}) });
  return (await ok<MediaListing>(await api(`/media?${query}`, { headers: who.headers }))).entries;
}

const titles = (entries: MediaEntry[]) => entries.map((entry) => entry.title);

const move = (who: Consultant, mediaId: string, path: string) => api('/media/folder', { method: 'PUT', headers: who.headers, body: { mediaId, path } });
const trash = (who: Consultant, id: string) => api(`/media/${id}`, { method: 'DELETE', headers: who.headers });
const restore = (who: Consultant, id: string) => api(`/media/${id}/restore`, { method: 'PUT', headers: who.headers });
const rename = (who: Consultant, id: string, name: string) => api(`/media/${id}`, { method: 'PUT', headers: who.headers, body: { name } });
const trashList = async (who: Consultant) => ok<MediaEntry[]>(await api('/media/trash', { headers: who.headers }));
const search = async (who: Consultant, q: string) => ok<MediaEntry[]>(await api(`/media/search?${new URLSearchParams({ q })}`, { headers: who.headers }));

async function stamp(entry: MediaEntry, createdAt: number): Promise<void> {
  const table = entry.mediaType === 'folder' ? 'media_folders' : 'media_items';
  await env.DB.prepare(`UPDATE ${table} SET created_at = ? WHERE id = ?`).bind(createdAt, entry.id).run();
}

async function row(table: 'media_items' | 'media_folders', id: string): Promise<Record<string, unknown> | null> {
  return env.DB.prepare(`SELECT * FROM ${table} WHERE id = ?`).bind(id).first();
}

describe('the media calls need a consultant', () => {
  const some = '00000000-0000-4000-8000-000000000001';
  const calls: [string, string, unknown?][] = [
    ['GET', '/media'],
    ['POST', '/media', file('Foto')],
    ['GET', '/media/search?q=foto'],
    ['GET', '/media/trash'],
    ['POST', '/media/folder', { title: 'Ordner' }],
    ['PUT', '/media/folder', { mediaId: some, path: '' }],
    ['PUT', `/media/${some}`, { name: 'Neu' }],
    ['DELETE', `/media/${some}`],
    ['PUT', `/media/${some}/restore`],
  ];

  it.each(calls)('%s %s: anonymous and guests are unauthorized, before their input is judged', async (method, path, body) => {
    const clara = await createConsultant({ name: 'Clara' });
    const guest = await joinGuest((await createParty(clara)).id);
    for (const headers of [{}, guest.headers] as Headers[]) {
      await expectError(await api(path, { method, headers, body }), 401, 'unauthorized');
      // Nonsense input changes nothing about who is asking.
      if (body !== undefined) await expectError(await api(path, { method, headers, body: { nonsense: true } }), 401, 'unauthorized');
    }
  });
});

describe('creating media items (POST /media)', () => {
  it('stores the announced file, waiting for its upload, under the key {ownerId}/{mediaId}', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const before = Date.now();
    const created = await item(clara, '  Herbstkatalog ', '', {
      contentType: 'Application/PDF',
      mediaExtension: 'PDF',
      mediaType: 'document',
      size: LIMITS.mediaBytesMax,
    });
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Herbstkatalog',
      description: null,
      mediaType: 'application',
      contentType: 'application/pdf',
      mediaExtension: 'pdf',
      size: 50_000_000_000,
      state: 'waiting',
      path: '',
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      trashedAt: null,
      deletesAt: null,
      hasPreview: false,
      uploadUrl: `${ORIGIN}/api/media/${created.id}/upload`,
    });
    expect(created.createdAt).toBeGreaterThanOrEqual(before);
    const stored = await row('media_items', created.id);
    expect(stored).toMatchObject({ user_id: clara.userId, folder_id: null, storage_key: `${clara.userId}/${created.id}`, preview_key: null, state: 'waiting' });
    expect(await list(clara)).toEqual([{ ...created, uploadUrl: undefined }]);
  });

  it('takes pictures, videos, audio and PDF; the kind is the content type’s, the aliases (photo, document) agree with it', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    for (const [contentType, mediaType, kind] of [
      ['image/png', 'photo', 'image'],
      ['video/mp4', 'video', 'video'],
      ['audio/mpeg', undefined, 'audio'],
      ['application/pdf', 'application', 'application'],
    ] as const) {
      expect((await item(clara, contentType, '', { contentType, mediaType })).mediaType).toBe(kind);
    }
  });

  it('refuses other types, files over 50,000,000,000 bytes, and bad titles, storing nothing', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const post = (body: unknown) => api('/media', { method: 'POST', headers: clara.headers, body });
    await expectError(await post(file('Seite', { contentType: 'text/html' })), 415, 'mediaTypeNotAccepted');
    await expectError(await post(file('Programm', { contentType: 'application/x-msdownload' })), 415, 'mediaTypeNotAccepted');
    await expectError(await post(file('Riesig', { size: LIMITS.mediaBytesMax + 1 })), 413, 'fileTooLarge');
    await expectError(await post(file('Bild', { mediaType: 'video' })), 400, 'invalidInput');
    await expectError(await post(file('   ')), 400, 'invalidTitle');
    await expectError(await post(file('x'.repeat(LIMITS.mediaTitleMax + 1))), 400, 'invalidTitle');
    await expectError(await post(file('a\u0007b')), 400, 'invalidText');
    await expectError(await post('not json'), 400, 'invalidInput');
    expect(await list(clara)).toEqual([]);
  });

  it('into one of the owner’s folders, by its path; a stale, foreign or trashed folder is not found', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const outer = await folder(clara, 'Außen');
    const inner = await folder(clara, 'Innen', inside(outer));
    const created = await item(clara, 'Tief', inside(inner));
    expect(created.path).toBe(`${outer.id}/${inner.id}`);
    const post = (who: Consultant, path: string) => api('/media', { method: 'POST', headers: who.headers, body: { ...file('Wohin'), path } });
    await expectError(await post(clara, inner.id), 404, 'folderNotFound');
    await expectError(await post(berta, inside(outer)), 404, 'folderNotFound');
    await expectError(await post(clara, crypto.randomUUID()), 404, 'folderNotFound');
    await ok(await trash(clara, outer.id), 204);
    await expectError(await post(clara, inside(inner)), 404, 'folderNotFound');
    await expectError(await post(clara, 'nicht/ein/pfad'), 400, 'invalidInput');
  });
});

describe('listing a folder (GET /media)', () => {
  it('folders first, then items; by date newest first, or by name A–Z', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const made = [
      await item(clara, 'Apfel'),
      await folder(clara, 'Zebra'),
      await item(clara, 'banane'),
      await folder(clara, 'ähre'),
      await folder(clara, 'Mitte'),
    ];
    // Distinct creation times, a minute apart in the order made.
    for (const [n, entry] of made.entries()) await stamp(entry, Date.now() - (10 - n) * 60_000);
    expect(titles(await list(clara))).toEqual(['Mitte', 'ähre', 'Zebra', 'banane', 'Apfel']);
    expect(titles(await list(clara, '', 'date'))).toEqual(['Mitte', 'ähre', 'Zebra', 'banane', 'Apfel']);
    expect(titles(await list(clara, '', 'name'))).toEqual(['ähre', 'Mitte', 'Zebra', 'Apfel', 'banane']);
    await expectError(await api('/media?sort=size', { headers: clara.headers }), 400, 'invalidInput');
  });

  it('shows only what is directly in the folder, and never the trash', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const box = await folder(clara, 'Kiste');
    await item(clara, 'drin', inside(box));
    const gone = await item(clara, 'weg', inside(box));
    await item(clara, 'oben');
    await ok(await trash(clara, gone.id), 204);
    expect(titles(await list(clara))).toEqual(['Kiste', 'oben']);
    expect(titles(await list(clara, inside(box)))).toEqual(['drin']);
  });

  it('a consultant sees only their own library', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const box = await folder(clara, 'Privat');
    await item(clara, 'Geheim');
    expect(await list(berta)).toEqual([]);
    await expectError(await api(`/media?path=${box.id}`, { headers: berta.headers }), 404, 'folderNotFound');
  });
});

describe('renaming (PUT /media/{id} {name})', () => {
  it('renames an item or a folder of the owner; another consultant finds neither', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const photo = await item(clara, 'alt');
    const box = await folder(clara, 'Kiste');
    expect(await ok(await rename(clara, photo.id, ' neu '))).toMatchObject({ id: photo.id, title: 'neu', mediaType: 'image' });
    expect(await ok(await rename(clara, box.id, 'Truhe'))).toMatchObject({ id: box.id, title: 'Truhe', mediaType: 'folder' });
    await expectError(await rename(berta, photo.id, 'gekapert'), 404, 'mediaNotFound');
    await expectError(await rename(berta, box.id, 'gekapert'), 404, 'mediaNotFound');
    await expectError(await rename(clara, 'kein-uuid', 'x'), 404, 'mediaNotFound');
    await expectError(await rename(clara, photo.id, ''), 400, 'invalidTitle');
    expect(titles(await list(clara))).toEqual(['Truhe', 'neu']);
  });

  it('not while it is in the trash, itself or with its folder', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const box = await folder(clara, 'Kiste');
    const within = await item(clara, 'drin', inside(box));
    await ok(await trash(clara, box.id), 204);
    await expectError(await rename(clara, box.id, 'x'), 409, 'mediaTrashed');
    await expectError(await rename(clara, within.id, 'x'), 409, 'mediaTrashed');
  });
});

describe('moving (PUT /media/folder {mediaId, path})', () => {
  it('moves an item or a folder with its contents; the paths follow', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const a = await folder(clara, 'A');
    const b = await folder(clara, 'B');
    const sub = await folder(clara, 'Sub', inside(a));
    const deep = await item(clara, 'tief', inside(sub));
    const photo = await item(clara, 'Foto');
    expect(await ok(await move(clara, photo.id, inside(b)))).toMatchObject({ id: photo.id, path: b.id });
    expect(await ok(await move(clara, sub.id, inside(b)))).toMatchObject({ id: sub.id, path: b.id });
    expect(titles(await list(clara, `${b.id}`))).toEqual(['Sub', 'Foto']);
    expect(await list(clara, `${b.id}/${sub.id}`)).toEqual([expect.objectContaining({ id: deep.id, path: `${b.id}/${sub.id}` })]);
    await expectError(await api(`/media?path=${a.id}/${sub.id}`, { headers: clara.headers }), 404, 'folderNotFound');
    expect(await ok(await move(clara, sub.id, ''))).toMatchObject({ path: '' });
    expect(titles(await list(clara))).toEqual(['Sub', 'B', 'A']);
  });

  it('refuses a folder into itself or anything below it', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const a = await folder(clara, 'A');
    const b = await folder(clara, 'B', a.id);
    const c = await folder(clara, 'C', `${a.id}/${b.id}`);
    await expectError(await move(clara, a.id, a.id), 409, 'moveIntoSelf');
    await expectError(await move(clara, a.id, `${a.id}/${b.id}`), 409, 'moveIntoSelf');
    await expectError(await move(clara, a.id, `${a.id}/${b.id}/${c.id}`), 409, 'moveIntoSelf');
    await expectError(await move(clara, b.id, `${a.id}/${b.id}/${c.id}`), 409, 'moveIntoSelf');
    expect((await row('media_folders', a.id))!.parent_id).toBeNull();
    expect((await row('media_folders', b.id))!.parent_id).toBe(a.id);
  });

  it('refuses another owner’s target and another owner’s entry, and what is in the trash', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const mine = await item(clara, 'meins');
    const theirs = await folder(berta, 'Bertas');
    const theirItem = await item(berta, 'Bertas Foto');
    await expectError(await move(clara, mine.id, theirs.id), 404, 'folderNotFound');
    await expectError(await move(clara, theirItem.id, ''), 404, 'mediaNotFound');
    await expectError(await move(clara, theirs.id, ''), 404, 'mediaNotFound');
    await expectError(await move(clara, 'kein-uuid', ''), 400, 'invalidInput');
    const bin = await folder(clara, 'Weg');
    await ok(await trash(clara, bin.id), 204);
    await expectError(await move(clara, mine.id, bin.id), 404, 'folderNotFound');
    await expectError(await move(clara, bin.id, ''), 409, 'mediaTrashed');
    expect((await row('media_items', mine.id))!.folder_id).toBeNull();
  });
});

describe('trash and restore (DELETE /media/{id}, GET /media/trash, PUT /media/{id}/restore)', () => {
  it('a folder goes to the trash with everything in it, and comes back with it', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const box = await folder(clara, 'Kiste');
    const sub = await folder(clara, 'Fach', inside(box));
    await item(clara, 'in der Kiste', inside(box));
    await item(clara, 'im Fach', inside(sub));
    const before = Date.now();
    await ok(await trash(clara, box.id), 204);
    expect(await list(clara)).toEqual([]);
    expect(await search(clara, 'in')).toEqual([]);
    const [listed, ...more] = await trashList(clara);
    expect(more).toEqual([]);
    expect(listed).toMatchObject({ id: box.id, mediaType: 'folder' });
    expect(listed!.trashedAt).toBeGreaterThanOrEqual(before);
    expect(listed!.deletesAt).toBe(listed!.trashedAt! + 30 * DAY_MS);

    expect(await ok(await restore(clara, box.id))).toMatchObject({ id: box.id, trashedAt: null, deletesAt: null, path: '' });
    expect(await trashList(clara)).toEqual([]);
    expect(titles(await list(clara, inside(box)))).toEqual(['Fach', 'in der Kiste']);
    expect(titles(await list(clara, `${box.id}/${sub.id}`))).toEqual(['im Fach']);
  });

  it('what was trashed on its own before stays in the trash when its folder comes back', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const box = await folder(clara, 'Kiste');
    const early = await item(clara, 'früh weg', inside(box));
    await ok(await trash(clara, early.id), 204);
    await ok(await trash(clara, box.id), 204);
    expect(titles(await trashList(clara)).sort()).toEqual(['Kiste', 'früh weg']);
    await ok(await restore(clara, box.id), 200);
    expect(titles(await trashList(clara))).toEqual(['früh weg']);
    expect(await list(clara, inside(box))).toEqual([]);
  });

  it('an item restored while its folder is in the trash comes back at the root', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const box = await folder(clara, 'Kiste');
    const photo = await item(clara, 'Foto', inside(box));
    await ok(await trash(clara, photo.id), 204);
    await ok(await trash(clara, box.id), 204);
    // Its folder went to the trash ten days earlier: it is deleted with the folder, not later.
    const boxTrashed = Date.now() - 10 * DAY_MS;
    await env.DB.prepare('UPDATE media_folders SET trashed_at = ? WHERE id = ?').bind(boxTrashed, box.id).run();
    const listed = await trashList(clara);
    expect(listed.map((entry) => [entry.id, entry.deletesAt])).toEqual([
      [photo.id, boxTrashed + 30 * DAY_MS],
      [box.id, boxTrashed + 30 * DAY_MS],
    ]);
    expect(await ok(await restore(clara, photo.id))).toMatchObject({ id: photo.id, path: '', trashedAt: null });
    expect(titles(await list(clara))).toEqual(['Foto']);
  });

  it('trashing twice or restoring what is not in the trash changes nothing', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const photo = await item(clara, 'Foto');
    await ok(await trash(clara, photo.id), 204);
    const first = await row('media_items', photo.id);
    await ok(await trash(clara, photo.id), 204);
    expect(await row('media_items', photo.id)).toEqual(first);
    await ok(await restore(clara, photo.id), 200);
    const restored = await row('media_items', photo.id);
    expect(await ok(await restore(clara, photo.id))).toMatchObject({ id: photo.id, trashedAt: null });
    expect(await row('media_items', photo.id)).toEqual(restored);
  });

  it('only the owner trashes, restores or sees the trash', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const photo = await item(clara, 'Foto');
    const gone = await item(clara, 'Weg');
    await ok(await trash(clara, gone.id), 204);
    await expectError(await trash(berta, photo.id), 404, 'mediaNotFound');
    await expectError(await restore(berta, gone.id), 404, 'mediaNotFound');
    await expectError(await trash(clara, 'kein-uuid'), 404, 'mediaNotFound');
    expect(await trashList(berta)).toEqual([]);
    expect((await row('media_items', photo.id))!.trashed_at).toBeNull();
    expect((await row('media_items', gone.id))!.trashed_at).not.toBeNull();
  });
});

describe('search (every word of the query in the title)', () => {
  it('finds the owner’s items whose lower-case title holds every word; no folders, nothing in the trash', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const box = await folder(clara, 'Sommer Ordner');
    await item(clara, 'Sommer Kollektion 2024');
    await item(clara, 'Kollektion Winter');
    await item(clara, 'ÄHRENFELD im Sommer', inside(box));
    const gone = await item(clara, 'Sommer weg');
    const bin = await folder(clara, 'Tonne');
    await item(clara, 'Sommer in der Tonne', inside(bin));
    await item(berta, 'Sommer Kollektion von Berta');
    await ok(await trash(clara, gone.id), 204);
    await ok(await trash(clara, bin.id), 204);

    expect(titles(await search(clara, 'sommer')).sort()).toEqual(['Sommer Kollektion 2024', 'ÄHRENFELD im Sommer']);
    expect(titles(await search(clara, 'KOLLEKTION  sommer'))).toEqual(['Sommer Kollektion 2024']);
    expect(titles(await search(clara, 'ähren'))).toEqual(['ÄHRENFELD im Sommer']);
    expect((await search(clara, 'ähren'))[0]!.path).toBe(box.id);
    expect(await search(clara, 'ordner')).toEqual([]);
    expect(await search(clara, 'sommer herbst')).toEqual([]);
    expect(titles(await search(berta, 'sommer'))).toEqual(['Sommer Kollektion von Berta']);
    await expectError(await api('/media/search?q=%20%20', { headers: clara.headers }), 400, 'invalidInput');
    await expectError(await api('/media/search', { headers: clara.headers }), 400, 'invalidInput');
  });
});

describe('the cron purges the trash after 30 days', () => {
  async function age(table: 'media_items' | 'media_folders', id: string, days: number): Promise<void> {
    await env.DB.prepare(`UPDATE ${table} SET trashed_at = ? WHERE id = ?`)
      .bind(Date.now() - days * DAY_MS, id)
      .run();
  }

  async function withFiles(who: Consultant, entry: MediaEntry, preview = false): Promise<string[]> {
    const keys = [`${who.userId}/${entry.id}`, ...(preview ? [`${who.userId}/${entry.id}.jpg`] : [])];
    for (const key of keys) await env.MEDIA.put(key, 'bytes');
    if (preview) await env.DB.prepare('UPDATE media_items SET preview_key = ? WHERE id = ?').bind(keys[1], entry.id).run();
    return keys;
  }

  const exists = async (key: string) => (await env.MEDIA.head(key)) !== null;

  it('deletes what was trashed over 30 days ago, with folder contents and files; newer trash, other owners and the library stay', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const oldItem = await item(clara, 'alt', '', { contentType: 'video/mp4' });
    const oldFolder = await folder(clara, 'alte Kiste');
    const oldSub = await folder(clara, 'Fach', inside(oldFolder));
    const oldInside = await item(clara, 'in der alten Kiste', `${oldFolder.id}/${oldSub.id}`);
    const newItem = await item(clara, 'neu weg');
    const kept = await item(clara, 'bleibt');
    const bertaOld = await item(berta, 'Bertas altes');
    const bertaKept = await item(berta, 'Bertas neues');
    const doomedKeys = [...(await withFiles(clara, oldItem, true)), ...(await withFiles(clara, oldInside))];
    const keptKeys = [...(await withFiles(clara, newItem)), ...(await withFiles(clara, kept)), ...(await withFiles(berta, bertaKept))];
    for (const entry of [oldItem, newItem, bertaOld]) await ok(await trash(entry === bertaOld ? berta : clara, entry.id), 204);
    await ok(await trash(clara, oldFolder.id), 204);
    await age('media_items', oldItem.id, 31);
    await age('media_folders', oldFolder.id, 30.01);
    await age('media_items', newItem.id, 29);
    await age('media_items', bertaOld.id, 40);

    const controller = createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' });
    const { default: worker } = await import('../../worker/index');
    await worker.scheduled(controller, env);

    for (const id of [oldItem.id, oldInside.id, bertaOld.id]) expect(await row('media_items', id), id).toBeNull();
    for (const id of [oldFolder.id, oldSub.id]) expect(await row('media_folders', id), id).toBeNull();
    for (const key of doomedKeys) expect(await exists(key), key).toBe(false);
    for (const id of [newItem.id, kept.id, bertaKept.id]) expect(await row('media_items', id), id).not.toBeNull();
    for (const key of keptKeys) expect(await exists(key), key).toBe(true);
    expect(titles(await trashList(clara))).toEqual(['neu weg']);
    expect(titles(await list(clara))).toEqual(['bleibt']);
    expect(titles(await list(berta))).toEqual(['Bertas neues']);
  });
});
