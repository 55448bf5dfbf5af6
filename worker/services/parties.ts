import { AppError } from '#core/errors';
import { defaultExpiration, isExpired, partyDatesError } from '#core/party';
import type { PartyInfo } from '#core/party';
import type { RequestRegion } from '#core/data-location';
import type { Member } from '#core/protocol';
import { partyDates } from '#core/schemas';
import { pathOf } from '#core/folders';
import type { FolderTree } from '#core/folders';
import type { JoinParty, PartyInput } from '#core/schemas';
import { hashPassword, shortId, verifyPassword } from '../auth/crypto';
import type { NewGuestCredentials, PartyRead } from '../auth/guests';
import type { PartyKey } from '../db/guests';
import { createGuest, createGuestIfOpen } from '../auth/guests';
import type { Identity } from '../auth/identity';
import type { Db } from '../db/client';
import { activeMembership, activeMemberships, membershipAs, partyWithMembership, upsertMembership, wasRemovedFrom } from '../db/memberships';
import { filesOfParty } from '../db/party-media';
import type { PartyWithManager } from '../db/parties';
import {
  deletePartyRow,
  insertParty,
  markManagerEntered,
  ownedPartyRow,
  partiesWithManagers,
  partyRow,
  partyRowByShortId,
  partyWithManager,
  updatePartyRow,
} from '../db/parties';
import { partyPageRows } from '../db/party-page';
import { guestRow } from '../db/guests';
import { profileNames, profileOptions } from '../db/profiles';
import type { MemberRow, PartyRow } from '../db/schema';
import { userNames } from '../db/users';
import type { Env } from '../env';
import { collectMedia } from '../media/collect';
import type { Outcome, RoomFacts } from '../../durable-objects/contract';
import { partyShelf } from './party-folders';
import type { RoomPlace } from './room-place';
import { newRoomPlace, room } from './room-place';

/** Parties and memberships: the domain functions behind both the API and the pages. */

export interface PartySummary {
  id: string;
  shortId: string;
  title: string;
  host: string | null;
  manager: { id: string; firstName: string; lastName: string } | null;
  start: number | null;
  expiration: number | null;
  passwordProtected: boolean;
  restrictedMessaging: boolean;
  expired: boolean;
  latestMessage: { sender: string; senderName: string; timestamp: number } | null;
  /** How many members asked to host a party of their own, and about the team (ADR 059). */
  leads: { booking: number; team: number };
  /** The latest message is from someone else and the manager has not seen it. */
  unread: boolean;
  /** When the manager last opened the chat. */
  enteredAt: number | null;
  /** The dashboard folder it lies in: folder ids from the top, joined by '/'; empty at the top level (ADR 037). */
  path: string;
  createdAt: number;
}

export { room } from './room-place';

export function roomFacts(party: PartyRow): RoomFacts {
  return {
    partyId: party.id,
    ownerUserId: party.userId,
    restrictedMessaging: party.restrictedMessaging,
    expiresAt: party.expiresAt,
    startAt: party.startAt,
  };
}

/** What the dashboard's summary and a party's link both tell of a party. */
function partyFacts(party: PartyRow, now: number) {
  return {
    id: party.id,
    shortId: party.shortId,
    title: party.title,
    host: party.host,
    start: party.startAt,
    expiration: party.expiresAt,
    passwordProtected: party.passwordHash !== null,
    restrictedMessaging: party.restrictedMessaging,
    expired: isExpired(party.expiresAt, now),
  };
}

function summary({ party, manager }: PartyWithManager, tree: FolderTree, now: number): PartySummary {
  return {
    ...partyFacts(party, now),
    manager,
    latestMessage:
      party.latestAt !== null && party.latestSenderId !== null
        ? { sender: party.latestSenderId, senderName: party.latestSenderName ?? '', timestamp: party.latestAt }
        : null,
    leads: { booking: party.bookingLeads, team: party.teamLeads },
    unread: party.latestSenderId !== null && party.latestSenderId !== party.userId && party.latestSeq > party.managerSeenSeq,
    enteredAt: party.managerEnteredAt,
    path: pathOf(party.folderId, tree),
    createdAt: party.createdAt,
  };
}

/** One query for the parties and their managers' names: no query per party. */
export async function listParties(db: Db, userId: string, now = Date.now()): Promise<PartySummary[]> {
  const [rows, { tree }] = await Promise.all([partiesWithManagers(db, userId), partyShelf(db, userId)]);
  return rows.map((row) => summary(row, tree, now));
}

async function ownedParty(db: Db, userId: string, partyId: string): Promise<PartyRow> {
  const party = await ownedPartyRow(db, userId, partyId);
  if (!party) throw new AppError('partyNotFound');
  return party;
}

/** The profile that will manage the party: the chosen one, or the only one there is. */
async function managerProfile(db: Db, userId: string, requested: string | null | undefined): Promise<string> {
  const own = await profileOptions(db, userId);
  if (requested) {
    if (!own.some((profile) => profile.id === requested)) throw new AppError('profileNotFound');
    return requested;
  }
  if (own.length !== 1) throw new AppError('invalidInput');
  return own[0]!.id;
}

/**
 * A new party, and its room made at once near its consultant (`region`: where her request came
 * from) in the deployment's jurisdiction (ADR 050), before a guest far away could be the first to
 * reach it.
 */
export async function createParty(
  env: Env,
  db: Db,
  userId: string,
  input: PartyInput,
  region: RequestRegion | undefined,
  now = Date.now(),
): Promise<PartySummary> {
  const datesError = partyDatesError(partyDates(input, { start: null, expiration: defaultExpiration(now) }), now, false);
  if (datesError) throw new AppError(datesError);
  const profileId = await managerProfile(db, userId, input.manager);
  const row = newPartyRow({
    id: crypto.randomUUID(),
    userId,
    profileId,
    title: input.title,
    host: input.host || null,
    startAt: input.start ?? null,
    expiresAt: input.expiration === undefined ? defaultExpiration(now) : input.expiration,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    restrictedMessaging: input.restrictedMessaging ?? false,
    ...newRoomPlace(env, region),
    createdAt: now,
    updatedAt: now,
  });
  await insertParty(db, row);
  await room(env, row).configure(roomFacts(row));
  return (await getPartySummary(db, userId, row.id, now))!;
}

/** A new party's row: what its maker chose, a new short id, and nothing written in it yet. */
export function newPartyRow(
  chosen: Pick<
    PartyRow,
    | 'id'
    | 'userId'
    | 'profileId'
    | 'title'
    | 'host'
    | 'startAt'
    | 'expiresAt'
    | 'passwordHash'
    | 'restrictedMessaging'
    | 'roomJurisdiction'
    | 'roomLocation'
    | 'createdAt'
    | 'updatedAt'
  >,
): PartyRow {
  return {
    ...chosen,
    shortId: shortId(),
    latestSeq: 0,
    latestAt: null,
    latestSenderId: null,
    latestSenderName: null,
    managerSeenSeq: 0,
    managerEnteredAt: null,
    bookingLeads: 0,
    teamLeads: 0,
    folderId: null,
  };
}

export async function getPartySummary(db: Db, userId: string, partyId: string, now = Date.now()): Promise<PartySummary | null> {
  const [row, { tree }] = await Promise.all([partyWithManager(db, userId, partyId), partyShelf(db, userId)]);
  return row ? summary(row, tree, now) : null;
}

export async function updateParty(env: Env, db: Db, userId: string, partyId: string, input: PartyInput, now = Date.now()): Promise<PartySummary> {
  const party = await ownedParty(db, userId, partyId);
  // Only dates the edit touches are checked: renaming a party never fails on its stored dates.
  if (input.start !== undefined || input.expiration !== undefined) {
    const datesError = partyDatesError(partyDates(input, { start: party.startAt, expiration: party.expiresAt }), now, true);
    if (datesError) throw new AppError(datesError);
  }
  const changes: Partial<PartyRow> = {
    title: input.title,
    host: input.host === undefined ? party.host : input.host || null,
    startAt: input.start === undefined ? party.startAt : input.start,
    expiresAt: input.expiration === undefined ? party.expiresAt : input.expiration,
    restrictedMessaging: input.restrictedMessaging ?? party.restrictedMessaging,
    updatedAt: now,
  };
  if (input.manager !== undefined) changes.profileId = await managerProfile(db, userId, input.manager);
  if (input.password !== undefined) changes.passwordHash = input.password ? await hashPassword(input.password) : null;
  const updated = await updatePartyRow(db, partyId, changes);
  // Open sockets learn of a changed restriction or expiration at once; another managing profile
  // renames the manager in the room.
  await room(env, updated!).configure(roomFacts(updated!));
  if (updated!.profileId !== party.profileId) await room(env, updated!).addMember(await managerMember(db, updated!));
  return (await getPartySummary(db, userId, partyId, now))!;
}

export async function deleteParty(env: Env, db: Db, userId: string, partyId: string): Promise<void> {
  const party = await ownedParty(db, userId, partyId);
  // Read before the party's links go with it: these files may now be nobody's.
  const files = await filesOfParty(env.DB, partyId);
  await deletePartyRow(db, partyId);
  await room(env, party).destroy();
  // Should this stop halfway, the cron's cleanup finds the same files.
  await collectMedia(env, files);
}

export async function managerMember(db: Db, party: PartyRow): Promise<Member> {
  const { firstName, lastName } = await managerNames(db, party);
  return { id: party.userId, firstName, lastName, role: 'manager' };
}

/** The managing profile's names and public page, or the user's names for a party without one. */
async function managerNames(db: Db, party: PartyRow): Promise<{ firstName: string; lastName: string; profileShortId: string | null }> {
  const profile = party.profileId ? await profileNames(db, party.profileId) : undefined;
  const names = profile ?? (await userNames(db, party.userId));
  return { firstName: names?.firstName ?? '', lastName: names?.lastName ?? '', profileShortId: profile?.shortId ?? null };
}

/**
 * Who the request is in this party: its manager (the consultant who owns it, under the managing
 * profile's name), a guest with an active membership (host or guest; hers, or one her account took
 * in: ADR 052), or nobody.
 */
export async function memberOf(db: Db, party: PartyRow, identity: Identity): Promise<Member | null> {
  if (identity.consultant?.userId === party.userId) return managerMember(db, party);
  const row = identity.guest ? await membershipAs(db, party.id, identity.guest.guestId) : undefined;
  return row ? guestMember(row) : null;
}

/**
 * The requester's membership of the party, or the reason they have none. Guests of an expired
 * party are told it is over (unless `evenEnded`: what stays theirs after the end); its manager
 * may still read it.
 */
export async function memberInParty(db: Db, partyId: string, identity: Identity, { evenEnded = false } = {}): Promise<{ party: PartyRow; member: Member }> {
  const { party, member } = await partyAndMember(db, partyId, identity);
  if (!member) {
    if (identity.consultantExpired) throw new AppError('sessionExpired');
    throw new AppError(identity.consultant || identity.guest ? 'notMember' : 'unauthorized');
  }
  if (!evenEnded && member.role !== 'manager' && isExpired(party.expiresAt, Date.now())) throw new AppError('partyExpired');
  return { party, member };
}

/** The party and who the request is in it (null: nobody), as memberOf says, with one read for a guest's request. */
async function partyAndMember(db: Db, partyId: string, identity: Identity): Promise<{ party: PartyRow; member: Member | null }> {
  const row = identity.guest
    ? await guestPartyRow(db, partyId, identity.guest.guestId, identity.partyRead)
    : { party: await findParty(db, partyId), membership: null };
  if (!row) throw new AppError('partyNotFound');
  if (identity.consultant?.userId === row.party.userId) return { party: row.party, member: await managerMember(db, row.party) };
  return { party: row.party, member: row.membership ? guestMember(row.membership) : null };
}

/** A guest's party and membership: as her identity read them with her key, or read now. */
async function guestPartyRow(db: Db, partyId: string, guestId: string, read: PartyRead | null) {
  if (read?.partyId !== partyId) return partyWithMembership(db, partyId, guestId);
  return read.party ? { party: read.party, membership: read.membership } : undefined;
}

function guestMember(row: MemberRow): Member {
  return { id: row.guestId, firstName: row.firstName, lastName: row.lastName, role: row.isHost ? 'host' : 'guest' };
}

/** A guest's membership of a party, unless they left or were removed. */
export async function activeGuest(db: Db, partyId: string, guestId: string): Promise<Member | null> {
  const row = await activeMembership(db, partyId, guestId);
  return row ? guestMember(row) : null;
}

export async function findParty(db: Db, partyId: string): Promise<PartyRow> {
  const party = await partyRow(db, partyId);
  if (!party) throw new AppError('partyNotFound');
  return party;
}

export async function findPartyByShortId(db: Db, shortIdValue: string): Promise<PartyRow> {
  const party = await partyRowByShortId(db, shortIdValue);
  if (!party) throw new AppError('partyNotFound');
  return party;
}

/**
 * Who the request is in a party it may no longer open (a guest's, once it ended), by the link's
 * short id: the page shows that member's messages kept on the device as not sent.
 */
export async function memberByShortId(db: Db, shortIdValue: string, identity: Identity): Promise<{ partyId: string; memberId: string } | null> {
  const party = await findPartyByShortId(db, shortIdValue);
  const me = await memberOf(db, party, identity);
  return me ? { partyId: party.id, memberId: me.id } : null;
}

/**
 * Party info by the link's short id. Guests of an expired party are told it is over; its manager
 * may still open and read it.
 */
export async function partyInfo(db: Db, shortIdValue: string, identity: Identity, now = Date.now()): Promise<PartyInfo> {
  return (await openParty(db, shortIdValue, identity, now)).party;
}

/** A signed-in guest who is not yet a member joins under her account's names (ADR 034). */
export interface JoiningAs {
  firstName: string;
  lastName: string;
  /** Her account has an address. */
  claimed: boolean;
}

/**
 * What a party's link opens: its info and, for a signed-in guest who is not yet a member, the names
 * she would join with. A guest's page reads it all in one round trip with her key (the identity's
 * `partyPage`, ADR 049); a visitor without credentials in one query here.
 */
export async function openParty(
  db: Db,
  shortIdValue: string,
  identity: Identity,
  now = Date.now(),
): Promise<{ party: PartyInfo; joiningAs: JoiningAs | null; room: RoomPlace }> {
  const page = identity.partyPage?.shortId === shortIdValue ? identity.partyPage : null;
  const rows = page ?? (await partyPageRows(db, shortIdValue, null));
  const party = rows.party;
  if (!party) throw new AppError('partyNotFound');
  const manager = rows.manager!;
  const guestId = identity.guest?.guestId;
  let me: Member | null = null;
  if (identity.consultant?.userId === party.userId) me = { id: party.userId, firstName: manager.firstName, lastName: manager.lastName, role: 'manager' };
  else if (guestId) {
    // Hers, or that of an identity her account took in (ADR 052).
    const membership = page ? page.membership : await membershipAs(db, party.id, guestId);
    me = membership && membership.removedAt === null ? guestMember(membership) : null;
  }
  // A removed guest learns so when the party loads (ADR 013), rather than meeting a join dialog whose every answer is "removed".
  if (!me && guestId && (page ? page.membership?.removedAt != null : await wasRemovedFrom(db, party.id, guestId))) throw new AppError('removed');
  const facts = partyFacts(party, now);
  if (facts.expired && me?.role !== 'manager') throw new AppError('partyExpired');
  const account = !me && guestId ? (page ? page.guest : await guestRow(db, guestId)) : null;
  return {
    party: { ...facts, manager, me },
    joiningAs: account ? { firstName: account.firstName, lastName: account.lastName, claimed: account.email !== null } : null,
    room: party,
  };
}

/** Opening a party marks its chat timestamp (GET /parties/{id}/chatTimestamp); only its manager's visits count. */
export async function markEntered(db: Db, party: { id: string }, userId: string, now = Date.now()): Promise<void> {
  await markManagerEntered(db, party.id, userId, now);
}

export async function partyGuests(db: Db, partyId: string): Promise<Member[]> {
  return (await activeMemberships(db, partyId)).map(guestMember);
}

export interface JoinResult {
  /** The party joined, as read in the join. */
  party: PartyRow;
  member: Member;
  /** Present when the join created a new guest identity: the caller stores it (cookie or app). */
  credentials: NewGuestCredentials | null;
}

/** Work a request starts but does not wait for (an ExecutionContext's `waitUntil`). */
export type Later = (work: Promise<unknown>) => void;

/**
 * The room learns of a joined member after the join has answered (ADR 049): for a guest far from
 * the party's room that is one transatlantic round trip less before her chat. Her socket's ticket
 * finds her in the room, or (should her socket come first) the room sends it back and the Worker
 * admits her from D1, so the order never matters; a failure is logged, her membership stands in D1.
 */
function tellRoom(env: Env, party: PartyRow, member: Member, later: Later): void {
  later(
    room(env, party)
      .addMember(member, roomFacts(party))
      .catch((error: unknown) => console.error('telling the room of a join failed', party.id, error instanceof Error ? error.message : error)),
  );
}

/**
 * A guest joins with a first and last name (and the password, if the party has one); the party is
 * named by its id (the API) or its link's short id (the page), read in the join's first round trip. Wrong
 * passwords are counted per party and client; past the limit joins are refused for a while. The
 * room is told with `later` (`tellRoom`).
 */
export async function joinParty(
  env: Env,
  db: Db,
  which: PartyKey,
  identity: Identity,
  input: JoinParty,
  client: string,
  later: Later,
  now = Date.now(),
): Promise<JoinResult> {
  const names = { firstName: input.firstName, lastName: input.lastName };
  let party: PartyRow | undefined;
  if (!identity.consultant && !identity.guest) {
    // Nobody signed in: a new guest, written in the batch that reads the party if it is open to
    // her (one D1 round trip, where a join storm spent its CPU); otherwise the party as read.
    const added = await createGuestIfOpen(db, names, which, now);
    party = added.party;
    if (party && added.credentials) {
      const member: Member = { id: added.credentials.id, ...names, role: 'guest' };
      tellRoom(env, party, member, later);
      return { party, member, credentials: added.credentials };
    }
  } else party = 'shortId' in which ? await partyRowByShortId(db, which.shortId) : await partyRow(db, which.partyId);
  if (!party) throw new AppError('partyNotFound');
  if (isExpired(party.expiresAt, now)) throw new AppError('partyExpired');
  if (identity.consultant?.userId === party.userId) return { party, member: await managerMember(db, party), credentials: null };

  const partyRoom = room(env, party);
  if (party.passwordHash) {
    // The attempt is counted before the check, in the room (one writer), so parallel guesses
    // cannot slip past the limit; a right password gives the attempt back.
    if (!(await partyRoom.beginPasswordAttempt(client))) throw new AppError('tooManyAttempts');
    if (!(await verifyPassword(input.password ?? '', party.passwordHash))) throw new AppError('wrongPassword');
    await partyRoom.passwordAccepted(client);
  }

  let credentials: NewGuestCredentials | null = null;
  let member: Member;
  const guestId = identity.guest?.guestId;
  if (guestId) {
    if (await wasRemovedFrom(db, party.id, guestId)) throw new AppError('removed');
    // A member already, as herself or as an identity her account took in: her names there change.
    const read = identity.partyRead?.partyId === party.id ? identity.partyRead.membership : await membershipAs(db, party.id, guestId);
    const memberId = read?.guestId ?? guestId;
    member = guestMember(await upsertMembership(db, { partyId: party.id, guestId: memberId, ...names, isHost: false, joinedAt: now }));
  } else {
    // A new guest the batch above did not add (a party with a password, or a consultant joining as a guest).
    credentials = await createGuest(db, names, now, { partyId: party.id, isHost: false, joinedAt: now });
    member = { id: credentials.id, ...names, role: 'guest' };
  }
  tellRoom(env, party, member, later);
  return { party, member, credentials };
}

/** A room's answer as the value, or its refusal as the error the client sees. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new AppError(outcome.code);
  return outcome.value;
}
