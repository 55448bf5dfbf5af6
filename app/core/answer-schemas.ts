import { z } from './zod';
import { MessageMediaSchema, MessageTypeSchema, epochMs, named } from './answer-schema-parts';
import { CURRENCIES } from './card-text';
import { EXPORT_STATES } from './export';
import { REPORT_REASONS } from './reports';
import { LEAD_TYPES } from './cards';
import type { MediaMessageType } from './chat-media';
import { MEDIA_MESSAGE_KINDS } from './chat-media';
import type { ErrorCode } from './errors';
import { ERROR_CODES } from './errors';
import { HEADING_TYPES, PARTY_ROLES } from './messages';
import { RAFFLE_POOLS } from './raffle';

/**
 * The API's answers as schemas (ADR 056): the wire types of app/core (and the few the Worker's
 * services name) written once more as zod, for the published document (docs/openapi.json), whose
 * 2xx answers carry them, and so for the workers tests' response check, which holds every answer
 * against them. test/unit/answer-schemas.test.ts proves at the type level that each schema and its
 * TypeScript interface are the same type, so neither can change alone. `id` names each as a
 * component of the document. Only the Worker imports this file: the pages' bundles carry no zod
 * for it.
 */

const ErrorCodeSchema = named('ErrorCode', z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]));

// The media library and the templates: answer-schemas-library.ts; what both files share: answer-schema-parts.ts.
export * from './answer-schemas-library';
export { MessageMediaSchema } from './answer-schema-parts';

// Parties and their members.

export const MemberSchema = named('Member', z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), role: z.enum(PARTY_ROLES) }));

/** app/core/party.ts `JoinAnswer`: PUT /parties/{id}/join. */
export const JoinAnswerSchema = named(
  'JoinAnswer',
  z.object({
    guestId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(PARTY_ROLES),
    secretKey: z.string().optional().describe("A new guest's secret, for the app only (a request without Origin): Basic guestId:secretKey"),
    socketTicket: z.string().optional().describe("Opens the party's socket within a minute without a database read (ADR 047)"),
  }),
);

/** worker/auth/sessions.ts `AppTokens`: a consultant's tokens (POST /auth/token, /auth/refresh). */
export const TokensSchema = named(
  'Tokens',
  z.object({ accessToken: z.string(), refreshToken: z.string(), expiresAt: z.int().describe('Unix seconds'), userId: z.string() }),
);

/** app/core/party.ts `PartyInfo`: GET /parties/{shortId}. */
export const PartyInfoSchema = named(
  'PartyInfo',
  z.object({
    id: z.string(),
    shortId: z.string(),
    title: z.string(),
    host: z.string().nullable(),
    manager: z.object({ firstName: z.string(), lastName: z.string(), profileShortId: z.string().nullable() }).nullable(),
    start: epochMs.nullable(),
    expiration: epochMs.nullable(),
    passwordProtected: z.boolean(),
    restrictedMessaging: z.boolean(),
    expired: z.boolean(),
    me: MemberSchema.nullable(),
  }),
  'What anyone holding the link may learn, and the asker’s membership',
);

/** worker/services/parties.ts `PartySummary`: a consultant's party. */
export const PartySummarySchema = named(
  'PartySummary',
  z.object({
    id: z.string(),
    shortId: z.string(),
    title: z.string(),
    host: z.string().nullable(),
    manager: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
    start: epochMs.nullable(),
    expiration: epochMs.nullable(),
    passwordProtected: z.boolean(),
    restrictedMessaging: z.boolean(),
    expired: z.boolean(),
    latestMessage: z.object({ sender: z.string(), senderName: z.string(), timestamp: epochMs }).nullable(),
    unread: z.boolean(),
    enteredAt: epochMs.nullable(),
    path: z.string().describe("The dashboard folder: folder ids from the top joined by '/', empty at the top"),
    createdAt: epochMs,
    leads: z.object({ booking: z.int().min(0), team: z.int().min(0) }).describe('Members who asked to host a party, and about the team (ADR 059)'),
  }),
);

/** A folder of the dashboard, the media library or the templates (app/core/media-library.ts `LibraryFolder`). */
export const LibraryFolderSchema = named('LibraryFolder', z.object({ id: z.string(), title: z.string(), parentId: z.string().nullable() }));

/** worker/services/party-folders.ts `PartyFolderEntry`. */
export const PartyFolderEntrySchema = named('PartyFolderEntry', z.object({ id: z.string(), title: z.string(), path: z.string(), isFolder: z.literal(true) }));

/** PUT /parties/folder: where the party or folder now is. */
export const MovedSchema = z.object({ id: z.string(), path: z.string() });

// Messages.

/** app/core/messages.ts `ChatMessage`. */
export const ChatMessageSchema = named(
  'ChatMessage',
  z.object({
    id: z.string(),
    seq: z.int().min(0),
    tempId: z.string().nullable(),
    sender: z.string(),
    senderType: z.enum(['manager', 'guest']),
    senderName: z.string(),
    messageType: MessageTypeSchema,
    message: z.string(),
    replyingTo: z.string().nullable(),
    timestamp: epochMs,
    editedAt: epochMs.nullable(),
    deleted: z.boolean(),
    forwarded: z.boolean(),
    fromTemplate: z.literal(true).optional(),
    ...MessageMediaSchema.partial().shape,
  }),
  'A chat message; a media message also carries its file’s fields (MessageMedia)',
);

/** durable-objects/contract.ts `HistoryPage`: GET /parties/{id}/chat. */
export const HistoryPageSchema = named('HistoryPage', z.object({ messages: z.array(ChatMessageSchema), hasMore: z.boolean(), seq: z.int().min(0) }));

/** A page `around` or `after` a seq: also whether newer messages follow. */
export const HistoryWindowSchema = named('HistoryWindow', z.object({ ...HistoryPageSchema.shape, hasNewer: z.boolean() }));

/** app/core/social.ts `ChatSearchHit`. */
export const ChatSearchHitSchema = named(
  'ChatSearchHit',
  z.object({
    id: z.string(),
    seq: z.int().min(0),
    senderName: z.string(),
    timestamp: epochMs,
    snippet: z.array(z.object({ text: z.string(), mark: z.boolean() })),
  }),
);

/** POST /parties/{id}/media with a library item (200): the file offered, and the message type it goes as. */
export const OfferedMediaSchema = z.object({ ...MessageMediaSchema.shape, messageType: MessageTypeSchema });

/** worker/services/chat-media.ts `AnnouncedUpload` (201): where the bytes go, in one PUT. */
export const AnnouncedUploadSchema = z.object({
  ...MessageMediaSchema.shape,
  messageType: z.enum(Object.keys(MEDIA_MESSAGE_KINDS) as [MediaMessageType, ...MediaMessageType[]]),
  uploadUrl: z.string(),
});

/** worker/services/chat-media.ts `PartyFile`: GET /parties/{id}/media/{mediaId}. */
export const PartyFileSchema = z.object({ ...MessageMediaSchema.shape, hlsUrl: z.string().nullable(), posterUrl: z.string().nullable() });

/** Forwarding messages (a party's, a template's): how many went. */
export const ForwardedSchema = z.object({ forwarded: z.int().min(0) });

// The party's follow-up and a guest's recap.

const PriceSchema = z.object({ amount: z.int().describe('Minor units: 1990 is 19.90'), currency: z.enum(CURRENCIES) });

/** app/core/follow-up.ts `FollowUp`. */
export const FollowUpSchema = named(
  'FollowUp',
  z.object({
    cards: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(['product', 'poll', ...LEAD_TYPES]),
        title: z.string(),
        options: z.array(z.string()),
        correct: z.array(z.int()).nullable(),
      }),
    ),
    guests: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        role: z.enum(['host', 'guest']),
        gone: z.boolean(),
        wanted: z.array(z.string()),
        votes: z.record(z.string(), z.array(z.int())),
        leads: z.array(z.enum(LEAD_TYPES)),
        won: z.array(z.string()),
        lastActivity: epochMs.nullable(),
      }),
    ),
    draws: z.array(
      z.object({
        drawId: z.string(),
        pool: z.enum(RAFFLE_POOLS),
        cardId: z.string().nullable(),
        entrants: z.int(),
        winnerId: z.string(),
        winnerName: z.string(),
        at: epochMs,
      }),
    ),
  }),
);

/** app/core/profile-card.ts `ProfileCard`: a profile's public page and a profile card in the chat. */
export const ProfileCardSchema = named(
  'ProfileCard',
  z.object({
    shortId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNo: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    biography: z.string().nullable(),
    profilePic: z.string().nullable(),
  }),
);

/** app/core/recap.ts `Recap`: a guest's recap of the party. */
export const RecapSchema = named(
  'Recap',
  z.object({
    title: z.string(),
    consultant: z.object({ ...ProfileCardSchema.shape, shopLink: z.string().nullable() }).nullable(),
    products: z.array(
      z.object({
        messageId: z.string(),
        card: z.object({ title: z.string(), price: PriceSchema.nullable(), link: z.string().nullable() }),
        photo: z.string().nullable(),
        wantedAt: epochMs,
      }),
    ),
    leads: z.array(z.enum(LEAD_TYPES)),
    headings: z.array(z.object({ id: z.string(), seq: z.int().min(0), level: z.enum(HEADING_TYPES), text: z.string(), deleted: z.boolean() })),
  }),
);

/** app/core/applied-template.ts `AppliedTemplate`: the template a party plays. */
export const AppliedTemplateSchema = named(
  'AppliedTemplate',
  z.object({
    id: z.string(),
    templateId: z.string(),
    title: z.string(),
    open: z.boolean(),
    position: z.int().min(0),
    hiddenMessages: z.array(z.string()),
    sentMessages: z.array(z.string()),
    messages: z.array(
      z.object({
        id: z.string(),
        messageType: MessageTypeSchema,
        message: z.string(),
        media: MessageMediaSchema.nullable(),
        mediaTitle: z.string().nullable(),
        problem: ErrorCodeSchema.nullable(),
        edited: z.boolean(),
        sendId: z.string(),
      }),
    ),
    autoplay: z
      .object({ delayMs: z.int(), paused: z.boolean(), nextAt: epochMs.nullable(), startAt: epochMs.nullable().optional(), error: ErrorCodeSchema.nullable() })
      .nullable(),
    revoked: z.literal(true).optional(),
  }),
);

/** GET /parties/{id}/template: the template the party plays, or null. */
export const AppliedAnswerSchema = z.object({ applied: AppliedTemplateSchema.nullable() });

/** POST /parties/{id}/template: the template now applied. */
export const AppliedNowSchema = z.object({ applied: AppliedTemplateSchema });

/** PUT /parties/{id}/template: the state after the action, and the message it sent when it sent one. */
export const AppliedActionAnswerSchema = z.object({ applied: AppliedTemplateSchema.nullable(), message: ChatMessageSchema.optional() });

// Profiles and guests.

/** app/core/profile.ts `Profile`: a profile as its owner sees it. */
export const ProfileSchema = named(
  'Profile',
  z.object({
    id: z.string(),
    shortId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    birthday: z.string().nullable(),
    phoneNo: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    shopLink: z.string().nullable(),
    biography: z.string().nullable(),
    profilePic: z.string().nullable(),
    createdAt: epochMs,
    updatedAt: epochMs.nullable(),
  }),
);

/** worker/services/profiles.ts `ProfileWorkspace`. */
export const ProfileWorkspaceSchema = named(
  'ProfileWorkspace',
  z.object({ profile: ProfileSchema.nullable(), companyMode: z.boolean(), needsChoice: z.boolean() }),
);

/** PUT /profile/banner. */
export const BannerAnswerSchema = z.object({ bannerDismissed: z.boolean() });

/** app/core/profile.ts `PartnerHit`: the landing page's search. */
export const PartnerHitSchema = ProfileCardSchema.pick({ shortId: true, firstName: true, lastName: true, profilePic: true });

/** app/core/guest-account.ts `GuestAccount`: a guest as she sees herself. */
export const GuestAccountSchema = named(
  'GuestAccount',
  z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().nullable(), picture: z.string().nullable() }),
);

/** `GuestCard`: a guest as others see her. */
export const GuestCardSchema = GuestAccountSchema.omit({ email: true });

/** `GuestSignIn`; `secretKey` only to the app (a request without Origin), browsers get a cookie. */
export const GuestSignInSchema = z.object({ id: z.string(), secretKey: z.string().optional(), guest: GuestAccountSchema });

/** `CodeSent`. */
export const CodeSentSchema = z.object({ challenge: z.string() });

/** app/core/guest-account.ts `GuestParty`: one party of a guest's list. */
export const GuestPartySchema = z.object({
  id: z.string(),
  shortId: z.string(),
  title: z.string(),
  host: z.string().nullable(),
  managerName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  startAt: epochMs.nullable(),
  expiresAt: epochMs.nullable(),
  expired: z.boolean(),
  latestAt: epochMs.nullable(),
  unread: z.boolean(),
});

// The FAQ (worker/services/faq.ts).

const FaqEntryCardShape = { id: z.int(), slug: z.string(), titel: z.string(), zusammenfassung: z.string(), kategorie: z.int().nullable() };

export const FaqCategorySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  beschreibung: z.string(),
  sichtbarkeit: z.string(),
  plattform: z.string(),
  kategorie: z.int().nullable(),
});

export const FaqEntrySchema = z.object({
  ...FaqEntryCardShape,
  sichtbarkeit: z.string(),
  plattform: z.string(),
  abschnitte: z.array(z.object({ id: z.string(), titel: z.string(), inhalt: z.string(), video: z.object({ url: z.string(), mime: z.string() }).nullable() })),
});

export const FaqSearchResultSchema = z.object({ ...FaqEntryCardShape, highlight: z.object({ titel: z.string(), auszug: z.string() }) });

// The import from the older system (app/core/import.ts).

export const ImportSignInAnswerSchema = z.object({ importId: z.string() });

export const ImportStartResultSchema = z.object({
  files: z.array(z.string()),
  media: z.array(z.string()),
  messages: z.array(z.object({ id: z.string(), partyId: z.string() })),
  parties: z.array(z.string()),
  copied: z.object({ files: z.int(), media: z.int(), messages: z.int(), parties: z.int() }),
});

// Live video in the party (app/core/live.ts, ADR 060).

/** app/core/live.ts `LiveState`: the show on air, if any, and whether the host may go live. */
export const LiveStateSchema = named(
  'LiveState',
  z.object({
    show: z
      .object({
        by: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), role: z.enum(PARTY_ROLES) }),
        startedAt: epochMs,
        watching: z.int().min(0),
      })
      .nullable(),
    hostsMayGoLive: z.boolean(),
  }),
);

/** app/core/live.ts `LiveStart`: where the publisher's page publishes (WHIP). */
export const LiveStartSchema = named('LiveStart', z.object({ whipUrl: z.string(), live: LiveStateSchema }));

/** app/core/live.ts `LivePlayback`: what a member's page plays (WHEP, HLS as the fallback), signed and short-lived. */
export const LivePlaybackSchema = named('LivePlayback', z.object({ whepUrl: z.string(), hlsUrl: z.string(), live: LiveStateSchema }));

// Self-service export (app/core/export.ts, ADR 062) and reports of abuse (app/core/reports.ts, ADR 064).

/** app/core/export.ts `ExportAnswer`: the person's newest export, and where its link is mailed. */
export const ExportAnswerSchema = named(
  'ExportAnswer',
  z.object({
    export: z
      .object({
        id: z.string(),
        state: z.enum(EXPORT_STATES),
        phase: z.enum(['collect', 'pack', 'done']),
        filesTotal: z.int().min(0),
        filesDone: z.int().min(0),
        bytes: z.int().min(0),
        createdAt: epochMs,
        finishedAt: epochMs.nullable(),
        keptUntil: epochMs.nullable(),
        link: z.object({ expiresAt: epochMs, used: z.boolean() }).nullable(),
      })
      .nullable(),
    email: z.string().nullable(),
  }),
);

/** app/core/reports.ts `PartyReport`: a report as the manager or the host reads it, never naming who reported. */
export const PartyReportSchema = named(
  'PartyReport',
  z.object({
    id: z.string(),
    memberId: z.string(),
    memberName: z.string(),
    memberGone: z.boolean(),
    messageId: z.string().nullable(),
    excerpt: z.string().nullable(),
    messageGone: z.boolean(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    at: epochMs,
  }),
);

/** A report filed: its id. */
export const ReportIdSchema = z.object({ id: z.string() });
