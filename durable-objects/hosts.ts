import type { ErrorCode } from '../app/core/errors';
import type { Outcome, Room } from './handlers';
import { allowed, partyState, publicMember } from './handlers';
import type { RoomStore, StoredMember } from './store';

/**
 * Who is host. The room is the one judge (ADR 020): "make X the only host" is one step inside the
 * object, so two calls at once for different guests end with exactly one host, and members it
 * knows keep the role it gave them whatever the Worker read from D1. D1 follows the room (`Serial`
 * below), so the pages' guest lists and the Worker's own checks agree with it.
 */

/** Makes `target` the party's only host; the previous host becomes a guest. Everyone is told. */
export function makeOnlyHost(room: Room, actor: StoredMember, target: StoredMember): Outcome<null> {
  if (!allowed(room, actor, { type: 'makeHost', target })) {
    const code: ErrorCode = partyState(room.store, room.now()).expired ? 'partyExpired' : 'forbidden';
    return { ok: false, code };
  }
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

/**
 * Runs tasks one after another. D1 follows the room by writing the room's hosts as they are when
 * the write starts: in a row, the last write always carries the room's final state, whereas two
 * writes in flight at once could land in either order. A failed task does not stop the next.
 */
export class Serial {
  private last: Promise<void> = Promise.resolve();

  run(task: () => Promise<void>): Promise<void> {
    const next = this.last.then(task);
    this.last = next.catch(() => undefined);
    return next;
  }
}
