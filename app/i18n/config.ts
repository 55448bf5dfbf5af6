/** Interface languages. German is the default and the fallback. */
export const LANGUAGES = ['de', 'en', 'nl', 'fr', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
} as const;

/**
 * The texts come in two parts. The party page, which guests open on their phones, loads only the
 * first; the sections below are used only by the consultant's workspace and the public pages, and
 * load with those (ADR 016). A section used on the party page must not be listed here, except by a
 * module the page loads through `needingWorkspaceTexts` (app/i18n/workspace-texts.ts).
 */
export const WORKSPACE_SECTIONS = [
  'site',
  // The party page's search, QR code and who-reacted dialogs load with the workspace texts (ADR 043).
  'socialTools',
  // The invitation's dialog (issue 43), in the same chunk as the QR code's.
  'invite',
  'cookies',
  'appSwitch',
  'legal',
  'landing',
  'login',
  'guestLogin',
  'deleteAccount',
  'releaseNotes',
  'faq',
  'sort',
  'parties',
  'partyForm',
  'dateFields',
  'profiles',
  'guestAccount',
  'profilePage',
  'media',
  'templates',
  'addTemplate',
  'templateEditor',
  'templatePlay',
  'homeScreen',
  'notify',
  'appPointer',
  'accountImport',
  // The form of a product card or a poll (ADR 044): the manager's, loaded with its dialog.
  'cardForm',
  // A guest's recap once the party is over (ADR 046): loaded with it.
  'recap',
  // The raffle's dialog (loaded with its texts) and the follow-up page (ADR 045).
  'raffleForm',
  'followUp',
  // Link previews (ADR 058): read only by the server's loaders.
  'preview',
  // The export page and the archive's texts (ADR 062).
  'dataExport',
  // The operator's page (ADR 063).
  'operator',
  // Reporting abuse in a party (ADR 064): its dialogs load with these texts.
  'abuseReports',
] as const;

/**
 * The error texts of the workspace's own calls (the party form, profiles, the library, templates,
 * sign-in) belong to the workspace part too; the rest of `errors` (the socket, joining, chatting,
 * uploading into a party) stays in the party part. A party-page screen that shows a code the page
 * may not have loaded uses `errorKeys` (app/i18n/error-keys.ts), which falls back to the generic text.
 */
export const WORKSPACE_ERRORS = [
  'invalidBirthday',
  'exportNotReady',
  'exportLinkSpent',
  'invalidDate',
  'expiryInPast',
  'expiryBeforeStart',
  'invalidPhone',
  'invalidEmail',
  'invalidUrl',
  'biographyTooLong',
  'imageTooLarge',
  'notAnImage',
  'previewTooLarge',
  'notAVideo',
  'notAPreview',
  'previewNotSupported',
  'previewFailed',
  'profileSelected',
  'lastProfile',
  'tooManyProfiles',
  'moveIntoSelf',
  'folderTooDeep',
  'mediaTrashed',
  'templateTrashed',
  'templateFull',
  'ownTemplate',
  'templateAlreadyApplied',
  'templateEmpty',
  'templateNotTrashed',
  'templateNotApplied',
  'templateReadOnly',
  'templateRevoked',
  'notConverting',
  'videoNotReady',
  'profileNotFound',
  'folderNotFound',
  'templateNotFound',
  'shareLinkInvalid',
  'signInFailed',
  'conversionUnavailable',
  'deletionRequestedRecently',
  'codeInvalid',
  'emailTaken',
  'tooManyCodes',
  // The notifications' own calls: their dialog loads with the workspace texts and shows its own failure text.
  'invalidPushSubscription',
  'pushEndpointRefused',
  'pushUnavailable',
  // The library's resumable uploads (tus): on the party page only the uploads into the library use
  // them, and those load with the workspace texts (ChatUploads).
  'uploadContentType',
  'uploadConflict',
  'uploadBusy',
  'uploadLength',
  'tusVersion',
  // Titles of library items, folders and templates.
  'invalidTitle',
  // A card's form checks these before sending (ADR 044); a closed poll's refusal stays with the party.
  'invalidCard',
  'invalidPrice',
  'invalidShopLink',
  'pollOptions',
  'invalidAnswer',
  // The autoplay's scheduled start: the applied template's panel loads with the workspace texts (ADR 016).
  'startAfterExpiry',
  'startInPast',
  'startTooFar',
  // Filing parties into folders (the dashboard) and the import from an older account (its dialog).
  'partyExpires',
  'importCredentials',
  'importPasswordChange',
  'importNotFound',
  'importFailed',
  // The raffle's dialog shows its refusal itself.
  'raffleEmpty',
] as const;
export const TEXT_PARTS = ['party', 'workspace'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

/** The sections of a language's texts that belong to `part`. */
export function textsPart<T extends Record<string, unknown>>(texts: T, part: TextPart): Partial<T> {
  const workspace = new Set<string>(WORKSPACE_SECTIONS);
  const workspaceErrors = new Set<string>(WORKSPACE_ERRORS);
  const errors = Object.fromEntries(
    Object.entries((texts.errors ?? {}) as Record<string, unknown>).filter(([code]) => workspaceErrors.has(code) === (part === 'workspace')),
  );
  const sections = Object.entries(texts).filter(([section]) => section !== 'errors' && workspace.has(section) === (part === 'workspace'));
  return Object.fromEntries([...sections, ['errors', errors]]) as Partial<T>;
}
