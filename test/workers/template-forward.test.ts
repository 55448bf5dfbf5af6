import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../app/core/protocol';
import type { TemplateDetail, TemplateEntry, TemplateMessage } from '../../app/core/templates';
import { TINY_PNG } from '../fixtures/authorization-matrix';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * Forward mode of the template editor: selected messages go, in the template's order, to the end of
 * another template of the asker's or into one of their parties (marked forwarded, files linked so
 * the guests may see them). A recipient may forward what they read; the target must be theirs. A
 * refused call writes nothing.
 */

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

const create = (who: Consultant, title: string) =>
  api('/templates/create', { method: 'POST', headers: who.headers, body: { title } }).then((r) => ok<TemplateEntry>(r, 201));
const send = (who: Consultant, id: string, body: Record<string, unknown>) =>
  api(`/templates/${id}/sendMessage`, { method: 'POST', headers: who.headers, body }).then((r) => ok<TemplateMessage>(r, 201));
const messages = async (who: Consultant, id: string) => (await ok<TemplateDetail>(await api(`/templates/${id}`, { headers: who.headers }))).messages;
const forward = (who: Consultant, id: string, body: Record<string, unknown>) => api(`/templates/${id}/forward`, { method: 'POST', headers: who.headers, body });

/** A photo in the consultant's library with its bytes in R2. */
async function libraryPhoto(who: Consultant): Promise<string> {
  const { id } = await ok<{ id: string }>(
    await api('/media', {
      method: 'POST',
      headers: who.headers,
      body: { title: 'Foto', contentType: 'image/png', mediaExtension: 'png', size: TINY_PNG.byteLength },
    }),
    201,
  );
  const row = await env.DB.prepare('SELECT storage_key FROM media_items WHERE id = ?').bind(id).first<{ storage_key: string }>();
  await env.MEDIA.put(row!.storage_key, TINY_PNG, { httpMetadata: { contentType: 'image/png' } });
  await env.DB.prepare("UPDATE media_items SET state = 'ready' WHERE id = ?").bind(id).run();
  return id;
}

/** Clara's template: a heading, a text and a photo. */
async function world() {
  const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
  const source = await create(clara, 'Herbstparty');
  const heading = await send(clara, source.id, { messageType: 'heading', message: 'Willkommen' });
  const photo = await send(clara, source.id, { messageType: 'photo', mediaId: await libraryPhoto(clara), message: 'Die Kollektion' });
  const offer = await send(clara, source.id, { messageType: 'text', message: '*Angebot* der Woche' });
  return { clara, berta, source, heading, photo, offer };
}

const rows = async () => JSON.stringify((await env.DB.prepare('SELECT * FROM template_messages ORDER BY id').all()).results);

describe('forwarding from a template', () => {
  it('copies the selected messages, in the template’s order, to the end of another template', async () => {
    const { clara, source, heading, photo, offer } = await world();
    const target = await create(clara, 'Winterparty');
    await send(clara, target.id, { messageType: 'text', message: 'Schon da' });
    // Asked in another order: the template's order decides.
    expect(await ok(await forward(clara, source.id, { messageIds: [offer.id, heading.id, photo.id], targetTemplateId: target.id }))).toEqual({ forwarded: 3 });
    const copied = await messages(clara, target.id);
    expect(copied.map((message) => [message.messageType, message.message])).toEqual([
      ['text', 'Schon da'],
      ['heading', 'Willkommen'],
      ['photo', 'Die Kollektion'],
      ['text', '*Angebot* der Woche'],
    ]);
    expect(copied[2]!.mediaId).toBe(photo.mediaId);
    expect((await messages(clara, source.id)).map((message) => message.id)).toEqual([heading.id, photo.id, offer.id]);
  });

  it('posts them into a party of mine as forwarded messages, and its guests may see the photo', async () => {
    const { clara, source, heading, photo, offer } = await world();
    const party = await createParty(clara, { title: 'Freitag' });
    const guest = await joinGuest(party.id);
    expect(await ok(await forward(clara, source.id, { messageIds: [heading.id, photo.id, offer.id], targetPartyId: party.id }))).toEqual({ forwarded: 3 });
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    const forwarded = history.messages.filter((message) => message.forwarded);
    expect(forwarded.map((message) => [message.messageType, message.message, message.sender])).toEqual([
      ['heading', 'Willkommen', clara.userId],
      ['photo', 'Die Kollektion', clara.userId],
      ['text', '*Angebot* der Woche', clara.userId],
    ]);
    expect(forwarded[1]!.mediaAttachment).toBe(photo.mediaId);
    const file = await SELF.fetch(`${ORIGIN}/files/${photo.mediaId}`, { headers: guest.headers });
    expect(file.status).toBe(200);
  });

  it('a recipient forwards texts into her own template; the sharer’s photo cannot go there, and nothing is written', async () => {
    const { clara, berta, source, heading, photo, offer } = await world();
    const token = (await ok<{ shareToken: string }>(await api(`/templates/${source.id}/share`, { method: 'PUT', headers: clara.headers }))).shareToken;
    await ok(await api(`/templates/share/${token}`, { method: 'POST', headers: berta.headers, body: { path: '' } }), 201);
    const mine = await create(berta, 'Meine');
    expect(await ok(await forward(berta, source.id, { messageIds: [heading.id, offer.id], targetTemplateId: mine.id }))).toEqual({ forwarded: 2 });
    expect((await messages(berta, mine.id)).map((message) => message.message)).toEqual(['Willkommen', '*Angebot* der Woche']);
    // She sees the sharer's photo in the shared template; a stranger does not.
    expect((await SELF.fetch(`${ORIGIN}/files/${photo.mediaId}`, { headers: berta.headers })).status).toBe(200);
    const dora = await createConsultant({ name: 'Dora' });
    await expectError(await SELF.fetch(`${ORIGIN}/files/${photo.mediaId}`, { headers: dora.headers }), 404, 'mediaNotFound');

    const before = await rows();
    await expectError(await forward(berta, source.id, { messageIds: [photo.id], targetTemplateId: mine.id }), 403, 'forbidden');
    // The recipient cannot write into the sharer's template, nor forward into someone else's party.
    await expectError(await forward(berta, source.id, { messageIds: [offer.id], targetTemplateId: source.id }), 403, 'templateReadOnly');
    const claras = await createParty(clara, { title: 'Claras' });
    await expectError(await forward(berta, source.id, { messageIds: [offer.id], targetPartyId: claras.id }), 404, 'partyNotFound');
    expect(await rows()).toBe(before);
  });

  it('refuses unknown messages, a stranger, an ended party and a photo in the trash, all or nothing', async () => {
    const { clara, berta, source, heading, photo } = await world();
    const target = await create(clara, 'Ziel');
    const before = await rows();
    await expectError(await forward(clara, source.id, { messageIds: [heading.id, crypto.randomUUID()], targetTemplateId: target.id }), 404, 'messageNotFound');
    await expectError(await forward(berta, source.id, { messageIds: [heading.id], targetTemplateId: target.id }), 404, 'templateNotFound');
    const ended = await createParty(clara, { title: 'Vorbei' });
    await env.DB.prepare('UPDATE parties SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 60_000, ended.id)
      .run();
    await expectError(await forward(clara, source.id, { messageIds: [heading.id], targetPartyId: ended.id }), 410, 'partyExpired');
    await ok(await api(`/media/${photo.mediaId}`, { method: 'DELETE', headers: clara.headers }), 204);
    await expectError(await forward(clara, source.id, { messageIds: [heading.id, photo.id], targetTemplateId: target.id }), 409, 'mediaTrashed');
    expect(await rows()).toBe(before);
  });
});
