import { SELF, createScheduledController, env, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { DAY_MS, LIMITS } from '../../app/core/limits';
import type { ChatMessage } from '../../app/core/protocol';
import worker from '../../worker/index';
import { TINY_PNG } from '../fixtures/authorization-matrix';
import type { Consultant, Guest } from './fixtures';
import { ORIGIN, api, connected, createConsultant, createParty, expectError, joinGuest, json, spoken, evictRooms, partyRoom } from './fixtures';
import { STAND_IN_HOST } from './stream-stand-in';

/**
 * Media in chat: the manager sends items of her library, anyone who may write sends photos and
 * voice messages uploaded into the party, and only members of a party a file was sent to may fetch
 * it. Through the real Worker, room, D1 and R2.
 */

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
/** A file of `size` bytes that starts with a format's magic numbers. */
function file(head: number[], size = 2048): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(head);
  return bytes;
}
const JPEG = file([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF')]);
const MP4 = file([0, 0, 0, 0x20, ...ascii('ftypisom'), 0, 0, 2, 0]);
const MP3 = file(ascii('ID3'));
const PDF = file(ascii('%PDF-1.7\n'));
const WEBM = file([0x1a, 0x45, 0xdf, 0xa3]);
const HTML = new Uint8Array(new TextEncoder().encode('<!doctype html><html><script>alert(1)</script></html>'));

const KINDS = [
  { messageType: 'photo', kind: 'image', contentType: 'image/jpeg', extension: 'jpg', bytes: JPEG },
  { messageType: 'video', kind: 'video', contentType: 'video/mp4', extension: 'mp4', bytes: MP4 },
  { messageType: 'audio', kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3', bytes: MP3 },
  { messageType: 'document', kind: 'application', contentType: 'application/pdf', extension: 'pdf', bytes: PDF },
] as const;
type Kind = (typeof KINDS)[number];

const STREAM = (id: string, path: string) => `https://customer-test.cloudflarestream.com/${id}/${path}`;

/** A ready item of the consultant's library: created, its bytes through the tus endpoint. */
async function libraryItem(who: Consultant, kind: Kind): Promise<string> {
  const created = await api('/media', {
    method: 'POST',
    headers: who.headers,
    body: { title: `Mein ${kind.messageType}`, contentType: kind.contentType, mediaExtension: kind.extension, size: kind.bytes.byteLength },
  });
  expect(created.status).toBe(201);
  const { id, uploadUrl } = await json<{ id: string; uploadUrl: string }>(created);
  const upload = await SELF.fetch(uploadUrl, {
    method: 'PATCH',
    headers: { ...who.headers, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: kind.bytes,
  });
  expect(upload.status).toBe(204);
  // A video is ready once Stream converted it (media-convert.test.ts); that is not this file's concern.
  if (kind.kind === 'video') {
    await env.DB.prepare("UPDATE media_items SET state = 'ready', hls_url = ?, poster_url = ? WHERE id = ?")
      .bind(STREAM(id, 'manifest/video.m3u8'), STREAM(id, 'thumbnails/thumbnail.jpg'), id)
      .run();
  }
  return id;
}

interface Announced {
  mediaAttachment: string;
  mediaAttachmentType: string;
  mediaExtension: string | null;
  mediaAttachmentOwner: string;
  contentType: string;
  uploadUrl: string;
}

async function announce(partyId: string, headers: Record<string, string>, body: Record<string, unknown>): Promise<Response> {
  return api(`/parties/${partyId}/media`, { method: 'POST', headers, body });
}

function put(url: string, headers: Record<string, string>, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<Response> {
  return SELF.fetch(url, { method: 'PUT', headers: { ...headers, 'Content-Type': type }, body: bytes });
}

/** A photo or voice message's file, uploaded into the party by `who`. */
async function uploaded(
  partyId: string,
  who: { headers: Record<string, string> },
  messageType: 'photo' | 'voice',
  contentType: string,
  extension: string,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<Announced> {
  const response = await announce(partyId, who.headers, { messageType, contentType, mediaExtension: extension, size: bytes.byteLength });
  expect(response.status).toBe(201);
  const announced = await json<Announced>(response);
  const stored = await put(announced.uploadUrl, who.headers, bytes, contentType);
  expect(stored.status).toBe(200);
  return announced;
}

async function chat(partyId: string, who: { headers: Record<string, string> }, body: Record<string, unknown>): Promise<Response> {
  return api(`/parties/${partyId}/chat`, { method: 'POST', headers: who.headers, body: { tempId: crypto.randomUUID(), ...body } });
}

const fetchFile = (id: string, headers: Record<string, string>, extra: Record<string, string> = {}) =>
  SELF.fetch(`${ORIGIN}/files/${id}`, { headers: { ...headers, ...extra } });

async function world(): Promise<{ clara: Consultant; party: { id: string }; guest: Guest; other: Guest }> {
  const clara = await createConsultant({ name: 'Clara' });
  const party = await createParty(clara);
  const guest = await joinGuest(party.id, { firstName: 'Maria', lastName: 'Klein' });
  const other = await joinGuest(party.id, { firstName: 'Olga', lastName: 'Ander' });
  return { clara, party, guest, other };
}

const mediaOf = (message: Partial<ChatMessage>) => ({
  mediaAttachment: message.mediaAttachment,
  mediaAttachmentType: message.mediaAttachmentType,
  mediaExtension: message.mediaExtension,
  mediaAttachmentOwner: message.mediaAttachmentOwner,
  contentType: message.contentType,
  mediaTitle: message.mediaTitle,
});

describe('the manager sends her library', () => {
  it('every kind with a caption through the API; the guests see the file fields and may fetch the file', async () => {
    const { clara, party, guest } = await world();
    const { socket } = await connected(party.id, guest.headers);
    for (const kind of KINDS) {
      const id = await libraryItem(clara, kind);
      const response = await chat(party.id, clara, { messageType: kind.messageType, mediaAttachment: id, description: `Seht mal: ${kind.messageType}` });
      expect(response.status, await response.clone().text()).toBe(201);
      const message = await json<ChatMessage>(response);
      const media = {
        mediaAttachment: id,
        mediaAttachmentType: kind.kind,
        mediaExtension: kind.extension,
        mediaAttachmentOwner: clara.userId,
        contentType: kind.contentType,
        mediaTitle: `Mein ${kind.messageType}`,
      };
      expect({ ...mediaOf(message), messageType: message.messageType, message: message.message }).toEqual({
        ...media,
        messageType: kind.messageType,
        message: `Seht mal: ${kind.messageType}`,
      });
      const seen = await socket.next('newMessage', 3000, (event) => event.message.id === message.id);
      expect(mediaOf(seen.message)).toEqual(media);
      const bytes = await fetchFile(id, guest.headers);
      expect(bytes.status).toBe(200);
      expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(kind.bytes);
    }
    // A reload reads the same from the history.
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    expect(history.messages.filter((message) => message.mediaAttachment).map((message) => [message.messageType, message.mediaTitle])).toEqual([
      ['photo', 'Mein photo'],
      ['video', 'Mein video'],
      ['audio', 'Mein audio'],
      ['document', 'Mein document'],
    ]);
    socket.close();
  });

  it("a video's stream is found by the party's members (the library's own API is the manager's), a file the party never had by nobody", async () => {
    const { clara, party, guest } = await world();
    const id = await libraryItem(clara, KINDS[1]);
    const other = await libraryItem(clara, KINDS[1]);
    await expectError(await api(`/parties/${party.id}/media/${id}`, { headers: guest.headers }), 404, 'mediaNotFound');
    expect((await chat(party.id, clara, { messageType: 'video', mediaAttachment: id })).status).toBe(201);
    const shown = await api(`/parties/${party.id}/media/${id}`, { headers: guest.headers });
    expect(await json(shown)).toEqual({
      mediaAttachment: id,
      mediaAttachmentType: 'video',
      mediaExtension: 'mp4',
      mediaAttachmentOwner: clara.userId,
      contentType: 'video/mp4',
      hlsUrl: STREAM(id, 'manifest/video.m3u8'),
      posterUrl: STREAM(id, 'thumbnails/thumbnail.jpg'),
    });
    await expectError(await api(`/media/convert/${id}`, { headers: guest.headers }), 401, 'unauthorized');
    await expectError(await api(`/parties/${party.id}/media/${other}`, { headers: guest.headers }), 404, 'mediaNotFound');
    const stranger = await joinGuest((await createParty(clara, { title: 'Andere' })).id);
    await expectError(await api(`/parties/${party.id}/media/${id}`, { headers: stranger.headers }), 403, 'notMember');
    const photo = await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG);
    expect(await json(await api(`/parties/${party.id}/media/${photo.mediaAttachment}`, { headers: clara.headers }))).toMatchObject({
      mediaAttachmentType: 'image',
      hlsUrl: null,
    });
  });

  it('through the socket, once the Worker has offered the item (POST /parties/{id}/media); a caption may be empty', async () => {
    const { clara, party, guest } = await world();
    const id = await libraryItem(clara, KINDS[3]);
    const { socket } = await connected(party.id, clara.headers);
    const tempId = crypto.randomUUID();
    // Not offered yet: the room knows no such file.
    socket.send({ type: 'sendMessage', tempId, messageType: 'document', message: '', mediaAttachment: id });
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'mediaNotFound', tempId });
    const offered = await announce(party.id, clara.headers, { mediaId: id });
    expect(offered.status).toBe(200);
    expect(await json(offered)).toEqual({
      mediaAttachment: id,
      mediaAttachmentType: 'application',
      mediaExtension: 'pdf',
      mediaAttachmentOwner: clara.userId,
      contentType: 'application/pdf',
      mediaTitle: 'Mein document',
      messageType: 'document',
    });
    socket.send({ type: 'sendMessage', tempId, messageType: 'document', message: '', mediaAttachment: id });
    const ack = await socket.next('ack');
    expect({ ...mediaOf(ack.message), message: ack.message.message }).toEqual({
      mediaAttachment: id,
      mediaAttachmentType: 'application',
      mediaExtension: 'pdf',
      mediaAttachmentOwner: clara.userId,
      contentType: 'application/pdf',
      mediaTitle: 'Mein document',
      message: '',
    });
    // A text still needs text.
    socket.send({ type: 'sendMessage', tempId: crypto.randomUUID(), messageType: 'text', message: '  ' });
    expect((await socket.next('error')).code).toBe('messageEmpty');
    expect((await fetchFile(id, guest.headers)).status).toBe(200);
    socket.close();
  });

  it("refuses another consultant's item, one in the trash, one not ready, and a kind that is not the message's", async () => {
    const { clara, party } = await world();
    const berta = await createConsultant({ name: 'Berta' });
    const foreign = await libraryItem(berta, KINDS[0]);
    await expectError(await announce(party.id, clara.headers, { mediaId: foreign }), 404, 'mediaNotFound');
    await expectError(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: foreign }), 404, 'mediaNotFound');
    const trashed = await libraryItem(clara, KINDS[0]);
    expect((await api(`/media/${trashed}`, { method: 'DELETE', headers: clara.headers })).status).toBe(204);
    await expectError(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: trashed }), 409, 'mediaTrashed');
    const waiting = await json<{ id: string }>(
      await api('/media', { method: 'POST', headers: clara.headers, body: { title: 'Halb', contentType: 'image/jpeg', size: 10 } }),
    );
    await expectError(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: waiting.id }), 409, 'mediaNotReady');
    const pdf = await libraryItem(clara, KINDS[3]);
    await expectError(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: pdf }), 415, 'mediaTypeMismatch');
    // The client's description of the file must be the file's.
    await expectError(await chat(party.id, clara, { messageType: 'document', mediaAttachment: pdf, mediaAttachmentOwner: berta.userId }), 400, 'invalidInput');
    await expectError(await chat(party.id, clara, { messageType: 'document', mediaAttachment: pdf, mediaExtension: 'jpg' }), 415, 'mediaTypeMismatch');
    // Nobody outside the party learnt of Berta's item, nor of the refused ones.
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: clara.headers }));
    expect(history.messages.filter((message) => message.mediaAttachment)).toEqual([]);
    expect((await fetchFile(foreign, clara.headers)).status).toBe(404);
  });
});

describe('guests send photos and voice', () => {
  it('a photo through the upload route and the socket, a voice message through the API; members fetch them, with ranges', async () => {
    const { clara, party, guest, other } = await world();
    const photo = await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG);
    expect(photo).toMatchObject({ mediaAttachmentType: 'image', mediaExtension: 'png', mediaAttachmentOwner: guest.guestId, contentType: 'image/png' });
    expect(photo.uploadUrl).toBe(`${ORIGIN}/api/parties/${party.id}/media/${photo.mediaAttachment}`);
    expect(await env.MEDIA.head(`parties/${party.id}/${photo.mediaAttachment}`)).not.toBeNull();

    const { socket } = await connected(party.id, guest.headers);
    socket.send({ type: 'sendMessage', tempId: crypto.randomUUID(), messageType: 'photo', message: 'Mein Rezept', mediaAttachment: photo.mediaAttachment });
    const ack = await socket.next('ack');
    expect(mediaOf(ack.message)).toEqual({
      mediaAttachment: photo.mediaAttachment,
      mediaAttachmentType: 'image',
      mediaExtension: 'png',
      mediaAttachmentOwner: guest.guestId,
      contentType: 'image/png',
    });
    socket.close();

    const voice = await uploaded(party.id, guest, 'voice', 'audio/webm', 'webm', WEBM);
    const sent = await chat(party.id, guest, { messageType: 'voice', mediaAttachment: voice.mediaAttachment });
    expect(sent.status).toBe(201);
    expect(await json(sent)).toMatchObject({ messageType: 'voice', message: '', mediaAttachmentType: 'audio', mediaAttachmentOwner: guest.guestId });

    for (const who of [clara, other, guest]) {
      const whole = await fetchFile(photo.mediaAttachment, who.headers);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('Content-Type')).toBe('image/png');
      expect(whole.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(TINY_PNG);
    }
    const part = await fetchFile(voice.mediaAttachment, other.headers, { Range: 'bytes=0-3' });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 0-3/${WEBM.byteLength}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it('checks the bytes: a page or a PDF as a photo is refused and nothing is kept', async () => {
    const { party, guest } = await world();
    for (const [bytes, type] of [
      [HTML, 'image/png'],
      [PDF, 'image/jpeg'],
      [new Uint8Array(0), 'image/png'],
    ] as const) {
      const response = await announce(party.id, guest.headers, { messageType: 'photo', contentType: type });
      const announced = await json<Announced>(response);
      await expectError(await put(announced.uploadUrl, guest.headers, bytes as Uint8Array<ArrayBuffer>, type), 415, 'mediaTypeMismatch');
      expect(await env.MEDIA.head(`parties/${party.id}/${announced.mediaAttachment}`)).toBeNull();
      // Never stored, never offered: the message cannot name it, and nobody can fetch it.
      await expectError(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: announced.mediaAttachment }), 404, 'mediaNotFound');
      expect((await fetchFile(announced.mediaAttachment, guest.headers)).status).toBe(404);
    }
    // A PDF announced as a photo, or as what it is, is refused before any byte.
    await expectError(await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'application/pdf' }), 415, 'mediaTypeMismatch');
    await expectError(await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'text/html' }), 415, 'mediaTypeNotAccepted');
    await expectError(
      await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'image/png', mediaExtension: 'pdf' }),
      415,
      'mediaTypeMismatch',
    );
    await expectError(await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'image/png', mediaExtension: '../x' }), 400, 'invalidInput');
  });

  it('refuses an upload over the limit, declared or sent', async () => {
    const { party, guest } = await world();
    await expectError(
      await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'image/jpeg', size: LIMITS.partyUploadBytesMax + 1 }),
      413,
      'fileTooLarge',
    );
    const announced = await json<Announced>(await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'image/jpeg' }));
    const big = file([0xff, 0xd8, 0xff, 0xe0], LIMITS.partyUploadBytesMax + 1);
    await expectError(await put(announced.uploadUrl, guest.headers, big, 'image/jpeg'), 413, 'fileTooLarge');
    expect(await env.MEDIA.head(`parties/${party.id}/${announced.mediaAttachment}`)).toBeNull();
    // Nothing stored: the upload still waits for its bytes, no party has it, no message may name it.
    const row = await env.DB.prepare('SELECT state, size FROM party_uploads WHERE id = ?').bind(announced.mediaAttachment).first();
    expect(row).toEqual({ state: 'waiting', size: null });
    expect(await env.DB.prepare('SELECT 1 FROM party_media WHERE media_id = ?').bind(announced.mediaAttachment).first()).toBeNull();
    await expectError(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: announced.mediaAttachment }), 404, 'mediaNotFound');
    // Exactly at the limit is taken.
    const fits = await json<Announced>(await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'image/jpeg' }));
    expect((await put(fits.uploadUrl, guest.headers, file([0xff, 0xd8, 0xff, 0xe0], LIMITS.partyUploadBytesMax), 'image/jpeg')).status).toBe(200);
    expect((await env.MEDIA.head(`parties/${party.id}/${fits.mediaAttachment}`))!.size).toBe(LIMITS.partyUploadBytesMax);
  });

  it('a guest sends no library item, video, PDF or audio file, whatever the frame says', async () => {
    const { clara, party, guest } = await world();
    const item = await libraryItem(clara, KINDS[0]);
    await expectError(await announce(party.id, guest.headers, { mediaId: item }), 403, 'forbidden');
    // Offered to the manager, it is still hers alone to send.
    expect((await announce(party.id, clara.headers, { mediaId: item })).status).toBe(200);
    await expectError(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: item }), 404, 'mediaNotFound');
    for (const [messageType, contentType] of [
      ['video', 'video/mp4'],
      ['document', 'application/pdf'],
      ['audio', 'audio/mpeg'],
    ] as const) {
      await expectError(await announce(party.id, guest.headers, { messageType, contentType }), 403, 'forbidden');
      await expectError(await chat(party.id, guest, { messageType, mediaAttachment: item }), 403, 'forbidden');
    }
    const { socket } = await connected(party.id, guest.headers);
    const tempId = crypto.randomUUID();
    socket.send({ type: 'sendMessage', tempId, messageType: 'photo', message: '', mediaAttachment: item });
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'mediaNotFound', tempId });
    socket.send({ type: 'sendMessage', tempId, messageType: 'document', message: '', mediaAttachment: item });
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'forbidden', tempId });
    // Another member's upload is not theirs to send either.
    const mine = await uploaded(party.id, clara, 'photo', 'image/jpeg', 'jpg', JPEG);
    socket.send({ type: 'sendMessage', tempId, messageType: 'photo', message: '', mediaAttachment: mine.mediaAttachment });
    expect(await socket.next('error')).toEqual({ type: 'error', code: 'mediaNotFound', tempId });
    socket.close();
    // Nor may they put bytes into another member's upload.
    await expectError(await put(mine.uploadUrl, guest.headers, JPEG, 'image/jpeg'), 404, 'mediaNotFound');
  });

  it('while the party is restricted a guest neither announces nor sends a photo', async () => {
    const { clara, party, guest } = await world();
    const photo = await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG);
    expect((await api(`/parties/${party.id}/restriction`, { method: 'PUT', headers: clara.headers, body: { restrictedMessaging: true } })).status).toBe(204);
    await expectError(await announce(party.id, guest.headers, { messageType: 'photo', contentType: 'image/png' }), 403, 'restricted');
    await expectError(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: photo.mediaAttachment }), 403, 'restricted');
  });
});

describe('who may fetch a file sent in a party', () => {
  it('not a stranger, another consultant, a removed guest or someone signed out; an ended party keeps its files for its members', async () => {
    const { clara, party, guest, other } = await world();
    const photo = await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG);
    expect((await chat(party.id, guest, { messageType: 'photo', mediaAttachment: photo.mediaAttachment })).status).toBe(201);
    const berta = await createConsultant({ name: 'Berta' });
    const stranger = await joinGuest((await createParty(berta)).id, { firstName: 'Otto', lastName: 'Fremd' });
    for (const who of [berta, stranger]) await expectError(await fetchFile(photo.mediaAttachment, who.headers), 404, 'mediaNotFound');
    await expectError(await fetchFile(photo.mediaAttachment, {}), 401, 'unauthorized');

    expect((await api(`/parties/${party.id}/removeGuest/${other.guestId}`, { method: 'DELETE', headers: clara.headers })).status).toBe(204);
    await expectError(await fetchFile(photo.mediaAttachment, other.headers), 404, 'mediaNotFound');

    expect(
      (await api(`/parties/${party.id}`, { method: 'PUT', headers: clara.headers, body: { title: 'Wellness-Party', expiration: Date.now() - 1000 } })).status,
    ).toBe(200);
    for (const who of [clara, guest]) expect((await fetchFile(photo.mediaAttachment, who.headers)).status).toBe(200);
  });

  it("forwarding a media message keeps its file and lets the other party's members fetch it", async () => {
    const { clara, party, guest } = await world();
    const next = await createParty(clara, { title: 'Nächste Party' });
    const nextGuest = await joinGuest(next.id, { firstName: 'Nina', lastName: 'Neu' });
    const photo = await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG);
    const sent = await json<ChatMessage>(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: photo.mediaAttachment, message: 'Schaut!' }));
    const catalogue = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'document', mediaAttachment: await libraryItem(clara, KINDS[3]) }));
    await expectError(await fetchFile(photo.mediaAttachment, nextGuest.headers), 404, 'mediaNotFound');

    const forwarded = await api(`/parties/${party.id}/forward`, {
      method: 'POST',
      headers: clara.headers,
      body: { messageIds: [sent.id, catalogue.id], targetPartyId: next.id },
    });
    expect(await json(forwarded)).toEqual({ forwarded: 2 });
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${next.id}/chat`, { headers: nextGuest.headers }));
    const [copy, catalogueCopy] = history.messages.filter((message) => message.forwarded);
    expect({ ...mediaOf(copy!), message: copy!.message, messageType: copy!.messageType, sender: copy!.sender }).toEqual({
      ...mediaOf(sent),
      message: 'Schaut!',
      messageType: 'photo',
      sender: clara.userId,
    });
    // A library item keeps the title it was sent with.
    expect(mediaOf(catalogueCopy!)).toEqual({ ...mediaOf(catalogue), mediaTitle: 'Mein document' });
    expect((await fetchFile(photo.mediaAttachment, nextGuest.headers)).status).toBe(200);
    // A guest of a party it was not forwarded into, the manager's own third party, still gets nothing.
    const third = await joinGuest((await createParty(clara, { title: 'Dritte Party' })).id, { firstName: 'Dora', lastName: 'Dritt' });
    await expectError(await fetchFile(photo.mediaAttachment, third.headers), 404, 'mediaNotFound');
  });
});

describe('what the cron deletes', () => {
  it("a deleted party's uploads that no other party has, and uploads whose bytes never came; a forwarded photo stays", async () => {
    const { clara, party, guest } = await world();
    const next = await createParty(clara, { title: 'Nächste Party' });
    const nextGuest = await joinGuest(next.id, { firstName: 'Nina', lastName: 'Neu' });
    const [kept, gone] = [
      await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG),
      await uploaded(party.id, guest, 'voice', 'audio/mpeg', 'mp3', MP3),
    ];
    const sent = await json<ChatMessage>(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: kept.mediaAttachment }));
    expect((await chat(party.id, guest, { messageType: 'voice', mediaAttachment: gone.mediaAttachment })).status).toBe(201);
    expect(
      (await api(`/parties/${party.id}/forward`, { method: 'POST', headers: clara.headers, body: { messageIds: [sent.id], targetPartyId: next.id } })).status,
    ).toBe(200);
    const waiting = await json<Announced>(await announce(next.id, nextGuest.headers, { messageType: 'photo', contentType: 'image/png' }));
    const fresh = await json<Announced>(await announce(next.id, nextGuest.headers, { messageType: 'photo', contentType: 'image/png' }));
    await env.DB.prepare('UPDATE party_uploads SET created_at = ? WHERE id = ?')
      .bind(Date.now() - DAY_MS - 1000, waiting.mediaAttachment)
      .run();

    expect((await api(`/parties/${party.id}`, { method: 'DELETE', headers: clara.headers })).status).toBe(204);
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);

    const rows = await env.DB.prepare('SELECT id FROM party_uploads WHERE id IN (?, ?, ?, ?)')
      .bind(kept.mediaAttachment, gone.mediaAttachment, waiting.mediaAttachment, fresh.mediaAttachment)
      .all<{ id: string }>();
    expect(rows.results.map((row) => row.id).sort()).toEqual([kept.mediaAttachment, fresh.mediaAttachment].sort());
    expect(await env.MEDIA.head(`parties/${party.id}/${gone.mediaAttachment}`)).toBeNull();
    const still = await fetchFile(kept.mediaAttachment, nextGuest.headers);
    expect(still.status).toBe(200);
    expect(new Uint8Array(await still.arrayBuffer())).toEqual(TINY_PNG);
  });
});

describe('a media message afterwards', () => {
  it('its caption is edited with the file kept; a voice message is not edited; deleted, it shows no file', async () => {
    const { clara, party, guest } = await world();
    const id = await libraryItem(clara, KINDS[0]);
    const sent = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: id, message: 'Alt' }));
    const { socket } = await connected(party.id, clara.headers);
    socket.send({ type: 'updateMessage', messageId: sent.id, message: 'Neue Beschriftung' });
    const edited = await socket.next('updatedMessage');
    expect({ ...mediaOf(edited.message), message: edited.message.message }).toEqual({ ...mediaOf(sent), message: 'Neue Beschriftung' });
    // A caption may be emptied (a text may not: the bad-input catalogue); the file stays.
    socket.send({ type: 'updateMessage', messageId: sent.id, message: ' ' });
    const emptied = await socket.next('updatedMessage');
    expect({ ...mediaOf(emptied.message), message: emptied.message.message }).toEqual({ ...mediaOf(sent), message: '' });
    socket.close();
    const document = await json<ChatMessage>(
      await chat(party.id, clara, { messageType: 'document', mediaAttachment: await libraryItem(clara, KINDS[3]), message: 'Katalog' }),
    );
    const saved = await api(`/parties/${party.id}/editMessage`, {
      method: 'PUT',
      headers: clara.headers,
      body: { messageId: document.id, message: 'Katalog 2026' },
    });
    expect({ ...mediaOf(await json<ChatMessage>(saved)), status: saved.status }).toEqual({ ...mediaOf(document), status: 200 });
    const cleared = await json<ChatMessage>(
      await api(`/parties/${party.id}/editMessage`, { method: 'PUT', headers: clara.headers, body: { messageId: document.id, message: '' } }),
    );
    expect(cleared).toMatchObject({ message: '', mediaAttachment: document.mediaAttachment });

    const voice = await uploaded(party.id, guest, 'voice', 'audio/mpeg', 'mp3', MP3);
    const spoken = await json<ChatMessage>(await chat(party.id, guest, { messageType: 'voice', mediaAttachment: voice.mediaAttachment }));
    await expectError(
      await api(`/parties/${party.id}/editMessage`, { method: 'PUT', headers: guest.headers, body: { messageId: spoken.id, message: 'Text' } }),
      403,
      'forbidden',
    );

    const deleted = await json<ChatMessage>(
      await api(`/parties/${party.id}/deleteMessage`, { method: 'PUT', headers: clara.headers, body: { messageId: sent.id } }),
    );
    expect(deleted).toMatchObject({ deleted: true, message: '' });
    expect(deleted.mediaAttachment).toBeUndefined();
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    expect(history.messages.find((message) => message.id === sent.id)!.mediaAttachment).toBeUndefined();
  });

  it('a room whose message table predates media gains the columns when it loads; its texts stay as they were', async () => {
    const { clara, party, guest } = await world();
    expect((await chat(party.id, guest, { message: 'Alt' })).status).toBe(201);
    await runInDurableObject(partyRoom(party.id), (_room, state) => {
      state.storage.sql.exec('DROP INDEX messages_media');
      for (const column of ['media_id', 'media_kind', 'media_extension', 'media_owner', 'media_content_type'])
        state.storage.sql.exec(`ALTER TABLE messages DROP COLUMN ${column}`);
      state.storage.sql.exec('DROP TABLE attachments');
    });
    // A new instance of the object loads the old table.
    await evictRooms(party.id);
    const photo = await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG);
    expect((await chat(party.id, guest, { messageType: 'photo', mediaAttachment: photo.mediaAttachment })).status).toBe(201);
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: clara.headers }));
    const [old, sent] = spoken(history.messages).filter((message) => message.sender === guest.guestId);
    expect(old).toMatchObject({ message: 'Alt', messageType: 'text' });
    expect(old!.mediaAttachment).toBeUndefined();
    expect(sent).toMatchObject({ messageType: 'photo', mediaAttachment: photo.mediaAttachment });
  });

  it('a room whose tables predate titles gains them when it loads: its old media messages have none, new ones theirs', async () => {
    const { clara, party, guest } = await world();
    const older = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'document', mediaAttachment: await libraryItem(clara, KINDS[3]) }));
    const pdf = await libraryItem(clara, KINDS[3]);
    // Offered before the room had titles: the offer is kept, and the message it makes has no title.
    expect((await announce(party.id, clara.headers, { mediaId: pdf })).status).toBe(200);
    await runInDurableObject(partyRoom(party.id), (_room, state) => {
      state.storage.sql.exec('ALTER TABLE messages DROP COLUMN media_title');
      state.storage.sql.exec('ALTER TABLE attachments DROP COLUMN title');
    });
    await evictRooms(party.id);
    const { socket } = await connected(party.id, clara.headers);
    socket.send({ type: 'sendMessage', tempId: crypto.randomUUID(), messageType: 'document', message: '', mediaAttachment: pdf });
    expect((await socket.next('ack')).message.mediaTitle).toBeUndefined();
    socket.close();
    const newer = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'document', mediaAttachment: await libraryItem(clara, KINDS[3]) }));
    expect(newer.mediaTitle).toBe('Mein document');
    const history = await json<{ messages: ChatMessage[] }>(await api(`/parties/${party.id}/chat`, { headers: guest.headers }));
    expect(history.messages.filter((message) => message.mediaAttachment).map((message) => [message.id === older.id, message.mediaTitle ?? null])).toEqual([
      [true, null],
      [false, null],
      [false, 'Mein document'],
    ]);
  });

  it('a repeat of the same send returns the message once; the same tempId with another file is a conflict', async () => {
    const { clara, party } = await world();
    const [first, second] = [await libraryItem(clara, KINDS[0]), await libraryItem(clara, KINDS[0])];
    const tempId = crypto.randomUUID();
    const once = await chat(party.id, clara, { tempId, messageType: 'photo', mediaAttachment: first });
    const again = await chat(party.id, clara, { tempId, messageType: 'photo', mediaAttachment: first });
    expect([once.status, again.status]).toEqual([201, 200]);
    await expectError(await chat(party.id, clara, { tempId, messageType: 'photo', mediaAttachment: second }), 409, 'tempIdConflict');
  });
});

describe('what nobody references any more is deleted', () => {
  const cron = () => worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '17 3 * * *' }), env);
  /** The room's mirror, due 2 s after a deletion: it lets go of the files no message shows. */
  const mirror = (partyId: string) => runDurableObjectAlarm(partyRoom(partyId));
  const deleteMessage = (partyId: string, who: { headers: Record<string, string> }, messageId: string, fullDelete = false) =>
    api(`/parties/${partyId}/deleteMessage`, { method: 'PUT', headers: who.headers, body: { messageId, fullDelete } });
  const itemRow = (id: string) =>
    env.DB.prepare('SELECT purged_at, stream_uid FROM media_items WHERE id = ?').bind(id).first<{ purged_at: number | null; stream_uid: string | null }>();
  const exists = async (key: string) => (await env.MEDIA.head(key)) !== null;
  const streamDeleted = async () => (await (await fetch(`https://${STAND_IN_HOST}/__stand-in/deleted`)).json()) as string[];
  const links = async (id: string) =>
    (await env.DB.prepare('SELECT party_id FROM party_media WHERE media_id = ?').bind(id).all<{ party_id: string }>()).results.map((row) => row.party_id);

  /** Trashed 31 days ago, so the next cron purges it. */
  async function trashedLongAgo(who: Consultant, id: string): Promise<void> {
    expect((await api(`/media/${id}`, { method: 'DELETE', headers: who.headers })).status).toBe(204);
    await env.DB.prepare('UPDATE media_items SET trashed_at = ? WHERE id = ?')
      .bind(Date.now() - 31 * DAY_MS, id)
      .run();
  }

  /** A video converted by Stream (the stand-in), with its poster kept beside the original. */
  async function convertedVideo(who: Consultant): Promise<{ id: string; uid: string; keys: string[] }> {
    const id = await libraryItem(who, KINDS[1]);
    await env.DB.prepare("UPDATE media_items SET state = 'converting', hls_url = NULL WHERE id = ?").bind(id).run();
    expect((await api(`/media/convert/${id}`, { method: 'PUT', headers: who.headers, body: { isPortrait: false, noAudio: false } })).status).toBe(200);
    for (let poll = 0; poll < 3; poll++) await api(`/media/convert/${id}`, { headers: who.headers });
    const row = (await env.DB.prepare('SELECT state, stream_uid, preview_key FROM media_items WHERE id = ?')
      .bind(id)
      .first<{ state: string; stream_uid: string; preview_key: string }>())!;
    expect(row.state).toBe('ready');
    return { id, uid: row.stream_uid, keys: [`${who.userId}/${id}`, row.preview_key] };
  }

  it('the trash purge deletes an item no party shows at once: its R2 original, its preview and its Stream video', async () => {
    const clara = await createConsultant({ name: 'Clara' });
    const video = await convertedVideo(clara);
    for (const key of video.keys) expect(await exists(key), key).toBe(true);
    await trashedLongAgo(clara, video.id);
    await cron();
    expect(await itemRow(video.id)).toBeNull();
    for (const key of video.keys) expect(await exists(key), key).toBe(false);
    expect(await streamDeleted()).toContain(video.uid);
  });

  it('a purged item a party message still shows keeps playing for the party; deleting that message deletes it', async () => {
    const { clara, party, guest } = await world();
    const video = await convertedVideo(clara);
    const sent = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'video', mediaAttachment: video.id }));
    await trashedLongAgo(clara, video.id);
    await cron();

    // Out of the library and its trash, but the party still has it, bytes and stream.
    expect((await itemRow(video.id))!.purged_at).not.toBeNull();
    expect((await json<{ id: string }[]>(await api('/media/trash', { headers: clara.headers }))).map((entry) => entry.id)).not.toContain(video.id);
    await expectError(await api(`/media/${video.id}/restore`, { method: 'PUT', headers: clara.headers }), 404, 'mediaNotFound');
    await expectError(await announce(party.id, clara.headers, { mediaId: video.id }), 404, 'mediaNotFound');
    expect((await fetchFile(video.id, guest.headers)).status).toBe(200);
    const { hlsUrl } = await json<{ hlsUrl: string }>(await api(`/parties/${party.id}/media/${video.id}`, { headers: guest.headers }));
    expect((await fetch(hlsUrl)).status).toBe(200);
    expect(await streamDeleted()).not.toContain(video.uid);
    for (const key of video.keys) expect(await exists(key), key).toBe(true);

    expect((await deleteMessage(party.id, clara, sent.id)).status).toBe(200);
    expect(await mirror(party.id)).toBe(true);
    expect(await itemRow(video.id)).toBeNull();
    for (const key of video.keys) expect(await exists(key), key).toBe(false);
    expect(await streamDeleted()).toContain(video.uid);
    await expectError(await fetchFile(video.id, guest.headers), 404, 'mediaNotFound');
    expect((await fetch(hlsUrl)).status).toBe(401);
  });

  it('deleting a message lets the party go of the file once no other message there shows it; the library keeps its item', async () => {
    const { clara, party, guest } = await world();
    const id = await libraryItem(clara, KINDS[0]);
    const first = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: id }));
    const second = await json<ChatMessage>(await chat(party.id, clara, { messageType: 'photo', mediaAttachment: id, message: 'Nochmal' }));

    expect((await deleteMessage(party.id, clara, first.id)).status).toBe(200);
    await mirror(party.id);
    expect(await links(id)).toEqual([party.id]);
    expect((await fetchFile(id, guest.headers)).status).toBe(200);

    // The manager's full delete counts as a deletion too.
    expect((await deleteMessage(party.id, clara, second.id, true)).status).toBe(200);
    await mirror(party.id);
    expect(await links(id)).toEqual([]);
    await expectError(await fetchFile(id, guest.headers), 404, 'mediaNotFound');
    expect(await itemRow(id)).toMatchObject({ purged_at: null });
    expect(await exists(`${clara.userId}/${id}`)).toBe(true);
    // Sent again, it is the party's again.
    expect((await chat(party.id, clara, { messageType: 'photo', mediaAttachment: id })).status).toBe(201);
    expect((await fetchFile(id, guest.headers)).status).toBe(200);
  });

  it("a guest's photo goes with the last message that shows it, unless a forwarded copy still does", async () => {
    const { clara, party, guest } = await world();
    const next = await createParty(clara, { title: 'Nächste Party' });
    const [alone, forwarded] = [
      await uploaded(party.id, guest, 'photo', 'image/png', 'png', TINY_PNG),
      await uploaded(party.id, guest, 'photo', 'image/jpeg', 'jpg', JPEG),
    ];
    const lone = await json<ChatMessage>(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: alone.mediaAttachment }));
    const shared = await json<ChatMessage>(await chat(party.id, guest, { messageType: 'photo', mediaAttachment: forwarded.mediaAttachment }));
    expect(
      (await api(`/parties/${party.id}/forward`, { method: 'POST', headers: clara.headers, body: { messageIds: [shared.id], targetPartyId: next.id } })).status,
    ).toBe(200);

    for (const message of [lone, shared]) expect((await deleteMessage(party.id, guest, message.id)).status).toBe(200);
    await mirror(party.id);
    expect(await env.DB.prepare('SELECT 1 FROM party_uploads WHERE id = ?').bind(alone.mediaAttachment).first()).toBeNull();
    expect(await exists(`parties/${party.id}/${alone.mediaAttachment}`)).toBe(false);
    expect(await links(forwarded.mediaAttachment)).toEqual([next.id]);
    expect((await fetchFile(forwarded.mediaAttachment, clara.headers)).status).toBe(200);
  });

  it("deleting a party deletes at once the files only it showed; a template's message keeps a purged item", async () => {
    const { clara, party, guest } = await world();
    const [photo, pdf] = [await libraryItem(clara, KINDS[0]), await libraryItem(clara, KINDS[3])];
    const voice = await uploaded(party.id, guest, 'voice', 'audio/mpeg', 'mp3', MP3);
    for (const [type, id] of [
      ['photo', photo],
      ['document', pdf],
    ] as const)
      expect((await chat(party.id, clara, { messageType: type, mediaAttachment: id })).status).toBe(201);
    expect((await chat(party.id, guest, { messageType: 'voice', mediaAttachment: voice.mediaAttachment })).status).toBe(201);
    // A template names the PDF: a row there is a reference too.
    const templateId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO templates (id, user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').bind(
        templateId,
        clara.userId,
        'Vorlage',
        Date.now(),
        Date.now(),
      ),
      env.DB.prepare(
        "INSERT INTO template_messages (id, template_id, rank, message_type, message, media_id, created_at, updated_at) VALUES (?, ?, 'a0', 'document', '', ?, ?, ?)",
      ).bind(crypto.randomUUID(), templateId, pdf, Date.now(), Date.now()),
    ]);
    for (const id of [photo, pdf]) await trashedLongAgo(clara, id);
    await cron();
    for (const id of [photo, pdf]) expect((await itemRow(id))!.purged_at, id).not.toBeNull();

    expect((await api(`/parties/${party.id}`, { method: 'DELETE', headers: clara.headers })).status).toBe(204);
    expect(await itemRow(photo)).toBeNull();
    expect(await exists(`${clara.userId}/${photo}`)).toBe(false);
    expect(await env.DB.prepare('SELECT 1 FROM party_uploads WHERE id = ?').bind(voice.mediaAttachment).first()).toBeNull();
    expect(await exists(`parties/${party.id}/${voice.mediaAttachment}`)).toBe(false);
    expect((await itemRow(pdf))!.purged_at).not.toBeNull();
    expect(await exists(`${clara.userId}/${pdf}`)).toBe(true);

    await env.DB.prepare('DELETE FROM templates WHERE id = ?').bind(templateId).run();
    await cron();
    expect(await itemRow(pdf)).toBeNull();
    expect(await exists(`${clara.userId}/${pdf}`)).toBe(false);
  });

  it('bytes whose rows went before a run stopped are deleted by the next cron', async () => {
    await env.MEDIA.put('left/over', 'bytes');
    await env.DB.prepare("INSERT INTO media_deletions (kind, target, created_at) VALUES ('r2', 'left/over', ?), ('stream', '0a1b2c3d4e5f', ?)")
      .bind(Date.now(), Date.now())
      .run();
    await cron();
    expect(await exists('left/over')).toBe(false);
    // Stream's 404 for a video it no longer has counts as deleted.
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM media_deletions').first('n')).toBe(0);
  });
});
