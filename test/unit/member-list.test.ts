import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutRows, visibleRange } from '../../app/core/chat-layout';
import { fixedRowRange, memberPaging, memberRows } from '../../app/core/member-list';
import type { Member } from '../../app/core/protocol';

const member = (id: string, firstName: string, role: Member['role'] = 'guest'): Member => ({ id, firstName, lastName: 'Test', role });

describe('memberRows', () => {
  const members = [member('g1', 'Zoe'), member('h', 'Mia', 'host'), member('g2', 'Anna'), member('m', 'Berta', 'manager'), member('g3', 'Lea')];

  it('a full roster: the manager, the hosts, then the guests by first name', () => {
    expect(memberRows(members, 'full').map((m) => m.id)).toEqual(['m', 'h', 'g2', 'g3', 'g1']);
  });

  it("a paged roster keeps the room's order within each role: a page loaded at the end stays there", () => {
    expect(memberRows(members, 'page').map((m) => m.id)).toEqual(['m', 'h', 'g1', 'g2', 'g3']);
    expect(memberRows([...members, member('g0', 'Aaron')], 'page').at(-1)?.id).toBe('g0');
  });

  it('leaves the list it was given as it was', () => {
    const before = members.map((m) => m.id);
    memberRows(members, 'full');
    expect(members.map((m) => m.id)).toEqual(before);
  });
});

describe('fixedRowRange', () => {
  it('the rows in view and the overscan on either side, clamped to the list', () => {
    // 36 px rows, a view of 360 px scrolled 720 px into the list: rows 20 to 29 meet it.
    expect(fixedRowRange(5000, 36, 720, 360, 5)).toEqual({ first: 15, last: 34 });
    expect(fixedRowRange(5000, 36, 0, 360, 5)).toEqual({ first: 0, last: 14 });
    expect(fixedRowRange(30, 36, 900, 360, 5)).toEqual({ first: 20, last: 29 });
  });

  it('a list that starts below the view or has scrolled past it draws only a few rows at its near end', () => {
    expect(fixedRowRange(5000, 36, -2000, 800, 5)).toEqual({ first: 0, last: 5 });
    expect(fixedRowRange(5000, 36, 999_999, 800, 5)).toEqual({ first: 4994, last: 4999 });
  });

  it('a row that only touches the bottom of the view is not in it', () => {
    expect(fixedRowRange(100, 50, 0, 100, 0)).toEqual({ first: 0, last: 1 });
    expect(fixedRowRange(100, 50, 1, 100, 0)).toEqual({ first: 0, last: 2 });
  });

  it('no rows, no range', () => {
    expect(fixedRowRange(0, 36, 0, 800, 5)).toBeNull();
  });

  it("is the message list's arithmetic (chat-layout's visibleRange) for rows of one height", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: -5000, max: 60_000 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 10 }),
        (count, rowHeight, top, height, overscan) => {
          const layout = layoutRows(
            Array.from({ length: count }, (_, i) => `r${i}`),
            new Map(),
            rowHeight,
          );
          expect(fixedRowRange(count, rowHeight, top, height, overscan)).toEqual(visibleRange(layout, top, height, overscan));
        },
      ),
    );
  });

  it('never draws more than the view holds and twice the overscan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: -50_000, max: 400_000 }), (count, top) => {
        const range = fixedRowRange(count, 36, top, 844, 5)!;
        expect(range.last - range.first + 1).toBeLessThanOrEqual(Math.ceil(844 / 36) + 1 + 10);
      }),
    );
  });
});

describe('memberPaging', () => {
  const atEnd = { first: 40, last: 49 };
  const above = { first: 0, last: 20 };

  it('a full roster never asks', () => {
    expect(memberPaging({ roster: 'full', known: 80, pagedTo: 0, memberCount: 80, range: atEnd })).toEqual({ next: null, now: false });
  });

  it("a paged roster asks for the room's pages from the start of its order once the rows drawn reach the last known member", () => {
    // The welcome's first page (manager, hosts, herself, recent writers) is not a page of that order.
    expect(memberPaging({ roster: 'page', known: 50, pagedTo: 0, memberCount: 5000, range: atEnd })).toEqual({ next: 0, now: true });
    expect(memberPaging({ roster: 'page', known: 50, pagedTo: 0, memberCount: 5000, range: above })).toEqual({ next: 0, now: false });
  });

  it("moves on from where the room's last page ended, whatever it brought that was known already", () => {
    expect(memberPaging({ roster: 'page', known: 99, pagedTo: 100, memberCount: 5000, range: { first: 90, last: 98 } })).toEqual({ next: 100, now: true });
    expect(memberPaging({ roster: 'page', known: 60, pagedTo: 50, memberCount: 5000, range: { first: 50, last: 59 } })).toEqual({ next: 50, now: true });
  });

  it('stops where the room has no more', () => {
    expect(memberPaging({ roster: 'page', known: 121, pagedTo: 122, memberCount: 122, range: { first: 110, last: 120 } })).toEqual({ next: null, now: false });
    expect(memberPaging({ roster: 'page', known: 122, pagedTo: 100, memberCount: 122, range: { first: 110, last: 121 } })).toEqual({ next: null, now: false });
  });
});
