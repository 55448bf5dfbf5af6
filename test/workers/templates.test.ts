import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/core/limits';
import type { TemplateDetail, TemplateEntry, TemplateListing, TemplateMessage } from '../../app/core/templates';
import { api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The templates' API for their owner: folders, moves, trash, restore, the cron's purge after 30
 * days, search and sort, and the messages with their order by rank (a move writes the moved rows
 * and nothing else). Sharing and the other actors are in template-sharing.test.ts.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const create = (who: Consultant, title: string, path = '') =>
  api('/templates/create', { method: 'POST', headers: who.headers, body: { title, path } }).then((r) => ok<TemplateEntry>(r, 201));
const folder = (who: Consultant, title: string, path = '') =>
  api('/templates/folder', { method: 'POST', headers: who.headers, body: { title, path } }).then((r) => ok<TemplateEntry>(r, 201));
const inside = (entry: TemplateEntry) => (entry.path ? `${entry.path}/${entry.id}` : entry.id);
const list = async (who: Consultant, path = '', sort?: 'date' | 'name') =>
  (await ok<TemplateListing>(await api(`/templates?${new URLSearchParams({ path, ...(sort ? { sort } : {}) })}`, { headers: who.headers }))).entries;
const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title);
const move = (who: Consultant, templateId: string, path: string) =>
  api('/templates/folder', { method: 'PUT', headers: who.headers, body: { templateId, path } });
const trash = (who: Consultant, id: string) => api(`/templates/${id}`, { method: 'DELETE', headers: who.headers });
const restore = (who: Consultant, id: string) => api(`/templates/${id}/restore`, { method: 'PUT', headers: who.headers });
const detail = (who: Consultant, id: string) => api(`/templates/${id}`, { headers: who.headers });
const send = (who: Consultant, id: string, body: Record<string, unknown>) =>
  api(`/templates/${id}/sendMessage`, { method: 'POST', headers: who.headers, body });
const text = async (who: Consultant, id: string, message: string, beforeMessageId?: string) =>
  ok<TemplateMessage>(await send(who, id, { messageType: 'text', message, beforeMessageId }), 201);
const messages = async (who: Consultant, id: string) => (await ok<TemplateDetail>(await detail(who, id))).messages;

/** A photo in the consultant's library (its bytes are not this file's concern). */
async function libraryPhoto(who: Consultant, title = 'Foto'): Promise<string> {
  return (
    await ok<{ id: string }>(
      await api('/media', { method: 'POST', headers: who.headers, body: { title, contentType: 'image/jpeg', mediaExtension: 'jpg', size: 1000 } }),
      201,
    )
  ).id;
}

/** Every row of a template's messages and the template row itself, to see what a call wrote. */
async function snapshot(templateId: string): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  const { results } = await env.DB.prepare('SELECT * FROM template_messages WHERE template_id = ?').bind(templateId).all<{ id: string }>();
  for (const row of results) rows.set(`message ${row.id}`, JSON.stringify(row));
  rows.set('template', JSON.stringify(await env.DB.prepare('SELECT * FROM templates WHERE id = ?').bind(templateId).first()));
  return rows;
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key));
}

describe('the template calls need a consultant', () => {
  it('refuses anonymous callers and guests on every call but the share preview', async () => {
    const clara = await createConsultant();
    const party = await createParty(clara);
    const guest = await joinGuest(party.id);
    const some = '00000000-0000-4000-8000-000000000001';
    const calls: [string, string, unknown?][] = [
      ['GET', '/templates'],
      ['GET', '/templates/search?q=a'],
      ['GET', '/templates/trash'],
      ['GET', '/templates/folders'],
      ['POST', '/templates/create', { title: 'Neu' }],
      ['POST', '/templates/folder', { title: 'Neu' }],
      ['PUT', '/templates/folder', { templateId: some, path: '' }],
      ['POST', '/templates/share/AAAAAAAAAAAAAAAAAAAAAA', {}],
      ['GET', `/templates/${some}`],
      ['PUT', `/templates/${some}`, { name: 'x' }],
      ['DELETE', `/templates/${some}`],
      ['PUT', `/templates/${some}/restore`],
      ['POST', `/templates/${some}/sendMessage`, { message: 'x' }],
      ['PUT', `/templates/${some}/editMessage/${some}`, { message: 'x' }],
      ['DELETE', `/templates/${some}/deleteMessage/${some}`],
      ['PUT', `/templates/${some}/deleteMessages`, { messageIds: [some] }],
      ['PUT', `/templates/${some}/moveMessage/${some}`, { newNextId: null }],
      ['PUT', `/templates/${some}/moveMessages`, { messageIds: [some], newNextId: null }],
      ['PUT', `/templates/${some}/share`],
      ['PUT', `/templates/${some}/revokeShare`],
      ['POST', `/templates/${some}/forward`, { messageIds: [some], targetPartyId: some }],
    ];
    for (const [method, path, body] of calls) {
      await expectError(await api(path, { method, body }), 401, 'unauthorized');
      await expectError(await api(path, { method, body, headers: guest.headers }), 401, 'unauthorized');
    }
  });
});

describe('templates and folders', () => {
  it('creates, lists folders first, sorts by date or name, and renames', async () => {
    const clara = await createConsultant();
    const b = await create(clara, 'Beta');
    const a = await create(clara, 'alpha');
    const f = await folder(clara, 'Zubehör');
    await env.DB.prepare('UPDATE templates SET created_at = ? WHERE id = ?').bind(1000, a.id).run();
    expect(a).toMatchObject({
      title: 'alpha',
      isFolder: false,
      path: '',
      trashedAt: null,
      deletesAt: null,
      sharedBy: null,
      sharedWith: 0,
      shareToken: null,
      lastApplied: null,
    });
    expect(titles(await list(clara))).toEqual(['Zubehör', 'Beta', 'alpha']);
    expect(titles(await list(clara, '', 'name'))).toEqual(['Zubehör', 'alpha', 'Beta']);
    const renamed = await ok<TemplateEntry>(await api(`/templates/${b.id}`, { method: 'PUT', headers: clara.headers, body: { name: '  Gamma ' } }));
    expect(renamed.title).toBe('Gamma');
    expect(renamed.lastEdited).toBeGreaterThanOrEqual(b.lastEdited);
    await ok(await api(`/templates/${f.id}`, { method: 'PUT', headers: clara.headers, body: { name: 'Ordner' } }));
    expect(titles(await list(clara, '', 'name'))).toEqual(['Ordner', 'alpha', 'Gamma']);
    await expectError(await api(`/templates/${b.id}`, { method: 'PUT', headers: clara.headers, body: { name: '   ' } }), 400, 'invalidTitle');
    await expectError(await api('/templates/create', { method: 'POST', headers: clara.headers, body: {} }), 400, 'invalidTitle');
  });

  it('keeps another consultant out: not found, and their lists stay empty', async () => {
    const [clara, berta] = await Promise.all([createConsultant(), createConsultant({ name: 'Berta' })]);
    const t = await create(clara, 'Geheim');
    const f = await folder(clara, 'Ordner');
    expect(await list(berta)).toEqual([]);
    await expectError(await detail(berta, t.id), 404, 'templateNotFound');
    await expectError(await trash(berta, t.id), 404, 'templateNotFound');
    await expectError(await move(berta, t.id, ''), 404, 'templateNotFound');
    await expectError(await api(`/templates?path=${f.id}`, { headers: berta.headers }), 404, 'folderNotFound');
    await expectError(await api('/templates/create', { method: 'POST', headers: berta.headers, body: { title: 'x', path: f.id } }), 404, 'folderNotFound');
    await expectError(await move(clara, t.id, (await folder(berta, 'Bertas')).id), 404, 'folderNotFound');
  });

  it('moves a folder with its contents; not into itself', async () => {
    const clara = await createConsultant();
    const a = await folder(clara, 'A');
    const sub = await folder(clara, 'Sub', inside(a));
    const t = await create(clara, 'Drin', inside(sub));
    const c = await folder(clara, 'C');
    await expectError(await move(clara, a.id, inside(sub)), 409, 'moveIntoSelf');
    const moved = await ok<TemplateEntry>(await move(clara, a.id, inside(c)));
    expect(moved.path).toBe(c.id);
    expect(titles(await list(clara))).toEqual(['C']);
    const [listedSub] = await list(clara, `${c.id}/${a.id}`);
    expect(listedSub!.title).toBe('Sub');
    const [listedT] = await list(clara, `${c.id}/${a.id}/${sub.id}`);
    expect(listedT).toMatchObject({ id: t.id, path: `${c.id}/${a.id}/${sub.id}` });
    // A template moves by itself, too; a stale path names nothing.
    await ok(await move(clara, t.id, ''));
    expect(titles(await list(clara))).toEqual(['C', 'Drin']);
    await expectError(await api(`/templates?path=${a.id}/${sub.id}`, { headers: clara.headers }), 404, 'folderNotFound');
    const folders = await ok<{ id: string; parentId: string | null }[]>(await api('/templates/folders', { headers: clara.headers }));
    expect(folders.map((f) => f.id).sort()).toEqual([a.id, sub.id, c.id].sort());
  });

  it('searches templates by every word of the lower-case title, never folders, nothing in the trash', async () => {
    const clara = await createConsultant();
    const f = await folder(clara, 'Herbst Party');
    await create(clara, 'Herbst Party Einladung', inside(f));
    await create(clara, 'Party im HERBST');
    await create(clara, 'Sommer Party');
    const gone = await create(clara, 'Herbst Party alt');
    await ok(await trash(clara, gone.id), 204);
    const search = async (q: string) =>
      titles(await ok<TemplateEntry[]>(await api(`/templates/search?${new URLSearchParams({ q })}`, { headers: clara.headers })));
    expect((await search('herbst party')).sort()).toEqual(['Herbst Party Einladung', 'Party im HERBST']);
    expect(await search('sommer')).toEqual(['Sommer Party']);
    expect(await search('winter')).toEqual([]);
    await ok(await trash(clara, f.id), 204);
    expect(await search('herbst')).toEqual(['Party im HERBST']);
    await expectError(await api('/templates/search?q=%20', { headers: clara.headers }), 400, 'invalidInput');
  });
});

describe('the trash', () => {
  it('trashes and restores a template and a folder with what it holds; trashed ones are not opened or changed', async () => {
    const clara = await createConsultant();
    const f = await folder(clara, 'Ordner');
    const t = await create(clara, 'Drin', inside(f));
    await text(clara, t.id, 'Hallo');
    await ok(await trash(clara, f.id), 204);
    expect(await list(clara)).toEqual([]);
    await expectError(await detail(clara, t.id), 409, 'templateTrashed');
    await expectError(await send(clara, t.id, { message: 'Nein' }), 409, 'templateTrashed');
    await expectError(await api(`/templates/${t.id}`, { method: 'PUT', headers: clara.headers, body: { name: 'x' } }), 409, 'templateTrashed');
    const trashed = await ok<TemplateEntry[]>(await api('/templates/trash', { headers: clara.headers }));
    expect(trashed.map((e) => e.id)).toEqual([f.id]);
    expect(trashed[0]!.deletesAt).toBe(trashed[0]!.trashedAt! + 30 * DAY_MS);
    // Trashing again changes nothing.
    await ok(await trash(clara, f.id), 204);
    await ok(await restore(clara, f.id));
    expect(titles(await list(clara, f.id))).toEqual(['Drin']);
    expect((await messages(clara, t.id)).map((m) => m.message)).toEqual(['Hallo']);

    // A template trashed by itself, then its folder: restored, it comes back to the root.
    await ok(await trash(clara, t.id), 204);
    await ok(await trash(clara, f.id), 204);
    const back = await ok<TemplateEntry>(await restore(clara, t.id));
    expect(back).toMatchObject({ path: '', trashedAt: null });
    expect(titles(await list(clara))).toEqual(['Drin']);
  });

  it('the cron deletes what has been in the trash for 30 days, with folders and contents, and keeps library media', async () => {
    const clara = await createConsultant();
    const photo = await libraryPhoto(clara);
    const old = await create(clara, 'Alt');
    await send(clara, old.id, { messageType: 'photo', mediaId: photo, message: 'Bild' }).then((r) => ok(r, 201));
    await text(clara, old.id, 'Text');
    const oldFolder = await folder(clara, 'Alter Ordner');
    const oldSub = await folder(clara, 'Unterordner', inside(oldFolder));
    const oldInside = await create(clara, 'Im alten Ordner', inside(oldSub));
    const young = await create(clara, 'Jung');
    const kept = await create(clara, 'Bleibt');
    for (const id of [old.id, oldFolder.id, young.id]) await ok(await trash(clara, id), 204);
    const longAgo = Date.now() - 31 * DAY_MS;
    await env.DB.prepare('UPDATE templates SET trashed_at = ? WHERE id = ?').bind(longAgo, old.id).run();
    await env.DB.prepare('UPDATE template_folders SET trashed_at = ? WHERE id = ?').bind(longAgo, oldFolder.id).run();

    const { default: worker } = await import('../../worker/index');
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);

    const row = (table: string, id: string) => env.DB.prepare(`SELECT id FROM ${table} WHERE id = ?`).bind(id).first();
    for (const id of [old.id, oldInside.id]) expect(await row('templates', id), id).toBeNull();
    for (const id of [oldFolder.id, oldSub.id]) expect(await row('template_folders', id), id).toBeNull();
    expect(await env.DB.prepare('SELECT count(*) AS n FROM template_messages WHERE template_id = ?').bind(old.id).first('n')).toBe(0);
    for (const id of [young.id, kept.id]) expect(await row('templates', id), id).not.toBeNull();
    expect(await row('media_items', photo)).not.toBeNull();
  });
});

describe('messages', () => {
  it('adds every kind at the end or before a message, reads them in order with their media', async () => {
    const clara = await createConsultant();
    const t = await create(clara, 'Party');
    const photo = await libraryPhoto(clara, 'Lippenstift');
    const second = await text(clara, t.id, 'Zweitens');
    await ok(await send(clara, t.id, { messageType: 'heading', message: 'Willkommen', beforeMessageId: second.id }), 201);
    const media = await ok<TemplateMessage>(await send(clara, t.id, { messageType: 'photo', mediaId: photo, message: '' }), 201);
    expect(media).toMatchObject({
      mediaId: photo,
      mediaAttachment: photo,
      mediaAttachmentType: 'image',
      mediaExtension: 'jpg',
      contentType: 'image/jpeg',
      mediaAttachmentOwner: clara.userId,
      mediaTitle: 'Lippenstift',
      mediaTrashed: false,
    });
    const card = await ok<TemplateMessage>(await send(clara, t.id, { messageType: 'profile', message: clara.profileIds[0] }), 201);
    expect(JSON.parse(card.message)).toMatchObject({ firstName: 'Anna', lastName: 'Berater' });
    const all = await messages(clara, t.id);
    expect(all.map((m) => m.messageType)).toEqual(['heading', 'text', 'photo', 'profile']);
    expect([...all].sort((a, b) => (a.rank < b.rank ? -1 : 1)).map((m) => m.id)).toEqual(all.map((m) => m.id));

    // Media of another consultant, a trashed item, a kind that does not fit, an unknown insert point.
    const berta = await createConsultant({ name: 'Berta' });
    await expectError(await send(clara, t.id, { messageType: 'photo', mediaId: await libraryPhoto(berta) }), 404, 'mediaNotFound');
    await expectError(await send(clara, t.id, { messageType: 'video', mediaId: photo }), 415, 'mediaTypeMismatch');
    const binned = await libraryPhoto(clara);
    await ok(await api(`/media/${binned}`, { method: 'DELETE', headers: clara.headers }), 204);
    await expectError(await send(clara, t.id, { messageType: 'photo', mediaId: binned }), 409, 'mediaTrashed');
    await expectError(await send(clara, t.id, { messageType: 'text', message: 'x', beforeMessageId: crypto.randomUUID() }), 404, 'messageNotFound');
    await expectError(await send(clara, t.id, { messageType: 'text', message: '   ' }), 400, 'messageEmpty');
    await expectError(await send(clara, t.id, { messageType: 'photo' }), 400, 'invalidInput');
    await expectError(await send(clara, t.id, { messageType: 'profile', message: crypto.randomUUID() }), 404, 'profileNotFound');
    expect(await messages(clara, t.id)).toHaveLength(4);

    // The item goes to the library's trash: the message says so.
    await ok(await api(`/media/${photo}`, { method: 'DELETE', headers: clara.headers }), 204);
    expect((await messages(clara, t.id)).find((m) => m.id === media.id)?.mediaTrashed).toBe(true);
  });

  it('edits a text or a caption, not a voice message or a profile card; deletes one or many', async () => {
    const clara = await createConsultant();
    const t = await create(clara, 'Party');
    const a = await text(clara, t.id, 'A');
    const b = await text(clara, t.id, 'B');
    const c = await text(clara, t.id, 'C');
    const card = await ok<TemplateMessage>(await send(clara, t.id, { messageType: 'profile', message: clara.profileIds[0] }), 201);
    const edited = await ok<TemplateMessage>(
      await api(`/templates/${t.id}/editMessage/${a.id}`, { method: 'PUT', headers: clara.headers, body: { message: 'A neu' } }),
    );
    expect(edited).toMatchObject({ id: a.id, message: 'A neu', rank: a.rank });
    await expectError(
      await api(`/templates/${t.id}/editMessage/${a.id}`, { method: 'PUT', headers: clara.headers, body: { message: ' ' } }),
      400,
      'messageEmpty',
    );
    await expectError(
      await api(`/templates/${t.id}/editMessage/${card.id}`, { method: 'PUT', headers: clara.headers, body: { message: 'x' } }),
      403,
      'forbidden',
    );

    const before = await snapshot(t.id);
    await ok(await api(`/templates/${t.id}/deleteMessage/${b.id}`, { method: 'DELETE', headers: clara.headers }), 204);
    expect(changed(before, await snapshot(t.id)).sort()).toEqual([`message ${b.id}`, 'template']);
    // All or nothing: one unknown id refuses the whole call.
    await expectError(
      await api(`/templates/${t.id}/deleteMessages`, { method: 'PUT', headers: clara.headers, body: { messageIds: [a.id, b.id] } }),
      404,
      'messageNotFound',
    );
    await ok(await api(`/templates/${t.id}/deleteMessages`, { method: 'PUT', headers: clara.headers, body: { messageIds: [a.id, c.id] } }), 204);
    expect((await messages(clara, t.id)).map((m) => m.id)).toEqual([card.id]);
    // Another template's message is not this one's.
    const other = await create(clara, 'Andere');
    const foreign = await text(clara, other.id, 'Fremd');
    await expectError(await api(`/templates/${t.id}/deleteMessage/${foreign.id}`, { method: 'DELETE', headers: clara.headers }), 404, 'messageNotFound');
    await expectError(
      await api(`/templates/${t.id}/editMessage/${foreign.id}`, { method: 'PUT', headers: clara.headers, body: { message: 'x' } }),
      404,
      'messageNotFound',
    );
  });

  it('moves one or many by rank: only the moved rows are written', async () => {
    const clara = await createConsultant();
    const t = await create(clara, 'Party');
    const ids: string[] = [];
    for (const word of ['A', 'B', 'C', 'D', 'E']) ids.push((await text(clara, t.id, word)).id);
    const [a, b, c, d, e] = ids as [string, string, string, string, string];
    const order = async () => (await messages(clara, t.id)).map((m) => m.message).join('');

    let before = await snapshot(t.id);
    await ok(await api(`/templates/${t.id}/moveMessage/${e}`, { method: 'PUT', headers: clara.headers, body: { newNextId: b } }));
    expect(await order()).toBe('AEBCD');
    expect(changed(before, await snapshot(t.id))).toEqual([`message ${e}`]);

    // Dropped where it already is: nothing is written.
    before = await snapshot(t.id);
    await ok(await api(`/templates/${t.id}/moveMessage/${e}`, { method: 'PUT', headers: clara.headers, body: { newNextId: b } }));
    expect(changed(before, await snapshot(t.id))).toEqual([]);

    before = await snapshot(t.id);
    const moved = await ok<TemplateMessage[]>(
      await api(`/templates/${t.id}/moveMessages`, { method: 'PUT', headers: clara.headers, body: { messageIds: [d, a], newNextId: null } }),
    );
    expect(moved.map((m) => m.id)).toEqual([a, d]);
    expect(await order()).toBe('EBCAD');
    expect(changed(before, await snapshot(t.id)).sort()).toEqual([`message ${a}`, `message ${d}`].sort());

    await ok(await api(`/templates/${t.id}/moveMessages`, { method: 'PUT', headers: clara.headers, body: { messageIds: [a, b, c, d], newNextId: e } }));
    expect(await order()).toBe('BCADE');
    await expectError(
      await api(`/templates/${t.id}/moveMessage/${a}`, { method: 'PUT', headers: clara.headers, body: { newNextId: crypto.randomUUID() } }),
      404,
      'messageNotFound',
    );
    await expectError(
      await api(`/templates/${t.id}/moveMessages`, { method: 'PUT', headers: clara.headers, body: { messageIds: [a, a], newNextId: null } }),
      400,
      'invalidInput',
    );
    await expectError(
      await api(`/templates/${t.id}/moveMessages`, { method: 'PUT', headers: clara.headers, body: { messageIds: [], newNextId: null } }),
      400,
      'invalidInput',
    );
    expect(await order()).toBe('BCADE');
  });
});
