import { MARKERS } from '#core/markers';
import { SOCKET_CLOSE } from '#core/protocol-version';
import type { Member } from '#core/protocol';
import { rosterMode } from '#core/roster';
import { recordMemberName } from '../../../worker/db/room-writes';
import type { Outcome, RoomFacts } from '../../contract';
import type { EventHandlers, Feature } from '../../kernel/feature';
import type { Room } from '../../kernel/room';
import { ENDED_MEMORY_MS } from '../../kernel/room';
import { allowed, partyState, publicMember } from '../../kernel/rules';
import type { StoredMember } from '../../kernel/store';
import { endedMembership } from '../../kernel/store';
import { HostsInD1, makeOnlyHost } from './hosts';
import { PasswordAttempts } from './passwords';

/**
 * Membership as it changes: a guest joins (the Worker adds her), renames herself, becomes the host,
 * leaves or is removed; and the join's password attempts. The members themselves are the kernel's
 * state (kernel/store.ts); D1 owns memberships and follows the room's names and hosts.
 */
export class Members implements Feature {
  readonly name = 'members';

  /** D1's copy of the hosts, following the room's (hosts.ts). */
  private readonly hosts: HostsInD1;
  private readonly passwords: PasswordAttempts;

  constructor(private readonly room: Room) {
    this.hosts = new HostsInD1(room.env.DB, room.store, room.ctx.storage, () => room.scheduleMirror());
    this.passwords = new PasswordAttempts(room.sql);
  }

  load(): void {
    this.passwords.load();
  }

  readonly events: EventHandlers = {
    guestUpdate: (ws, member, event) => {
      const room = this.room;
      if (!allowed(room, member, { type: 'changeOwnName' })) {
        room.send(ws, { type: 'error', code: member.role !== 'manager' && partyState(room.store, room.now()).expired ? 'partyExpired' : 'forbidden' });
        return;
      }
      const renamed = room.store.upsertMember({ ...publicMember(member), firstName: event.firstName, lastName: event.lastName });
      // D1 owns memberships: a rename is written there too.
      const partyId = room.store.facts?.partyId;
      if (partyId) room.waitUntil(recordMemberName(room.env.DB, partyId, renamed));
      room.broadcast({ type: 'guestUpdate', member: publicMember(renamed) });
    },
  };

  /** A write of the hosts to D1 that failed is made again. */
  mirror(): Promise<void> {
    return this.hosts.retry();
  }

  /**
   * A member the Worker added (a guest's join). A rename of one known tells everyone; a newcomer is
   * news for the next presence frame, and a chat notice only while the room is small (ADR 035).
   */
  add(member: Member, facts: RoomFacts | undefined): void {
    const room = this.room;
    if (facts) room.configure(facts);
    const known = room.store.members.has(member.id);
    const stored = room.store.upsertMember(member);
    if (known) {
      room.broadcast({ type: 'guestUpdate', member: publicMember(stored) });
      return;
    }
    room.memberAdded(publicMember(stored));
  }

  /**
   * A new guest's arrival, kept in the conversation as a notice (a marker message), however the room
   * first heard of her: the join's word (`add`) or, when her socket or call got here first, the
   * kernel's admission (ADR 049).
   */
  memberAdded(member: Member): void {
    const room = this.room;
    const stored = room.store.members.get(member.id);
    if (stored?.role === 'guest' && rosterMode(room.store.activeCount()) === 'full')
      room.append(stored, { tempId: null, messageType: 'text', message: MARKERS.guestJoined, replyingTo: null });
  }

  /** Makes `target` the party's only host, judged by the room (hosts.ts); answers once D1 records the room's hosts. */
  async makeHost(actor: StoredMember, target: Member): Promise<Outcome<null>> {
    const member = this.room.admit(target);
    if (!member) return { ok: false, code: 'notMember' };
    const outcome = makeOnlyHost(this.room, actor, member);
    if (outcome.ok) await this.hosts.write();
    return outcome;
  }

  /** Removed (stays out) or left (may come back): either way their sockets close at once. */
  drop(memberId: string, how: 'removed' | 'left'): void {
    const room = this.room;
    if (how === 'removed') room.store.markRemoved(memberId);
    else room.store.forgetMember(memberId);
    // A call checked before she went may still admit her again here: her tickets stay refused.
    room.store.rememberEnded([endedMembership(memberId)], room.now(), ENDED_MEMORY_MS);
    room.broadcast({ type: 'guestRemoved', guestId: memberId });
    for (const ws of room.sockets.all(memberId)) {
      room.send(ws, { type: 'error', code: how === 'removed' ? 'removed' : 'notMember' });
      room.sockets.close(ws, how === 'removed' ? SOCKET_CLOSE.removed : SOCKET_CLOSE.left, how);
      // Closed from here: no longer online, and nothing more is sent to it.
      room.sockets.unjoin(ws);
    }
    room.memberDropped(memberId);
  }

  /** How far the member has read (0: nothing, or unknown here), for a guest's list of her parties. */
  seenSeqOf(memberId: string): number {
    return this.room.store.members.get(memberId)?.seenSeq ?? 0;
  }

  beginPasswordAttempt(client: string): boolean {
    return this.passwords.begin(client, this.room.now());
  }

  passwordAccepted(client: string): void {
    this.passwords.accepted(client);
  }
}
