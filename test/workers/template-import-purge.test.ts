import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { AppliedTemplate } from '../../app/core/applied-template';
import type { TemplateDetail, TemplateEntry, TemplateMessage } from '../../app/core/templates';
import { TEMPLATE_PLACEHOLDER } from '../../app/core/templates';
import { api, createConsultant, createParty, expectError, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * The editor's import of another template (whole, at the insert point), deleting a template for
 * good from the trash by hand (owner only), and the hidden placeholder message (ADR 038).
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const create = (who: Consultant, title: string) =>
  api('/templates/create', { method: 'POST', headers: who.headers, body: { title, path: '' } }).then((r) => ok<TemplateEntry>(r, 201));
const text = async (who: Consultant, id: string, message: string) =>
  ok<TemplateMessage>(await api(`/templates/${id}/sendMessage`, { method: 'POST', headers: who.headers, body: { messageType: 'text', message } }), 201);
const texts = async (who: Consultant, id: string) =>
  (await ok<TemplateDetail>(await api(`/templates/${id}`, { headers: who.headers }))).messages.map((message) => message.message);
const importWhole = (who: Consultant, id: string, body: Record<string, unknown>) =>
  api(`/templates/${id}/sendFullTemplate`, { method: 'POST', headers: who.headers, body });
const forGood = (who: Consultant, id: string) => api(`/templates/${id}/permanently`, { method: 'DELETE', headers: who.headers });
const trash = (who: Consultant, id: string) => api(`/templates/${id}`, { method: 'DELETE', headers: who.headers }).then((r) => ok(r, 204));
const count = (sql: string, id: string) => env.DB.prepare(sql).bind(id).first<number>('n');

/** A template with these texts. */
async function template(who: Consultant, title: string, messages: string[]): Promise<{ id: string; ids: string[] }> {
  const { id } = await create(who, title);
  const ids: string[] = [];
  for (const message of messages) ids.push((await text(who, id, message)).id);
  return { id, ids };
}

/** Shares the template and lets `who` add it. */
async function shareWith(owner: Consultant, id: string, who: Consultant): Promise<void> {
  const { shareToken } = await ok<{ shareToken: string }>(await api(`/templates/${id}/share`, { method: 'PUT', headers: owner.headers }));
  await ok(await api(`/templates/share/${shareToken}`, { method: 'POST', headers: who.headers, body: { path: '' } }), 201);
}

describe('importing a whole template', () => {
  it('copies every message in order before the insert point, or at the end, and leaves the source as it was', async () => {
    const clara = await createConsultant();
    const target = await template(clara, 'Abend', ['Hallo', 'Tschüss']);
    const source = await template(clara, 'Bausteine', ['Eins', 'Zwei', 'Drei']);

    const copied = await ok<TemplateMessage[]>(await importWhole(clara, target.id, { templateId: source.id, beforeMessageId: target.ids[1] }), 201);
    expect(copied.map((message) => message.message)).toEqual(['Eins', 'Zwei', 'Drei']);
    expect(copied.every((message) => message.templateId === target.id && !source.ids.includes(message.id))).toBe(true);
    expect(await texts(clara, target.id)).toEqual(['Hallo', 'Eins', 'Zwei', 'Drei', 'Tschüss']);

    await ok(await importWhole(clara, target.id, { templateId: source.id }), 201);
    expect(await texts(clara, target.id)).toEqual(['Hallo', 'Eins', 'Zwei', 'Drei', 'Tschüss', 'Eins', 'Zwei', 'Drei']);
    expect(await texts(clara, source.id)).toEqual(['Eins', 'Zwei', 'Drei']);
  });

  it('imports a template shared with me into mine; refuses a stranger, an empty source, an unknown insert point, a recipient as target', async () => {
    const [clara, bob, dora] = await Promise.all([createConsultant(), createConsultant({ name: 'Bob' }), createConsultant({ name: 'Dora' })]);
    const shared = await template(clara, 'Geteilt', ['Von Clara']);
    await shareWith(clara, shared.id, bob);
    const mine = await template(bob, 'Bobs', ['Bob']);
    await ok(await importWhole(bob, mine.id, { templateId: shared.id, beforeMessageId: null }), 201);
    expect(await texts(bob, mine.id)).toEqual(['Bob', 'Von Clara']);

    // Dora was never given Clara's template: it does not exist for her.
    const doras = await template(dora, 'Doras', ['Dora']);
    await expectError(await importWhole(dora, doras.id, { templateId: shared.id }), 404, 'templateNotFound');
    // Bob reads Clara's template but writes nothing into it.
    await expectError(await importWhole(bob, shared.id, { templateId: mine.id }), 403, 'templateReadOnly');
    const empty = await template(bob, 'Leer', []);
    await expectError(await importWhole(bob, mine.id, { templateId: empty.id }), 409, 'templateEmpty');
    await expectError(await importWhole(bob, mine.id, { templateId: shared.id, beforeMessageId: shared.ids[0] }), 404, 'messageNotFound');
    expect(await texts(bob, mine.id)).toEqual(['Bob', 'Von Clara']);
    expect(await texts(clara, shared.id)).toEqual(['Von Clara']);
  });
});

describe('deleting a template for good from the trash', () => {
  it('deletes the owner’s trashed template with its messages and every copy; refuses one outside the trash and a recipient', async () => {
    const [clara, bob] = await Promise.all([createConsultant(), createConsultant({ name: 'Bob' })]);
    const t = await template(clara, 'Weg damit', ['Eins']);
    await shareWith(clara, t.id, bob);

    await expectError(await forGood(clara, t.id), 409, 'templateNotTrashed');
    await trash(bob, t.id);
    // Bob's copy in his trash is still Clara's template: he restores it or leaves it to the cron.
    await expectError(await forGood(bob, t.id), 403, 'templateReadOnly');
    await trash(clara, t.id);
    await ok(await forGood(clara, t.id), 204);

    expect(await count('SELECT count(*) AS n FROM templates WHERE id = ?', t.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM template_messages WHERE template_id = ?', t.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM template_recipients WHERE template_id = ?', t.id)).toBe(0);
    expect(await ok<TemplateEntry[]>(await api('/templates/trash', { headers: clara.headers }))).toEqual([]);
    await expectError(await forGood(clara, t.id), 404, 'templateNotFound');
  });

  it('a template in a trashed folder goes too; the folder itself is left to the cron', async () => {
    const clara = await createConsultant();
    const folder = await ok<TemplateEntry>(
      await api('/templates/folder', { method: 'POST', headers: clara.headers, body: { title: 'Ordner', path: '' } }),
      201,
    );
    const inside = await ok<TemplateEntry>(
      await api('/templates/create', { method: 'POST', headers: clara.headers, body: { title: 'Drin', path: folder.id } }),
      201,
    );
    await trash(clara, folder.id);
    await expectError(await forGood(clara, folder.id), 403, 'forbidden');
    await ok(await forGood(clara, inside.id), 204);
    expect(await count('SELECT count(*) AS n FROM templates WHERE id = ?', inside.id)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM template_folders WHERE id = ?', folder.id)).toBe(1);
  });

  it('a party playing the template (a recipient’s) is told it was taken back, as on a revoke', async () => {
    const [clara, bob] = await Promise.all([createConsultant(), createConsultant({ name: 'Bob' })]);
    const t = await template(clara, 'Gespielt', ['Eins', 'Zwei']);
    await shareWith(clara, t.id, bob);
    const party = await createParty(bob);
    await ok(await api(`/parties/${party.id}/template`, { method: 'POST', headers: bob.headers, body: { templateId: t.id } }), 201);
    await trash(clara, t.id);
    await ok(await forGood(clara, t.id), 204);
    const { applied } = await ok<{ applied: AppliedTemplate | null }>(await api(`/parties/${party.id}/template`, { headers: bob.headers }));
    expect(applied).toMatchObject({ templateId: t.id, revoked: true });
  });
});

describe('the hidden placeholder message', () => {
  it('is never listed, played, imported or forwarded, and keeps its place among the ranks', async () => {
    const clara = await createConsultant();
    const t = await template(clara, 'Mit Platzhalter', ['Eins', 'Zwei']);
    // The placeholder lies between the two messages, as a row written by another client would.
    const ranks = await env.DB.prepare('SELECT rank FROM template_messages WHERE template_id = ? ORDER BY rank').bind(t.id).all<{ rank: string }>();
    await env.DB.prepare(
      'INSERT INTO template_messages (id, template_id, rank, message_type, message, media_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)',
    )
      .bind(crypto.randomUUID(), t.id, `${ranks.results[0]!.rank}V`, 'text', TEMPLATE_PLACEHOLDER, Date.now(), Date.now())
      .run();

    expect(await texts(clara, t.id)).toEqual(['Eins', 'Zwei']);
    const target = await template(clara, 'Ziel', []);
    const copied = await ok<TemplateMessage[]>(await importWhole(clara, target.id, { templateId: t.id }), 201);
    expect(copied.map((message) => message.message)).toEqual(['Eins', 'Zwei']);

    const party = await createParty(clara);
    const { applied } = await ok<{ applied: AppliedTemplate }>(
      await api(`/parties/${party.id}/template`, { method: 'POST', headers: clara.headers, body: { templateId: t.id } }),
      201,
    );
    expect(applied.messages.map((message) => message.message)).toEqual(['Eins', 'Zwei']);

    // A new message before "Zwei" still goes right before it.
    await ok(await api(`/templates/${t.id}/sendMessage`, { method: 'POST', headers: clara.headers, body: { message: 'Neu', beforeMessageId: t.ids[1] } }), 201);
    expect(await texts(clara, t.id)).toEqual(['Eins', 'Neu', 'Zwei']);
  });

  it('is refused as the text anyone writes, so nothing typed vanishes', async () => {
    const clara = await createConsultant();
    const t = await template(clara, 'Vorlage', ['Eins']);
    await expectError(
      await api(`/templates/${t.id}/sendMessage`, { method: 'POST', headers: clara.headers, body: { message: ` ${TEMPLATE_PLACEHOLDER} ` } }),
      400,
      'invalidText',
    );
    await expectError(
      await api(`/templates/${t.id}/editMessage/${t.ids[0]}`, { method: 'PUT', headers: clara.headers, body: { message: TEMPLATE_PLACEHOLDER } }),
      400,
      'invalidText',
    );
    expect(await texts(clara, t.id)).toEqual(['Eins']);
  });
});
