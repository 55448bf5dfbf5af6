import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listHeight, offsetOfRow } from '../../app/core/chat-layout';
import { LIMITS } from '../../app/core/limits';
import {
  PDF_CANVAS_PIXELS_MAX,
  PDF_PAGE_GAP_PX,
  PDF_ZOOM_MAX,
  PDF_ZOOM_MIN,
  PDF_ZOOM_STEPS,
  clampZoom,
  currentPage,
  documentTitle,
  fitScale,
  outputScale,
  pageBox,
  pagesLayout,
  pinchZoom,
  placeAt,
  placeOffset,
  wheelZoom,
  zoomStep,
} from '../../app/core/pdf-view';

const A4 = { width: 595, height: 842 };
const LANDSCAPE = { width: 842, height: 595 };
/** The space for pages in the viewer on a phone and on a desktop. */
const PHONE = { width: 366, height: 680 };
const DESKTOP = { width: 1006, height: 612 };

describe('zoom', () => {
  it('steps up and down through the steps, and stops at the ends', () => {
    expect(zoomStep(1, 1)).toBe(1.25);
    expect(zoomStep(1, -1)).toBe(0.75);
    expect(zoomStep(PDF_ZOOM_MAX, 1)).toBe(PDF_ZOOM_MAX);
    expect(zoomStep(PDF_ZOOM_MIN, -1)).toBe(PDF_ZOOM_MIN);
  });

  it('from between two steps (after a pinch) goes to the next one, not a hair away', () => {
    expect(zoomStep(1.1, 1)).toBe(1.25);
    expect(zoomStep(1.1, -1)).toBe(1);
    expect(zoomStep(1.245, 1)).toBe(1.5);
    expect(zoomStep(0.995, -1)).toBe(0.75);
  });

  it('pinch follows the fingers, wheel is smooth, both within the limits', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 50)).toBe(1);
    expect(pinchZoom(1, 100, 10_000)).toBe(PDF_ZOOM_MAX);
    expect(pinchZoom(1, 0, 50)).toBe(1);
    expect(wheelZoom(1, -100)).toBeCloseTo(1.197, 2);
    expect(wheelZoom(1, 100)).toBeLessThan(1);
    expect(wheelZoom(1, -1e6)).toBe(PDF_ZOOM_MAX);
    expect(clampZoom(Number.NaN)).toBe(1);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ min: -1e4, max: 1e4, noNaN: true }), (zoom, delta) => {
        const next = wheelZoom(clampZoom(zoom), delta);
        return next >= PDF_ZOOM_MIN && next <= PDF_ZOOM_MAX;
      }),
    );
    for (const step of PDF_ZOOM_STEPS) expect(clampZoom(step)).toBe(step);
    expect([PDF_ZOOM_STEPS[0], PDF_ZOOM_STEPS.at(-1)]).toEqual([PDF_ZOOM_MIN, PDF_ZOOM_MAX]);
  });
});

describe('page boxes', () => {
  it('at zoom 1 the first page fills a phone’s width, a desktop shows it whole, never above 125 % of its printed size', () => {
    expect(pageBox(A4, fitScale(A4, PHONE)).width).toBe(366);
    expect(pageBox(A4, fitScale(A4, DESKTOP)).height).toBe(612);
    expect(pageBox(LANDSCAPE, fitScale(LANDSCAPE, DESKTOP)).width).toBe(866);
    // 595 pt = 793 CSS px at 100 %; 125 % of that is 992.
    expect(pageBox(A4, fitScale(A4, { width: 1500, height: 1600 })).width).toBe(992);
    expect(pageBox(A4, fitScale(A4, { width: 3000, height: 2000 })).width).toBe(992);
  });

  it('every page keeps its own shape at the first page’s scale; unknown pages are as large as the first', () => {
    const scale = fitScale(A4, PHONE);
    const layout = pagesLayout(3, new Map([[2, LANDSCAPE]]), A4, scale);
    const a4 = pageBox(A4, scale).height + PDF_PAGE_GAP_PX;
    const wide = pageBox(LANDSCAPE, scale).height + PDF_PAGE_GAP_PX;
    expect([...layout.starts]).toEqual([0, a4, a4 + wide, 2 * a4 + wide]);
    expect(layout.keys).toEqual(['1', '2', '3']);
    expect(pageBox(LANDSCAPE, scale).width).toBeGreaterThan(366);
  });
});

describe('the page being read', () => {
  const layout = pagesLayout(10, new Map(), A4, fitScale(A4, PHONE));
  const page = offsetOfRow(layout, 1);

  it('is the page under the upper third of the view, and the last at the end', () => {
    expect(currentPage(layout, 0, 700)).toBe(1);
    expect(currentPage(layout, page - 200, 700)).toBe(2);
    expect(currentPage(layout, page - 300, 700)).toBe(1);
    expect(currentPage(layout, listHeight(layout) - 700, 700)).toBe(10);
    expect(currentPage(pagesLayout(0, new Map(), A4, 1), 0, 700)).toBe(0);
  });

  it('zoomed out, the page a "next page" put at the top is the one named; with every page in view, the first', () => {
    const small = pagesLayout(10, new Map(), LANDSCAPE, fitScale(LANDSCAPE, PHONE) * 0.5);
    for (const page of [1, 2, 5]) expect(currentPage(small, offsetOfRow(small, page - 1), 700)).toBe(page);
    const short = pagesLayout(2, new Map(), LANDSCAPE, fitScale(LANDSCAPE, PHONE) * 0.5);
    expect(listHeight(short)).toBeLessThan(700);
    expect(currentPage(short, 0, 700)).toBe(1);
  });

  it('a place survives a zoom: the same spot of the same page, the gap not scaled', () => {
    const scale = fitScale(A4, PHONE);
    const before = pagesLayout(10, new Map(), A4, scale);
    const spot = offsetOfRow(before, 4) + PDF_PAGE_GAP_PX + 100;
    const place = placeAt(before, spot, scale)!;
    expect(place).toEqual({ key: '5', within: PDF_PAGE_GAP_PX + 100, scale });
    const after = pagesLayout(10, new Map(), A4, scale * 2);
    expect(placeOffset(after, place, scale * 2)).toBeCloseTo(offsetOfRow(after, 4) + PDF_PAGE_GAP_PX + 200, 6);
    // In the gap, the gap stays as it was.
    expect(placeOffset(after, { key: '5', within: 4, scale }, scale * 2)).toBe(offsetOfRow(after, 4) + 4);
  });
});

describe('outputScale', () => {
  it('draws at the screen’s density while the canvas stays small, softer past the limit', () => {
    expect(outputScale(366, 518, 3)).toBe(3);
    const big = outputScale(2000, 2800, 3);
    expect(big).toBeLessThan(3);
    expect(2000 * 2800 * big * big).toBeCloseTo(PDF_CANVAS_PIXELS_MAX, -2);
    expect(outputScale(100, 100, Number.NaN)).toBe(1);
  });
});

describe('documentTitle', () => {
  it('takes the first title worth showing: XMP, then Info', () => {
    expect(documentTitle(['Herbstkatalog 2026', 'Info-Titel'])).toBe('Herbstkatalog 2026');
    expect(documentTitle([undefined, 'Info-Titel'])).toBe('Info-Titel');
    expect(documentTitle(['', '  Untitled ', 'Preisliste'])).toBe('Preisliste');
    expect(documentTitle([null, 42, 'untitled'])).toBeNull();
  });

  it('one line, no control characters or undecoded bytes, at most a library title long', () => {
    expect(documentTitle(['Herbst\u0000katalog\n 2026\ufffd'])).toBe('Herbst katalog 2026');
    expect([...documentTitle(['ä'.repeat(500)])!]).toHaveLength(LIMITS.mediaTitleMax);
  });
});
