import { AppError } from '#core/errors';
import type { ErrorCode } from '#core/errors';
import { acceptableClaim, pictureVersion, sniffPictureType } from '#core/images';
import type { PictureType } from '#core/images';
import { LIMITS } from '#core/limits';
import type { PartnerHit, Profile, PublicProfile } from '#core/profile';
import type { ProfileInput } from '#core/schemas';
import { searchWords } from '#core/search';
import { needsProfileChoice, selectedProfile } from '#core/workspace';
import { randomToken, shortId } from '../auth/crypto';
import type { Db } from '../db/client';
import {
  countProfiles,
  deleteProfileRow,
  insertProfile,
  ownedProfileRow,
  profileOptions,
  profileRowByShortId,
  profileRows,
  searchProfileRows,
  updateProfileRow,
} from '../db/profiles';
import type { ProfileRow } from '../db/schema';
import type { Env } from '../env';
import { purgePage } from '../http/edge-cache';
import { getSettings, updateSettings } from './settings';

/**
 * A consultant's profiles (bio cards): the domain functions behind both the API and the pages.
 * Every function that takes a profile id checks that the user owns it; another consultant's
 * profile is reported exactly like one that does not exist.
 */

export interface ProfileOption {
  id: string;
  firstName: string;
  lastName: string;
}

/** The profile a user works as, their company mode, and whether they still have to choose. */
export interface ProfileWorkspace {
  profile: Profile | null;
  companyMode: boolean;
  needsChoice: boolean;
}

/** Picture keys end in a random version; the address carries it, so caches never show an old one. */
function pictureUrl(row: ProfileRow): string | null {
  if (!row.pictureKey || !row.shortId) return null;
  return `/api/profile/public/${row.shortId}/picture?v=${pictureVersion(row.pictureKey)}`;
}

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    shortId: row.shortId ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    birthday: row.birthday,
    phoneNo: row.phoneNo,
    email: row.email,
    website: row.website,
    shopLink: row.shopLink,
    biography: row.biography,
    profilePic: pictureUrl(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function listProfiles(db: Db, userId: string): Promise<ProfileOption[]> {
  return profileOptions(db, userId);
}

/** Every profile of the user with all its fields, oldest first. */
export async function listProfileDetails(db: Db, userId: string): Promise<Profile[]> {
  return (await profileRows(db, userId)).map(toProfile);
}

async function ownedProfile(db: Db, userId: string, profileId: string): Promise<ProfileRow> {
  const row = await ownedProfileRow(db, userId, profileId);
  if (!row) throw new AppError('profileNotFound');
  return row;
}

export async function getProfile(db: Db, userId: string, profileId: string): Promise<Profile> {
  return toProfile(await ownedProfile(db, userId, profileId));
}

/** The text fields of an input; absent ones are left out, so an edit keeps them. */
function fields(input: ProfileInput): Partial<ProfileRow> {
  const out: Partial<ProfileRow> = { firstName: input.firstName, lastName: input.lastName };
  for (const key of ['birthday', 'phoneNo', 'email', 'website', 'shopLink', 'biography'] as const) {
    if (input[key] !== undefined) out[key] = input[key];
  }
  return out;
}

export async function createProfile(db: Db, userId: string, input: ProfileInput, now = Date.now()): Promise<Profile> {
  if ((await countProfiles(db, userId)) >= LIMITS.profilesMax) throw new AppError('tooManyProfiles');
  const row: ProfileRow = {
    id: crypto.randomUUID(),
    userId,
    firstName: input.firstName,
    lastName: input.lastName,
    birthday: input.birthday ?? null,
    phoneNo: input.phoneNo ?? null,
    email: input.email ?? null,
    website: input.website ?? null,
    shopLink: input.shopLink ?? null,
    biography: input.biography ?? null,
    shortId: shortId(),
    pictureKey: null,
    pictureType: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertProfile(db, row);
  return toProfile(row);
}

/** Saves the fields; `deleteProfilePic` also removes the picture. */
export async function updateProfile(env: Env, db: Db, userId: string, profileId: string, input: ProfileInput, now = Date.now()): Promise<Profile> {
  const before = await ownedProfile(db, userId, profileId);
  const changes: Partial<ProfileRow> = { ...fields(input), updatedAt: now };
  if (input.deleteProfilePic) Object.assign(changes, { pictureKey: null, pictureType: null });
  const row = await updateProfileRow(db, profileId, changes);
  if (input.deleteProfilePic && before.pictureKey) await env.MEDIA.delete(before.pictureKey);
  await purgePublicPage(row!);
  return toProfile(row!);
}

/** Its public page's copies in the edge cache go (worker/http/edge-cache.ts): the next visitor sees the change. */
function purgePublicPage(row: Pick<ProfileRow, 'shortId'>): Promise<void> {
  return row.shortId ? purgePage(`/p/${row.shortId}`) : Promise.resolve();
}

/**
 * Deletes a profile and its picture. The profile the user works as cannot be deleted, nor the
 * last one; parties it managed pass to the selected profile, so every party keeps a manager.
 */
export async function deleteProfile(env: Env, db: Db, userId: string, profileId: string): Promise<void> {
  const row = await ownedProfile(db, userId, profileId);
  const [all, settings] = await Promise.all([listProfiles(db, userId), getSettings(db, userId)]);
  if (all.length <= 1) throw new AppError('lastProfile');
  const selected = selectedProfile(all, settings.selectedProfileId)!;
  if (selected.id === profileId) throw new AppError('profileSelected');
  await deleteProfileRow(db, userId, profileId, selected.id);
  if (row.pictureKey) await env.MEDIA.delete(row.pictureKey);
  await purgePublicPage(row);
}

/** GET /profile/user. The stored selection, or the first profile while none is stored. */
export async function profileWorkspace(db: Db, userId: string): Promise<ProfileWorkspace> {
  const [rows, settings] = await Promise.all([listProfileDetails(db, userId), getSettings(db, userId)]);
  return {
    profile: selectedProfile(rows, settings.selectedProfileId),
    companyMode: settings.companyMode,
    needsChoice: needsProfileChoice(rows, settings.selectedProfileId, settings.companyMode),
  };
}

/** The profile the user works as from now on (stored per user). */
export async function selectProfile(db: Db, userId: string, profileId: string): Promise<ProfileWorkspace> {
  await ownedProfile(db, userId, profileId);
  await updateSettings(db, userId, { selectedProfileId: profileId });
  return profileWorkspace(db, userId);
}

export async function setCompanyMode(db: Db, userId: string, companyMode: boolean): Promise<ProfileWorkspace> {
  await updateSettings(db, userId, { companyMode });
  return profileWorkspace(db, userId);
}

/**
 * What an upload is, judged by its bytes: one of the picture types within the size cap. The
 * claimed content type may be absent or generic, but not another kind of file.
 */
export function checkPicture(bytes: Uint8Array, claimedType: string | null): PictureType {
  if (bytes.length > LIMITS.pictureBytesMax) throw new AppError('imageTooLarge');
  const type = sniffPictureType(bytes);
  if (!type || !acceptableClaim(claimedType)) throw new AppError('notAnImage');
  return type;
}

/**
 * Stores a checked picture under `{folder}/{random}`, points its row at it (`point` answers
 * undefined when the row is gone meanwhile: `gone`), then deletes the picture it replaces: a row
 * never names a missing object. Profiles and guests keep their pictures this way.
 */
export async function replacePicture<Row>(
  env: Env,
  picture: { folder: string; bytes: Uint8Array; claimedType: string | null; previousKey: string | null },
  point: (stored: { pictureKey: string; pictureType: PictureType }) => Promise<Row | undefined>,
  gone: ErrorCode,
): Promise<Row> {
  const type = checkPicture(picture.bytes, picture.claimedType);
  const key = `${picture.folder}/${randomToken(12)}`;
  await env.MEDIA.put(key, picture.bytes, { httpMetadata: { contentType: type } });
  let row: Row | undefined;
  try {
    row = await point({ pictureKey: key, pictureType: type });
  } catch (error) {
    await env.MEDIA.delete(key);
    throw error;
  }
  if (!row) {
    await env.MEDIA.delete(key);
    throw new AppError(gone);
  }
  if (picture.previousKey) await env.MEDIA.delete(picture.previousKey);
  return row;
}

export async function setPicture(
  env: Env,
  db: Db,
  userId: string,
  profileId: string,
  bytes: Uint8Array,
  claimedType: string | null,
  now = Date.now(),
): Promise<Profile> {
  const before = await ownedProfile(db, userId, profileId);
  const row = await replacePicture(
    env,
    { folder: `profiles/${profileId}`, bytes, claimedType, previousKey: before.pictureKey },
    (stored) => updateProfileRow(db, profileId, { ...stored, updatedAt: now }),
    'profileNotFound',
  );
  await purgePublicPage(row);
  return toProfile(row);
}

export async function removePicture(env: Env, db: Db, userId: string, profileId: string, now = Date.now()): Promise<Profile> {
  const before = await ownedProfile(db, userId, profileId);
  const row = await updateProfileRow(db, profileId, { pictureKey: null, pictureType: null, updatedAt: now });
  if (before.pictureKey) await env.MEDIA.delete(before.pictureKey);
  await purgePublicPage(row!);
  return toProfile(row!);
}

async function profileByShortId(db: Db, shortIdValue: string): Promise<ProfileRow> {
  const row = await profileRowByShortId(db, shortIdValue);
  if (!row) throw new AppError('profileNotFound');
  return row;
}

/** The public profile page's data, by its short id. */
export async function publicProfile(db: Db, shortIdValue: string): Promise<PublicProfile> {
  const row = await profileByShortId(db, shortIdValue);
  return {
    shortId: shortIdValue,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNo: row.phoneNo,
    email: row.email,
    website: row.website,
    biography: row.biography,
    profilePic: pictureUrl(row),
  };
}

/**
 * Profiles whose name holds every word of the query (split on spaces, as every search), by last
 * name, at most LIMITS.partnerSearchResults. SQLite folds only ASCII letters, so each word is also
 * tried with a capital first letter: 'özil' finds 'Özil'. Only what the public page shows leaves
 * here.
 */
export async function searchPartners(db: Db, query: string): Promise<PartnerHit[]> {
  const words = searchWords(query).map((word) => [word, word.charAt(0).toLocaleUpperCase() + word.slice(1)]);
  const rows = await searchProfileRows(db, words, LIMITS.partnerSearchResults);
  return rows.map((row) => ({ shortId: row.shortId!, firstName: row.firstName, lastName: row.lastName, profilePic: pictureUrl(row) }));
}

/** A stored picture as the API serves it (worker/api/pictures.ts). */
export interface StoredPicture {
  body: ReadableStream;
  type: string;
  size: number;
  /** Whether the address's version names the current picture. */
  current: boolean;
}

/** The bytes of a profile's or a guest's picture; notFound when there is none. */
export async function readPicture(env: Env, stored: { pictureKey: string | null; pictureType: string | null }, version: string | null): Promise<StoredPicture> {
  if (!stored.pictureKey || !stored.pictureType) throw new AppError('notFound');
  const object = await env.MEDIA.get(stored.pictureKey);
  if (!object) throw new AppError('notFound');
  return { body: object.body, type: stored.pictureType, size: object.size, current: version === pictureVersion(stored.pictureKey) };
}

export async function publicPicture(env: Env, db: Db, shortIdValue: string, version: string | null): Promise<StoredPicture> {
  return readPicture(env, await profileByShortId(db, shortIdValue), version);
}
