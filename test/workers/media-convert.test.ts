import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { signSourceUrl } from '../../worker/media/signed-source';
import { PLAYBACK_TOKEN_SECONDS, playbackToken } from '../../worker/media/stream-signing';
import type { Conversion } from '../../app/core/media-entry';
import type { MediaEntry } from '../../app/core/media-entry';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';
import { STAND_IN_HOST } from './stream-stand-in';

/**
 * Video conversion (PUT and GET /media/convert/{id}) and the signed URL Stream copies the original
 * from. Stream is the stand-in of test/workers/stream-stand-in.ts, reached through the Worker's
 * real client; uploads are another part's, so a test puts the bytes into R2 under the item's key
 * itself.
 */

const VIDEO_BYTES = new TextEncoder().encode('\u0000\u0000\u0000\u0018ftypmp42 a short test video');

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status} ${await response.text()}`);
  return json<T>(response);
}

/** A media item of `who`; with `uploaded`, its bytes are in R2 as an upload would leave them. */
async function item(who: Consultant, { contentType = 'video/mp4', uploaded = true } = {}): Promise<MediaEntry> {
  const entry = await ok<MediaEntry>(
    await api('/media', { method: 'POST', headers: who.headers, body: { title: 'Demo', contentType, size: VIDEO_BYTES.length } }),
    201,
  );
  if (uploaded) await env.MEDIA.put(`${who.userId}/${entry.id}`, VIDEO_BYTES);
  return entry;
}

const start = (who: Consultant, id: string, body: unknown = { isPortrait: false, noAudio: false }) =>
  api(`/media/convert/${id}`, { method: 'PUT', headers: who.headers, body });
const poll = (who: Consultant, id: string) => api(`/media/convert/${id}`, { headers: who.headers });
const row = (id: string) =>
  env.DB.prepare('SELECT state, stream_uid, hls_url, poster_url, is_portrait, no_audio FROM media_items WHERE id = ?')
    .bind(id)
    .first<Record<string, unknown>>();
/** A URL of the stand-in's with a JWT where the uid was. */
const signed = (path: string) => expect.stringMatching(new RegExp(`^https://${STAND_IN_HOST}/[\\w-]+\\.[\\w-]+\\.[\\w-]+/${path}$`));
const copies = async () => (await (await fetch(`https://${STAND_IN_HOST}/__stand-in/copies`)).json()) as { uid: string; url: string; meta: unknown }[];

describe('converting a video through Stream', () => {
  it('starts Stream’s copy from a signed URL of the original, polls to READY with the HLS playlist and poster', async () => {
    const anna = await createConsultant();
    const video = await item(anna);
    const started = await ok<Conversion>(await start(anna, video.id, { isPortrait: true, noAudio: true }));
    expect(started).toMatchObject({ id: video.id, conversionStatus: 'PROGRESSING', progress: 0, hls: null, poster: null, isPortrait: true, noAudio: true });
    const stored = await row(video.id);
    expect(stored).toMatchObject({ state: 'converting', is_portrait: 1, no_audio: 1, hls_url: null });

    // What Stream was asked to copy: our signed URL, which serves the original's exact bytes.
    const copy = (await copies()).find((c) => c.uid === stored!.stream_uid)!;
    expect(copy.meta).toEqual({ name: video.id });
    expect(copy.url).toMatch(new RegExp(`^${ORIGIN}/media-source/${video.id}\\?expires=\\d+&sig=[\\w-]{43}$`));
    const source = await SELF.fetch(copy.url);
    expect(source.status).toBe(200);
    expect(source.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await source.arrayBuffer())).toEqual(VIDEO_BYTES);

    // Stream says queued, then inprogress, then that it plays while still inprogress (its larger
    // renditions follow): the client sees PROGRESSING until it plays, then READY.
    expect(await ok<Conversion>(await poll(anna, video.id))).toMatchObject({ conversionStatus: 'PROGRESSING', progress: 0 });
    expect(await ok<Conversion>(await poll(anna, video.id))).toMatchObject({ conversionStatus: 'PROGRESSING', progress: 50 });
    // Stored as Stream names them; answered with a playback token in place of the uid.
    const hls = `https://${STAND_IN_HOST}/${stored!.stream_uid}/manifest/video.m3u8`;
    const poster = `https://${STAND_IN_HOST}/${stored!.stream_uid}/thumbnails/thumbnail.jpg`;
    const ready = await ok<Conversion>(await poll(anna, video.id));
    expect(ready).toEqual({
      id: video.id,
      conversionStatus: 'READY',
      progress: 100,
      hls: signed('manifest/video.m3u8'),
      poster: signed('thumbnails/thumbnail.jpg'),
      duration: 3,
      isPortrait: true,
      noAudio: true,
    });
    expect(await row(video.id)).toMatchObject({ state: 'ready', hls_url: hls, poster_url: poster });
    // The item is ready in the library too, and later polls need Stream no more.
    const listed = await ok<{ entries: MediaEntry[] }>(await api('/media', { headers: anna.headers }));
    expect(listed.entries.find((e) => e.id === video.id)?.state).toBe('ready');
    expect(await ok<Conversion>(await poll(anna, video.id))).toMatchObject({
      conversionStatus: 'READY',
      hls: signed('manifest/video.m3u8'),
      poster: signed('thumbnails/thumbnail.jpg'),
      duration: null,
    });
  });

  it('does not start a second copy while one runs, and reports Stream’s error as ERROR, after which a new start is allowed', async () => {
    const anna = await createConsultant();
    const video = await item(anna);
    await ok(await start(anna, video.id));
    const first = (await row(video.id))!.stream_uid as string;
    await ok(await start(anna, video.id));
    expect((await row(video.id))!.stream_uid).toBe(first);

    await fetch(`https://${STAND_IN_HOST}/__stand-in/fail/${first}`);
    expect(await ok<Conversion>(await poll(anna, video.id))).toMatchObject({ conversionStatus: 'ERROR', hls: null });
    expect((await row(video.id))!.state).toBe('failed');

    expect(await ok<Conversion>(await start(anna, video.id))).toMatchObject({ conversionStatus: 'PROGRESSING' });
    const second = (await row(video.id))!.stream_uid;
    expect(second).not.toBe(first);
    // The failed copy was deleted at Stream.
    expect((await copies()).map((c) => c.uid)).not.toContain(first);
  });

  it('refuses what cannot be converted, changing nothing', async () => {
    const anna = await createConsultant();
    const bert = await createConsultant({ name: 'Bert' });
    const photo = await item(anna, { contentType: 'image/jpeg' });
    const waiting = await item(anna, { uploaded: false });
    const annasVideo = await item(anna);
    const before = await copies();

    await expectError(await start(anna, photo.id), 415, 'notAVideo');
    await expectError(await start(anna, waiting.id), 409, 'mediaNotUploaded');
    await expectError(await start(bert, annasVideo.id), 404, 'mediaNotFound');
    await expectError(await poll(bert, annasVideo.id), 404, 'mediaNotFound');
    await expectError(await start(anna, 'not-a-uuid'), 404, 'mediaNotFound');
    await expectError(await poll(anna, annasVideo.id), 409, 'notConverting');
    for (const body of [{ isPortrait: 'yes', noAudio: false }, { isPortrait: false }, { isPortrait: 1, noAudio: 0 }, 'not json']) {
      await expectError(await start(anna, annasVideo.id, body), 400, 'invalidInput');
    }
    expect((await api(`/media/${annasVideo.id}`, { method: 'DELETE', headers: anna.headers })).status).toBe(204);
    await expectError(await start(anna, annasVideo.id), 409, 'mediaTrashed');

    expect(await copies()).toEqual(before);
    for (const entry of [photo, waiting, annasVideo]) expect(await row(entry.id)).toMatchObject({ stream_uid: null, is_portrait: null });
  });

  it('is for consultants only', async () => {
    const anna = await createConsultant();
    const video = await item(anna);
    const party = await createParty(anna);
    const guest = await joinGuest(party.id);
    await expectError(
      await api(`/media/convert/${video.id}`, { method: 'PUT', headers: guest.headers, body: { isPortrait: false, noAudio: false } }),
      401,
      'unauthorized',
    );
    await expectError(await api(`/media/convert/${video.id}`), 401, 'unauthorized');
  });

  it('answers ERROR when Stream has lost the video', async () => {
    const anna = await createConsultant();
    const video = await item(anna);
    await ok(await start(anna, video.id));
    const uid = (await row(video.id))!.stream_uid as string;
    await fetch(`https://${STAND_IN_HOST}/client/v4/accounts/local/stream/${uid}`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer test-stream-token' },
    });
    expect(await ok<Conversion>(await poll(anna, video.id))).toMatchObject({ conversionStatus: 'ERROR' });
  });
});

describe('the signed source URL', () => {
  it('refuses a forged, altered, expired or other item’s signature with the same bare 404', async () => {
    const anna = await createConsultant();
    const video = await item(anna);
    const other = await item(anna);
    const good = await signSourceUrl(ORIGIN, video.id, env.MEDIA_URL_SECRET);
    expect((await SELF.fetch(good)).status).toBe(200);

    const url = new URL(good);
    const sig = url.searchParams.get('sig')!;
    const variants = [
      good.replace(video.id, other.id),
      good.replace(/expires=(\d+)/, (_, e) => `expires=${Number(e) + 1000}`),
      good.replace(sig, `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      good.replace(/&sig=.*/, ''),
      await signSourceUrl(ORIGIN, video.id, 'another secret'),
      await signSourceUrl(ORIGIN, video.id, env.MEDIA_URL_SECRET, Date.now() - 2 * 60 * 60 * 1000),
      `${ORIGIN}/media-source/${video.id.toUpperCase()}?expires=${url.searchParams.get('expires')}&sig=${sig}`,
    ];
    for (const variant of variants) {
      const response = await SELF.fetch(variant);
      expect({ variant, status: response.status, body: await response.text() }).toEqual({ variant, status: 404, body: 'Not found' });
    }
    expect((await SELF.fetch(good, { method: 'POST' })).status).toBe(405);
  });

  it('finds nothing once the original is gone from R2', async () => {
    const anna = await createConsultant();
    const video = await item(anna);
    await env.MEDIA.delete(`${anna.userId}/${video.id}`);
    expect((await SELF.fetch(await signSourceUrl(ORIGIN, video.id, env.MEDIA_URL_SECRET))).status).toBe(404);
  });
});

describe('playback needs a token the Worker signs (requireSignedURLs)', () => {
  const base64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');

  async function readyVideo(anna: Consultant): Promise<{ id: string; uid: string; hls: string }> {
    const video = await item(anna);
    await ok(await start(anna, video.id));
    for (let i = 0; i < 2; i++) await poll(anna, video.id);
    const conversion = await ok<Conversion>(await poll(anna, video.id));
    return { id: video.id, uid: (await row(video.id))!.stream_uid as string, hls: conversion.hls! };
  }

  it('every video is copied requiring signed URLs; the owner and a party member get a token that plays, nobody plays by the bare uid', async () => {
    const anna = await createConsultant();
    const { id, uid, hls } = await readyVideo(anna);
    expect((await copies()).find((copy) => copy.uid === uid)).toBeDefined();
    const described = await (
      await fetch(`https://${STAND_IN_HOST}/client/v4/accounts/local/stream/${uid}`, { headers: { Authorization: 'Bearer test-stream-token' } })
    ).json<{ result: { requireSignedURLs: boolean } }>();
    expect(described.result.requireSignedURLs).toBe(true);

    expect((await fetch(hls)).status).toBe(200);
    const claims = JSON.parse(atob(new URL(hls).pathname.split('/')[1]!.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/'))) as {
      sub: string;
      kid: string;
      exp: number;
    };
    expect(claims).toEqual({ sub: uid, kid: env.STREAM_SIGNING_KEY_ID, exp: expect.any(Number) });
    expect(claims.exp - Date.now() / 1000).toBeGreaterThan(PLAYBACK_TOKEN_SECONDS - 60);
    for (const path of ['manifest/video.m3u8', 'thumbnails/thumbnail.jpg'])
      expect((await fetch(`https://${STAND_IN_HOST}/${uid}/${path}`)).status, path).toBe(401);

    // A party member gets one too, through the party's file call (the bytes' access rule).
    const party = await createParty(anna);
    const guest = await joinGuest(party.id, { firstName: 'Gina', lastName: 'Gast' });
    expect(
      (
        await api(`/parties/${party.id}/chat`, {
          method: 'POST',
          headers: anna.headers,
          body: { tempId: crypto.randomUUID(), messageType: 'video', mediaAttachment: id },
        })
      ).status,
    ).toBe(201);
    const file = await json<{ hlsUrl: string; posterUrl: string }>(await api(`/parties/${party.id}/media/${id}`, { headers: guest.headers }));
    expect(file.hlsUrl).toEqual(signed('manifest/video.m3u8'));
    for (const url of [file.hlsUrl, file.posterUrl]) expect((await fetch(url)).status, url).toBe(200);
  });

  it('an expired token, one for another video, one with its claims altered, and one signed with another key are refused', async () => {
    const anna = await createConsultant();
    const [first, second] = [await readyVideo(anna), await readyVideo(anna)];
    const manifest = (token: string) => fetch(`https://${STAND_IN_HOST}/${token}/manifest/video.m3u8`);
    const expired = await playbackToken(env, first.uid, Date.now() - PLAYBACK_TOKEN_SECONDS * 1000 - 1000);
    expect((await manifest(expired)).status).toBe(401);
    // The second video's token with its subject changed to the first video.
    const [header, , signature] = (await playbackToken(env, second.uid)).split('.');
    const altered = `${header}.${base64url(new TextEncoder().encode(JSON.stringify({ sub: first.uid, kid: env.STREAM_SIGNING_KEY_ID, exp: Math.floor(Date.now() / 1000) + 3600 })))}.${signature}`;
    expect((await manifest(altered)).status).toBe(401);

    const other = (await crypto.subtle.generateKey(
      { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['sign', 'verify'],
    )) as CryptoKeyPair;
    const forged = await playbackToken(
      { STREAM_SIGNING_KEY_ID: env.STREAM_SIGNING_KEY_ID, STREAM_SIGNING_KEY: JSON.stringify(await crypto.subtle.exportKey('jwk', other.privateKey)) },
      first.uid,
    );
    expect((await manifest(forged)).status).toBe(401);
    expect((await manifest(await playbackToken(env, first.uid))).status).toBe(200);
  });
});
