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

/**
 * The party by its short id with its manager's names. Every column has a name of its own: D1's
 * batch answers rows as objects keyed by column name, so two columns of one name (the party's and
 * the profile's `short_id`, the profile's and the user's `first_name`) would collapse into one and
 * shift every value after them in drizzle's mapping (a member's page lost her consultant's profile).
 */
function partyWithManagerNames(db: Db, shortId: string) {
  return db
    .select({
      party: parties,
      profileId: sql<string | null>`${profiles.id}`.as('manager_profile_id'),
      profileFirstName: sql<string | null>`${profiles.firstName}`.as('manager_profile_first_name'),
      profileLastName: sql<string | null>`${profiles.lastName}`.as('manager_profile_last_name'),
      profileShortId: sql<string | null>`${profiles.shortId}`.as('manager_profile_short_id'),
      userFirstName: sql<string | null>`${users.firstName}`.as('manager_user_first_name'),
      userLastName: sql<string | null>`${users.lastName}`.as('manager_user_last_name'),
    })
    .from(parties)
    .leftJoin(profiles, eq(profiles.id, parties.profileId))
    .leftJoin(users, eq(users.id, parties.userId))
    .where(eq(parties.shortId, shortId));
}

/** As the manager's names were read one by one before: the profile's, else the user's, else empty. */
function managerOf(row: {
  profileId: string | null;
  profileFirstName: string | null;
  profileLastName: string | null;
  profileShortId: string | null;
  userFirstName: string | null;
  userLastName: string | null;
}): ManagerNames {
  if (row.profileId !== null) return { firstName: row.profileFirstName ?? '', lastName: row.profileLastName ?? '', profileShortId: row.profileShortId };
  return { firstName: row.userFirstName ?? '', lastName: row.userLastName ?? '', profileShortId: null };
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
