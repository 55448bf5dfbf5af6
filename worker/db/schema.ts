import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * D1 holds the records that cross parties. Times are epoch milliseconds unless a column says
 * seconds. Live chat state (messages, seen, presence) lives in each party's Durable Object.
 */

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    oidcIssuer: text('oidc_issuer').notNull(),
    oidcSub: text('oidc_sub').notNull(),
    email: text('email'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    companyName: text('company_name'),
    createdAt: integer('created_at').notNull(),
    /**
     * When the owner confirmed the account's deletion through the link mailed to them: the cron
     * deletes the account and everything in it (worker/services/account-deletion.ts).
     */
    deletionRequestedAt: integer('deletion_requested_at'),
  },
  (t) => [
    uniqueIndex('users_oidc_idx').on(t.oidcIssuer, t.oidcSub),
    // The account-deletion form finds accounts by address, whatever its case.
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_deletion_idx').on(t.deletionRequestedAt),
  ],
);

/**
 * A link mailed to confirm an account's deletion (the form on /delete-account): single use,
 * expiring. Only the token's hash is stored, as for session tokens.
 */
export const accountDeletionTokens = sqliteTable(
  'account_deletion_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('account_deletion_tokens_user_idx').on(t.userId, t.createdAt), index('account_deletion_tokens_expiry_idx').on(t.expiresAt)],
);

/**
 * When an address last asked for a deletion link (worker/services/account-deletion.ts): one link
 * per address in ten minutes, kept for every address asked for, with an account or not, so the
 * answer to a repeated request tells nothing. Only a hash of the address is kept, and only as long
 * as the interval lasts.
 */
export const accountDeletionRequests = sqliteTable(
  'account_deletion_requests',
  {
    addressHash: text('address_hash').primaryKey(),
    requestedAt: integer('requested_at').notNull(),
  },
  (t) => [index('account_deletion_requests_time_idx').on(t.requestedAt)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull(),
    /** Unix seconds, as the session's `expiresAt` on the wire. */
    accessExpiresAt: integer('access_expires_at').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    refreshExpiresAt: integer('refresh_expires_at').notNull(),
    /**
     * The refresh token this one replaced and when (Unix seconds): for a short while it still says
     * whose session a request is, without new tokens, so two requests that refreshed at once do not
     * sign the page out (ADR 041).
     */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: integer('rotated_at'),
    /** The provider's ID token, kept for RP-initiated logout. */
    idToken: text('id_token'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sessions_access_idx').on(t.accessHash),
    uniqueIndex('sessions_refresh_idx').on(t.refreshHash),
    index('sessions_previous_refresh_idx').on(t.previousRefreshHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** A sign-in in flight: the PKCE verifier and where to go afterwards, keyed by the OAuth state. */
export const authStates = sqliteTable('auth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const profiles = sqliteTable(
  'profiles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNo: text('phone_no'),
    website: text('website'),
    shopLink: text('shop_link'),
    birthday: text('birthday'),
    biography: text('biography'),
    /** The public profile page's key (a short id, like a party link). */
    shortId: text('short_id'),
    /** The picture in R2 (MEDIA) under this key, and its content type; null without a picture. */
    pictureKey: text('picture_key'),
    pictureType: text('picture_type'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at'),
  },
  (t) => [index('profiles_user_idx').on(t.userId), uniqueIndex('profiles_short_idx').on(t.shortId)],
);

/** Settings per user, not per profile. The chat-entered time per party is on the party itself. */
export const userSettings = sqliteTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The profile a company account works as (and the default manager of new parties). */
  selectedProfileId: text('selected_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
  companyMode: integer('company_mode', { mode: 'boolean' }).notNull().default(false),
  /** The newest release-notes version the user has opened ("1.12.0"). */
  releaseNotesSeen: text('release_notes_seen'),
  bannerDismissed: integer('banner_dismissed', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
});

export const parties = sqliteTable(
  'parties',
  {
    id: text('id').primaryKey(),
    /** The link's key: short, but unguessable (~71 bits). */
    shortId: text('short_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    host: text('host'),
    startAt: integer('start_at'),
    /** Null: the party never expires. */
    expiresAt: integer('expires_at'),
    passwordHash: text('password_hash'),
    restrictedMessaging: integer('restricted_messaging', { mode: 'boolean' }).notNull().default(false),
    /** Summary mirrored by the PartyRoom for the dashboard. */
    latestSeq: integer('latest_seq').notNull().default(0),
    latestAt: integer('latest_at'),
    latestSenderId: text('latest_sender_id'),
    latestSenderName: text('latest_sender_name'),
    /** The newest seq the manager has seen (mirrored by the room), for the dashboard's unread marker. */
    managerSeenSeq: integer('manager_seen_seq').notNull().default(0),
    /** When the manager last opened the party's chat (its chat-entered timestamp: opening the party marks it). */
    managerEnteredAt: integer('manager_entered_at'),
    /** The owner's folder on the dashboard (ADR 037); null: the top level. Deleting a folder puts its parties on the top level. */
    folderId: text('folder_id').references((): AnySQLiteColumn => partyFolders.id, { onDelete: 'set null' }),
    /**
     * Where the party's room lives, fixed when the party is made (ADR 050): the jurisdiction its
     * object was made in (null: made without one, before DATA_JURISDICTION), and the location hint
     * it was made with (the consultant's region; null: none).
     */
    roomJurisdiction: text('room_jurisdiction'),
    roomLocation: text('room_location'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('parties_short_idx').on(t.shortId), index('parties_user_idx').on(t.userId, t.expiresAt)],
);

/** A consultant's folders of parties on the dashboard: the media library's folder shape (ADR 028, ADR 037). */
export const partyFolders = sqliteTable(
  'party_folders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => partyFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [index('party_folders_user_idx').on(t.userId, t.parentId)],
);

/**
 * A guest identity. The same guest may join several parties; with an e-mail address (stored lower
 * case, unique) she signs in on any device (ADR 034). Her credentials are her devices' keys.
 */
export const guests = sqliteTable(
  'guests',
  {
    id: text('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    pictureKey: text('picture_key'),
    pictureType: text('picture_type'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('guests_email_idx').on(t.email)],
);

/** One device's credentials of a guest: a random secret, of which only the hash is stored. */
export const guestKeys = sqliteTable(
  'guest_keys',
  {
    id: text('id').primaryKey(),
    guestId: text('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('guest_keys_secret_idx').on(t.secretHash), index('guest_keys_guest_idx').on(t.guestId)],
);

/**
 * A code mailed to an address (worker/services/guest-accounts.ts): to sign in (`login`; the guest
 * is null when no guest has the address, so that the request looks the same) or to attach the
 * address to the guest who asked (`claim`). Keyed by the hash of the request's challenge; the
 * code's hash is salted with the challenge, which is never stored.
 */
export const guestCodes = sqliteTable(
  'guest_codes',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    purpose: text('purpose', { enum: ['login', 'claim'] }).notNull(),
    /** The address's hash: every address typed at the sign-in is kept, so none is kept in the clear. */
    addressHash: text('address_hash').notNull(),
    /** The address itself only for a claim, which attaches it to the guest. */
    email: text('email'),
    guestId: text('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('guest_codes_address_idx').on(t.purpose, t.addressHash),
    index('guest_codes_guest_idx').on(t.guestId),
    index('guest_codes_expiry_idx').on(t.expiresAt),
  ],
);

/** Fixed-window counters for rate limits that span requests and clients (worker/db/rate-limits.ts). */
export const rateCounters = sqliteTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_counters_window_idx').on(t.windowStart)],
);

/** A guest's membership of one party, with the name they use there. */
export const partyMembers = sqliteTable(
  'party_members',
  {
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    guestId: text('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    isHost: integer('is_host', { mode: 'boolean' }).notNull().default(false),
    joinedAt: integer('joined_at').notNull(),
    /** Set when the guest left or was removed; the row stays so the guest cannot slip back in. */
    removedAt: integer('removed_at'),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.guestId] }), index('party_members_guest_idx').on(t.guestId)],
);

/**
 * A device's Web Push subscription for one member of one party (a guest's id or the manager's user
 * id), in the language its notifications speak. A push service's 404 or 410 deletes it.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  // Its leading columns serve the lookups by member too.
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.partyId, t.memberId, t.endpoint)],
);

/** A member's last notification in a party and what waits for the digest (app/core/push.ts `decide`). */
export const pushWindows = sqliteTable(
  'push_windows',
  {
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    sentAt: integer('sent_at').notNull(),
    pending: integer('pending').notNull().default(0),
    pendingSender: text('pending_sender'),
    digestDueAt: integer('digest_due_at'),
    /** The last message this window counted: a job the Queue retries counts nobody twice. */
    lastMessageId: text('last_message_id'),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.memberId] })],
);

/** A member who muted the party: no notification reaches any of their devices (their subscriptions stay). */
export const pushMutes = sqliteTable(
  'push_mutes',
  {
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    mutedAt: integer('muted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.memberId] })],
);

/** The answers each push service gave, by status code: what operators look at when pushes go missing. */
export const pushServiceStatuses = sqliteTable(
  'push_service_statuses',
  {
    /** The push service's origin (https://fcm.googleapis.com, https://web.push.apple.com, ...). */
    service: text('service').notNull(),
    status: integer('status').notNull(),
    count: integer('count').notNull().default(0),
    lastAt: integer('last_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.status] })],
);

/**
 * The parties in which a consultant's session has opened a socket, written at the handshake, so
 * that ending the session closes them (worker/services/session-end.ts). Goes with either.
 */
export const sessionParties = sqliteTable(
  'session_parties',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.partyId] }), index('session_parties_party_idx').on(t.partyId)],
);

/**
 * A consultant's media library: folders form a tree by parent (null: the root). Something inside
 * a trashed folder is in the trash with it without a `trashed_at` of its own, so a restore brings
 * back exactly what was in the folder (app/core/media.ts).
 */
export const mediaFolders = sqliteTable(
  'media_folders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => mediaFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [index('media_folders_user_idx').on(t.userId, t.parentId), index('media_folders_trash_idx').on(t.trashedAt)],
);

export const mediaItems = sqliteTable(
  'media_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => mediaFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** What the consultant wrote about it (ADR 039); null when nothing. */
    description: text('description'),
    /** image, video, audio or application (app/core/media.ts MEDIA_KINDS). */
    mediaType: text('media_type').notNull(),
    contentType: text('content_type').notNull(),
    /** The file's extension as the client named it (`mediaExtension` on the wire), lower case. */
    extension: text('extension'),
    /** Bytes, as announced when the item was created. */
    size: integer('size').notNull(),
    /** waiting (for the upload), converting, ready or failed (app/core/media.ts MEDIA_STATES). */
    state: text('state').notNull(),
    /** The original in R2 (MEDIA): `{userId}/{id}`, the owner's user id, then the item's. */
    storageKey: text('storage_key').notNull(),
    /** A thumbnail or poster in R2, once there is one. */
    previewKey: text('preview_key'),
    /** The video's id at Cloudflare Stream (worker/media/stream.ts), once a conversion started. */
    streamUid: text('stream_uid'),
    /** Stream's HLS master playlist and poster, once the video is ready to stream. */
    hlsUrl: text('hls_url'),
    posterUrl: text('poster_url'),
    /** What the client's analysis found before the upload (a video's orientation and whether it has an audio track). */
    isPortrait: integer('is_portrait', { mode: 'boolean' }),
    noAudio: integer('no_audio', { mode: 'boolean' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
    /**
     * Set when the cron purged it from the trash while a party message or a template still showed
     * it: gone from the library, kept (and served to those who see that message) until nothing
     * references it (worker/media/collect.ts).
     */
    purgedAt: integer('purged_at'),
  },
  (t) => [
    index('media_items_user_idx').on(t.userId, t.folderId),
    index('media_items_trash_idx').on(t.trashedAt),
    index('media_items_purged_idx').on(t.purgedAt),
  ],
);

/**
 * A media item's resumable upload (worker/media/tus.ts): how many bytes are safely stored, and
 * the R2 multipart upload they went into. Made with the item; kept after the last byte so a
 * client that asks again learns the upload is complete. `offset` is `parts` whole parts plus the
 * bytes of a carry-over object that do not fill a part yet.
 */
export const mediaUploads = sqliteTable(
  'media_uploads',
  {
    mediaId: text('media_id')
      .primaryKey()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    /** R2's id of the multipart upload, once the first whole part was written. */
    multipartId: text('multipart_id'),
    offset: integer('offset').notNull(),
    parts: integer('parts').notNull(),
    /**
     * While a PATCH writes: until when it holds the upload (a lease renewed while its bytes arrive;
     * worker/media/tus.ts), and the lease's token. Every write of upload state names the token, so
     * a request whose lease was taken over writes nothing.
     */
    lockedUntil: integer('locked_until'),
    lease: text('lease'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('media_uploads_updated_idx').on(t.updatedAt)],
);

/** The parts of a multipart upload that R2 has, with the etags completing it needs. */
export const mediaUploadParts = sqliteTable(
  'media_upload_parts',
  {
    mediaId: text('media_id')
      .notNull()
      .references(() => mediaUploads.mediaId, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.partNumber] })],
);

/**
 * A photo or voice message uploaded into a party (the only kinds a guest may send), kept under
 * the party and in no library. `uploaderId` is the member who sent it: a guest's id, or the
 * manager's user id. The bytes arrive in one PUT; until then the row waits.
 */
export const partyUploads = sqliteTable(
  'party_uploads',
  {
    id: text('id').primaryKey(),
    /**
     * The party it was uploaded into. No foreign key: a photo forwarded into another party outlives
     * its own party, and the cron deletes an upload once no party has it (`party_media`).
     */
    partyId: text('party_id').notNull(),
    uploaderId: text('uploader_id').notNull(),
    /** photo or voice: the message type it was announced for. */
    messageType: text('message_type').notNull(),
    /** image or audio (app/core/media.ts MEDIA_KINDS). */
    mediaType: text('media_type').notNull(),
    contentType: text('content_type').notNull(),
    extension: text('extension'),
    /** Bytes, once they are in. */
    size: integer('size'),
    /** waiting (for the PUT) or ready. */
    state: text('state').notNull(),
    /** `parties/{partyId}/{id}` in R2 (MEDIA). */
    storageKey: text('storage_key').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('party_uploads_party_idx').on(t.partyId), index('party_uploads_created_idx').on(t.createdAt)],
);

/**
 * Which parties a file was put into for a message (a library item, a party upload, or either
 * forwarded): every member of such a party may view it (worker/services/media.ts mayViewMedia).
 */
export const partyMedia = sqliteTable(
  'party_media',
  {
    partyId: text('party_id')
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    mediaId: text('media_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.partyId, t.mediaId] }), index('party_media_media_idx').on(t.mediaId)],
);

/**
 * Bytes to delete: an R2 key or a Stream video of a file whose row is already gone. The row goes
 * and these are written in one transaction, so nothing can name the file once its bytes start to
 * go; the bytes go after, and a run that stops halfway leaves the rest for the next cron.
 */
export const mediaDeletions = sqliteTable(
  'media_deletions',
  {
    /** `r2` (a key in MEDIA) or `stream` (a video uid at Stream). */
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.target] })],
);

/**
 * A consultant's message templates (ADR 016): folders form a tree like the media library's
 * (a template in a trashed folder is in the trash with it, without a `trashed_at` of its own).
 */
export const templateFolders = sqliteTable(
  'template_folders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => templateFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [index('template_folders_user_idx').on(t.userId, t.parentId), index('template_folders_trash_idx').on(t.trashedAt)],
);

export const templates = sqliteTable(
  'templates',
  {
    id: text('id').primaryKey(),
    /** The owner: the only one who may change, share or delete it. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => templateFolders.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: integer('created_at').notNull(),
    /** `lastEdited` on the wire: any change to the template or its messages. */
    updatedAt: integer('updated_at').notNull(),
    lastAppliedAt: integer('last_applied_at'),
    trashedAt: integer('trashed_at'),
    /** The unguessable token of its share link while it is shared; null when not (or no longer). */
    shareToken: text('share_token'),
  },
  (t) => [
    index('templates_user_idx').on(t.userId, t.folderId),
    index('templates_trash_idx').on(t.trashedAt),
    uniqueIndex('templates_share_idx').on(t.shareToken),
  ],
);

/**
 * A template's messages in order of `rank`, a fractional index (a move rewrites one row). A media
 * message names a library item of the template's owner; its kind, extension and content type are
 * read from the item, never stored twice.
 */
export const templateMessages = sqliteTable(
  'template_messages',
  {
    id: text('id').primaryKey(),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    rank: text('rank').notNull(),
    /** The chat's message types (app/core/messages.ts MESSAGE_TYPES). */
    messageType: text('message_type').notNull(),
    /** The text, or a media message's caption. */
    message: text('message').notNull(),
    mediaId: text('media_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('template_messages_rank_idx').on(t.templateId, t.rank), index('template_messages_media_idx').on(t.mediaId)],
);

/**
 * Someone else's template added through its share link: the recipient's place for it in their
 * own folders and their own trash state. The template itself stays the owner's.
 */
export const templateRecipients = sqliteTable(
  'template_recipients',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').references(() => templateFolders.id, { onDelete: 'set null' }),
    addedAt: integer('added_at').notNull(),
    trashedAt: integer('trashed_at'),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.userId] }), index('template_recipients_user_idx').on(t.userId)],
);

/**
 * Someone else's template that a recipient applied in one of her parties (the room plays one at a
 * time), so that its owner taking it back withdraws it there too (worker/services/templates.ts
 * withdrawFromParties; ADR 020). The row may outlive the play: a room ignores the withdrawal of a
 * template it no longer plays.
 */
export const partySharedTemplates = sqliteTable(
  'party_shared_templates',
  {
    partyId: text('party_id')
      .primaryKey()
      .references(() => parties.id, { onDelete: 'cascade' }),
    templateId: text('template_id')
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
  },
  (t) => [index('party_shared_templates_template_idx').on(t.templateId)],
);

/**
 * The FAQ, one row per language: content/faq/ holds the texts, and
 * scripts/faq-content.mjs replaces every row from them (the seed locally, a migration in production).
 * Ids and slugs are shared by the languages, so a language switch stays on the same page.
 * `sichtbarkeit` and `plattform` are stored as written; the pages' filter is app/core/faq.ts.
 */
export const faqCategories = sqliteTable(
  'faq_categories',
  {
    locale: text('locale').notNull(),
    id: integer('id').notNull(),
    slug: text('slug').notNull(),
    /** The parent category (the content API's `kategorie`); null at the top level. */
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    beschreibung: text('beschreibung').notNull(),
    sichtbarkeit: text('sichtbarkeit').notNull(),
    plattform: text('plattform').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.id] }),
    uniqueIndex('faq_categories_slug_idx').on(t.locale, t.slug),
    index('faq_categories_parent_idx').on(t.locale, t.parentId),
  ],
);

export const faqEntries = sqliteTable(
  'faq_entries',
  {
    /** The row's stable rowid, which the search index (faq_search, content_rowid) points at. */
    key: integer('key').primaryKey(),
    locale: text('locale').notNull(),
    id: integer('id').notNull(),
    slug: text('slug').notNull(),
    /** Its category (the content API's `kategorie`); null for the entries shown on the FAQ's first page. */
    categoryId: integer('category_id'),
    titel: text('titel').notNull(),
    zusammenfassung: text('zusammenfassung').notNull(),
    sichtbarkeit: text('sichtbarkeit').notNull(),
    plattform: text('plattform').notNull(),
    position: integer('position').notNull(),
    /** The sections' titles and text without markup: what the search (faq_search) reads besides title and summary. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    uniqueIndex('faq_entries_id_idx').on(t.locale, t.id),
    uniqueIndex('faq_entries_slug_idx').on(t.locale, t.slug),
    index('faq_entries_category_idx').on(t.locale, t.categoryId),
  ],
);

export const faqSections = sqliteTable(
  'faq_sections',
  {
    locale: text('locale').notNull(),
    entryId: integer('entry_id').notNull(),
    /** The anchor of the section within its entry (the table of contents links to it). */
    id: text('id').notNull(),
    position: integer('position').notNull(),
    titel: text('titel').notNull(),
    /** HTML, sanitised once when the content was loaded; rendered as stored. */
    inhalt: text('inhalt').notNull(),
    videoUrl: text('video_url'),
    videoMime: text('video_mime'),
  },
  (t) => [primaryKey({ columns: [t.locale, t.entryId, t.id] })],
);

/**
 * An import from an older account (worker/services/import.ts, ADR 042): one run per consultant and
 * older account, continued by every later sign-in to it. The older system's access token stays
 * here, never on a page.
 */
export const importRuns = sqliteTable(
  'import_runs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The older account's sign-in address, lower case. */
    sourceEmail: text('source_email').notNull(),
    accessToken: text('access_token').notNull(),
    tokenExpiresAt: integer('token_expires_at').notNull(),
    /** The library folder the imported media go into, once made. */
    folderId: text('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('import_runs_source_idx').on(t.userId, t.sourceEmail)],
);

/** What a run copied: the older id of each item and what it became here, so no item is copied twice. */
export const importItems = sqliteTable(
  'import_items',
  {
    importId: text('import_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    /** file, media, message or party (app/core/import.ts CopyStage, singular). */
    kind: text('kind').notNull(),
    sourceId: text('source_id').notNull(),
    /** A file's R2 key; a media item's, message's or party's id. */
    targetId: text('target_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.kind, t.sourceId] })],
);

export type UserRow = typeof users.$inferSelect;
export type AccountDeletionTokenRow = typeof accountDeletionTokens.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;
export type PartyRow = typeof parties.$inferSelect;
export type GuestRow = typeof guests.$inferSelect;
export type MemberRow = typeof partyMembers.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushWindowRow = typeof pushWindows.$inferSelect;
export type MediaFolderRow = typeof mediaFolders.$inferSelect;
export type MediaItemRow = typeof mediaItems.$inferSelect;
export type MediaUploadRow = typeof mediaUploads.$inferSelect;
export type PartyUploadRow = typeof partyUploads.$inferSelect;
export type TemplateFolderRow = typeof templateFolders.$inferSelect;
export type TemplateRow = typeof templates.$inferSelect;
export type TemplateMessageRow = typeof templateMessages.$inferSelect;
export type TemplateRecipientRow = typeof templateRecipients.$inferSelect;
export type FaqCategoryRow = typeof faqCategories.$inferSelect;
export type FaqEntryRow = typeof faqEntries.$inferSelect;
export type FaqSectionRow = typeof faqSections.$inferSelect;
