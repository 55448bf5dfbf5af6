import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { PushWindow } from '../../app/core/push';
import type { Db } from './client';
import type { PushSubscriptionRow } from './schema';
import { pushMutes, pushServiceStatuses, pushSubscriptions, pushWindows } from './schema';

/** The push tables (worker/db/schema/push.ts); the rules are worker/services/push.ts's and app/core/push.ts's. */

/**
 * One subscription per member and endpoint: subscribing again refreshes its keys and language and
 * makes it the newest. A member keeps the newest `keep` devices in a party: the ones subscribed
 * longest ago go in the same batch.
 */
export async function upsertSubscription(db: Db, row: PushSubscriptionRow, keep: number): Promise<void> {
  const ofMember = and(eq(pushSubscriptions.partyId, row.partyId), eq(pushSubscriptions.memberId, row.memberId));
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(ofMember)
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.batch([
    db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: [pushSubscriptions.partyId, pushSubscriptions.memberId, pushSubscriptions.endpoint],
        set: { p256dh: row.p256dh, auth: row.auth, language: row.language, createdAt: row.createdAt },
      }),
    db.delete(pushSubscriptions).where(and(ofMember, notInArray(pushSubscriptions.id, newest))),
  ]);
}

export async function deleteSubscription(db: Db, partyId: string, memberId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.partyId, partyId), eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return deleted.length > 0;
}

/** The members of a party with at least one subscription to it (the room pushes only to them). */
export async function subscribedMembers(db: Db, partyId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ memberId: pushSubscriptions.memberId }).from(pushSubscriptions).where(eq(pushSubscriptions.partyId, partyId));
  return rows.map((row) => row.memberId);
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

/** Everything push keeps of a member in a party: their devices, their window and their mute, in one step. */
export async function forgetMember(db: Db, partyId: string, memberId: string): Promise<void> {
  await db.batch([
    db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.partyId, partyId), eq(pushSubscriptions.memberId, memberId))),
    db.delete(pushWindows).where(and(eq(pushWindows.partyId, partyId), eq(pushWindows.memberId, memberId))),
    db.delete(pushMutes).where(and(eq(pushMutes.partyId, partyId), eq(pushMutes.memberId, memberId))),
  ]);
}

export async function setMuted(db: Db, partyId: string, memberId: string, muted: boolean, at: number): Promise<void> {
  if (muted) await db.insert(pushMutes).values({ partyId, memberId, mutedAt: at }).onConflictDoNothing();
  else await db.delete(pushMutes).where(and(eq(pushMutes.partyId, partyId), eq(pushMutes.memberId, memberId)));
}

export async function isMuted(db: Db, partyId: string, memberId: string): Promise<boolean> {
  const row = await db.query.pushMutes.findFirst({ columns: { mutedAt: true }, where: and(eq(pushMutes.partyId, partyId), eq(pushMutes.memberId, memberId)) });
  return row !== undefined;
}

/**
 * The subscriptions of those recipients who may still hear from the party and have not muted it:
 * the manager, and guests whose membership stands (a removed guest's row keeps `removed_at`; one
 * who left has no row).
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
            sql`NOT EXISTS (SELECT 1 FROM push_mutes u WHERE u.party_id = ${pushSubscriptions.partyId} AND u.member_id = ${pushSubscriptions.memberId})`,
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

const same = <T>(column: Parameters<typeof eq>[0], value: T | null) => (value === null ? isNull(column) : eq(column, value));

/**
 * Replaces the member's window only if it still is `expected` (null: there is none), in one
 * statement: of two consumers that read the same window, one wins and the other reads again.
 * False when it had changed. `next` null deletes it.
 */
export async function replaceWindow(db: Db, partyId: string, memberId: string, expected: PushWindow | null, next: PushWindow | null): Promise<boolean> {
  if (expected === null) {
    if (next === null) return true;
    const inserted = await db
      .insert(pushWindows)
      .values({ partyId, memberId, ...next })
      .onConflictDoNothing()
      .returning({ sentAt: pushWindows.sentAt });
    return inserted.length > 0;
  }
  const unchanged = and(
    eq(pushWindows.partyId, partyId),
    eq(pushWindows.memberId, memberId),
    eq(pushWindows.sentAt, expected.sentAt),
    eq(pushWindows.pending, expected.pending),
    same(pushWindows.pendingSender, expected.pendingSender),
    same(pushWindows.digestDueAt, expected.digestDueAt),
    same(pushWindows.lastMessageId, expected.lastMessageId),
  );
  const changed =
    next === null
      ? await db.delete(pushWindows).where(unchanged).returning({ sentAt: pushWindows.sentAt })
      : await db.update(pushWindows).set(next).where(unchanged).returning({ sentAt: pushWindows.sentAt });
  return changed.length > 0;
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
