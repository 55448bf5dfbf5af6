import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anchorAt,
  appendedAtEnd,
  edgesChanged,
  layoutRows,
  listHeight,
  offsetOfRow,
  resolveAnchor,
  rowAt,
  sizeCorrection,
  visibleRange,
} from '../../app/core/chat-layout';

const keys = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `m${from + i}`);

describe('layoutRows', () => {
  it('stacks measured heights and the estimate for rows not measured yet', () => {
    const layout = layoutRows(['a', 'b', 'c'], new Map([['b', 120]]), 72);
    expect([...layout.starts]).toEqual([0, 72, 192, 264]);
    expect(listHeight(layout)).toBe(264);
  });

  it('an empty list has no rows and no height', () => {
    const layout = layoutRows([], new Map(), 72);
    expect(listHeight(layout)).toBe(0);
    expect(rowAt(layout, 100)).toBe(-1);
    expect(visibleRange(layout, 0, 800, 10)).toBeNull();
    expect(anchorAt(layout, 0)).toBeNull();
  });
});

describe('rowAt and visibleRange', () => {
  const layout = layoutRows(keys(1, 100), new Map(), 50);

  it('finds the row holding an offset, clamped to the first and the last', () => {
    expect(rowAt(layout, 0)).toBe(0);
    expect(rowAt(layout, 49.5)).toBe(0);
    expect(rowAt(layout, 50)).toBe(1);
    expect(rowAt(layout, -40)).toBe(0);
    expect(rowAt(layout, 1_000_000)).toBe(99);
  });

  it('renders the rows on screen and the overscan on either side', () => {
    // 400 px from 1,000: rows 20 to 27 are on screen.
    expect(visibleRange(layout, 1000, 400, 10)).toEqual({ first: 10, last: 37 });
    expect(visibleRange(layout, 0, 400, 10)).toEqual({ first: 0, last: 17 });
    expect(visibleRange(layout, 4600, 400, 10)).toEqual({ first: 82, last: 99 });
  });

  it('before the view is known (server render), the first rows and the overscan', () => {
    expect(visibleRange(layout, 0, 0, 10)).toEqual({ first: 0, last: 10 });
  });

  it('every row that meets the view is rendered, whatever the heights', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 80 }),
        fc.nat(20_000),
        fc.integer({ min: 1, max: 1000 }),
        (heights, top, height) => {
          const rowKeys = heights.map((_, i) => `k${i}`);
          const measured = layoutRows(rowKeys, new Map(rowKeys.map((key, i) => [key, heights[i]!])), 72);
          const range = visibleRange(measured, top, height, 0)!;
          for (let i = 0; i < heights.length; i++) {
            const meets = measured.starts[i + 1]! > top && measured.starts[i]! < top + height;
            if (meets) expect(i >= range.first && i <= range.last).toBe(true);
          }
        },
      ),
    );
  });
});

describe('anchors: the reader keeps their place when rows arrive', () => {
  it('an older page arriving above moves the place by exactly its height', () => {
    const sizes = new Map<string, number>();
    const before = layoutRows(keys(51, 100), sizes, 72);
    const anchor = anchorAt(before, 1000)!;
    expect(anchor).toEqual({ key: 'm64', within: 1000 - 13 * 72 });
    for (const key of keys(1, 50)) sizes.set(key, 90);
    const after = layoutRows(keys(1, 100), sizes, 72);
    expect(resolveAnchor(after, anchor)).toBe(1000 + 50 * 90);
  });

  it('a row gone from the list resolves to nothing (the rows were replaced)', () => {
    const anchor = anchorAt(layoutRows(keys(1, 10), new Map(), 72), 300)!;
    expect(resolveAnchor(layoutRows(keys(20, 30), new Map(), 72), anchor)).toBeNull();
  });

  it('an offset above the list (over the "load older" button) is kept as a distance before the first row', () => {
    const anchor = anchorAt(layoutRows(keys(51, 100), new Map(), 72), -40)!;
    expect(anchor).toEqual({ key: 'm51', within: -40 });
    expect(resolveAnchor(layoutRows(keys(41, 100), new Map(), 72), anchor)).toBe(720 - 40);
  });

  it('for any page above and any heights, the anchored row is where the reader left it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 20, max: 500 }), { minLength: 120, maxLength: 120 }),
        fc.nat(5000),
        (added, loaded, heights, offset) => {
          const sizes = new Map(keys(1, 120).map((key, i) => [key, heights[i]!]));
          const before = layoutRows(keys(61, 60 + loaded), sizes, 72);
          const top = Math.min(offset, listHeight(before) - 1);
          const anchor = anchorAt(before, top)!;
          const after = layoutRows(keys(61 - added, 60 + loaded), sizes, 72);
          const addedHeight = heights.slice(60 - added, 60).reduce((sum, h) => sum + h, 0);
          expect(resolveAnchor(after, anchor)).toBe(top + addedHeight);
        },
      ),
    );
  });
});

describe('edgesChanged and appendedAtEnd', () => {
  it('tells a page above, a new row at the end and a replaced list from a change in the middle', () => {
    expect(edgesChanged(keys(51, 100), keys(1, 100))).toBe(true);
    expect(edgesChanged(keys(1, 10), keys(1, 11))).toBe(true);
    expect(edgesChanged(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(false);
    expect(edgesChanged(['a', 'pending:1'], ['a', 'm2'])).toBe(true);
    expect(edgesChanged([], [])).toBe(false);
  });

  it('a new row at the end (or a pending row becoming its message) is an append; a page above is not', () => {
    expect(appendedAtEnd(keys(1, 10), keys(1, 11))).toBe(true);
    expect(appendedAtEnd(['a', 'pending:1'], ['a', 'm2'])).toBe(true);
    expect(appendedAtEnd([], ['a'])).toBe(true);
    expect(appendedAtEnd(keys(51, 100), keys(1, 100))).toBe(false);
    expect(appendedAtEnd(keys(1, 10), keys(1, 9))).toBe(false);
    expect(appendedAtEnd(keys(1, 10), [])).toBe(false);
  });
});

describe('sizeCorrection', () => {
  it('a row above the view that grows (a photo loading) moves the offset by as much', () => {
    expect(sizeCorrection({ start: 100, size: 80, firstMeasure: false }, 300, 500)).toBe(220);
    expect(sizeCorrection({ start: 100, size: 80, firstMeasure: false }, 60, 500)).toBe(-20);
  });

  it("a row reaching into the view grows below the reader's eyes: no move", () => {
    expect(sizeCorrection({ start: 450, size: 80, firstMeasure: false }, 300, 500)).toBe(0);
    expect(sizeCorrection({ start: 600, size: 80, firstMeasure: false }, 300, 500)).toBe(0);
  });

  it('a first measurement of a row starting above the view replaces an estimate: follow it', () => {
    expect(sizeCorrection({ start: 450, size: 72, firstMeasure: true }, 200, 500)).toBe(128);
    expect(sizeCorrection({ start: 500, size: 72, firstMeasure: true }, 200, 500)).toBe(0);
  });
});

describe('offsetOfRow', () => {
  it("is the row's top, clamped to the list", () => {
    const layout = layoutRows(keys(1, 10), new Map([['m1', 100]]), 50);
    expect(offsetOfRow(layout, 0)).toBe(0);
    expect(offsetOfRow(layout, 3)).toBe(200);
    expect(offsetOfRow(layout, 99)).toBe(550);
    expect(offsetOfRow(layout, -1)).toBe(0);
  });
});
