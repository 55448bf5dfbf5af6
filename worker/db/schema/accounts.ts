import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Consultants' accounts: users, their sessions and sign-in states, profiles, settings, and account
 * deletion.
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

export type UserRow = typeof users.$inferSelect;
export type AccountDeletionTokenRow = typeof accountDeletionTokens.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type SettingsRow = typeof userSettings.$inferSelect;
