import { z } from './zod';
import type { ErrorCode } from './errors';
import { isErrorCode } from './errors';
import { LIMITS } from './limits';
import { MEDIA_MESSAGE_KINDS, MEDIA_MESSAGE_TYPES, isMediaMessageType } from './chat-media';
import { extensionNamesKind } from './media-content';
import { MEDIA_KINDS, acceptedKind } from './media';
import { partyDatesError } from './party';
import { isPhoneNumber, isValidBirthday, profileHref } from './profile';
import { GUEST_CODE_PATTERN } from './guest-account';
import { checkCardBody } from './card-schemas';
import { hasVisibleText, isCleanName, isCleanText, isValidName, normaliseNewlines } from './text';

/**
 * Validation shared by forms, the API and the party room. Messages are error codes, never prose:
 * the first issue's code is what a client sees (see `firstErrorCode`).
 */

export const NameSchema = z
  .string({ error: 'invalidName' })
  .trim()
  .refine((name) => isValidName(name, LIMITS.nameMax), { error: 'invalidName' });

export const PasswordSchema = z.string({ error: 'invalidInput' }).max(LIMITS.passwordMax, { error: 'invalidInput' });

export const JoinPartySchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  password: PasswordSchema.optional(),
});
export type JoinParty = z.infer<typeof JoinPartySchema>;

export const ChangeNameSchema = z.object({ firstName: NameSchema, lastName: NameSchema });
export type ChangeName = z.infer<typeof ChangeNameSchema>;

/** Epoch milliseconds; null clears the date. */
const TimestampSchema = z.number({ error: 'invalidInput' }).int({ error: 'invalidInput' }).min(0, { error: 'invalidInput' });

export const PartyInputSchema = z.object({
  title: z
    .string({ error: 'invalidInput' })
    .trim()
    .min(1, { error: 'invalidInput' })
    .max(LIMITS.partyTitleMax, { error: 'invalidInput' })
    .refine(isCleanName, { error: 'invalidText' }),
  /** Absent: none on create, unchanged on edit. Null clears it. */
  start: TimestampSchema.nullable().optional(),
  /** Absent: the default (3 days from now) on create. Null: never expires. */
  expiration: TimestampSchema.nullable().optional(),
  host: z
    .string({ error: 'invalidInput' })
    .trim()
    .max(LIMITS.hostNameMax, { error: 'invalidInput' })
    .refine(isCleanName, { error: 'invalidText' })
    .nullable()
    .optional(),
  /** The profile that manages the party; required when the account has several. */
  manager: z.uuid({ error: 'invalidInput' }).nullable().optional(),
  /** Absent: unchanged on edit. Null or empty: no password. */
  password: PasswordSchema.nullable().optional(),
  restrictedMessaging: z.boolean({ error: 'invalidInput' }).optional(),
});
export type PartyInput = z.infer<typeof PartyInputSchema>;

/** The dates a party will have after `input`, for `partyDatesError`. Absent dates keep `current`. */
export function partyDates(input: Pick<PartyInput, 'start' | 'expiration'>, current: { start: number | null; expiration: number | null }) {
  return { start: input.start === undefined ? current.start : input.start, expiration: input.expiration === undefined ? current.expiration : input.expiration };
}

function checkDates(editing: boolean) {
  return (input: PartyInput, context: z.RefinementCtx) => {
    // On edit an absent date is unchanged: the service checks it against the stored one.
    const error = partyDatesError(partyDates(input, { start: null, expiration: null }), Date.now(), editing);
    if (error) context.addIssue({ code: 'custom', message: error, path: ['expiration'] });
  };
}

/** A new party: its expiry, when it has one, lies ahead and after its start. */
export const NewPartySchema = PartyInputSchema.superRefine(checkDates(false));
/** An edit: the expiry may be now or past (the party ends), but still after the start. */
export const PartyEditSchema = PartyInputSchema.superRefine(checkDates(true));

export const MessageTextSchema = z
  .string({ error: 'invalidInput' })
  .max(LIMITS.messageTextMax, { error: 'messageTooLong' })
  .refine(isCleanText, { error: 'invalidText' })
  .transform(normaliseNewlines)
  .refine(hasVisibleText, { error: 'messageEmpty' });

/** A client-made id: a UUID. */
export const TempIdSchema = z.uuid({ error: 'invalidInput' });

const HistorySeqSchema = z.coerce.number({ error: 'invalidInput' }).int({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).optional();

export const HistoryQuerySchema = z
  .object({
    /** Return messages older than this seq; absent for the newest page. */
    from: HistorySeqSchema,
    /** Return the page around this seq (a table-of-contents jump far back): half before, the rest from it on. */
    around: HistorySeqSchema,
    /** Return messages newer than this seq (paging down from a jump). */
    after: HistorySeqSchema,
  })
  .refine((query) => [query.from, query.around, query.after].filter((seq) => seq !== undefined).length <= 1, { error: 'invalidInput' });

/**
 * The companion app's code exchange: the authorization response as its redirect URI received it
 * (`code`, and `iss` and `state` when they came), the redirect URI, the PKCE verifier, and the
 * nonce it sent, if any. Only the app can know its state is its own: it checks that itself.
 */
export const AuthTokenSchema = z.object({
  code: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(2048, { error: 'invalidInput' }),
  iss: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(2048, { error: 'invalidInput' }).optional(),
  state: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(2048, { error: 'invalidInput' }).optional(),
  redirect_uri: z.url({ error: 'invalidInput' }),
  code_verifier: z.string({ error: 'invalidInput' }).min(43, { error: 'invalidInput' }).max(128, { error: 'invalidInput' }).optional(),
  nonce: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(2048, { error: 'invalidInput' }).optional(),
});
export type AuthorizationResponse = z.infer<typeof AuthTokenSchema>;

export const RefreshSchema = z.object({
  refreshToken: z.string({ error: 'invalidInput' }).min(1, { error: 'invalidInput' }).max(512, { error: 'invalidInput' }),
});

/** The code of the first issue, when it is one of ours; otherwise a generic input error. */
export function firstErrorCode(error: z.ZodError): ErrorCode {
  const message = error.issues[0]?.message;
  return isErrorCode(message) ? message : 'invalidInput';
}

/** A server-made id: a UUID. */
export const IdSchema = z.uuid({ error: 'invalidInput' });

/** A file's extension as a client names it: letters and digits only (no dots, no path), lower case. */
export const ExtensionSchema = z
  .string({ error: 'invalidInput' })
  .regex(/^[A-Za-z0-9]{1,10}$/, { error: 'invalidInput' })
  .transform((extension) => extension.toLowerCase());

/**
 * A message's text, or a media message's caption: the same checks as a text, but a caption may be
 * empty (white space alone counts as none). `checkMessageBody` says which it must be.
 */
export const CaptionTextSchema = z
  .string({ error: 'invalidInput' })
  .max(LIMITS.messageTextMax, { error: 'messageTooLong' })
  .refine(isCleanText, { error: 'invalidText' })
  .transform(normaliseNewlines)
  .transform((text) => (hasVisibleText(text) ? text : ''));

/**
 * The body of a message as the send frame and `POST /parties/{id}/chat` take it: the text or
 * caption and, for a media message, its file. The file's id is what counts; the other media fields
 * are optional and, when sent, must agree with what the server knows of the file.
 */
export const MessageBodyShape = {
  message: CaptionTextSchema.optional(),
  mediaAttachment: IdSchema.optional(),
  mediaAttachmentType: z.enum(MEDIA_KINDS, { error: 'invalidInput' }).optional(),
  mediaExtension: ExtensionSchema.nullable().optional(),
  mediaAttachmentOwner: IdSchema.optional(),
};

type MessageBody = {
  messageType: string;
  message?: string | undefined;
  mediaAttachment?: string | undefined;
  mediaAttachmentType?: string | undefined;
  mediaExtension?: string | null | undefined;
  mediaAttachmentOwner?: string | undefined;
};

/**
 * A text needs visible text; a media message's declared kind and extension must fit its type (a
 * PDF is no photo). Whether the file exists, and is the sender's to send, is the room's question.
 */
export function checkMessageBody(body: MessageBody, context: z.RefinementCtx): void {
  const issue = (message: ErrorCode, path: string) => context.addIssue({ code: 'custom', message, path: [path] });
  checkCardBody(body, context);
  if (!isMediaMessageType(body.messageType)) {
    if (body.message === undefined) issue('invalidInput', 'message');
    else if (body.message === '') issue('messageEmpty', 'message');
    return;
  }
  const kind = MEDIA_MESSAGE_KINDS[body.messageType];
  if (body.mediaAttachmentType !== undefined && body.mediaAttachmentType !== kind) issue('mediaTypeMismatch', 'mediaAttachmentType');
  else if (body.mediaExtension != null && !extensionNamesKind(body.mediaExtension, kind)) issue('mediaTypeMismatch', 'mediaExtension');
}

/**
 * `POST /parties/{id}/media` (our path): a file for a message, either an item of the manager's
 * library (`mediaId`; the message type follows from its kind when not given), or a photo or voice
 * message to upload (`messageType`, `contentType`): the answer then carries the `uploadUrl`.
 */
export const AttachMediaSchema = z
  .object({
    mediaId: IdSchema.optional(),
    messageType: z.enum(MEDIA_MESSAGE_TYPES, { error: 'invalidInput' }).optional(),
    contentType: z
      .string({ error: 'mediaTypeNotAccepted' })
      .max(120, { error: 'mediaTypeNotAccepted' })
      .transform((type) => type.trim().toLowerCase())
      .refine((type) => acceptedKind(type) !== null, { error: 'mediaTypeNotAccepted' })
      .optional(),
    mediaExtension: ExtensionSchema.nullable().optional(),
    /** What the client means to send; refused at once when it is over the limit. */
    size: z
      .number({ error: 'invalidInput' })
      .int({ error: 'invalidInput' })
      .min(1, { error: 'invalidInput' })
      .max(LIMITS.partyUploadBytesMax, { error: 'fileTooLarge' })
      .optional(),
  })
  .superRefine((input, context) => {
    if (input.mediaId !== undefined) return;
    if (input.messageType === undefined) context.addIssue({ code: 'custom', message: 'invalidInput', path: ['messageType'] });
    else if (input.contentType === undefined) context.addIssue({ code: 'custom', message: 'mediaTypeNotAccepted', path: ['contentType'] });
  });

export const DeleteMessageSchema = z.object({
  messageId: IdSchema,
  /** The message goes without leaving a "deleted" placeholder (the manager's right). */
  fullDelete: z.boolean({ error: 'invalidInput' }).optional(),
});
export const DeleteMessagesSchema = z.object({
  messageIds: z
    .array(IdSchema, { error: 'invalidInput' })
    .min(1, { error: 'invalidInput' })
    .max(LIMITS.historyPage * 4, { error: 'invalidInput' }),
});
/** A new text, or a media message's new caption (which may be empty: the room tells them apart). */
export const EditMessageSchema = z.object({ messageId: IdSchema, message: CaptionTextSchema });
export const MakeHostSchema = z.object({ guestId: IdSchema });
export const RestrictionSchema = z.object({ restrictedMessaging: z.boolean({ error: 'invalidInput' }) });

export const ForwardSchema = z.object({
  messageIds: z
    .array(IdSchema, { error: 'invalidInput' })
    .min(1, { error: 'invalidInput' })
    .max(LIMITS.historyPage * 4, { error: 'invalidInput' }),
  targetPartyId: IdSchema,
});

/**
 * An optional profile field: absent leaves it as it is (on edit), null or blank clears it, and a
 * value must pass `schema`. Forms send every field, so blank means "none".
 */
function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable()).optional();
}

const BirthdaySchema = z
  .string({ error: 'invalidBirthday' })
  .trim()
  .refine((value) => isValidBirthday(value, Date.now()), { error: 'invalidBirthday' });

const PhoneSchema = z.string({ error: 'invalidPhone' }).trim().max(LIMITS.phoneMax, { error: 'invalidPhone' }).refine(isPhoneNumber, { error: 'invalidPhone' });

const EmailSchema = z
  .string({ error: 'invalidEmail' })
  .trim()
  .max(LIMITS.emailMax, { error: 'invalidEmail' })
  .pipe(z.email({ error: 'invalidEmail' }));

/** Whether the text is an e-mail address as the forms and the API accept one (the send-code button waits for it). */
export function isEmailAddress(value: string): boolean {
  return EmailSchema.safeParse(value).success;
}

/** A language code; one Salon does not speak falls back to the request's language (worker/services/guest-accounts.ts). */
const LanguageCodeSchema = z.string({ error: 'invalidInput' }).max(16, { error: 'invalidInput' });

/** POST /auth/login and POST /auth/claim: where to mail a code, in which language. */
export const GuestCodeRequestSchema = z.object({ email: EmailSchema, languageCode: LanguageCodeSchema.optional() });
export type GuestCodeRequest = z.infer<typeof GuestCodeRequestSchema>;

const ChallengeSchema = z.string({ error: 'invalidInput' }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'invalidInput' });

/** POST /auth/verify; `challenge` is the login answer's, or the browser's cookie when absent. */
export const GuestVerifySchema = z.object({
  email: EmailSchema,
  verificationCode: z.string({ error: 'codeInvalid' }).trim().regex(GUEST_CODE_PATTERN, { error: 'codeInvalid' }),
  challenge: ChallengeSchema.optional(),
});
export type GuestVerify = z.infer<typeof GuestVerifySchema>;

/** PUT /auth/claim/{code}: the code is in the path; the challenge as for verify. */
export const GuestClaimConfirmSchema = z.object({ challenge: ChallengeSchema.optional() });
export type GuestClaimConfirm = z.infer<typeof GuestClaimConfirmSchema>;

/** POST /guests/me/deletion: the language of the mail with the code. */
export const GuestDeletionRequestSchema = z.object({ languageCode: LanguageCodeSchema.optional() });

/**
 * PUT /guests/me/deletion: the mailed code (a guest with an address; ADR 053) and the challenge as
 * for verify; a guest without an address sends neither.
 */
export const GuestDeletionSchema = z.object({
  code: z.string({ error: 'codeInvalid' }).trim().regex(GUEST_CODE_PATTERN, { error: 'codeInvalid' }).optional(),
  challenge: ChallengeSchema.optional(),
});
export type GuestDeletion = z.infer<typeof GuestDeletionSchema>;

/** POST /guests/register and PUT /guests/profile: the guest's own name. */
export const GuestNamesSchema = z.object({ firstName: NameSchema, lastName: NameSchema });
export type GuestNames = z.infer<typeof GuestNamesSchema>;

/** POST /moderation/delete-account {email}; the form requires the address. */
export const DeleteAccountSchema = z.object({ email: EmailSchema }, { error: 'invalidEmail' });
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

const ProfileUrlSchema = z
  .string({ error: 'invalidUrl' })
  .trim()
  .max(LIMITS.urlMax, { error: 'invalidUrl' })
  .refine((value) => profileHref(value) !== null, { error: 'invalidUrl' });

/** Counted after line endings become \n, as the form's counter counts them. */
export const BiographySchema = z
  .string({ error: 'invalidText' })
  .transform((value) => normaliseNewlines(value).trim())
  .pipe(z.string().max(LIMITS.biographyMax, { error: 'biographyTooLong' }).refine(isCleanText, { error: 'invalidText' }));

/** A profile as the editor and the API save it. */
export const ProfileInputSchema = z.object({
  firstName: NameSchema,
  lastName: NameSchema,
  birthday: optionalField(BirthdaySchema),
  phoneNo: optionalField(PhoneSchema),
  email: optionalField(EmailSchema),
  website: optionalField(ProfileUrlSchema),
  shopLink: optionalField(ProfileUrlSchema),
  biography: optionalField(BiographySchema),
  /** True removes the picture. */
  deleteProfilePic: z.boolean({ error: 'invalidInput' }).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const SelectProfileSchema = z.object({ profileId: IdSchema });
export const CompanyModeSchema = z.object({ companyMode: z.boolean({ error: 'invalidInput' }) });
/** The workspace's app banner (ADR 040): dismissed for good, or shown again. */
export const BannerSchema = z.object({ bannerDismissed: z.boolean({ error: 'invalidInput' }) });

/** The landing page's sales-partner search: part of a name, a few words. */
export const PartnerSearchQuerySchema = z.object({
  q: z
    .string({ error: 'invalidInput' })
    .max(LIMITS.partnerSearchMax, { error: 'invalidInput' })
    .transform((query) => query.trim().replace(/\s+/g, ' '))
    .refine((query) => query.length >= LIMITS.partnerSearchMin && query.split(' ').length <= LIMITS.partnerSearchWordsMax, { error: 'invalidInput' }),
});
