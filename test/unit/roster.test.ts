import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Member } from '../../app/core/protocol';
import { RECONNECT, ROSTER, firstPage, reconnectDelay, rosterMode, rosterOrder } from '../../app/core/roster';

/** The window over which a room's members spread their first reconnect, in ms. */
const spreadMs = (memberCount: number) => (memberCount / RECONNECT.connectsPerSecond) * 1000;
/** random is in [0, 1): the largest value below 1. */
const ALMOST_ONE = 1 - Number.EPSILON;

const random = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const memberCount = fc.integer({ min: 0, max: 200_000 });
const attempt = fc.integer({ min: 0, max: 60 });

describe('reconnectDelay', () => {
  it('is never negative, and zero for random 0 on the first try', () => {
    fc.assert(
      fc.property(attempt, memberCount, random, (n, members, r) => {
        expect(reconnectDelay(n, members, r)).toBeGreaterThanOrEqual(0);
        expect(reconnectDelay(0, members, 0)).toBe(0);
      }),
    );
  });

  it('spreads the first try over memberCount / connectsPerSecond seconds at least', () => {
    fc.assert(
      fc.property(memberCount, (members) => {
        expect(reconnectDelay(0, members, ALMOST_ONE)).toBeGreaterThanOrEqual(Math.floor(spreadMs(members)) - 1);
      }),
    );
  });

  it('so a whole room dropped at once comes back at no more than connectsPerSecond a second', () => {
    for (const members of [1_000, 5_000, 20_000]) {
      // Every member's random draw, evenly over [0, 1): what a large room's draws look like.
      const perSecond = new Map<number, number>();
      for (let i = 0; i < members; i++) {
        const second = Math.floor(reconnectDelay(0, members, (i + 0.5) / members) / 1000);
        perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      }
      expect(Math.max(...perSecond.values()), `${members} members`).toBeLessThanOrEqual(RECONNECT.connectsPerSecond + 1);
    }
  });

  it('keeps a small room quick: the first try within minMs plus its spread window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: ROSTER.fullMax }), random, (members, r) => {
        expect(reconnectDelay(0, members, r)).toBeLessThanOrEqual(RECONNECT.minMs + spreadMs(members));
      }),
    );
  });

  it('bounds the back-off by maxMs: below maxMs plus the spread window, however many tries', () => {
    fc.assert(
      fc.property(attempt, memberCount, random, (n, members, r) => {
        expect(reconnectDelay(n, members, r)).toBeLessThanOrEqual(RECONNECT.maxMs + spreadMs(members));
      }),
    );
  });

  it('is monotone in the random input', () => {
    fc.assert(
      fc.property(attempt, memberCount, random, random, (n, members, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(reconnectDelay(n, members, low)).toBeLessThanOrEqual(reconnectDelay(n, members, high));
      }),
    );
  });

  it('never shrinks as the tries go on (the same random input)', () => {
    fc.assert(
      fc.property(attempt, memberCount, random, (n, members, r) => {
        expect(reconnectDelay(n, members, r)).toBeLessThanOrEqual(reconnectDelay(n + 1, members, r));
      }),
    );
  });
});

describe('rosterMode', () => {
  it('is full up to fullMax members, manager included, and a page above', () => {
    expect(rosterMode(1)).toBe('full');
    expect(rosterMode(ROSTER.fullMax)).toBe('full');
    expect(rosterMode(ROSTER.fullMax + 1)).toBe('page');
    expect(rosterMode(10_000)).toBe('page');
  });
});

// ---- the roster's order ------------------------------------------------------------------------

const member = (id: string, role: Member['role'] = 'guest'): Member => ({ id, firstName: id, lastName: 'Test', role });

/** Guests g0…g(n-1) in join order, with the manager and one host among them. */
function party(guests: number): Member[] {
  const list = Array.from({ length: guests }, (_, i) => member(`g${i}`));
  list.splice(Math.min(3, list.length), 0, member('host', 'host'));
  return [member('manager', 'manager'), ...list];
}

describe('rosterOrder', () => {
  it('puts the manager first, then hosts, then guests in the order they joined', () => {
    const members = party(5);
    expect(rosterOrder(members).map((m) => m.id)).toEqual(['manager', 'host', 'g0', 'g1', 'g2', 'g3', 'g4']);
  });

  it('is a permutation of the members, and a newcomer comes last: a reader paging through misses nobody and meets nobody twice', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 60 }), (guests, pageSize) => {
        const members = party(guests);
        const ordered = rosterOrder(members);
        expect(ordered.map((m) => m.id).sort()).toEqual(members.map((m) => m.id).sort());
        expect(ordered[0]!.id).toBe('manager');
        // Pages read before and after someone joins, stitched together: everyone once.
        const newcomer = member('late');
        const after = rosterOrder([...members, newcomer]);
        expect(after.at(-1)).toEqual(newcomer);
        const read = Math.min(pageSize, members.length);
        const stitched = [...ordered.slice(0, read), ...after.slice(read)].map((m) => m.id);
        expect(stitched.sort()).toEqual([...members, newcomer].map((m) => m.id).sort());
      }),
    );
  });
});

describe('firstPage', () => {
  const byId = (members: (Member & { removed?: boolean })[]) => new Map(members.map((m) => [m.id, m]));

  it('holds the manager and hosts, the reader, the recent writers, then the earliest members, up to its size', () => {
    const members = party(200);
    const lastWrote = new Map([
      ['g150', 40],
      ['g120', 55],
    ]);
    const page = firstPage(byId(members), lastWrote, 'g199');
    expect(page).toHaveLength(ROSTER.page);
    expect(page.slice(0, 5).map((m) => m.id)).toEqual(['manager', 'host', 'g199', 'g120', 'g150']);
    expect(page.slice(5).map((m) => m.id)).toEqual(Array.from({ length: ROSTER.page - 5 }, (_, i) => `g${i}`));
  });

  it('never holds a removed member, nor anyone twice, and is the whole room when it fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 120 }),
        fc.array(fc.nat({ max: 130 })),
        fc.array(fc.tuple(fc.nat({ max: 130 }), fc.nat({ max: 1000 }))),
        fc.nat({ max: 130 }),
        (guests, removedAt, writes, reader) => {
          const members: (Member & { removed?: boolean })[] = party(guests);
          for (const index of removedAt) {
            const target = members[index % members.length]!;
            if (target.role === 'guest') target.removed = true;
          }
          const lastWrote = new Map(writes.map(([index, seq]) => [members[index % members.length]!.id, seq]));
          const me = members[reader % members.length]!;
          const page = firstPage(byId(members), lastWrote, me.id);
          const active = members.filter((m) => !m.removed);
          expect(page.some((m) => m.removed)).toBe(false);
          expect(new Set(page.map((m) => m.id)).size).toBe(page.length);
          expect(page).toHaveLength(Math.min(ROSTER.page, active.length));
          if (!me.removed) expect(page.map((m) => m.id)).toContain(me.id);
        },
      ),
    );
  });
});
