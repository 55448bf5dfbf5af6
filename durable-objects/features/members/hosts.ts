import type { Outcome } from '../../contract';
import type { Room } from '../../kernel/room';
import { allowed, expiredOrForbidden, publicMember } from '../../kernel/rules';
import type { RoomStore, StoredMember } from '../../kernel/store';
import { recordHosts } from '../../../worker/db/room-writes';

/**
 * Who is host. The room is the one judge (ADR 020): "make X the only host" is one step inside the
 * object, so two calls at once for different guests end with exactly one host, and members it
 * knows keep the role it gave them whatever the Worker read from D1. D1 follows the room
 * (`HostsInD1` below), so the pages' guest lists and the Worker's own checks agree with it.
 */

/** Makes `target` the party's only host; the previous host becomes a guest. Everyone is told. */
export function makeOnlyHost(room: Room, actor: StoredMember, target: StoredMember): Outcome<null> {
  if (!allowed(room, actor, { type: 'makeHost', target })) return { ok: false, code: expiredOrForbidden(room) };
  const changed = room.store.transaction(() => {
    const demoted = [...room.store.members.values()].filter((member) => member.role === 'host' && member.id !== target.id);
    return [...demoted, target].map((member) => room.store.setRole(member.id, member === target ? 'host' : 'guest')!);
  });
  for (const member of changed) room.broadcast({ type: 'guestUpdate', member: publicMember(member) });
  return { ok: true, value: null };
}

/** The hosts as the room holds them now (a removed member is no one's host). */
export function hostIds(store: RoomStore): string[] {
  return [...store.members.values()].filter((member) => member.role === 'host' && !member.removed).map((member) => member.id);
}

/** The storage key of a write to D1 that failed and is still owed (an evicted room owes it too). */
const OWED = 'hostsUnrecorded';

/**
 * D1 follows the room: each write sets D1's hosts to the room's as they are when the write starts,
 * and the writes run one after another. In a row, the last write always carries the room's final
 * state, whereas two writes in flight at once could land in either order. A write that fails is
 * owed, and the room's next mirror makes it (`retry`).
 */
export class HostsInD1 {
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly d1: D1Database,
    private readonly store: RoomStore,
    private readonly storage: DurableObjectStorage,
    /** Asks for the mirror, which calls `retry`. */
    private readonly retryLater: () => void,
  ) {}

  write(): Promise<void> {
    const next = this.last.then(async () => {
      const partyId = this.store.facts?.partyId;
      if (!partyId) return;
      try {
        await recordHosts(this.d1, partyId, hostIds(this.store));
        await this.storage.delete(OWED);
      } catch (error) {
        await this.storage.put(OWED, true);
        this.retryLater();
        throw error;
      }
    });
    this.last = next.catch(() => undefined);
    return next;
  }

  /** Makes a write that failed; a new failure stays owed. */
  async retry(): Promise<void> {
    if (await this.storage.get<boolean>(OWED)) await this.write().catch(() => undefined);
  }
}
