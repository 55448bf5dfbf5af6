import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MediaEntry, MediaListing } from '../../app/core/media-entry';
import { TINY_PNG } from '../fixtures/authorization-matrix';
import type { Consultant, Guest } from './fixtures';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';

/**
 * POST /api/media/duplicate: a file a chat shows, saved into the consultant's library afterwards
 * (ADR 039). Through the real Worker, D1 and R2: the copy is her own item with its own bytes, and
 * only what she owns or a party she manages shows can be copied.
 */

/** A photo uploaded into the party by `who` and sent there; answers its file id. */
async function sentPhoto(partyId: string, who: { headers: Record<string, string> }): Promise<string> {
  const announced = await api(`/parties/${partyId}/media`, {
    method: 'POST',
    headers: who.headers,
    body: { messageType: 'photo', contentType: 'image/png', mediaExtension: 'png', size: TINY_PNG.byteLength },
  });
  expect(announced.status).toBe(201);
  const { mediaAttachment, uploadUrl } = await json<{ mediaAttachment: string; uploadUrl: string }>(announced);
  const stored = await SELF.fetch(uploadUrl, { method: 'PUT', headers: { ...who.headers, 'Content-Type': 'image/png' }, body: TINY_PNG });
  expect(stored.status).toBe(200);
  const sent = await api(`/parties/${partyId}/chat`, {
    method: 'POST',
    headers: who.headers,
    body: { tempId: crypto.randomUUID(), messageType: 'photo', mediaAttachment, message: 'Schaut!' },
  });
  expect(sent.status).toBe(201);
  return mediaAttachment;
}

const duplicate = (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
  api('/media/duplicate', { method: 'POST', headers: who.headers, body: { type: 'image', saveInLibrary: true, path: '', title: 'Marias Foto', ...body } });

async function world(): Promise<{ clara: Consultant; party: { id: string }; guest: Guest }> {
  const clara = await createConsultant({ name: 'Clara' });
  const party = await createParty(clara);
  const guest = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  return { clara, party, guest };
}

describe('saving a file from a chat into the library', () => {
  it("copies a guest's photo into the chosen folder as the manager's own item, with its own bytes", async () => {
    const { clara, party, guest } = await world();
    const photo = await sentPhoto(party.id, guest);
    const folder = await json<MediaEntry>(await api('/media/folder', { method: 'POST', headers: clara.headers, body: { title: 'Von Gästen' } }));
    const response = await duplicate(clara, { origin: photo, path: folder.id });
    expect(response.status).toBe(201);
    const copy = await json<MediaEntry>(response);
    expect(copy).toMatchObject({
      title: 'Marias Foto',
      mediaType: 'image',
      contentType: 'image/png',
      mediaExtension: 'png',
      size: TINY_PNG.byteLength,
      state: 'ready',
      path: folder.id,
    });
    expect(copy.id).not.toBe(photo);

    const listing = await json<MediaListing>(await api(`/media?path=${folder.id}`, { headers: clara.headers }));
    expect(listing.entries.map((entry) => entry.id)).toEqual([copy.id]);
    const stored = await env.MEDIA.get(`${clara.userId}/${copy.id}`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(TINY_PNG);
    expect(stored!.httpMetadata?.contentType).toBe('image/png');
    const served = await SELF.fetch(`${ORIGIN}/files/${copy.id}`, { headers: clara.headers });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
    // The copy is hers alone: the guest who sent the original cannot fetch it.
    expect((await SELF.fetch(`${ORIGIN}/files/${copy.id}`, { headers: guest.headers })).status).toBe(404);
  });

  it("her own photo from the chat too; the copy outlives the original's party", async () => {
    const { clara, party } = await world();
    const photo = await sentPhoto(party.id, clara);
    const copy = await json<MediaEntry>(await duplicate(clara, { origin: photo }));
    expect((await api(`/parties/${party.id}`, { method: 'DELETE', headers: clara.headers })).status).toBeLessThan(300);
    expect((await SELF.fetch(`${ORIGIN}/files/${copy.id}`, { headers: clara.headers })).status).toBe(200);
  });

  it("a guest saves nothing into anyone's library; nothing is copied", async () => {
    const { clara, party, guest } = await world();
    const photo = await sentPhoto(party.id, guest);
    await expectError(await duplicate(guest, { origin: photo }), 401, 'unauthorized');
    expect((await env.MEDIA.list({ prefix: `${clara.userId}/` })).objects.length).toBe(0);
  });

  it('a file of a party she does not manage is not found, nor is anything copied', async () => {
    const { clara, party, guest } = await world();
    const photo = await sentPhoto(party.id, guest);
    const berta = await createConsultant({ name: 'Berta' });
    const before = (await env.MEDIA.list({ prefix: `${berta.userId}/` })).objects.length;
    await expectError(await duplicate(berta, { origin: photo }), 404, 'mediaNotFound');
    // Her own party's guest, in a party of Clara's she is no member of: the same.
    const hers = await createParty(berta);
    const visitor = await joinGuest(hers.id, { firstName: 'Vera', lastName: 'Gast' });
    const foreign = await sentPhoto(hers.id, visitor);
    await expectError(await duplicate(clara, { origin: foreign }), 404, 'mediaNotFound');
    expect((await env.MEDIA.list({ prefix: `${berta.userId}/` })).objects.length).toBe(before);
    expect((await env.MEDIA.list({ prefix: `${clara.userId}/` })).objects.length).toBe(0);
  });

  it('refuses a file whose bytes have not arrived, a kind other than the file has, and a copy outside the library', async () => {
    const { clara, party, guest } = await world();
    const announced = await json<{ mediaAttachment: string }>(
      await api(`/parties/${party.id}/media`, {
        method: 'POST',
        headers: guest.headers,
        body: { messageType: 'photo', contentType: 'image/png', mediaExtension: 'png' },
      }),
    );
    await expectError(await duplicate(clara, { origin: announced.mediaAttachment }), 404, 'mediaNotFound');
    const photo = await sentPhoto(party.id, guest);
    await expectError(await duplicate(clara, { origin: photo, type: 'video' }), 415, 'mediaTypeMismatch');
    await expectError(await duplicate(clara, { origin: photo, saveInLibrary: false }), 400, 'invalidInput');
    await expectError(await duplicate(clara, { origin: photo, title: '' }), 400, 'invalidTitle');
    expect((await env.MEDIA.list({ prefix: `${clara.userId}/` })).objects.length).toBe(0);
  });
});
