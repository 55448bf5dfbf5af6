import { messageMedia } from '../../app/core/chat-media';
import { AppError } from '../../app/core/errors';
import { markerOf } from '../../app/core/markers';
import { isExpired } from '../../app/core/party';
import { can } from '../../app/core/permissions';
import type { Action } from '../../app/core/permissions';
import type { Member } from '../../app/core/protocol';
import type { Db } from '../db/client';
import { deleteMembership, markRemoved, renameMember } from '../db/memberships';
import { ownedPartyRow, updatePartyRow } from '../db/parties';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';
import { activeGuest, managerMember, room, roomFacts } from './parties';
import { forgetMember } from './push';

/**
 * What managers and hosts do to a party and its guests. D1 owns memberships and the party record,
 * so it is written first; the room then follows, tells everyone and closes sockets. Roles are the
 * exception: the room owns them, and D1 follows it (makeHost).
 */

function allow(actor: Member, action: Action, party: PartyRow): void {
  const state = { restrictedMessaging: party.restrictedMessaging, expired: isExpired(party.expiresAt, Date.now()) };
  if (!can(actor, action, state)) throw new AppError(state.expired ? 'partyExpired' : 'forbidden');
}

/** The guest an action is aimed at: an active member of this party. */
async function targetGuest(db: Db, partyId: string, guestId: string): Promise<Member> {
  const target = await activeGuest(db, partyId, guestId);
  if (!target) throw new AppError('notMember');
  return target;
}

export async function removeGuest(env: Env, db: Db, party: PartyRow, actor: Member, guestId: string): Promise<void> {
  const target = await targetGuest(db, party.id, guestId);
  allow(actor, { type: 'removeGuest', target }, party);
  await markRemoved(db, party.id, guestId, Date.now());
  await forgetMember(db, party.id, guestId);
  await room(env, party).dropMember(guestId, 'removed');
}

/**
 * One host at a time: the previous host becomes a guest again. D1 says who is a member; the room
 * judges the roles and makes the change in one step, then D1 follows it (ADR 020).
 */
export async function makeHost(env: Env, db: Db, party: PartyRow, actor: Member, guestId: string): Promise<void> {
  const target = await targetGuest(db, party.id, guestId);
  const outcome = await room(env, party).makeHost(actor, roomFacts(party), target);
  if (!outcome.ok) throw new AppError(outcome.code);
}

export async function setRestriction(env: Env, db: Db, party: PartyRow, actor: Member, restrictedMessaging: boolean): Promise<void> {
  allow(actor, { type: 'restrictMessaging' }, party);
  const updated = await updatePartyRow(db, party.id, { restrictedMessaging, updatedAt: Date.now() });
  await room(env, party).configure(roomFacts(updated!));
}

export async function changeName(env: Env, db: Db, party: PartyRow, actor: Member, names: { firstName: string; lastName: string }): Promise<Member> {
  allow(actor, { type: 'changeOwnName' }, party);
  await renameMember(db, party.id, actor.id, names);
  const member = { ...actor, ...names };
  await room(env, party).addMember(member);
  return member;
}

/**
 * The manager copies messages into another of their parties, as their own messages, in order.
 * Deleted messages are skipped. Each copy's tempId is derived from source, message and target, so
 * forwarding the same messages again does not duplicate them.
 */
export async function forward(env: Env, db: Db, source: PartyRow, actor: Member, messageIds: string[], targetPartyId: string): Promise<number> {
  if (actor.role !== 'manager') throw new AppError('forbidden');
  const target = await ownedPartyRow(db, source.userId, targetPartyId);
  if (!target || target.id === source.id) throw new AppError('partyNotFound');
  if (isExpired(target.expiresAt, Date.now())) throw new AppError('partyExpired');
  const found = await room(env, source).messagesById(actor, messageIds);
  if (!found.ok) throw new AppError(found.code);
  const copies = [];
  for (const message of found.value) {
    if (message.deleted || markerOf(message)) continue;
    // A media message keeps its file; the target party's members may then view it too.
    copies.push({
      tempId: await derivedId(`${source.id}/${message.id}/${target.id}`),
      messageType: message.messageType,
      message: message.message,
      replyingTo: null,
      media: messageMedia(message),
    });
  }
  // The target's room links the files, so its members may view them.
  const result = await room(env, target).postMany(await managerMember(db, target), roomFacts(target), copies);
  if (!result.ok) throw new AppError(result.code);
  return result.value;
}

/** A UUID-shaped id from SHA-256 of a name (deterministic, like a v5 UUID). */
async function derivedId(name: string): Promise<string> {
  const hex = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(name)))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Leaving deletes the membership, where a removal keeps it marked (ADR 007); the guest may join again later. */
export async function leave(env: Env, db: Db, party: PartyRow, actor: Member): Promise<void> {
  if (actor.role === 'manager') throw new AppError('forbidden');
  await deleteMembership(db, party.id, actor.id);
  await forgetMember(db, party.id, actor.id);
  await room(env, party).dropMember(actor.id, 'left');
}
