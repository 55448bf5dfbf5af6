/**
 * Every failure a client can see is one of these codes. The client translates `errors.<code>`;
 * the server never sends prose or stack traces.
 */
export const ERROR_STATUS = {
  badRequest: 400,
  invalidInput: 400,
  invalidName: 400,
  reportSelf: 400,
  messageEmpty: 400,
  messageTooLong: 400,
  invalidText: 400,
  invalidBirthday: 400,
  invalidDate: 400,
  expiryInPast: 400,
  expiryBeforeStart: 400,
  startAfterExpiry: 400,
  startInPast: 400,
  startTooFar: 400,
  invalidPhone: 400,
  invalidEmail: 400,
  codeInvalid: 400,
  invalidUrl: 400,
  biographyTooLong: 400,
  invalidTitle: 400,
  invalidPushSubscription: 400,
  pushEndpointRefused: 400,
  notAnImage: 415,
  mediaTypeNotAccepted: 415,
  notAVideo: 415,
  mediaTypeMismatch: 415,
  notAPreview: 415,
  previewNotSupported: 415,
  previewFailed: 422,
  uploadContentType: 415,
  fileTooLarge: 413,
  imageTooLarge: 413,
  previewTooLarge: 413,
  invalidFrame: 400,
  unknownEvent: 400,
  frameTooLarge: 413,
  protocolVersion: 400,
  tempIdConflict: 409,
  profileSelected: 409,
  emailTaken: 409,
  noAddress: 409,
  exportNotReady: 409,
  exportLinkSpent: 410,
  lastProfile: 409,
  tooManyProfiles: 409,
  moveIntoSelf: 409,
  partyExpires: 409,
  folderTooDeep: 409,
  mediaTrashed: 409,
  templateTrashed: 409,
  templateFull: 409,
  ownTemplate: 409,
  templateAlreadyApplied: 409,
  templateEmpty: 409,
  templateNotTrashed: 409,
  mediaNotUploaded: 409,
  mediaNotReady: 409,
  notConverting: 409,
  videoNotReady: 409,
  uploadConflict: 409,
  uploadBusy: 423,
  uploadFailed: 410,
  uploadLength: 400,
  tusVersion: 412,
  unauthorized: 401,
  sessionExpired: 401,
  forbidden: 403,
  badOrigin: 403,
  notMember: 403,
  removed: 403,
  restricted: 403,
  templateReadOnly: 403,
  templateRevoked: 403,
  wrongPassword: 403,
  partyExpired: 410,
  notFound: 404,
  partyNotFound: 404,
  messageNotFound: 404,
  reportNotFound: 404,
  profileNotFound: 404,
  mediaNotFound: 404,
  folderNotFound: 404,
  templateNotFound: 404,
  templateNotApplied: 404,
  shareLinkInvalid: 404,
  tooManyAttempts: 429,
  rateLimited: 429,
  deletionRequestedRecently: 429,
  tooManyCodes: 429,
  signInFailed: 502,
  conversionUnavailable: 502,
  pushUnavailable: 503,
  templatesDown: 503,
  /** The database did not answer within a request's patience (worker/db/client.ts, issue 40). */
  dataUnavailable: 503,
  /** Import from an older account (app/core/import.ts): its sign-in refused, or a new password wanted there… */
  importCredentials: 422,
  importPasswordChange: 422,
  /** …no run of this consultant by that id… */
  importNotFound: 404,
  /** …or the older system failed or did not answer. */
  importFailed: 502,
  /** Product cards and polls (app/core/card-schemas.ts). */
  invalidCard: 400,
  invalidPrice: 400,
  invalidShopLink: 400,
  pollOptions: 400,
  invalidAnswer: 400,
  pollClosed: 409,
  /** A raffle whose pool has nobody left to win (ADR 045). */
  raffleEmpty: 409,
  /** Live video (app/core/live.ts): a show already on, none on, or Stream's live service not answering. */
  liveAlready: 409,
  notLive: 409,
  liveUnavailable: 502,
  generic: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** Refusals that sending the same message again cannot overcome: not offered for resending. */
const FINAL_SEND_ERRORS: ReadonlySet<ErrorCode> = new Set([
  'partyExpired',
  'messageEmpty',
  'messageTooLong',
  'invalidText',
  'invalidInput',
  'tempIdConflict',
  'frameTooLarge',
]);

/** Whether a refusal of a message is one that sending the same message again cannot overcome. */
export function isFinalSendError(code: ErrorCode): boolean {
  return FINAL_SEND_ERRORS.has(code);
}

/**
 * The error a template call shows (ADR 038): when the template service did not answer (no answer
 * at all, status 0, or a 5xx) it is the notice 'Template function down'; otherwise the call's own.
 */
export function templateCallError(result: { code: ErrorCode; status: number }): ErrorCode {
  return result.status === 0 || result.status >= 500 ? 'templatesDown' : result.code;
}

/** The one JSON error shape of the API. */
export interface ErrorBody {
  error: { code: ErrorCode };
}

/** Thrown by domain code; the API and the pages turn it into the error shape. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
  }
}

/**
 * True for an AppError from any bundle. The Worker and the Remix build each carry their own copy
 * of this module, so `instanceof` would miss errors thrown by the other.
 */
export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError' && isErrorCode((error as { code?: unknown }).code);
}
