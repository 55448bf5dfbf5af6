import { describe, expect, it } from 'vitest';
import type { Box } from '../../app/core/placement';
import { placePopup } from '../../app/core/placement';

const phone = { width: 320, height: 568 };
const menu = { width: 160, height: 120 };
const button = (left: number, top: number): Box => ({ left, top, width: 28, height: 28 });

function inside(box: { top: number; left: number; width: number; height: number }, viewport: { width: number; height: number }) {
  return box.left >= 0 && box.top >= 0 && box.left + box.width <= viewport.width && box.top + box.height <= viewport.height;
}

describe('placePopup', () => {
  it('goes below the anchor, its edge lined up, when there is room', () => {
    expect(placePopup(button(100, 100), menu, phone, { side: 'bottom', align: 'start' })).toMatchObject({ top: 132, left: 100 });
    expect(placePopup(button(200, 100), menu, phone, { side: 'bottom', align: 'end' })).toMatchObject({ top: 132, left: 68 });
  });

  it('shifts left at the right edge: the menu of a wide bubble on a 320 px phone', () => {
    // The other's bubble fills 85 % of the width; its menu button sits at the right.
    const placed = placePopup(button(280, 200), menu, phone, { side: 'bottom', align: 'start' });
    expect(placed.left).toBe(320 - 8 - 160);
    expect(inside({ ...placed, ...menu }, phone)).toBe(true);
  });

  it('shifts right at the left edge: the menu of a wide own bubble', () => {
    const placed = placePopup(button(12, 200), menu, phone, { side: 'bottom', align: 'end' });
    expect(placed.left).toBe(8);
    expect(inside({ ...placed, ...menu }, phone)).toBe(true);
  });

  it('flips above the anchor near the bottom edge, and below near the top', () => {
    expect(placePopup(button(100, 520), menu, phone, { side: 'bottom', align: 'start' }).top).toBe(520 - 4 - 120);
    expect(placePopup(button(100, 20), menu, phone, { side: 'top', align: 'start' }).top).toBe(20 + 28 + 4);
  });

  it('takes the roomier side and stays inside when it fits on neither', () => {
    const tall = { width: 160, height: 400 };
    const placed = placePopup(button(100, 300), tall, phone, { side: 'bottom', align: 'start' });
    expect(placed.top).toBe(8);
    expect(inside({ ...placed, ...tall }, phone)).toBe(true);
  });

  it('caps its size to the viewport less the margins when the popup is larger', () => {
    const huge = { width: 400, height: 900 };
    const placed = placePopup(button(100, 300), huge, phone, { side: 'top', align: 'start' });
    expect(placed).toEqual({ top: 8, left: 8, maxWidth: 304, maxHeight: 552 });
  });

  it('keeps every placement inside the viewport, wherever the anchor is', () => {
    for (let x = 0; x <= 292; x += 4) {
      for (let y = 0; y <= 540; y += 6) {
        for (const side of ['bottom', 'top'] as const) {
          for (const align of ['start', 'end'] as const) {
            const placed = placePopup(button(x, y), menu, phone, { side, align });
            expect(inside({ ...placed, ...menu }, phone), `${x},${y} ${side} ${align}`).toBe(true);
          }
        }
      }
    }
  });
});
