import type { Env } from '../env';

/**
 * Playback tokens for Stream's videos. Every video we create at Stream requires signed URLs
 * (`requireSignedURLs`), so its HLS manifest, segments and poster are reachable only through a
 * token in place of the video's uid in the URL path (`https://customer-….cloudflarestream.com/
 * {token}/manifest/video.m3u8`). Cloudflare's documented self-signed way: a signing key made once
 * with Stream's `POST /accounts/{account}/stream/keys`, whose id and JWK are our secrets, and an
 * RS256 JWT `{ sub: uid, kid, exp }` signed here with WebCrypto, so no call to Stream per view.
 * The Worker mints one only for who may view the file: the owner (the conversion calls) or a
 * member of a party that shows it (worker/services/chat-media.ts partyFile).
 */

/** How long a token plays: hls.js fetches segments all along, so it must outlast a long watch. */
export const PLAYBACK_TOKEN_SECONDS = 4 * 60 * 60;

type SigningEnv = Pick<Env, 'STREAM_SIGNING_KEY_ID' | 'STREAM_SIGNING_KEY'>;

const keys = new Map<string, Promise<CryptoKey>>();

/** Stream hands the JWK out base64-encoded; the JSON itself is accepted too. */
function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const text = secret.trim().startsWith('{') ? secret : atob(secret.trim());
    key = crypto.subtle.importKey('jwk', JSON.parse(text) as JsonWebKey, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const encodeJson = (value: unknown) => base64url(new TextEncoder().encode(JSON.stringify(value)));

/** A token that plays the video `uid` until `now` + PLAYBACK_TOKEN_SECONDS. */
export async function playbackToken(env: SigningEnv, uid: string, now = Date.now()): Promise<string> {
  const kid = env.STREAM_SIGNING_KEY_ID;
  const unsigned = `${encodeJson({ alg: 'RS256', kid })}.${encodeJson({ sub: uid, kid, exp: Math.floor(now / 1000) + PLAYBACK_TOKEN_SECONDS })}`;
  const signature = await crypto.subtle.sign('RSASSA-PKCS1-v1_5', await signingKey(env.STREAM_SIGNING_KEY), new TextEncoder().encode(unsigned));
  return `${unsigned}.${base64url(new Uint8Array(signature))}`;
}

/**
 * A URL of Stream's (manifest or poster, as Stream named it with the uid) with the uid replaced
 * by a fresh token. Null stays null; a URL that does not name the video is left as it is.
 */
export async function signedPlaybackUrl(env: SigningEnv, url: string | null, uid: string | null, now = Date.now()): Promise<string | null> {
  if (url === null || uid === null) return url;
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/');
  const at = segments.indexOf(uid);
  if (at < 0) return url;
  segments[at] = await playbackToken(env, uid, now);
  parsed.pathname = segments.join('/');
  return parsed.href;
}
