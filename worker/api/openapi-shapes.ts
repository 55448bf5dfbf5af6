import type { ErrorCode } from '../../app/core/errors';

/**
 * Code lists and a few small shapes the API's document shares between routes (worker/api/openapi.ts):
 * tus's headers. The wire types of the answers are zod schemas in app/core/answer-schemas.ts.
 */

/** What a party's fields may be refused with (create and edit). */
export const PARTY_INPUT: readonly ErrorCode[] = [
  'invalidTitle',
  'invalidDate',
  'expiryInPast',
  'expiryBeforeStart',
  'startAfterExpiry',
  'startInPast',
  'startTooFar',
  'invalidName',
  'partyExpires',
  'profileNotFound',
];

/** A message sent through the API: the room's refusals of a send. */
export const SEND_ERRORS: readonly ErrorCode[] = [
  'forbidden',
  'restricted',
  'messageEmpty',
  'messageTooLong',
  'invalidText',
  'mediaNotFound',
  'mediaTypeMismatch',
  'messageNotFound',
  'rateLimited',
  'tempIdConflict',
  'invalidCard',
  'invalidPrice',
  'invalidShopLink',
  'pollOptions',
  'invalidAnswer',
  'profileNotFound',
  'mediaNotReady',
  'mediaTrashed',
];

/** What a profile's fields may be refused with. */
export const PROFILE_INPUT: readonly ErrorCode[] = [
  'invalidName',
  'invalidBirthday',
  'invalidPhone',
  'invalidEmail',
  'invalidUrl',
  'invalidShopLink',
  'biographyTooLong',
  'tooManyProfiles',
];

const header = (name: string, description: string, required = true) => ({ in: 'header', name, required, description, schema: { type: 'string' } });

export const TUS_OFFSET_HEADERS = {
  'Upload-Offset': { schema: { type: 'string' }, description: 'Bytes received so far' },
  'Upload-Length': { schema: { type: 'string' }, description: 'The size declared at POST /api/media' },
  'Tus-Resumable': { schema: { type: 'string', const: '1.0.0' } },
} as const;

export const TUS_PATCH_HEADERS = [
  header('Tus-Resumable', '1.0.0'),
  header('Upload-Offset', 'Where these bytes start (HEAD tells it)'),
  header('Content-Type', 'application/offset+octet-stream'),
];

export const TUS_POST_HEADERS = [
  header('Tus-Resumable', '1.0.0'),
  header('Upload-Length', 'Creation: the size declared at POST /api/media', false),
  header('X-HTTP-Method-Override', 'PATCH: this POST is a PATCH (platforms without PATCH)', false),
  header('Upload-Offset', 'With the override: where these bytes start', false),
];
