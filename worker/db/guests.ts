import { and, asc, desc, eq, getTableColumns, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { prepared } from './client';
import type { PartyRow } from './schema';
import { guestKeys, guests, parties, partyMembers, profiles } from './schema';

/**
 * `guests` and `guest_keys`: guest identities and their devices' keys, as worker/auth/guests.ts
 * creates and verifies them (secrets stored as hashes only), and what a guest account shows.
 */

export type GuestRow = typeof guests.$inferSelect;

/**
 * A new guest with her first device's key, and with `membership` her membership of the party she
 * joins, in one batch (one round trip). Raw SQL, built once: a join storm runs this a thousand
 * times a minute, and drizzle's builder cost more than the statements (ADR 035).
 */
export async function insertGuest(
  db: Db,
  guest: Omit<GuestRow, 'email' | 'pictureKey' | 'pictureType'>,
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
  guest: Omit<GuestRow, 'email' | 'pictureKey' | 'pictureType'>,
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
  const fellow = db
    .select({ one: sql`1` })
    .from(partyMembers)
    .where(and(eq(partyMembers.partyId, sql`${parties.id}`), eq(partyMembers.guestId, viewer.guestId ?? ''), isNull(partyMembers.removedAt)));
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .where(and(eq(partyMembers.guestId, guestId), isNull(partyMembers.removedAt), or(eq(parties.userId, viewer.userId ?? ''), sql`exists ${fellow}`)))
    .limit(1);
  return row !== undefined;
}

/** A guest's memberships (neither left nor removed) with their parties and managers' names: active ones first, then newest. */
export async function guestMemberships(db: Db, guestId: string) {
  return db
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
      member: { firstName: partyMembers.firstName, lastName: partyMembers.lastName },
    })
    .from(partyMembers)
    .innerJoin(parties, eq(parties.id, partyMembers.partyId))
    .leftJoin(profiles, eq(profiles.id, parties.profileId))
    .where(and(eq(partyMembers.guestId, guestId), isNull(partyMembers.removedAt)))
    .orderBy(desc(sql`coalesce(${parties.latestAt}, ${parties.createdAt})`), asc(parties.id));
}
