import type { ErrorCode } from '#core/errors';
import { LIMITS } from '#core/limits';
import { isExpired } from '#core/party';
import type { Action, PartyState } from '#core/permissions';
import { can } from '#core/permissions';
import type { Member } from '#core/protocol';
import type { RoomStore, StoredMember } from './store';

/**
 * The permission check, as every feature asks it: the pure rule (`can`, app/core/permissions.ts)
 * over the room's own record of the member and the party. The sender and role always come from
 * that record, never from a frame or a call.
 */

/** What a rule needs of the room: its store and its clock. */
export interface RuleContext {
  readonly store: RoomStore;
  now(): number;
}

export const fail = (code: ErrorCode) => ({ ok: false, code }) as const;

export function partyState(store: RoomStore, now: number): PartyState {
  const facts = store.facts;
  return { restrictedMessaging: facts?.restrictedMessaging ?? false, expired: isExpired(facts?.expiresAt ?? null, now) };
}

export function allowed(room: RuleContext, member: StoredMember, action: Action): boolean {
  return can({ id: member.id, role: member.role }, action, partyState(room.store, room.now()));
}

/** Why an action was refused, in the words the client shows. */
export function refusal(room: RuleContext): ErrorCode {
  const state = partyState(room.store, room.now());
  if (state.expired) return 'partyExpired';
  if (state.restrictedMessaging) return 'restricted';
  return 'forbidden';
}

/** Why a member may not: the party is over, or it is not theirs to do. */
export function expiredOrForbidden(room: RuleContext): ErrorCode {
  return partyState(room.store, room.now()).expired ? 'partyExpired' : 'forbidden';
}

export function publicMember(member: StoredMember): Member {
  return { id: member.id, firstName: member.firstName, lastName: member.lastName, role: member.role };
}

/** Per-member token bucket for sends (socket and API alike): a burst, then a steady rate. */
export class SendLimiter {
  private tokens: number = LIMITS.sendBurst;
  private last: number;
  constructor(now: number) {
    this.last = now;
  }
  take(now: number): boolean {
    this.tokens = Math.min(LIMITS.sendBurst, this.tokens + ((now - this.last) / 1000) * LIMITS.sendPerSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
