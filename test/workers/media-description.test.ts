import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import type { MediaEntry, MediaListing } from '../../app/core/media-entry';
import { api, createConsultant, expectError, json } from './fixtures';

/** A library item's description (ADR 039): written, shown in the listing, removed; its rules. */

const describeItem = (headers: Record<string, string>, id: string, description: unknown) =>
  api(`/media/${id}/description`, { method: 'PUT', headers, body: { description } });

async function item(headers: Record<string, string>): Promise<string> {
  const created = await api('/media', { method: 'POST', headers, body: { title: 'Herbstkatalog', contentType: 'application/pdf', size: 1000 } });
  expect(created.status).toBe(201);
  return (await json<MediaEntry>(created)).id;
}

describe("a library item's description", () => {
  it('is written, listed with the item, kept as text, and removed by an empty one', async () => {
    const clara = await createConsultant();
    const id = await item(clara.headers);
    const text = 'Alle Farben,\r\nab 1. Oktober. <b>nicht fett</b>';
    const described = await json<MediaEntry>(await describeItem(clara.headers, id, text));
    expect(described).toMatchObject({ id, description: 'Alle Farben,\nab 1. Oktober. <b>nicht fett</b>' });
    const listing = await json<MediaListing>(await api('/media', { headers: clara.headers }));
    expect(listing.entries.find((entry) => entry.id === id)?.description).toBe('Alle Farben,\nab 1. Oktober. <b>nicht fett</b>');
    expect((await json<MediaEntry>(await describeItem(clara.headers, id, '  \n '))).description).toBeNull();
  });

  it("refuses text over the caption's limit, control characters, a folder, the trash and someone else's item; nothing changes", async () => {
    const clara = await createConsultant();
    const id = await item(clara.headers);
    await describeItem(clara.headers, id, 'Vorher');
    await expectError(await describeItem(clara.headers, id, 'x'.repeat(LIMITS.messageTextMax + 1)), 400, 'messageTooLong');
    await expectError(await describeItem(clara.headers, id, 'Foto\u0000'), 400, 'invalidText');
    await expectError(await describeItem(clara.headers, id, 42), 400, 'invalidInput');
    const folder = await json<MediaEntry>(await api('/media/folder', { method: 'POST', headers: clara.headers, body: { title: 'Ordner' } }));
    await expectError(await describeItem(clara.headers, folder.id, 'Ordnertext'), 404, 'mediaNotFound');
    const berta = await createConsultant();
    await expectError(await describeItem(berta.headers, id, 'Meins'), 404, 'mediaNotFound');
    expect((await json<MediaListing>(await api('/media', { headers: clara.headers }))).entries.find((entry) => entry.id === id)?.description).toBe('Vorher');
    expect((await api(`/media/${id}`, { method: 'DELETE', headers: clara.headers })).status).toBe(204);
    await expectError(await describeItem(clara.headers, id, 'Im Papierkorb'), 409, 'mediaTrashed');
  });
});
