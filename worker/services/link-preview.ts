/**
 * Preview images of party links and public profiles (ADR 058): what they may show, drawn at the
 * edge, kept in the Cache API under a key that names everything drawn (so a changed party, name or
 * picture is drawn anew and an unchanged one never twice per location), and a plain image when
 * drawing fails.
 */
import { fill, partyImageFields, previewStart, previewVersion } from '#core/link-preview';
import type { PartyFacts, PreviewLanguage, PreviewTexts } from '#core/link-preview';
import { SERVER_TIME_ZONE } from '#core/dates';
import { pictureVersion } from '#core/images';
import { isExpired } from '#core/party';
import { fullName, initials } from '#core/text';
import { partyRowByShortId } from '../db/parties';
import { ownedProfileRow, profileRowByShortId } from '../db/profiles';
import { userNames } from '../db/users';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { edgeCache } from '../http/edge-cache';
import { drawPreview } from '../preview/draw';
import type { PreviewCard, PreviewPicture } from '../preview/draw';
import { webpAsPng } from '../preview/webp';

/**
 * Pictures the renderer reads, and WebP, decoded to a PNG first (the renderer reads none), up to
 * this size (larger ones show initials: drawing them would cost the CPU a preview has).
 */
const DRAWN_PICTURES = new Set(['image/png', 'image/jpeg', 'image/gif']);
const DECODED_PICTURES = new Set(['image/webp']);
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** How long a drawn image is kept: its key changes with its content, so only space limits it. */
const CACHED_S = 7 * 24 * 60 * 60;
/** A messenger may keep it this long (a changed party has a new address on its page anyway). */
const SERVED_S = 24 * 60 * 60;
/** The plain image stands in briefly, so a passing failure is drawn again soon. */
const FALLBACK_S = 5 * 60;

export const FALLBACK_IMAGE_PATH = '/og/salon.png';

interface Subject {
  /** Everything the image shows, for the cache key. */
  fields: (string | number | boolean | null)[];
  card: (texts: PreviewTexts, language: PreviewLanguage) => PreviewCard;
  picture: { key: string; type: string } | null;
}

/** A party that can be opened: its title, consultant, host and start; a password party only its lock. */
async function partySubject(db: Db, shortId: string, now: number): Promise<Subject | null> {
  const party = await partyRowByShortId(db, shortId);
  if (!party || isExpired(party.expiresAt, now)) return null;
  const profile = party.profileId ? await ownedProfileRow(db, party.userId, party.profileId) : undefined;
  const manager = profile ?? (await userNames(db, party.userId)) ?? null;
  const facts: PartyFacts = {
    shortId,
    title: party.title,
    host: party.host,
    manager,
    start: party.startAt,
    passwordProtected: party.passwordHash !== null,
  };
  if (facts.passwordProtected) {
    return {
      fields: partyImageFields(facts),
      picture: null,
      card: (texts) => ({ headline: texts.imagePassword, lines: [], picture: null, initials: null, locked: true }),
    };
  }
  const picture = profile?.pictureKey && profile.pictureType ? { key: profile.pictureKey, type: profile.pictureType } : null;
  return {
    fields: [...partyImageFields(facts), picture ? pictureVersion(picture.key) : null],
    picture,
    card: (texts, language) => ({
      headline: facts.title,
      lines: [
        ...(manager ? [fill(texts.imageWith, { name: fullName(manager) })] : []),
        ...(facts.host ? [fill(texts.imageHost, { host: facts.host })] : []),
        ...(facts.start !== null ? [previewStart(facts.start, language, SERVER_TIME_ZONE)] : []),
      ],
      picture: null,
      initials: manager ? initials(manager) : null,
    }),
  };
}

async function profileSubject(db: Db, shortId: string): Promise<Subject | null> {
  const profile = await profileRowByShortId(db, shortId);
  if (!profile) return null;
  const picture = profile.pictureKey && profile.pictureType ? { key: profile.pictureKey, type: profile.pictureType } : null;
  return {
    fields: [fullName(profile), picture ? pictureVersion(picture.key) : null],
    picture,
    card: (texts) => ({ headline: fullName(profile), lines: [texts.imageProfile], picture: null, initials: initials(profile) }),
  };
}

/** The picture as the renderer reads it; null (initials) for a missing, too large or undecodable one. */
async function pictureBytes(env: Env, picture: Subject['picture']): Promise<PreviewPicture | null> {
  if (!picture || !(DRAWN_PICTURES.has(picture.type) || DECODED_PICTURES.has(picture.type))) return null;
  const object = await env.MEDIA.get(picture.key);
  if (!object || object.size > MAX_PICTURE_BYTES) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (DRAWN_PICTURES.has(picture.type)) return { bytes, type: picture.type };
  const png = await webpAsPng(bytes);
  return png && { bytes: png, type: 'image/png' };
}

function png(body: BodyInit | null, maxAge: number, extra: Record<string, string> = {}): Response {
  return new Response(body, {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': `public, max-age=${maxAge}`, 'X-Content-Type-Options': 'nosniff', ...extra },
  });
}

/** The plain image (a static file beside the app's), for a party or profile that is gone or an image that could not be drawn. */
async function fallback(env: Env, origin: string, status: number): Promise<Response> {
  const file = await env.ASSETS.fetch(new Request(`${origin}${FALLBACK_IMAGE_PATH}`));
  return new Response(file.body, { status, headers: png(null, FALLBACK_S, { 'Salon-Preview': 'fallback' }).headers });
}

export interface ImageRequest {
  kind: 'party' | 'profile';
  shortId: string;
  language: PreviewLanguage;
  texts: PreviewTexts;
  origin: string;
}

/**
 * GET /og/{party|profile}/{shortId}/{language}.png: from the cache when drawn before with the same
 * content, else drawn (and kept); the plain image with 404 for an unknown or ended one, with 200
 * when drawing failed (a messenger still shows something).
 */
export async function previewImage(env: Env, ctx: ExecutionContext, db: Db, request: ImageRequest, now = Date.now()): Promise<Response> {
  const subject = request.kind === 'party' ? await partySubject(db, request.shortId, now) : await profileSubject(db, request.shortId);
  if (!subject) return fallback(env, request.origin, 404);
  const version = previewVersion([request.kind, request.shortId, request.language, ...subject.fields]);
  const key = new Request(`${request.origin}/og/cache/${request.kind}/${request.shortId}/${request.language}/${version}.png`);
  const cached = await edgeCache().match(key);
  if (cached) return png(cached.body, SERVED_S, { 'Salon-Preview': 'cached' });
  try {
    const card = subject.card(request.texts, request.language);
    const image = await drawPreview({ ...card, picture: await pictureBytes(env, subject.picture) });
    const body = image as Uint8Array<ArrayBuffer>;
    ctx.waitUntil(edgeCache().put(key, png(body, CACHED_S)));
    return png(body, SERVED_S, { 'Salon-Preview': 'drawn' });
  } catch (error) {
    console.error('preview image:', error instanceof Error ? error.message : String(error));
    return fallback(env, request.origin, 200);
  }
}
