import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import type { GuestRow } from './guests';
import { actsAs, ownFirst } from './memberships';
import type { MemberRow, PartyRow } from './schema';
import { guestKeys, guests, parties, partyMembers, profiles, users } from './schema';

/**
 * What a party's link opens, read in one round trip (ADR 049): the party by its short id with its
 * manager's names, and with a guest's credentials her key, her membership of it (also a removed
 * one; hers or one her account took in) and her own row. A guest far from the database pays one trip before her page renders.
 */

/** The managing profile's names and public page, or the user's names for a party without one. */
export interface ManagerNames {
  firstName: string;
  lastName: string;
  profileShortId: string | null;
}

export interface PartyPageRows {
  shortId: string;
  party: PartyRow | null;
  manager: ManagerNames | null;
  /** With a guest's credentials: her key's id when the secret is hers (else null, and nothing below counts). */
  keyId: string | null;
  /** Her membership of the party, also one she was removed from (`removedAt`). */
  membership: MemberRow | null;
  guest: GuestRow | null;
}

function partyWithManagerNames(db: Db, shortId: string) {
  return db
    .select({
      party: parties,
      profile: { firstName: profiles.firstName, lastName: profiles.lastName, shortId: profiles.shortId },
      user: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(parties)
    .leftJoin(profiles, eq(profiles.id, parties.profileId))
    .leftJoin(users, eq(users.id, parties.userId))
    .where(eq(parties.shortId, shortId));
}

/** As the manager's names were read one by one before: the profile's, else the user's, else empty. */
function managerOf(row: {
  profile: { firstName: string; lastName: string; shortId: string | null } | null;
  user: { firstName: string; lastName: string } | null;
}) {
  const names = row.profile ?? row.user;
  return { firstName: names?.firstName ?? '', lastName: names?.lastName ?? '', profileShortId: row.profile?.shortId ?? null };
}

export async function partyPageRows(db: Db, shortId: string, guest: { id: string; secretHash: string } | null): Promise<PartyPageRows> {
  if (!guest) {
    const [row] = await partyWithManagerNames(db, shortId);
    return { shortId, party: row?.party ?? null, manager: row ? managerOf(row) : null, keyId: null, membership: null, guest: null };
  }
  const [[row], [key], [membership], [guestRow]] = await db.batch([
    partyWithManagerNames(db, shortId),
    db
      .select({ id: guestKeys.id })
      .from(guestKeys)
      .where(and(eq(guestKeys.secretHash, guest.secretHash), eq(guestKeys.guestId, guest.id))),
    // Hers, or that of an identity her account took in (ADR 052): an active one first, then her own.
    db
      .select()
      .from(partyMembers)
      .where(
        and(
          actsAs(partyMembers.guestId, guest.id),
          eq(partyMembers.partyId, sql`(SELECT ${parties.id} FROM ${parties} WHERE ${parties.shortId} = ${shortId})`),
        ),
      )
      .orderBy(sql`${partyMembers.removedAt} IS NULL DESC`, ...ownFirst(guest.id))
      .limit(1),
    db.select().from(guests).where(eq(guests.id, guest.id)),
  ]);
  return {
    shortId,
    party: row?.party ?? null,
    manager: row ? managerOf(row) : null,
    keyId: key?.id ?? null,
    membership: key ? (membership ?? null) : null,
    guest: key ? (guestRow ?? null) : null,
  };
}
