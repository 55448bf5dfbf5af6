import type { Member, PresenceEvent } from '#core/protocol';
import { ROSTER, isFeatured, rosterMode } from '#core/roster';

/**
 * The roster's changes since the room's last presence frame (ADR 035). The room records each
 * join, each member whose online state changed in the window, and each new seen; `frames` turns
 * them into the one frame per kind of receiver and starts the next window.
 *
 * A frame states where each changed member is now, not what changed: a welcome taken in the middle
 * of a window already shows part of it, and a state is right whatever the reader saw before (a
 * guest who came and went within the window is reported offline, which her welcome may have said
 * otherwise).
 */
export class PresenceChanges {
  private joined = new Map<string, Member>();
  /** Members whose online state changed in this window. */
  private changed = new Set<string>();
  private seen = new Map<string, number>();
  private countsChanged = false;
  /** A large room's guests have counts to hear that waited for ROSTER.guestCountsMs. */
  private guestCountsOwed = false;
  private guestCountsAt = Number.NEGATIVE_INFINITY;

  get pending(): boolean {
    return this.countsChanged || this.guestCountsOwed || this.joined.size > 0 || this.changed.size > 0 || this.seen.size > 0;
  }

  /** When the counts owed to a large room's guests may leave; null when none are owed. */
  get guestCountsDue(): number | null {
    return this.guestCountsOwed ? this.guestCountsAt + ROSTER.guestCountsMs : null;
  }

  join(member: Member): void {
    this.joined.set(member.id, member);
    this.countsChanged = true;
  }

  /** The member came online (her first socket joined) or went offline (her last one closed). */
  onlineChanged(memberId: string): void {
    this.changed.add(memberId);
    this.countsChanged = true;
  }

  seenChanged(memberId: string, seq: number): void {
    this.seen.set(memberId, seq);
  }

  /** A member left or was removed: the counts change, nothing else to tell beyond `guestRemoved`. */
  countsTouched(): void {
    this.countsChanged = true;
  }

  /**
   * The window's frames, given the room's truth now: `manager` for the manager's sockets (every
   * change, every seen), `guest` for everyone else (every change in a small room; in a large one
   * the manager's and hosts' only, and counts at most every ROSTER.guestCountsMs), `own` a
   * member's own new seen to add to her frame. `manager` is null when nothing changed for her,
   * `guest` when a guest has nothing to learn from it (yet: see `guestCountsDue`).
   */
  frames(
    truth: { memberCount: number; onlineCount: number; isOnline: (memberId: string) => boolean; member: (memberId: string) => Member | undefined },
    now: number,
  ): {
    manager: PresenceEvent | null;
    guest: PresenceEvent | null;
    ownSeen: Map<string, number>;
  } {
    const joined = [...this.joined.values()];
    const online: string[] = [];
    const offline: string[] = [];
    for (const id of this.changed) (truth.isOnline(id) ? online : offline).push(id);
    const counts = { type: 'presence' as const, memberCount: truth.memberCount, onlineCount: truth.onlineCount };
    const managerChanges = changes(joined, online, offline);
    const tellsManager = this.countsChanged || this.seen.size > 0 || Object.keys(managerChanges).length > 0;
    const manager: PresenceEvent = { ...counts, ...managerChanges };
    if (this.seen.size > 0) manager.seen = Object.fromEntries(this.seen);

    const full = rosterMode(truth.memberCount) === 'full';
    const featured = (id: string) => {
      const member = truth.member(id);
      return member !== undefined && isFeatured(member);
    };
    const guestChanges = full
      ? changes(joined, online, offline)
      : changes(
          joined.filter((member) => isFeatured(member)),
          online.filter(featured),
          offline.filter(featured),
        );
    const countsForGuests = this.countsChanged || this.guestCountsOwed;
    const tellsGuests = Object.keys(guestChanges).length > 0 || (countsForGuests && (full || now >= this.guestCountsAt + ROSTER.guestCountsMs));
    if (tellsGuests) this.guestCountsAt = now;
    this.guestCountsOwed = countsForGuests && !tellsGuests;
    const ownSeen = this.seen;

    this.joined = new Map();
    this.changed = new Set();
    this.seen = new Map();
    this.countsChanged = false;
    return { manager: tellsManager ? manager : null, guest: tellsGuests ? { ...counts, ...guestChanges } : null, ownSeen };
  }
}

function changes(joined: Member[], online: string[], offline: string[]): Pick<PresenceEvent, 'joined' | 'online' | 'offline'> {
  return {
    ...(joined.length > 0 ? { joined } : {}),
    ...(online.length > 0 ? { online } : {}),
    ...(offline.length > 0 ? { offline } : {}),
  };
}
