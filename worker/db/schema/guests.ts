import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Guests: their identities and device keys, their sign-in codes, and the rate counters that limit
 * those codes.
 */

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
    /** The account (a guest with an address) that took this name-only identity in at a sign-in on its device (ADR 052). */
    accountId: text('account_id').references((): AnySQLiteColumn => guests.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  // Partial: nearly every guest has no account_id, and a full index's statistics would make SQLite
  // scan the table instead (measured: ADR 052).
  (t) => [
    uniqueIndex('guests_email_idx').on(t.email),
    index('guests_account_idx')
      .on(t.accountId)
      .where(sql`${t.accountId} IS NOT NULL`),
  ],
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
    purpose: text('purpose', { enum: ['login', 'claim', 'delete'] }).notNull(),
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

export type GuestRow = typeof guests.$inferSelect;
