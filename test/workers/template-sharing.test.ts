import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../app/core/limits';
import type { TemplateDetail, TemplateEntry, TemplateListing, TemplateMessage } from '../../app/core/templates';
import { database } from '../../worker/db/client';
import { loadPlayableTemplate } from '../../worker/services/templates';
import { api, createConsultant, expectError, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * Sharing templates: the owner's link, its preflight (title and sharer, nothing else), adding it
 * into a folder of mine, the recipient's own trash and place, stopping sharing, and owner vs
 * recipient vs stranger on every call: a recipient reads and places their copy, every write to the
 * template is refused by the API.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const create = (who: Consultant, title: string, path = '') =>
  api('/templates/create', { method: 'POST', headers: who.headers, body: { title, path } }).then((r) => ok<TemplateEntry>(r, 201));
const folder = (who: Consultant, title: string, path = '') =>
  api('/templates/folder', { method: 'POST', headers: who.headers, body: { title, path } }).then((r) => ok<TemplateEntry>(r, 201));
const list = async (who: Consultant, path = '') =>
  (await ok<TemplateListing>(await api(`/templates?${new URLSearchParams({ path })}`, { headers: who.headers }))).entries;
const share = async (who: Consultant, id: string) =>
  (await ok<{ shareToken: string }>(await api(`/templates/${id}/share`, { method: 'PUT', headers: who.headers }))).shareToken;
const preflight = (token: string, who?: Consultant) => api(`/templates/share/${token}`, { headers: who?.headers });
const accept = (who: Consultant, token: string, path = '') => api(`/templates/share/${token}`, { method: 'POST', headers: who.headers, body: { path } });
const text = async (who: Consultant, id: string, message: string) =>
  ok<TemplateMessage>(await api(`/templates/${id}/sendMessage`, { method: 'POST', headers: who.headers, body: { message } }), 201);

/** Clara's template with two messages, shared, and added by Berta; Dora is a stranger. */
async function world() {
  const [clara, berta, dora] = await Promise.all([
    createConsultant({ name: 'Clara' }),
    createConsultant({ name: 'Berta' }),
    createConsultant({ name: 'Dora' }),
  ]);
  const template = await create(clara, 'Herbstparty');
  const first = await text(clara, template.id, 'Willkommen');
  const second = await text(clara, template.id, 'Angebot');
  const token = await share(clara, template.id);
  await ok(await accept(berta, token), 201);
  return { clara, berta, dora, template, first, second, token };
}

describe('the share link', () => {
  it('is unguessable, stays the same while shared, and its preflight shows title and sharer only', async () => {
    const { clara, dora, template, token } = await world();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await share(clara, template.id)).toBe(token);
    // Anyone holding the link sees it, even signed out (the public add-template page).
    expect(await ok(await preflight(token))).toEqual({ title: 'Herbstparty', sharedBy: 'Clara Berater' });
    expect(await ok(await preflight(token, dora))).toEqual({ title: 'Herbstparty', sharedBy: 'Clara Berater' });
    const owned = (await list(clara))[0]!;
    expect(owned).toMatchObject({ shareToken: token, sharedWith: 1, sharedBy: null });
  });

  it('is added into a folder of mine, beside my own templates, and read but not changed', async () => {
    const { berta, template, token, first, second } = await world();
    const mine = await folder(berta, 'Von der Teamleitung');
    const added = await ok<TemplateEntry>(await accept(berta, token, mine.id), 201);
    expect(added).toMatchObject({ id: template.id, path: mine.id, sharedBy: 'Clara Berater', sharedWith: 0, shareToken: null, trashedAt: null });
    expect(await list(berta)).toEqual([expect.objectContaining({ id: mine.id })]);
    expect((await list(berta, mine.id)).map((e) => e.id)).toEqual([template.id]);
    const read = await ok<TemplateDetail>(await api(`/templates/${template.id}`, { headers: berta.headers }));
    expect(read).toMatchObject({ role: 'recipient', sharedBy: 'Clara Berater', shareToken: null });
    expect(read.messages.map((m) => m.id)).toEqual([first.id, second.id]);
    const found = await ok<TemplateEntry[]>(await api('/templates/search?q=herbst', { headers: berta.headers }));
    expect(found.map((e) => e.id)).toEqual([template.id]);
  });

  it('answers a forged, malformed or revoked token with shareLinkInvalid; the owner cannot add their own', async () => {
    const { clara, berta, dora, template, token } = await world();
    for (const forged of ['AAAAAAAAAAAAAAAAAAAAAA', token.slice(0, 21) + (token.endsWith('A') ? 'B' : 'A'), 'kurz', `${token}x`]) {
      await expectError(await preflight(forged), 404, 'shareLinkInvalid');
      await expectError(await accept(dora, forged), 404, 'shareLinkInvalid');
    }
    await expectError(await accept(clara, token), 409, 'ownTemplate');

    await ok(await api(`/templates/${template.id}/revokeShare`, { method: 'PUT', headers: clara.headers }), 204);
    await expectError(await preflight(token), 404, 'shareLinkInvalid');
    await expectError(await accept(dora, token), 404, 'shareLinkInvalid');
    // Stopping sharing takes the template back from those who added it.
    expect(await list(berta)).toEqual([]);
    await expectError(await api(`/templates/${template.id}`, { headers: berta.headers }), 404, 'templateNotFound');
    expect((await list(clara))[0]).toMatchObject({ shareToken: null, sharedWith: 0 });

    // Shared again: a new link; the old one stays invalid.
    const again = await share(clara, template.id);
    expect(again).not.toBe(token);
    await expectError(await preflight(token), 404, 'shareLinkInvalid');
    await ok(await accept(dora, again), 201);
  });

  it("goes dark while the owner's template is in the trash, and comes back with it", async () => {
    const { clara, berta, template, token } = await world();
    await ok(await api(`/templates/${template.id}`, { method: 'DELETE', headers: clara.headers }), 204);
    await expectError(await preflight(token), 404, 'shareLinkInvalid');
    expect(await list(berta)).toEqual([]);
    expect(await loadPlayableTemplate(database(env.DB), berta.userId, template.id)).toBeNull();
    await ok(await api(`/templates/${template.id}/restore`, { method: 'PUT', headers: clara.headers }));
    expect((await list(berta)).map((e) => e.id)).toEqual([template.id]);
  });
});

describe("the recipient's copy", () => {
  it('is trashed, restored and moved by its recipient alone; accepting again brings it back', async () => {
    const { clara, berta, template, token } = await world();
    await ok(await api(`/templates/${template.id}`, { method: 'DELETE', headers: berta.headers }), 204);
    expect(await list(berta)).toEqual([]);
    expect((await list(clara)).map((e) => e.id)).toEqual([template.id]);
    const trash = await ok<TemplateEntry[]>(await api('/templates/trash', { headers: berta.headers }));
    expect(trash).toEqual([expect.objectContaining({ id: template.id, sharedBy: 'Clara Berater', deletesAt: trash[0]!.trashedAt! + 30 * DAY_MS })]);
    await expectError(await api(`/templates/${template.id}`, { headers: berta.headers }), 409, 'templateTrashed');
    expect(await loadPlayableTemplate(database(env.DB), berta.userId, template.id)).toBeNull();
    await ok(await api(`/templates/${template.id}/restore`, { method: 'PUT', headers: berta.headers }));
    expect((await loadPlayableTemplate(database(env.DB), berta.userId, template.id))?.messages).toHaveLength(2);

    const place = await folder(berta, 'Ablage');
    const moved = await ok<TemplateEntry>(
      await api('/templates/folder', { method: 'PUT', headers: berta.headers, body: { templateId: template.id, path: place.id } }),
    );
    expect(moved.path).toBe(place.id);
    // In the trash with her folder; accepting again brings it to the root and out of the trash.
    await ok(await api(`/templates/${place.id}`, { method: 'DELETE', headers: berta.headers }), 204);
    expect(await loadPlayableTemplate(database(env.DB), berta.userId, template.id)).toBeNull();
    await ok(await accept(berta, token), 201);
    expect((await list(berta)).map((e) => e.id)).toEqual([template.id]);
  });

  it('goes with the cron 30 days after it was trashed; the template stays its owner’s', async () => {
    const { clara, berta, template } = await world();
    await ok(await api(`/templates/${template.id}`, { method: 'DELETE', headers: berta.headers }), 204);
    await env.DB.prepare('UPDATE template_recipients SET trashed_at = ? WHERE template_id = ?')
      .bind(Date.now() - 31 * DAY_MS, template.id)
      .run();
    const { default: worker } = await import('../../worker/index');
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);
    expect(await ok(await api('/templates/trash', { headers: berta.headers }))).toEqual([]);
    expect((await list(clara))[0]).toMatchObject({ id: template.id, sharedWith: 0 });
  });
});

describe('copying messages between templates', () => {
  it("copies a shared template's texts into one's own, not its media (the items are not in one's library)", async () => {
    const { clara, berta, dora, template, first, second } = await world();
    const photo = (
      await ok<{ id: string }>(
        await api('/media', { method: 'POST', headers: clara.headers, body: { title: 'Foto', contentType: 'image/jpeg', size: 1000 } }),
        201,
      )
    ).id;
    const picture = await ok<TemplateMessage>(
      await api(`/templates/${template.id}/sendMessage`, { method: 'POST', headers: clara.headers, body: { messageType: 'photo', mediaId: photo } }),
      201,
    );
    const own = await create(berta, 'Meine Party');
    const mine = await text(berta, own.id, 'Meins');
    const copied = await ok<TemplateMessage[]>(
      await api(`/templates/${own.id}/copyMessages`, {
        method: 'POST',
        headers: berta.headers,
        body: { sourceId: template.id, messageIds: [second.id, first.id], beforeMessageId: mine.id },
      }),
      201,
    );
    expect(copied.map((m) => m.message)).toEqual(['Willkommen', 'Angebot']);
    const all = await ok<TemplateDetail>(await api(`/templates/${own.id}`, { headers: berta.headers }));
    expect(all.messages.map((m) => m.message)).toEqual(['Willkommen', 'Angebot', 'Meins']);
    await expectError(
      await api(`/templates/${own.id}/copyMessages`, { method: 'POST', headers: berta.headers, body: { sourceId: template.id, messageIds: [picture.id] } }),
      403,
      'forbidden',
    );
    await expectError(
      await api(`/templates/${own.id}/copyMessages`, { method: 'POST', headers: dora.headers, body: { sourceId: template.id, messageIds: [first.id] } }),
      404,
      'templateNotFound',
    );
    const doras = await create(dora, 'Doras');
    await expectError(
      await api(`/templates/${doras.id}/copyMessages`, { method: 'POST', headers: dora.headers, body: { sourceId: template.id, messageIds: [first.id] } }),
      404,
      'templateNotFound',
    );
    // The owner copies her own media between her templates.
    const other = await create(clara, 'Zweite');
    const withPhoto = await ok<TemplateMessage[]>(
      await api(`/templates/${other.id}/copyMessages`, { method: 'POST', headers: clara.headers, body: { sourceId: template.id, messageIds: [picture.id] } }),
      201,
    );
    expect(withPhoto[0]).toMatchObject({ messageType: 'photo', mediaId: photo, mediaAttachmentOwner: clara.userId });
    await expectError(
      await api(`/templates/${other.id}/copyMessages`, {
        method: 'POST',
        headers: clara.headers,
        body: { sourceId: template.id, messageIds: [crypto.randomUUID()] },
      }),
      404,
      'messageNotFound',
    );
    expect((await ok<TemplateDetail>(await api(`/templates/${template.id}`, { headers: clara.headers }))).messages).toHaveLength(3);
  });
});

describe('owner, recipient and stranger on every call', () => {
  it('lets the owner do all, the recipient read and place, the stranger nothing', async () => {
    const { clara, berta, dora, template, first, second } = await world();
    const id = template.id;
    type Call = [name: string, method: string, path: string, body?: unknown];
    const reads: Call[] = [['open', 'GET', `/templates/${id}`]];
    const writes: Call[] = [
      ['rename', 'PUT', `/templates/${id}`, { name: 'Neu' }],
      ['add', 'POST', `/templates/${id}/sendMessage`, { message: 'Neu' }],
      ['edit', 'PUT', `/templates/${id}/editMessage/${first.id}`, { message: 'Neu' }],
      ['move one', 'PUT', `/templates/${id}/moveMessage/${second.id}`, { newNextId: first.id }],
      ['move many', 'PUT', `/templates/${id}/moveMessages`, { messageIds: [first.id], newNextId: null }],
      ['copy into it', 'POST', `/templates/${id}/copyMessages`, { sourceId: id, messageIds: [first.id] }],
      ['share', 'PUT', `/templates/${id}/share`],
      ['delete one', 'DELETE', `/templates/${id}/deleteMessage/${first.id}`],
      ['delete many', 'PUT', `/templates/${id}/deleteMessages`, { messageIds: [second.id] }],
      ['revoke', 'PUT', `/templates/${id}/revokeShare`],
    ];
    const places: Call[] = [
      ['move to a folder', 'PUT', '/templates/folder', { templateId: id, path: '' }],
      ['trash', 'DELETE', `/templates/${id}`],
      ['restore', 'PUT', `/templates/${id}/restore`],
    ];
    const before = await ok<TemplateDetail>(await api(`/templates/${id}`, { headers: clara.headers }));
    for (const [name, method, path, body] of [...reads, ...writes, ...places]) {
      const response = await api(path, { method, headers: dora.headers, body });
      expect(response.status, `stranger: ${name}`).toBe(404);
      expect((await json(response)).error.code, `stranger: ${name}`).toBe('templateNotFound');
    }
    for (const [name, method, path, body] of writes) {
      const response = await api(path, { method, headers: berta.headers, body });
      expect({ name, status: response.status, code: (await json(response)).error.code }).toEqual({ name, status: 403, code: 'templateReadOnly' });
    }
    // Nothing of the template changed.
    expect(await ok<TemplateDetail>(await api(`/templates/${id}`, { headers: clara.headers }))).toEqual(before);
    for (const [name, method, path, body] of [...reads, ...places])
      expect((await api(path, { method, headers: berta.headers, body })).status, `recipient: ${name}`).toBeLessThan(300);
    // The owner, last: every write goes through (the revoke ends Berta's copy).
    for (const [name, method, path, body] of writes)
      expect((await api(path, { method, headers: clara.headers, body })).status, `owner: ${name}`).toBeLessThan(300);
    expect(await list(berta)).toEqual([]);
  });
});
