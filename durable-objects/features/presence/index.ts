import type { Member, PresenceEvent, ServerEvent } from '#core/protocol';
import { ROSTER, rosterOrder } from '#core/roster';
import type { EventHandlers, Feature } from '../../kernel/feature';
import type { Room } from '../../kernel/room';
import type { StoredMember } from '../../kernel/store';
import { publicMember } from '../../kernel/rules';
import { onlineAmong } from '../../kernel/welcome';
import { PresenceChanges } from './changes';

/**
 * Presence (ADR 035): who is a member, who is online and how far each has read, told as one
 * presence frame per 100 ms per room (changes.ts decides who hears what); the heartbeat's answer,
 * the seen position, and the roster's pages. Which sockets are joined and which are silent is the
 * kernel's (kernel/sockets.ts, kernel/silence.ts): it tells this feature when a member comes online
 * or goes offline.
 */
export class Presence implements Feature {
  readonly name = 'presence';

  private readonly changes = new PresenceChanges();
  private timer: { handle: ReturnType<typeof setTimeout>; at: number } | null = null;
  private sentAt = 0;

  constructor(private readonly room: Room) {}

  readonly events: EventHandlers = {
    iAmOnline: (ws, member) => {
      // A heartbeat: the answer tells the client its connection is alive.
      this.room.send(ws, { type: 'iAmOnline', memberId: member.id });
    },
    updateSeen: (_ws, member, event) => {
      this.seen(member, event.seq);
    },
    members: (ws, _member, event) => {
      const order = rosterOrder(this.room.store.activeMembers());
      const members = order.slice(event.offset, event.offset + ROSTER.page).map(publicMember);
      this.room.send(ws, { type: 'members', offset: event.offset, memberCount: order.length, members, online: onlineAmong(this.room, members) });
    },
  };

  /**
   * The member has seen up to `seq` (the socket's frame, or PUT /updateSeen): seen only moves
   * forward and never past what exists. Answers her seen seq after it.
   */
  seen(member: StoredMember, upTo: number): number {
    const seq = Math.min(upTo, this.room.store.seq);
    if (seq <= member.seenSeq) return member.seenSeq;
    this.room.store.setSeen(member.id, seq);
    this.record((changes) => changes.seenChanged(member.id, seq));
    // The dashboard shows the manager's unread marker from D1.
    if (member.role === 'manager') this.room.scheduleMirror();
    return seq;
  }

  onlineChanged(memberId: string): void {
    this.record((changes) => changes.onlineChanged(memberId));
  }

  memberAdded(member: Member): void {
    this.record((changes) => changes.join(member));
  }

  memberDropped(): void {
    this.record((changes) => changes.countsTouched());
  }

  /** Records a change and sees that a frame follows: at once in a quiet room, else when the window since the last one ends. */
  private record(change: (changes: PresenceChanges) => void): void {
    change(this.changes);
    this.flushAt(this.sentAt + ROSTER.flushMs);
  }

  /** The next presence frame leaves at `at` at the latest (a timer already set for earlier stays). */
  private flushAt(at: number): void {
    if (this.timer !== null) {
      if (this.timer.at <= at) return;
      clearTimeout(this.timer.handle);
    }
    this.timer = { handle: setTimeout(() => this.flush(), Math.max(0, at - Date.now())), at };
  }

  private flush(): void {
    this.timer = null;
    if (this.changes.pending) this.sendFrames();
    // Counts a large room's guests were not told yet leave when their wait ends (ROSTER.guestCountsMs).
    const due = this.changes.guestCountsDue;
    if (due !== null) this.flushAt(due);
  }

  private sendFrames(): void {
    const { room } = this;
    this.sentAt = Date.now();
    // Whatever this turn said before goes first, so each socket hears things in their order.
    room.sockets.flush();
    const counts = { type: 'presence', memberCount: room.store.activeCount(), onlineCount: room.onlineCount() } as const;
    const frames = this.changes.frames({ ...counts, isOnline: (id) => room.isOnline(id), member: (id) => room.store.members.get(id) }, this.sentAt);
    if (!frames.manager && !frames.guest && frames.ownSeen.size === 0) return;
    const manager = frames.manager ? JSON.stringify(frames.manager) : null;
    const guest = frames.guest ? JSON.stringify(frames.guest) : null;
    let legacy: { frame: string; arrival?: string }[] | null = null;
    for (const [ws, memberId] of room.sockets.joined()) {
      let frame: string | null;
      if (!room.sockets.attachment(ws)?.batch) {
        legacy ??= frames.manager ? legacyEvents(frames.manager) : [];
        try {
          // As before the compact protocol: a member's own arrival is not news to her.
          for (const event of legacy) if (event.arrival !== memberId) ws.send(event.frame);
        } catch {
          room.sockets.left(ws);
        }
        continue;
      }
      if (room.store.members.get(memberId)?.role === 'manager') frame = manager;
      else {
        const seen = frames.ownSeen.get(memberId);
        frame = seen === undefined ? guest : JSON.stringify({ ...(frames.guest ?? counts), seen: { [memberId]: seen } });
      }
      if (frame !== null) room.sockets.sendNow(ws, frame);
    }
  }
}

/** The product's own events for one presence frame, for sockets that do not speak the compact protocol. */
function legacyEvents(change: PresenceEvent): { frame: string; arrival?: string }[] {
  const frame = (event: ServerEvent) => JSON.stringify(event);
  return [
    ...(change.joined ?? []).map((member) => ({ frame: frame({ type: 'userJoined', member }), arrival: member.id })),
    ...(change.online ?? []).map((memberId) => ({ frame: frame({ type: 'iAmOnline', memberId }), arrival: memberId })),
    ...(change.offline ?? []).map((memberId) => ({ frame: frame({ type: 'userLeft', memberId }) })),
    ...Object.entries(change.seen ?? {}).map(([memberId, seq]) => ({ frame: frame({ type: 'updatedSeen', memberId, seq }) })),
  ];
}
