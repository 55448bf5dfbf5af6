import { SELF, createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import type { MediaEntry } from '../../app/core/media-entry';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';
import { STAND_IN_HOST, STAND_IN_POSTER } from './stream-stand-in';

/**
 * Previews: PUT /api/media/{id}/preview stores the browser's JPEG of a picture or a PDF beside the
 * original with the suffix app/core/media.ts names, or copies a converted video's poster from
 * Stream; the conversion copies it by itself once the video is ready; /files/{id}/preview serves
 * it; the cron's purge deletes it. Real Worker, D1 and R2; Stream is
 * test/workers/stream-stand-in.ts.
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
const text = (value: string) => new Uint8Array(new TextEncoder().encode(value));

/** Bytes of a JPEG as far as the Worker can tell (it never decodes one). */
function jpeg(size = 4000, seed = 1): Uint8Array<ArrayBuffer> {
  const bytes = Uint8Array.from({ length: size }, (_, i) => (i * 37 + seed * 11) % 253);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  return bytes;
}
const PDF = text('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const MP3 = text('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000 some audio');

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return status === 204 ? (null as T) : json<T>(response);
}

/** An item of `who` whose bytes went up through the real tus endpoint (so it is ready). */
async function uploaded(who: Consultant, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<MediaEntry & { uploadUrl: string }> {
  const entry = await ok(await api('/media', { method: 'POST', headers: who.headers, body: { title: 'Datei', contentType, size: bytes.length } }), 201);
  const sent = await SELF.fetch(entry.uploadUrl, {
    method: 'PATCH',
    headers: { ...who.headers, ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
    body: bytes,
  });
  expect(sent.status).toBe(204);
  return entry;
}

/** A body without a declared length: `chunk`, `times` times. */
function chunked(chunk: Uint8Array, times: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < times; i++) controller.enqueue(chunk);
      controller.close();
    },
  });
}

const putPreview = (who: Record<string, string>, id: string, body?: BodyInit, headers: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}/api/media/${id}/preview`, {
    method: 'PUT',
    headers: { ...who, ...(body === undefined ? {} : { 'Content-Type': 'image/jpeg' }), ...headers },
    body,
  });
const previewKeyOf = async (id: string) =>
  (await env.DB.prepare('SELECT preview_key FROM media_items WHERE id = ?').bind(id).first<{ preview_key: string | null }>())!.preview_key;
const stored = async (key: string) => {
  const object = await env.MEDIA.get(key);
  return object ? { bytes: new Uint8Array(await object.arrayBuffer()), type: object.httpMetadata?.contentType } : null;
};
/** Every preview object of an owner: the originals are `{owner}/{id}`, previews carry a suffix. */
const previews = async (who: Consultant) => (await env.MEDIA.list({ prefix: `${who.userId}/` })).objects.map((o) => o.key).filter((key) => key.includes('.'));
const served = (who: Record<string, string>, id: string) => SELF.fetch(`${ORIGIN}/files/${id}/preview`, { headers: who });

describe('the browser’s preview of a picture or a PDF', () => {
  it('is stored beside the original as {owner}/{id}.jpg, served at /files/{id}/preview, and a new one replaces it', async () => {
    const clara = await createConsultant();
    const photo = await uploaded(clara, jpeg(9000), 'image/jpeg');
    expect(photo.hasPreview).toBe(false);
    const first = jpeg(3000, 2);
    const entry = await ok<MediaEntry>(await putPreview(clara.headers, photo.id, first));
    expect(entry).toMatchObject({ id: photo.id, hasPreview: true, title: 'Datei', state: 'ready' });
    expect(entry.updatedAt).toBeGreaterThanOrEqual(photo.updatedAt);
    const key = `${clara.userId}/${photo.id}.jpg`;
    expect(await previewKeyOf(photo.id)).toBe(key);
    expect(await stored(key)).toEqual({ bytes: first, type: 'image/jpeg' });

    const response = await served(clara.headers, photo.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(first);

    const second = jpeg(2500, 3);
    await ok(await putPreview(clara.headers, photo.id, second));
    expect(new Uint8Array(await (await served(clara.headers, photo.id)).arrayBuffer())).toEqual(second);
    expect(await previews(clara)).toEqual([key]);
    // The library lists it with its preview.
    const listed = await ok<{ entries: MediaEntry[] }>(await api('/media', { headers: clara.headers }));
    expect(listed.entries.find((e) => e.id === photo.id)?.hasPreview).toBe(true);
  });

  it('a PDF’s first page takes the same suffix (PDF thumbnails .jpg)', async () => {
    const clara = await createConsultant();
    const pdf = await uploaded(clara, PDF, 'application/pdf');
    await ok(await putPreview(clara.headers, pdf.id, jpeg()));
    expect(await previewKeyOf(pdf.id)).toBe(`${clara.userId}/${pdf.id}.jpg`);
    expect((await served(clara.headers, pdf.id)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses what is no JPEG, is too large, has nowhere to go or is not the owner’s, and stores nothing', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const photo = await uploaded(clara, jpeg(), 'image/jpeg');
    const cases: [string, () => Promise<Response>, number, string][] = [
      ['a PNG', () => putPreview(clara.headers, photo.id, PNG), 415, 'notAPreview'],
      [
        'an HTML page',
        () => putPreview(clara.headers, photo.id, '<!doctype html><script>alert(1)</script>', { 'Content-Type': 'text/html' }),
        415,
        'notAPreview',
      ],
      [
        'a JPEG with a script in its head',
        () => putPreview(clara.headers, photo.id, new Uint8Array([...jpeg(100), ...text('<script>alert(1)</script>')])),
        415,
        'notAPreview',
      ],
      ['no body', () => putPreview(clara.headers, photo.id), 415, 'notAPreview'],
      ['one byte over the limit', () => putPreview(clara.headers, photo.id, jpeg(LIMITS.mediaPreviewBytesMax + 1)), 413, 'previewTooLarge'],
      ['over the limit without a length', () => putPreview(clara.headers, photo.id, chunked(jpeg(64 * 1024), 9)), 413, 'previewTooLarge'],
      ['someone else’s item', () => putPreview(berta.headers, photo.id, jpeg()), 404, 'mediaNotFound'],
      ['an id that is not a uuid', () => putPreview(clara.headers, encodeURIComponent('../x'), jpeg()), 404, 'mediaNotFound'],
    ];
    for (const [name, send, status, code] of cases) {
      const answer = await send();
      expect(answer.status, name).toBe(status);
      await expectError(answer, status, code);
    }
    expect(await previewKeyOf(photo.id)).toBeNull();
    expect(await previews(clara)).toEqual([]);
    expect((await served(clara.headers, photo.id)).status).toBe(404);
  });

  it('only for uploaded pictures and PDFs outside the trash: not audio, not before the upload, not in the trash', async () => {
    const clara = await createConsultant();
    const audio = await uploaded(clara, MP3, 'audio/mpeg');
    await expectError(await putPreview(clara.headers, audio.id, jpeg()), 415, 'previewNotSupported');
    await expectError(await putPreview(clara.headers, audio.id), 415, 'previewNotSupported');

    const waiting = await ok(
      await api('/media', { method: 'POST', headers: clara.headers, body: { title: 'Bald', contentType: 'image/jpeg', size: 5000 } }),
      201,
    );
    await expectError(await putPreview(clara.headers, waiting.id, jpeg()), 409, 'mediaNotUploaded');

    const trashed = await uploaded(clara, jpeg(), 'image/jpeg');
    await ok(await api(`/media/${trashed.id}`, { method: 'DELETE', headers: clara.headers }), 204);
    await expectError(await putPreview(clara.headers, trashed.id, jpeg()), 409, 'mediaTrashed');
    expect(await previews(clara)).toEqual([]);
  });

  it('guests and strangers are unauthorized', async () => {
    const clara = await createConsultant();
    const photo = await uploaded(clara, jpeg(), 'image/jpeg');
    const guest = await joinGuest((await createParty(clara)).id);
    await expectError(await putPreview(guest.headers, photo.id, jpeg()), 401, 'unauthorized');
    await expectError(await putPreview({}, photo.id, jpeg()), 401, 'unauthorized');
    expect(await previewKeyOf(photo.id)).toBeNull();
  });
});

describe('a video’s preview is Stream’s poster', () => {
  const posterRequests = async () => (await (await fetch(`https://${STAND_IN_HOST}/__stand-in/posters`)).json()) as string[];

  async function video(who: Consultant): Promise<string> {
    const entry = await ok(await api('/media', { method: 'POST', headers: who.headers, body: { title: 'Demo', contentType: 'video/mp4', size: 24 } }), 201);
    await env.MEDIA.put(`${who.userId}/${entry.id}`, text('\u0000\u0000\u0000\u0018ftypmp42 video'));
    await ok(await api(`/media/convert/${entry.id}`, { method: 'PUT', headers: who.headers, body: { isPortrait: false, noAudio: false } }));
    return entry.id;
  }
  const poll = async (who: Consultant, id: string) => (await ok(await api(`/media/convert/${id}`, { headers: who.headers }))).conversionStatus as string;
  const uidOf = async (id: string) =>
    (await env.DB.prepare('SELECT stream_uid FROM media_items WHERE id = ?').bind(id).first<{ stream_uid: string }>())!.stream_uid;

  it('is copied when the conversion is ready, stored as {owner}/{id}.0000001.jpg, asked for at the card’s size, and copied again on request', async () => {
    const clara = await createConsultant();
    const id = await video(clara);
    // Not converted yet: there is no poster to copy.
    await expectError(await putPreview(clara.headers, id), 409, 'videoNotReady');
    expect(await poll(clara, id)).toBe('PROGRESSING');
    expect(await poll(clara, id)).toBe('PROGRESSING');
    expect(await previewKeyOf(id)).toBeNull();
    expect(await poll(clara, id)).toBe('READY');

    const key = `${clara.userId}/${id}.0000001.jpg`;
    expect(await previewKeyOf(id)).toBe(key);
    expect(await stored(key)).toEqual({ bytes: STAND_IN_POSTER, type: 'image/jpeg' });
    const uid = await uidOf(id);
    expect((await posterRequests()).filter((r) => r.startsWith(uid))).toEqual([`${uid}?width=500&height=300&fit=clip`]);
    const response = await served(clara.headers, id);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(STAND_IN_POSTER);

    // Later polls answer from the row and copy nothing more; regenerating copies once again.
    expect(await poll(clara, id)).toBe('READY');
    expect((await posterRequests()).filter((r) => r.startsWith(uid))).toHaveLength(1);
    expect(await ok<MediaEntry>(await putPreview(clara.headers, id))).toMatchObject({ id, hasPreview: true });
    expect((await posterRequests()).filter((r) => r.startsWith(uid))).toHaveLength(2);
    // A video's preview is never the browser's.
    await expectError(await putPreview(clara.headers, id, jpeg()), 415, 'previewNotSupported');
  });

  it('a poster that is no JPEG is not kept: the video is ready all the same, and regenerating says the service failed', async () => {
    const clara = await createConsultant();
    const id = await video(clara);
    await fetch(`https://${STAND_IN_HOST}/__stand-in/break-poster/${await uidOf(id)}`);
    for (let i = 0; i < 2; i++) await poll(clara, id);
    expect(await poll(clara, id)).toBe('READY');
    expect(await previewKeyOf(id)).toBeNull();
    await expectError(await putPreview(clara.headers, id), 502, 'conversionUnavailable');
    expect(await previews(clara)).toEqual([]);
  });
});

describe('the cron’s purge', () => {
  it('deletes the previews with the originals', async () => {
    const clara = await createConsultant();
    const photo = await uploaded(clara, jpeg(), 'image/jpeg');
    const kept = await uploaded(clara, jpeg(), 'image/jpeg');
    for (const item of [photo, kept]) await ok(await putPreview(clara.headers, item.id, jpeg(1000, 5)));
    await ok(await api(`/media/${photo.id}`, { method: 'DELETE', headers: clara.headers }), 204);
    await env.DB.prepare('UPDATE media_items SET trashed_at = ? WHERE id = ?')
      .bind(Date.now() - 31 * DAY_MS, photo.id)
      .run();

    const { default: worker } = await import('../../worker/index');
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);

    expect(await env.MEDIA.head(`${clara.userId}/${photo.id}`)).toBeNull();
    expect(await previews(clara)).toEqual([`${clara.userId}/${kept.id}.jpg`]);
  });
});
