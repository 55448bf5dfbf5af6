import { describe, expect, it } from 'vitest';
import type { Member } from '../../app/core/protocol';
import { ROSTER } from '../../app/core/roster';
import { PresenceChanges } from '../../durable-objects/features/presence/changes';

const guest = (id: string): Member => ({ id, firstName: 'Gast', lastName: id, role: 'guest' });
const host = (id: string): Member => ({ id, firstName: 'Host', lastName: id, role: 'host' });

/** The room's truth for `frames`: `members` members, these online. */
function truth(memberCount: number, online: Set<string>, members: Map<string, Member>) {
  return { memberCount, onlineCount: online.size, isOnline: (id: string) => online.has(id), member: (id: string) => members.get(id) };
}

describe('presence frames of a large room (ADR 035)', () => {
  const large = ROSTER.fullMax + 50;

  it("a guest's frame that would only move the counts waits for ROSTER.guestCountsMs; the manager's does not", () => {
    const changes = new PresenceChanges();
    const members = new Map<string, Member>();
    const online = new Set<string>();
    const t0 = 10_000;
    let count = large;
    const frameAt = (now: number) => changes.frames(truth(count, online, members), now);

    changes.join(guest('a'));
    online.add('a');
    changes.onlineChanged('a');
    const first = frameAt(t0);
    expect(first.manager).toMatchObject({ memberCount: large, joined: [guest('a')], online: ['a'] });
    expect(first.guest).toEqual({ type: 'presence', memberCount: large, onlineCount: 1 });

    // Ten more windows of arrivals within the second: the manager hears each, guests nothing yet.
    for (let i = 1; i <= 9; i++) {
      count++;
      changes.join(guest(`g${i}`));
      const frame = frameAt(t0 + i * ROSTER.flushMs);
      expect(frame.manager?.memberCount).toBe(count);
      expect(frame.guest).toBeNull();
      expect(changes.pending).toBe(true);
      expect(changes.guestCountsDue).toBe(t0 + ROSTER.guestCountsMs);
    }
    // At the second, with nothing new: the guests' counts leave, as they are now.
    const owed = frameAt(t0 + ROSTER.guestCountsMs);
    expect(owed.manager).toBeNull();
    expect(owed.guest).toEqual({ type: 'presence', memberCount: count, onlineCount: 1 });
    expect(changes.pending).toBe(false);
    expect(changes.guestCountsDue).toBeNull();
  });

  it("a host's coming or going reaches guests at once, with the counts", () => {
    const changes = new PresenceChanges();
    const members = new Map<string, Member>([['h', host('h')]]);
    const online = new Set<string>();
    changes.join(guest('a'));
    changes.frames(truth(large, online, members), 0);
    online.add('h');
    changes.onlineChanged('h');
    const frame = changes.frames(truth(large, online, members), ROSTER.flushMs);
    expect(frame.guest).toEqual({ type: 'presence', memberCount: large, onlineCount: 1, online: ['h'] });
  });

  it('a small room tells guests every window, as before', () => {
    const changes = new PresenceChanges();
    const members = new Map<string, Member>();
    for (let i = 0; i < 5; i++) {
      changes.join(guest(`g${i}`));
      const frame = changes.frames(truth(10 + i, new Set(), members), i * ROSTER.flushMs);
      expect(frame.guest).toMatchObject({ memberCount: 10 + i, joined: [guest(`g${i}`)] });
    }
    expect(changes.guestCountsDue).toBeNull();
  });

  it("a window with only a member's own receipt tells the manager, and no guest frame", () => {
    const changes = new PresenceChanges();
    changes.seenChanged('a', 7);
    const frame = changes.frames(truth(large, new Set(), new Map()), 0);
    expect(frame.manager).toMatchObject({ seen: { a: 7 } });
    expect(frame.guest).toBeNull();
    expect(frame.ownSeen.get('a')).toBe(7);
  });
});
