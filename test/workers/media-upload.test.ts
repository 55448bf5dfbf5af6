import { SELF, createScheduledController, env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import worker from '../../worker/index';
import { UPLOAD_SILENCE_MS } from '../../worker/media/tus';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';

/**
 * Media bytes: the tus exchange into R2 multipart parts, resuming after a broken connection, the
 * content check, the cron's abort of abandoned uploads, and serving with ranges and safe headers.
 * Everything goes through the real Worker (SELF) with real D1 and R2.
 */

const PART = LIMITS.mediaPartBytes;
const TUS = { 'Tus-Resumable': '1.0.0' };

interface Created {
  id: string;
  uploadUrl: string;
  state: string;
}

/** Deterministic bytes of a given size behind a header (a format's magic numbers). */
function bytesOf(size: number, header: Uint8Array = JPEG_HEAD, seed = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  bytes.set(header.subarray(0, size));
  return bytes;
}

const text = (value: string): Uint8Array<ArrayBuffer> => new Uint8Array(new TextEncoder().encode(value));
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MP4_HEAD = Uint8Array.from([0, 0, 0, 0x20, ...text('ftypisom'), 0, 0, 2, 0]);

async function sha256(bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function create(who: Consultant, size: number, extra: Record<string, unknown> = {}): Promise<Created> {
  const response = await api('/media', {
    method: 'POST',
    headers: who.headers,
    body: { title: 'Foto', contentType: 'image/jpeg', mediaExtension: 'jpg', size, ...extra },
  });
  expect(response.status).toBe(201);
  return json<Created>(response);
}

const head = (url: string, headers: Record<string, string>) => SELF.fetch(url, { method: 'HEAD', headers: { ...TUS, ...headers } });

function patch(
  url: string,
  headers: Record<string, string>,
  offset: number | string,
  body: BodyInit | null,
  extra: Record<string, string> = {},
): Promise<Response> {
  return SELF.fetch(url, {
    method: 'PATCH',
    headers: { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), ...headers, ...extra },
    body,
  });
}

async function offsetOf(url: string, headers: Record<string, string>): Promise<number> {
  const response = await head(url, headers);
  expect(response.status).toBe(200);
  expect(response.headers.get('Tus-Resumable')).toBe('1.0.0');
  return Number(response.headers.get('Upload-Offset'));
}

/** Sends `bytes` from the offset HEAD reports, in PATCHes of the given sizes (the rest in one). */
async function send(url: string, headers: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, sizes: number[] = []): Promise<Response> {
  let offset = await offsetOf(url, headers);
  let last: Response | null = null;
  for (const size of [...sizes, Number.POSITIVE_INFINITY]) {
    if (offset >= bytes.byteLength) break;
    const chunk = bytes.subarray(offset, Math.min(offset + size, bytes.byteLength));
    last = await patch(url, headers, offset, chunk.slice());
    if (last.status !== 204) return last;
    expect(Number(last.headers.get('Upload-Offset'))).toBe(offset + chunk.byteLength);
    offset += chunk.byteLength;
  }
  return last!;
}

async function itemRow(id: string) {
  return env.DB.prepare('SELECT * FROM media_items WHERE id = ?').bind(id).first<{ state: string; storage_key: string; size: number }>();
}

async function stored(id: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const row = await itemRow(id);
  const object = await env.MEDIA.get(row!.storage_key);
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** A body that sends `bytes` and then breaks off, as a dropped connection does. */
function breaking(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) {
        controller.error(new Error('connection lost'));
        return;
      }
      sent = true;
      for (let at = 0; at < bytes.byteLength; at += 64 * 1024) controller.enqueue(bytes.slice(at, at + 64 * 1024));
    },
  });
}

describe('a resumable upload (tus 1.0 into R2 parts)', () => {
  it('POST /media names the upload URL; OPTIONS tells the protocol; HEAD starts at 0', async () => {
    const clara = await createConsultant();
    const item = await create(clara, 1000);
    expect(item.uploadUrl).toBe(`${ORIGIN}/api/media/${item.id}/upload`);
    const options = await SELF.fetch(item.uploadUrl, { method: 'OPTIONS', headers: clara.headers });
    expect(options.status).toBe(204);
    expect(options.headers.get('Tus-Version')).toBe('1.0.0');
    expect(options.headers.get('Tus-Max-Size')).toBe(String(LIMITS.mediaBytesMax));
    const first = await head(item.uploadUrl, clara.headers);
    expect(first.headers.get('Upload-Offset')).toBe('0');
    expect(first.headers.get('Upload-Length')).toBe('1000');
    expect(first.headers.get('Cache-Control')).toBe('no-store');
  });

  it('PATCHes of odd sizes across part borders, a short last part: the object is the file', async () => {
    const clara = await createConsultant();
    const source = bytesOf(2 * PART + 1_234_567);
    const item = await create(clara, source.byteLength);
    const last = await send(item.uploadUrl, clara.headers, source, [3_000_001, 4_500_000, 1, 2_222_222]);
    expect(last.status).toBe(204);
    expect(last.headers.get('Upload-Offset')).toBe(String(source.byteLength));
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
    expect((await itemRow(item.id))!.state).toBe('ready');
    // Done: HEAD says so (a client that resumes learns it is complete), the carry-over is gone.
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(source.byteLength);
    expect(await env.MEDIA.head(`${clara.userId}/${item.id}.carry`)).toBeNull();
    const parts = await env.DB.prepare('SELECT COUNT(*) AS n FROM media_upload_parts WHERE media_id = ?').bind(item.id).first<{ n: number }>();
    expect(parts!.n).toBe(0);
  });

  it('a file smaller than a part, in one PATCH', async () => {
    const clara = await createConsultant();
    const source = bytesOf(70_000, PNG_HEAD);
    const item = await create(clara, source.byteLength, { contentType: 'image/png', mediaExtension: 'png' });
    expect((await send(item.uploadUrl, clara.headers, source)).status).toBe(204);
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
    expect((await itemRow(item.id))!.state).toBe('ready');
  });

  it('a PATCH whose body breaks off midway: resumed from the offset HEAD reports, byte-identical', async () => {
    const clara = await createConsultant();
    const source = bytesOf(2 * PART + 777);
    const item = await create(clara, source.byteLength);
    // The first PATCH breaks off 1.5 parts in: one part in R2, half a part in the carry-over.
    const cut = PART + PART / 2 + 13;
    await patch(item.uploadUrl, clara.headers, 0, breaking(source.subarray(0, cut)), { 'Content-Length': String(source.byteLength) }).then(
      (response) => response.text(),
      () => null,
    );
    let offset = 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      offset = await offsetOf(item.uploadUrl, clara.headers);
      const probe = await patch(item.uploadUrl, clara.headers, offset, new Uint8Array(0));
      await probe.text();
      // Free again (the broken PATCH let go of the upload) and at the offset HEAD reported.
      if (probe.status === 204) break;
      expect(probe.status).toBe(423);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Nothing that reached the Worker is lost: a whole part in R2, the rest in the carry-over.
    expect(offset).toBe(cut);
    expect((await send(item.uploadUrl, clara.headers, source)).status).toBe(204);
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
  });

  it('a stale offset, a missing Tus-Resumable, a wrong body type, a bad offset: refused, nothing stored', async () => {
    const clara = await createConsultant();
    const source = bytesOf(100_000);
    const item = await create(clara, source.byteLength);
    expect((await patch(item.uploadUrl, clara.headers, 0, source.slice(0, 1000))).status).toBe(204);
    await expectError(await patch(item.uploadUrl, clara.headers, 0, source.slice(0, 10)), 409, 'uploadConflict');
    await expectError(await patch(item.uploadUrl, clara.headers, 5000, source.slice(0, 10)), 409, 'uploadConflict');
    await expectError(await patch(item.uploadUrl, { ...clara.headers, 'Tus-Resumable': '0.2.2' }, 1000, source.slice(1000, 1010)), 412, 'tusVersion');
    await expectError(
      await patch(item.uploadUrl, clara.headers, 1000, source.slice(1000, 1010), { 'Content-Type': 'application/octet-stream' }),
      415,
      'uploadContentType',
    );
    for (const bad of ['-1', 'abc', '1e3', '', '01000', '1000.0', '99999999999999999999'])
      await expectError(await patch(item.uploadUrl, clara.headers, bad, source.slice(1000, 1010)), 400, 'invalidInput');
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(1000);
    const noTus = await SELF.fetch(item.uploadUrl, {
      method: 'PATCH',
      headers: { ...clara.headers, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '1000' },
      body: source.slice(1000, 1010),
    });
    await expectError(noTus, 412, 'tusVersion');
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(1000);
  });

  it('more bytes than declared are refused, by Content-Length or by counting', async () => {
    const clara = await createConsultant();
    const item = await create(clara, 10_000);
    await expectError(await patch(item.uploadUrl, clara.headers, 0, bytesOf(10_001)), 413, 'fileTooLarge');
    // Without a length (a stream), the Worker counts and stops at the declared size.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytesOf(6000));
        controller.enqueue(bytesOf(6000));
        controller.close();
      },
    });
    await expectError(await patch(item.uploadUrl, clara.headers, 0, body), 413, 'fileTooLarge');
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(0);
    expect(await stored(item.id)).toBeNull();
  });

  it("only the owner: another consultant's item is not found; guests and strangers are unauthorized", async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const guest = await joinGuest((await createParty(clara)).id);
    const item = await create(clara, 1000);
    const source = bytesOf(1000);
    // HEAD has no body to carry the code: the status says it.
    expect((await head(item.uploadUrl, berta.headers)).status).toBe(404);
    expect((await head(item.uploadUrl, guest.headers)).status).toBe(401);
    await expectError(await patch(item.uploadUrl, berta.headers, 0, source), 404, 'mediaNotFound');
    await expectError(await patch(item.uploadUrl, guest.headers, 0, source), 401, 'unauthorized');
    await expectError(await patch(item.uploadUrl, {}, 0, source), 401, 'unauthorized');
    await expectError(await patch(`${ORIGIN}/api/media/not-a-uuid/upload`, clara.headers, 0, source), 404, 'mediaNotFound');
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(0);
  });
});

/** Polls until `check` holds (a request in flight reached a state), for at most five seconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the state never came');
}

async function uploadRow(id: string) {
  return (await env.DB.prepare('SELECT * FROM media_uploads WHERE media_id = ?')
    .bind(id)
    .first<{ offset: number; parts: number; locked_until: number | null }>())!;
}

/** A request body the test feeds by hand: it stays open, silent, until the test closes it. */
function heldBody(): { body: ReadableStream<Uint8Array>; feed: (bytes: Uint8Array) => void; end: () => void } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { body, feed: (bytes) => controller.enqueue(bytes.slice()), end: () => controller.close() };
}

describe('a PATCH that outlives its lease (a phone gone silent in a tunnel)', () => {
  // After its silence the old request gets either a few more bytes (its end writes a carry-over)
  // or enough to fill a part (it would write that part to R2 again).
  it.each([
    ['a few more bytes', 200],
    ['a whole part more', PART],
  ])('the client resumed on a new connection and moved on; the old request ends with %s and writes nothing', async (_name, more) => {
    const clara = await createConsultant();
    const source = bytesOf(3 * PART + 4321);
    const item = await create(clara, source.byteLength);
    const old = heldBody();
    old.feed(source.subarray(0, PART + 100));
    const stalled = patch(item.uploadUrl, clara.headers, 0, old.body);
    // The first part is in R2; 100 bytes wait in the old request's buffer; then nothing comes.
    await until(async () => (await uploadRow(item.id)).parts === 1);
    // Its silence outlasts the lease: set in D1 rather than waited for.
    await env.DB.prepare('UPDATE media_uploads SET locked_until = ? WHERE media_id = ?')
      .bind(Date.now() - 1, item.id)
      .run();

    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(PART);
    const resumed = await patch(item.uploadUrl, clara.headers, PART, source.slice(PART, 2 * PART + 500));
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('Upload-Offset')).toBe(String(2 * PART + 500));

    old.feed(source.subarray(PART + 100, PART + 100 + more));
    old.end();
    await expectError(await stalled, 409, 'uploadConflict');
    // Nothing of the old request was written: the offset is the new one's, and the upload goes on.
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(2 * PART + 500);
    expect((await send(item.uploadUrl, clara.headers, source)).status).toBe(204);
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
    expect((await itemRow(item.id))!.state).toBe('ready');
  });
});

describe('a silent PATCH gives its upload up within seconds (the clock is faked: Date, in the Worker too)', () => {
  afterEach(() => void vi.useRealTimers());

  /** Moves the clock the Worker reads to `at`. */
  const clockAt = (at: number) => vi.setSystemTime(at);

  it("the client's next PATCH is refused while the old one may still be alive, and takes over once it was silent long enough", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const clara = await createConsultant();
    const source = bytesOf(PART + 999);
    const item = await create(clara, source.byteLength);
    const old = heldBody();
    old.feed(source.subarray(0, 1000));
    const stalled = patch(item.uploadUrl, clara.headers, 0, old.body);
    await until(async () => (await uploadRow(item.id)).locked_until !== null);

    clockAt(start + UPLOAD_SILENCE_MS - 1);
    await expectError(await patch(item.uploadUrl, clara.headers, 0, source.slice(0, 10)), 423, 'uploadBusy');
    clockAt(start + UPLOAD_SILENCE_MS + 1);
    const resumed = await patch(item.uploadUrl, clara.headers, 0, source.slice());
    expect(resumed.status).toBe(204);
    expect(resumed.headers.get('Upload-Offset')).toBe(String(source.byteLength));

    old.feed(source.subarray(1000, 2000));
    old.end();
    await expectError(await stalled, 409, 'uploadConflict');
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
  });

  it('a PATCH whose bytes keep coming keeps its upload, however long it takes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let now = Date.now();
    const clara = await createConsultant();
    const source = bytesOf(PART + 999);
    const item = await create(clara, source.byteLength);
    const slow = heldBody();
    const sending = patch(item.uploadUrl, clara.headers, 0, slow.body);
    // A slow phone: 64 KiB every 3 s, each after a silence longer than half the one allowed.
    let sent = 0;
    for (let step = 0; step < 4; step++) {
      now += 3000;
      clockAt(now);
      slow.feed(source.subarray(sent, sent + 65_536));
      sent += 65_536;
      // Renewed as the bytes arrived: held for a whole silence from now.
      await until(async () => (await uploadRow(item.id)).locked_until === now + UPLOAD_SILENCE_MS);
      await expectError(await patch(item.uploadUrl, clara.headers, 0, source.slice(0, 10)), 423, 'uploadBusy');
    }
    slow.feed(source.subarray(sent));
    slow.end();
    const done = await sending;
    expect(done.status).toBe(204);
    expect(done.headers.get('Upload-Offset')).toBe(String(source.byteLength));
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
  });
});

/**
 * A body of `size` bytes that records how far the Worker read it: to its end, or cancelled.
 * Chunks of 64 KiB, as they come off a connection.
 */
function watchedBody(size: number): { body: ReadableStream<Uint8Array>; read: () => { ended: boolean; cancelled: boolean } } {
  let sent = 0;
  let ended = false;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) {
        ended = true;
        controller.close();
        return;
      }
      const chunk = Math.min(65_536, size - sent);
      controller.enqueue(bytesOf(chunk, new Uint8Array(), sent));
      sent += chunk;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, read: () => ({ ended, cancelled }) };
}

describe('what mobile tus clients rely on', () => {
  it('every refusal speaks tus and reads the body to its end, so the connection can carry the next request', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const item = await create(clara, 100_000);
    const tus = { ...TUS, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' };
    const cases: [string, number, string, Record<string, string>, number][] = [
      ['a wrong Tus-Resumable', 412, 'tusVersion', { ...clara.headers, ...tus, 'Tus-Resumable': '0.2.2' }, 90_000],
      ['no Tus-Resumable', 412, 'tusVersion', { ...clara.headers, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' }, 90_000],
      ['another body type', 415, 'uploadContentType', { ...clara.headers, ...tus, 'Content-Type': 'application/octet-stream' }, 90_000],
      ['a wrong offset', 409, 'uploadConflict', { ...clara.headers, ...tus, 'Upload-Offset': '7' }, 90_000],
      ['a bad offset', 400, 'invalidInput', { ...clara.headers, ...tus, 'Upload-Offset': 'x' }, 90_000],
      ['more than the file by Content-Length', 413, 'fileTooLarge', { ...clara.headers, ...tus, 'Content-Length': '100001' }, 100_001],
      ['more than the file, counted (no length)', 413, 'fileTooLarge', { ...clara.headers, ...tus }, 300_000],
      ['no credentials', 401, 'unauthorized', tus, 90_000],
      ["another consultant's item", 404, 'mediaNotFound', { ...berta.headers, ...tus }, 90_000],
    ];
    for (const [name, status, code, headers, size] of cases) {
      const watched = watchedBody(size);
      const response = await SELF.fetch(item.uploadUrl, { method: 'PATCH', headers, body: watched.body });
      expect(response.status, name).toBe(status);
      expect(response.headers.get('Tus-Resumable'), name).toBe('1.0.0');
      expect(await response.json(), name).toEqual({ error: { code } });
      expect(watched.read(), name).toEqual({ ended: true, cancelled: false });
    }
    // A 412 names the version this server speaks.
    const wrong = await patch(item.uploadUrl, { ...clara.headers, 'Tus-Resumable': '0.2.2' }, 0, bytesOf(10));
    expect(wrong.headers.get('Tus-Version')).toBe('1.0.0');
    await wrong.arrayBuffer();
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(0);
    // A refusal before the API looks at the upload (a cookie write from another site) speaks tus too.
    const crossSite = await SELF.fetch(item.uploadUrl, {
      method: 'PATCH',
      headers: { ...tus, Cookie: `salon_at=${clara.accessToken}`, Origin: 'https://evil.test' },
      body: bytesOf(10),
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('Tus-Resumable')).toBe('1.0.0');
    await crossSite.arrayBuffer();
  });

  it('POST with X-HTTP-Method-Override: PATCH is a PATCH (tus-java-client where the platform has no PATCH)', async () => {
    const clara = await createConsultant();
    const source = bytesOf(PART + 4321);
    const item = await create(clara, source.byteLength);
    const override = { ...clara.headers, ...TUS, 'X-HTTP-Method-Override': 'PATCH', 'Content-Type': 'application/offset+octet-stream' };
    const first = await SELF.fetch(item.uploadUrl, { method: 'POST', headers: { ...override, 'Upload-Offset': '0' }, body: source.slice(0, PART - 1) });
    expect(first.status).toBe(204);
    expect(first.headers.get('Upload-Offset')).toBe(String(PART - 1));
    await expectError(
      await SELF.fetch(item.uploadUrl, { method: 'POST', headers: { ...override, 'Upload-Offset': '0' }, body: source.slice(0, 10) }),
      409,
      'uploadConflict',
    );
    const rest = await SELF.fetch(item.uploadUrl, {
      method: 'POST',
      headers: { ...override, 'Upload-Offset': String(PART - 1) },
      body: source.slice(PART - 1),
    });
    expect(rest.status).toBe(204);
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
  });

  it("tus's creation request at the upload address (TUSKit always creates first): 201 with itself as Location", async () => {
    const clara = await createConsultant();
    const source = bytesOf(70_000);
    const item = await create(clara, source.byteLength);
    const options = await SELF.fetch(item.uploadUrl, { method: 'OPTIONS', headers: clara.headers });
    expect(options.headers.get('Tus-Extension')).toBe('creation');
    const metadata = `filename ${btoa('foto.jpg')},filetype ${btoa('image/jpeg')}`;
    const created = await SELF.fetch(item.uploadUrl, {
      method: 'POST',
      headers: { ...clara.headers, ...TUS, 'Upload-Length': String(source.byteLength), 'Upload-Metadata': metadata },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBe(item.uploadUrl);
    expect(created.headers.get('Tus-Resumable')).toBe('1.0.0');
    // Only for the size the item was made with; the item itself is made by POST /api/media alone.
    await expectError(await SELF.fetch(item.uploadUrl, { method: 'POST', headers: { ...clara.headers, ...TUS, 'Upload-Length': '1' } }), 400, 'uploadLength');
    await expectError(
      await SELF.fetch(item.uploadUrl, { method: 'POST', headers: { ...clara.headers, ...TUS, 'Upload-Defer-Length': '1' } }),
      400,
      'uploadLength',
    );
    await expectError(
      await SELF.fetch(item.uploadUrl, { method: 'POST', headers: { ...clara.headers, 'Upload-Length': String(source.byteLength) } }),
      412,
      'tusVersion',
    );
    expect((await send(created.headers.get('Location')!, clara.headers, source)).status).toBe(204);
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
  });
});

describe('the content decides', () => {
  const cases: [string, string, Uint8Array<ArrayBuffer>][] = [
    ['HTML named a JPEG', 'image/jpeg', text('<!DOCTYPE html><html><script>alert(1)</script></html>'.padEnd(3000, ' '))],
    [
      'a JPEG polyglot with a script behind the header',
      'image/jpeg',
      new Uint8Array([...JPEG_HEAD, ...text('<script>alert(document.cookie)</script>'), ...bytesOf(2000, new Uint8Array())]),
    ],
    ['an SVG named a PNG (SVG itself is refused when the item is made)', 'image/png', text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')],
    ['a PNG named a PDF', 'application/pdf', bytesOf(3000, PNG_HEAD)],
    ['a video named a picture', 'image/jpeg', bytesOf(3000, MP4_HEAD)],
  ];

  it.each(cases)('%s: the item fails, its object is gone', async (_name, contentType, bytes) => {
    const clara = await createConsultant();
    const item = await create(clara, bytes.byteLength, { contentType, mediaExtension: null });
    await expectError(await send(item.uploadUrl, clara.headers, bytes), 415, 'mediaTypeMismatch');
    expect((await itemRow(item.id))!.state).toBe('failed');
    expect(await stored(item.id)).toBeNull();
    // A client resuming after a reload learns the upload failed rather than that it is complete.
    expect((await head(item.uploadUrl, clara.headers)).status).toBe(410);
    await expectError(await SELF.fetch(`${ORIGIN}/files/${item.id}`, { headers: clara.headers }), 404, 'mediaNotFound');
  });

  it('a video is kept and waits for its conversion', async () => {
    const clara = await createConsultant();
    const source = bytesOf(PART + 10, MP4_HEAD);
    const item = await create(clara, source.byteLength, { contentType: 'video/mp4', mediaExtension: 'mp4' });
    expect((await send(item.uploadUrl, clara.headers, source, [PART - 3])).status).toBe(204);
    expect((await itemRow(item.id))!.state).toBe('waiting');
    expect(await offsetOf(item.uploadUrl, clara.headers)).toBe(source.byteLength);
    expect(await sha256((await stored(item.id))!)).toBe(await sha256(source));
  });
});

describe('the cron gives up abandoned uploads', () => {
  it('a multipart upload untouched for over 24 hours is aborted, its item failed; a fresh one stays', async () => {
    const clara = await createConsultant();
    const source = bytesOf(3 * PART);
    const [stale, fresh] = [await create(clara, source.byteLength), await create(clara, source.byteLength)];
    for (const item of [stale, fresh]) expect((await patch(item.uploadUrl, clara.headers, 0, source.slice(0, PART + 100))).status).toBe(204);
    const upload = await env.DB.prepare('SELECT multipart_id FROM media_uploads WHERE media_id = ?').bind(stale.id).first<{ multipart_id: string }>();
    expect(upload!.multipart_id).toBeTruthy();
    const now = Date.now();
    await env.DB.prepare('UPDATE media_uploads SET updated_at = ? WHERE media_id = ?')
      .bind(now - DAY_MS - 1000, stale.id)
      .run();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: '17 3 * * *' }), env);
    expect((await itemRow(stale.id))!.state).toBe('failed');
    expect((await itemRow(fresh.id))!.state).toBe('waiting');
    expect(await env.MEDIA.head(`${clara.userId}/${stale.id}.carry`)).toBeNull();
    expect(await env.MEDIA.head(`${clara.userId}/${fresh.id}.carry`)).not.toBeNull();
    // R2 no longer knows the aborted upload: completing it fails.
    const multipart = env.MEDIA.resumeMultipartUpload(`${clara.userId}/${stale.id}`, upload!.multipart_id);
    await expect(multipart.complete([])).rejects.toThrow();
    await expectError(await patch(stale.uploadUrl, clara.headers, PART + 100, source.slice(PART + 100)), 410, 'uploadFailed');
  });
});

describe('serving /files/{id}', () => {
  async function ready(who: Consultant, bytes: Uint8Array<ArrayBuffer>, extra: Record<string, unknown> = {}): Promise<Created> {
    const item = await create(who, bytes.byteLength, extra);
    expect((await send(item.uploadUrl, who.headers, bytes)).status).toBe(204);
    return item;
  }

  it('the whole file and ranges: first bytes, a middle, a suffix, beyond the end (416)', async () => {
    const clara = await createConsultant();
    const source = bytesOf(10_000);
    const item = await ready(clara, source);
    const url = `${ORIGIN}/files/${item.id}`;
    const whole = await SELF.fetch(url, { headers: clara.headers });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    expect(whole.headers.get('Content-Length')).toBe('10000');
    expect(await sha256(await whole.arrayBuffer())).toBe(await sha256(source));
    const ranges: [string, number, number][] = [
      ['bytes=0-9', 0, 9],
      ['bytes=4000-4999', 4000, 4999],
      ['bytes=9990-', 9990, 9999],
      ['bytes=-50', 9950, 9999],
      ['bytes=9000-20000', 9000, 9999],
    ];
    for (const [range, start, end] of ranges) {
      const response = await SELF.fetch(url, { headers: { ...clara.headers, Range: range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/10000`);
      expect(response.headers.get('Content-Length')).toBe(String(end - start + 1));
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(source.subarray(start, end + 1));
    }
    for (const range of ['bytes=10000-', 'bytes=-0']) {
      const response = await SELF.fetch(url, { headers: { ...clara.headers, Range: range } });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('Content-Range')).toBe('bytes */10000');
      await response.arrayBuffer();
    }
    // Several ranges, or nonsense, are ignored: the whole file.
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=5-2']) {
      const response = await SELF.fetch(url, { headers: { ...clara.headers, Range: range } });
      expect(response.status, range).toBe(200);
      await response.arrayBuffer();
    }
    // The ETag: a repeat is 304; a range for another version is the whole file.
    const etag = whole.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    const again = await SELF.fetch(url, { headers: { ...clara.headers, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    const stale = await SELF.fetch(url, { headers: { ...clara.headers, Range: 'bytes=0-9', 'If-Range': '"other"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it('safe headers: nosniff, private, inline by default, attachment on ?download=1, a safe filename', async () => {
    const clara = await createConsultant();
    const item = await ready(clara, bytesOf(2000), { title: '../../"Böse" ;name\u00e9' });
    const response = await SELF.fetch(`${ORIGIN}/files/${item.id}`, { headers: clara.headers });
    await response.arrayBuffer();
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Cache-Control')).toBe('private, no-cache');
    const disposition = response.headers.get('Content-Disposition')!;
    // Slashes and quotes never reach the header; filename* keeps the rest exactly.
    expect(disposition).toBe(`inline; filename=".._..__B_se_ _name_.jpg"; filename*=UTF-8''.._..__B%C3%B6se_%20%3Bname%C3%A9.jpg`);
    const download = await SELF.fetch(`${ORIGIN}/files/${item.id}?download=1`, { headers: clara.headers });
    await download.arrayBuffer();
    expect(download.headers.get('Content-Disposition')).toMatch(/^attachment; /);
  });

  it('a file whose extension lies about its content is refused before any byte, on the library path as on the party path', async () => {
    const clara = await createConsultant();
    const party = await createParty(clara);
    await expectError(
      await api('/media', { method: 'POST', headers: clara.headers, body: { title: 'photo', contentType: 'image/png', mediaExtension: 'html', size: 2000 } }),
      415,
      'mediaTypeMismatch',
    );
    const guest = await joinGuest(party.id);
    await expectError(
      await api(`/parties/${party.id}/media`, {
        method: 'POST',
        headers: guest.headers,
        body: { messageType: 'photo', contentType: 'image/png', mediaExtension: 'html' },
      }),
      415,
      'mediaTypeMismatch',
    );
    const items = await env.DB.prepare('SELECT id FROM media_items WHERE user_id = ?').bind(clara.userId).all();
    expect(items.results).toEqual([]);
  });

  it('a download is named by the checked content type: a PNG stored as .html (before the rule) reaches a guest as .png', async () => {
    const clara = await createConsultant();
    const party = await createParty(clara);
    const item = await ready(clara, bytesOf(2000, PNG_HEAD), { title: 'photo', contentType: 'image/png', mediaExtension: 'png' });
    await env.DB.prepare("UPDATE media_items SET extension = 'html' WHERE id = ?").bind(item.id).run();
    const sent = await api(`/parties/${party.id}/chat`, {
      method: 'POST',
      headers: clara.headers,
      body: { messageType: 'photo', mediaAttachment: item.id, message: '' },
    });
    expect(sent.status).toBe(201);
    const guest = await joinGuest(party.id);
    for (const query of ['', '?download=1']) {
      const response = await SELF.fetch(`${ORIGIN}/files/${item.id}${query}`, { headers: guest.headers });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/png');
      expect(response.headers.get('Content-Disposition')).toMatch(/filename="photo\.png"; filename\*=UTF-8''photo\.png$/);
    }
  });

  it('HTML and SVG are never inline: a download of application/octet-stream', async () => {
    const clara = await createConsultant();
    for (const contentType of ['image/svg+xml', 'text/html']) {
      // Stored as such despite the content check (say, from before it): the server still never shows it.
      const item = await create(clara, 20, { contentType: 'image/jpeg' });
      await env.DB.prepare("UPDATE media_items SET content_type = ?, state = 'ready' WHERE id = ?").bind(contentType, item.id).run();
      await env.MEDIA.put(`${clara.userId}/${item.id}`, text('<svg onload=alert(1)>'));
      const response = await SELF.fetch(`${ORIGIN}/files/${item.id}`, { headers: clara.headers });
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; /);
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });

  it('the owner only: another consultant and a guest are not found, a stranger unauthorized; no preview yet is not found', async () => {
    const [clara, berta] = await Promise.all([createConsultant({ name: 'Clara' }), createConsultant({ name: 'Berta' })]);
    const guest = await joinGuest((await createParty(clara)).id);
    const item = await ready(clara, bytesOf(500));
    const url = `${ORIGIN}/files/${item.id}`;
    await expectError(await SELF.fetch(url, { headers: berta.headers }), 404, 'mediaNotFound');
    await expectError(await SELF.fetch(url, { headers: guest.headers }), 404, 'mediaNotFound');
    await expectError(await SELF.fetch(url), 401, 'unauthorized');
    await expectError(await SELF.fetch(`${ORIGIN}/files/${encodeURIComponent('../../etc/passwd')}`, { headers: clara.headers }), 404, 'mediaNotFound');
    await expectError(await SELF.fetch(`${url}/preview`, { headers: clara.headers }), 404, 'mediaNotFound');
    // An item still uploading has nothing to serve.
    const waiting = await create(clara, 5000);
    await expectError(await SELF.fetch(`${ORIGIN}/files/${waiting.id}`, { headers: clara.headers }), 404, 'mediaNotFound');
  });

  it('the preview, when there is one, with its own type', async () => {
    const clara = await createConsultant();
    const item = await ready(clara, bytesOf(500));
    await env.MEDIA.put(`${clara.userId}/${item.id}.jpg`, bytesOf(300), { httpMetadata: { contentType: 'image/jpeg' } });
    await env.DB.prepare('UPDATE media_items SET preview_key = ? WHERE id = ?').bind(`${clara.userId}/${item.id}.jpg`, item.id).run();
    const response = await SELF.fetch(`${ORIGIN}/files/${item.id}/preview`, { headers: clara.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/jpeg');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytesOf(300));
  });
});
