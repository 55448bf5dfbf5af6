import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { parties } from './parties';

/**
 * Web Push (ADR 029): subscriptions, the per-member windows and mutes, and the push services'
 * answers.
 */

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

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushWindowRow = typeof pushWindows.$inferSelect;
