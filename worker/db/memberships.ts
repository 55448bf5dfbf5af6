import type { Placeholder, SQLWrapper } from 'drizzle-orm';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './client';
import type { MemberRow, PartyRow } from './schema';
import { guestKeys, parties, partyMembers } from './schema';

/**
 * `party_members`: guests' memberships of parties. A removal keeps the row, marked, so the guest
 * cannot slip back in; leaving deletes it (ADR 007). The manager has no row: the party names them.
 */

const membership = (partyId: string | Placeholder, guestId: string | Placeholder) => and(eq(partyMembers.partyId, partyId), eq(partyMembers.guestId, guestId));

/**
 * Whether `memberId` is one of the identities guest `guestId` acts as: herself, or a name-only
 * identity her account took in at a sign-in on its device (`guests.account_id`, ADR 052). One IN
 * over a union, so a membership is still found by its key (party, guest), never by a scan of a
 * party's members.
 */
export const actsAs = (memberId: SQLWrapper, guestId: string | Placeholder | SQLWrapper) =>
  // The table by its plain name: drizzle's relational queries would name its columns by their own alias.
  sql`${memberId} IN (SELECT ${guestId} UNION ALL SELECT id FROM guests WHERE account_id = ${guestId})`;

/** Of several memberships of one party (hers and one taken in), her own first, then the earliest. */
export const ownFirst = (guestId: string | Placeholder | SQLWrapper) => [sql`${partyMembers.guestId} = ${guestId} DESC`, asc(partyMembers.joinedAt)];

/** The guest's membership, unless they left or were removed. */
export async function activeMembership(db: Db, partyId: string, guestId: string): Promise<MemberRow | undefined> {
  const query = prepared(db, 'activeMembership', (d) =>
    d.query.partyMembers
      .findFirst({ where: and(membership(sql.placeholder('partyId'), sql.placeholder('guestId')), isNull(partyMembers.removedAt)) })
      .prepare(),
  );
  return query.execute({ partyId, guestId });
}

/**
 * The active membership a signed-in guest has in the party: her own, or that of an identity her
 * account took in (`actsAs`); who she is there.
 */
export async function membershipAs(db: Db, partyId: string, guestId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, partyId), actsAs(partyMembers.guestId, guestId), isNull(partyMembers.removedAt)))
    .orderBy(...ownFirst(guestId))
    .limit(1);
  return row;
}

/**
 * The party and the guest's active membership of it (null when she has none; as `membershipAs`
 * finds it), in one query: every socket and API call of a guest needs both, and a join storm's
 * profile showed the round trips.
 */
export async function partyWithMembership(db: Db, partyId: string, guestId: string): Promise<{ party: PartyRow; membership: MemberRow | null } | undefined> {
  const query = prepared(db, 'partyWithMembership', (d) =>
    d
      .select({ party: parties, membership: partyMembers })
      .from(parties)
      .leftJoin(
        partyMembers,
        and(eq(partyMembers.partyId, parties.id), actsAs(partyMembers.guestId, sql.placeholder('guestId')), isNull(partyMembers.removedAt)),
      )
      .where(eq(parties.id, sql.placeholder('partyId')))
      .orderBy(...ownFirst(sql.placeholder('guestId')))
      .limit(1)
      .prepare(),
  );
  const [row] = await query.execute({ partyId, guestId });
  return row;
}

/**
 * A guest's key checked together with the party and her active membership of it, in one query:
 * every call a guest makes to a party, her socket above all, needs all three, and in a join storm
 * each D1 round trip cost more CPU than the work around it (ADR 035). The membership is hers or
 * one her account took in (`actsAs`). No row: the key is not hers.
 */
export async function guestKeyWithParty(
  db: Db,
  guestId: string,
  secretHash: string,
  partyId: string,
): Promise<{ keyId: string; party: PartyRow | null; membership: MemberRow | null } | undefined> {
  const query = prepared(db, 'guestKeyWithParty', (d) =>
    d
      .select({ keyId: guestKeys.id, party: parties, membership: partyMembers })
      .from(guestKeys)
      .leftJoin(parties, eq(parties.id, sql.placeholder('partyId')))
      .leftJoin(partyMembers, and(eq(partyMembers.partyId, parties.id), actsAs(partyMembers.guestId, guestKeys.guestId), isNull(partyMembers.removedAt)))
      .where(and(eq(guestKeys.secretHash, sql.placeholder('secretHash')), eq(guestKeys.guestId, sql.placeholder('guestId'))))
      .orderBy(...ownFirst(guestKeys.guestId))
      .limit(1)
      .prepare(),
  );
  const [row] = await query.execute({ guestId, secretHash, partyId });
  return row;
}

/** The party's guests who neither left nor were removed, in the order they joined. */
export async function activeMemberships(db: Db, partyId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, partyId), isNull(partyMembers.removedAt)))
    .orderBy(asc(partyMembers.joinedAt));
}

/**
 * Whether the manager or the host removed this guest from the party (leaving deletes the row
 * instead), as herself or as an identity her account took in: removed, she does not come back as another.
 */
export async function wasRemovedFrom(db: Db, partyId: string, guestId: string): Promise<boolean> {
  const row = await db.query.partyMembers.findFirst({
    columns: { removedAt: true },
    where: and(eq(partyMembers.partyId, partyId), actsAs(partyMembers.guestId, guestId), isNotNull(partyMembers.removedAt)),
  });
  return row !== undefined;
}

/** A new membership, or the guest's names in the one they have; answers it as stored. */
export async function upsertMembership(db: Db, row: Omit<MemberRow, 'removedAt'>): Promise<MemberRow> {
  const names = { firstName: row.firstName, lastName: row.lastName };
  const [stored] = await db
    .insert(partyMembers)
    .values(row)
    .onConflictDoUpdate({ target: [partyMembers.partyId, partyMembers.guestId], set: names })
    .returning();
  return stored!;
}

/** Marks the membership removed; a removed guest is no host. */
export async function markRemoved(db: Db, partyId: string, guestId: string, now: number): Promise<void> {
  await db.update(partyMembers).set({ removedAt: now, isHost: false }).where(membership(partyId, guestId));
}

/** The name the guest uses in this party. */
export async function renameMember(db: Db, partyId: string, guestId: string, names: { firstName: string; lastName: string }): Promise<void> {
  await db.update(partyMembers).set(names).where(membership(partyId, guestId));
}

export async function deleteMembership(db: Db, partyId: string, guestId: string): Promise<void> {
  await db.delete(partyMembers).where(membership(partyId, guestId));
}
