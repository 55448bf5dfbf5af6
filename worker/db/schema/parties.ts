import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { profiles, sessions, users } from './accounts';
import { guests } from './guests';

/**
 * Parties: the party records and their dashboard folders, guests' memberships, and which sessions
 * opened which party.
 */

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

export type PartyRow = typeof parties.$inferSelect;
export type MemberRow = typeof partyMembers.$inferSelect;
