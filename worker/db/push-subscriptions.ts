import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PushWindow } from '../../app/core/push';
import type { Db } from './client';
import type { PushSubscriptionRow } from './schema';
import { pushServiceStatuses, pushSubscriptions, pushWindows } from './schema';

/** The push tables (worker/db/schema.ts); the rules are worker/services/push.ts's and app/core/push.ts's. */

/** One subscription per member and endpoint: subscribing again refreshes its keys and language. */
export async function upsertSubscription(db: Db, row: PushSubscriptionRow): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: [pushSubscriptions.partyId, pushSubscriptions.memberId, pushSubscriptions.endpoint],
      set: { p256dh: row.p256dh, auth: row.auth, language: row.language },
    });
}

export async function deleteSubscription(db: Db, partyId: string, memberId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.partyId, partyId), eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Every member's subscriptions in the party. */
export function memberSubscriptions(db: Db, partyId: string, memberId: string): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.partyId, partyId), eq(pushSubscriptions.memberId, memberId)));
}

/**
 * The subscriptions of those recipients who may still hear from the party: the manager, and guests
 * whose membership stands (a removed guest's row keeps `removed_at`; one who left has no row).
 */
export async function reachableSubscriptions(db: Db, partyId: string, ownerUserId: string, recipients: string[]): Promise<PushSubscriptionRow[]> {
  if (recipients.length === 0) return [];
  const rows: PushSubscriptionRow[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < recipients.length; i += 90) {
    const chunk = recipients.slice(i, i + 90);
    rows.push(
      ...(await db
        .select()
        .from(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.partyId, partyId),
            inArray(pushSubscriptions.memberId, chunk),
            sql`(${pushSubscriptions.memberId} = ${ownerUserId} OR EXISTS (SELECT 1 FROM party_members m WHERE m.party_id = ${pushSubscriptions.partyId} AND m.guest_id = ${pushSubscriptions.memberId} AND m.removed_at IS NULL))`,
          ),
        )),
    );
  }
  return rows;
}

export async function readWindow(db: Db, partyId: string, memberId: string): Promise<PushWindow | null> {
  const row = await db.query.pushWindows.findFirst({ where: and(eq(pushWindows.partyId, partyId), eq(pushWindows.memberId, memberId)) });
  return row
    ? { sentAt: row.sentAt, pending: row.pending, pendingSender: row.pendingSender, digestDueAt: row.digestDueAt, lastMessageId: row.lastMessageId }
    : null;
}

export async function writeWindow(db: Db, partyId: string, memberId: string, window: PushWindow): Promise<void> {
  await db
    .insert(pushWindows)
    .values({ partyId, memberId, ...window })
    .onConflictDoUpdate({ target: [pushWindows.partyId, pushWindows.memberId], set: window });
}

/** Counts one answer of a push service (its origin) by status code. */
export async function countServiceStatus(db: Db, service: string, status: number, at: number): Promise<void> {
  await db
    .insert(pushServiceStatuses)
    .values({ service, status, count: 1, lastAt: at })
    .onConflictDoUpdate({
      target: [pushServiceStatuses.service, pushServiceStatuses.status],
      set: { count: sql`${pushServiceStatuses.count} + 1`, lastAt: at },
    });
}
