import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './client';
import type { PartyRow } from './schema';
import { actsAs } from './memberships';
import { guestKeys, guests, parties, partyMembers, profiles, pushMutes, pushSubscriptions, pushWindows } from './schema';

/**
 * `guests` and `guest_keys`: guest identities and their devices' keys, as worker/auth/guests.ts
 * creates and verifies them (secrets stored as hashes only), and what a guest account shows.
 */

export type GuestRow = typeof guests.$inferSelect;
/** What a new guest is made with: a name, nothing else. */
type NewGuestRow = Pick<GuestRow, 'id' | 'firstName' | 'lastName' | 'createdAt'>;

/**
 * A new guest with her first device's key, and with `membership` her membership of the party she
 * joins, in one batch (one round trip). Raw SQL, built once: a join storm runs this a thousand
 * times a minute, and drizzle's builder cost more than the statements (ADR 035).
 */
export async function insertGuest(
  db: Db,
  guest: NewGuestRow,
  key: { id: string; secretHash: string },
  membership?: { partyId: string; isHost: boolean; joinedAt: number },
): Promise<void> {
  const d1 = db.$client;
  const statements = [
    d1.prepare(INSERT_GUEST).bind(guest.id, guest.firstName, guest.lastName, guest.createdAt),
    d1.prepare(INSERT_GUEST_KEY).bind(key.id, guest.id, key.secretHash, guest.createdAt),
  ];
  if (membership) {
    statements.push(
      d1.prepare(INSERT_MEMBERSHIP).bind(membership.partyId, guest.id, guest.firstName, guest.lastName, membership.isHost ? 1 : 0, membership.joinedAt),
    );
  }
  await d1.batch(statements);
}

const INSERT_GUEST = 'INSERT INTO guests (id, first_name, last_name, created_at) VALUES (?, ?, ?, ?)';
const INSERT_GUEST_KEY = 'INSERT INTO guest_keys (id, guest_id, secret_hash, created_at) VALUES (?, ?, ?, ?)';
const INSERT_MEMBERSHIP = 'INSERT INTO party_members (party_id, guest_id, first_name, last_name, is_host, joined_at) VALUES (?, ?, ?, ?, ?, ?)';

/** A party as a join names it: by its id (the API) or by its link's short id (the page). */
export type PartyKey = { partyId: string } | { shortId: string };

/**
 * `insertGuest` for a guest joining a party with nothing but her name: the party is read in the
 * same batch, and the three rows are written only if anyone may join it now (it exists, has no
 * password and has not ended: `isExpired` in app/core/party.ts). One round trip where a join took
 * two; a party with a password, or one that ended, is answered as read and nothing is written.
 * The page names the party by its link, so the batch finds it by its short id (ADR 049).
 */
export async function insertGuestIfOpen(
  db: Db,
  guest: NewGuestRow,
  key: { id: string; secretHash: string },
  membership: PartyKey & { isHost: boolean; joinedAt: number },
): Promise<{ party: PartyRow | undefined; added: boolean }> {
  const d1 = db.$client;
  const byShortId = 'shortId' in membership;
  const sql = byShortId ? BY_SHORT_ID : BY_ID;
  const partyKey = byShortId ? membership.shortId : membership.partyId;
  const open = [partyKey, membership.joinedAt] as const;
  const [read, added] = await d1.batch<Record<string, unknown>>([
    d1.prepare(sql.selectParty).bind(partyKey),
    d1.prepare(sql.guest).bind(guest.id, guest.firstName, guest.lastName, guest.createdAt, ...open),
    d1.prepare(sql.key).bind(key.id, guest.id, key.secretHash, guest.createdAt, ...open),
    d1.prepare(sql.membership).bind(partyKey, guest.id, guest.firstName, guest.lastName, membership.isHost ? 1 : 0, membership.joinedAt, ...open),
  ]);
  const row = read?.results[0];
  return { party: row ? partyFromColumns(row) : undefined, added: (added?.meta.changes ?? 0) > 0 };
}

/** An `INSERT … VALUES (…)` that inserts only while anyone may join the party (its key and the time are bound after the row's values). */
function ifOpen(insert: string, column: 'id' | 'short_id'): string {
  const select = insert.replace(/ VALUES \((.*)\)$/, ' SELECT $1');
  return `${select} WHERE EXISTS (SELECT 1 FROM parties WHERE ${column} = ? AND password_hash IS NULL AND (expires_at IS NULL OR expires_at >= ?))`;
}
const PARTY_COLUMNS = Object.entries(getTableColumns(parties));
const SELECT_PARTY = `SELECT ${PARTY_COLUMNS.map(([, column]) => `"${column.name}"`).join(', ')} FROM parties WHERE`;
const BY_ID = {
  selectParty: `${SELECT_PARTY} id = ?`,
  guest: ifOpen(INSERT_GUEST, 'id'),
  key: ifOpen(INSERT_GUEST_KEY, 'id'),
  membership: ifOpen(INSERT_MEMBERSHIP, 'id'),
};
/** The same by the short id: the membership's party id is looked up in its own statement. */
const BY_SHORT_ID = {
  selectParty: `${SELECT_PARTY} short_id = ?`,
  guest: ifOpen(INSERT_GUEST, 'short_id'),
  key: ifOpen(INSERT_GUEST_KEY, 'short_id'),
  membership: ifOpen(INSERT_MEMBERSHIP.replace('VALUES (?,', 'VALUES ((SELECT id FROM parties WHERE short_id = ?),'), 'short_id'),
};

/** A raw row of `parties` as drizzle would answer it (its columns' own mapping). */
function partyFromColumns(row: Record<string, unknown>): PartyRow {
  return Object.fromEntries(
    PARTY_COLUMNS.map(([key, column]) => [key, row[column.name] === null ? null : column.mapFromDriverValue(row[column.name])]),
  ) as PartyRow;
}

export async function insertGuestKey(db: Db, key: typeof guestKeys.$inferInsert): Promise<void> {
  await db.insert(guestKeys).values(key);
}

/** One key in place of another of the same guest, in one batch. */
export async function replaceKey(db: Db, oldKeyId: string, key: typeof guestKeys.$inferInsert): Promise<void> {
  await db.batch([db.delete(guestKeys).where(and(eq(guestKeys.id, oldKeyId), eq(guestKeys.guestId, key.guestId))), db.insert(guestKeys).values(key)]);
}

/** The key with this secret's hash, if it is one of this guest's. */
export async function guestKeyId(db: Db, guestId: string, secretHash: string): Promise<string | undefined> {
  const query = prepared(db, 'guestKeyId', (d) =>
    d.query.guestKeys
      .findFirst({
        columns: { id: true },
        where: and(eq(guestKeys.secretHash, sql.placeholder('secretHash')), eq(guestKeys.guestId, sql.placeholder('guestId'))),
      })
      .prepare(),
  );
  const row = await query.execute({ secretHash, guestId });
  return row?.id;
}

/** Deletes every key of the guest (signed out on every device); answers the ids that were deleted. */
export async function deleteGuestKeys(db: Db, guestId: string): Promise<string[]> {
  const rows = await db.delete(guestKeys).where(eq(guestKeys.guestId, guestId)).returning({ id: guestKeys.id });
  return rows.map((row) => row.id);
}

export async function guestRow(db: Db, guestId: string): Promise<GuestRow | undefined> {
  return db.query.guests.findFirst({ where: eq(guests.id, guestId) });
}

/** The guest whose address this is (addresses are stored lower case). */
export async function guestByEmail(db: Db, email: string): Promise<GuestRow | undefined> {
  return db.query.guests.findFirst({ where: eq(guests.email, email) });
}

export async function updateGuestRow(db: Db, guestId: string, changes: Partial<Omit<GuestRow, 'id' | 'createdAt'>>): Promise<GuestRow | undefined> {
  const [row] = await db.update(guests).set(changes).where(eq(guests.id, guestId)).returning();
  return row;
}

/**
 * Whether the viewer may see the guest's card: she herself, the manager of a party she is a member
 * of, or a fellow member of such a party (neither removed).
 */
export async function mayViewGuest(db: Db, guestId: string, viewer: { userId: string | null; guestId: string | null }): Promise<boolean> {
  if (viewer.guestId === guestId) return true;
  // A fellow member as herself or as an identity her account took in (ADR 052).
  const fellow = db
    .select({ one: sql`1` })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, sql`${parties.id}`), actsAs(partyMembers.guestId, viewer.guestId ?? ''), isNull(partyMembers.removedAt)));
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(and(eq(partyMembers.guestId, guestId), isNull(partyMembers.removedAt), or(eq(parties.userId, viewer.userId ?? ''), sql`exists ${fellow}`)))
    .limit(1);
  return row !== undefined;
}

/**
 * A guest's memberships (neither left nor removed), hers and those of the identities her account
 * took in (ADR 052), with their parties and managers' names: newest first; one party once (her own
 * membership before one taken in).
 */
export async function guestMemberships(db: Db, guestId: string) {
  const rows = await db
    .select({
      party: {
        id: parties.id,
        shortId: parties.shortId,
        title: parties.title,
        host: parties.host,
        startAt: parties.startAt,
        expiresAt: parties.expiresAt,
        latestSeq: parties.latestSeq,
        latestAt: parties.latestAt,
        latestSenderId: parties.latestSenderId,
        createdAt: parties.createdAt,
        roomJurisdiction: parties.roomJurisdiction,
        roomLocation: parties.roomLocation,
      },
      manager: { firstName: profiles.firstName, lastName: profiles.lastName },
      member: { id: partyMembers.guestId, firstName: partyMembers.firstName, lastName: partyMembers.lastName },
    })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .leftJoin(profiles, eq(profiles.id, parties.profileId))
    .where(and(actsAs(partyMembers.guestId, guestId), isNull(partyMembers.removedAt)))
    .orderBy(desc(sql`coalesce(${parties.latestAt}, ${parties.createdAt})`), asc(parties.id), sql`${partyMembers.guestId} = ${guestId} DESC`);
  return rows.filter((row, index) => index === 0 || rows[index - 1]!.party.id !== row.party.id);
}

/**
 * An account takes in the name-only identity its sign-in found on the device (ADR 052): only one
 * with no address, not taken in before, and not the account itself. Its keys go (the device now
 * holds the account's); true when it was taken in.
 */
export async function takeIn(db: Db, identityId: string, accountId: string): Promise<boolean> {
  if (identityId === accountId) return false;
  const [taken] = await db.batch([
    db
      .update(guests)
      .set({ accountId })
      .where(and(eq(guests.id, identityId), isNull(guests.email), isNull(guests.accountId)))
      .returning({ id: guests.id }),
    db
      .delete(guestKeys)
      .where(and(eq(guestKeys.guestId, identityId), sql`EXISTS (SELECT 1 FROM guests WHERE id = ${identityId} AND account_id = ${accountId})`)),
  ]);
  return taken.length > 0;
}

/**
 * What a guest's deletion takes (ADR 053): her id and those of the identities her account took in
 * (ADR 052), their memberships (removed ones too: the room still holds those) and their pictures.
 */
export async function guestHoldings(
  db: Db,
  guestId: string,
): Promise<{ ids: string[]; memberships: { party: Pick<PartyRow, 'id' | 'roomJurisdiction' | 'roomLocation'>; guestId: string }[]; pictures: string[] }> {
  const rows = await db
    .select({ id: guests.id, pictureKey: guests.pictureKey })
    .from(guests)
    .where(or(eq(guests.id, guestId), eq(guests.accountId, guestId)));
  const ids = rows.map((row) => row.id);
  const memberships =
    ids.length === 0
      ? []
      : await db
          .select({ party: { id: parties.id, roomJurisdiction: parties.roomJurisdiction, roomLocation: parties.roomLocation }, guestId: partyMembers.guestId })
          .from(partyMembers)
          .innerJoin(parties, eq(parties.id, partyMembers.partyId))
          .where(inArray(partyMembers.guestId, ids));
  return { ids, memberships, pictures: rows.flatMap((row) => (row.pictureKey ? [row.pictureKey] : [])) };
}

/**
 * In one batch: the guests' memberships (the names they used), everything push keeps of them, and
 * their rows, whose keys and codes go with them (foreign keys). What a guest's deletion writes.
 */
export async function deleteGuestRows(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.batch([
    db.delete(pushSubscriptions).where(inArray(pushSubscriptions.memberId, ids)),
    db.delete(pushWindows).where(inArray(pushWindows.memberId, ids)),
    db.delete(pushMutes).where(inArray(pushMutes.memberId, ids)),
    db.delete(partyMembers).where(inArray(partyMembers.guestId, ids)),
    // The identities taken in first: their rows name hers.
    db.delete(guests).where(and(inArray(guests.id, ids), isNotNull(guests.accountId))),
    db.delete(guests).where(inArray(guests.id, ids)),
  ]);
}
