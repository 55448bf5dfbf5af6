import type { Anchor, ChatLayout } from './chat-layout';
import { anchorAt, layoutRows, listHeight, resolveAnchor, rowAt } from './chat-layout';
import { LIMITS } from './limits';

/**
 * The PDF viewer's arithmetic, apart from the DOM (app/components/media/pdf-viewer.tsx draws the
 * pages with pdf.js and listens to the reader): the zoom's steps and limits, where each page lies
 * at a zoom, which page is being read, how sharp a page may be drawn, and the document's title.
 * The pages are a virtualised list like the chat's, and share its arithmetic (chat-layout.ts):
 * each page is a row whose key is its number.
 */

/** The zoom, as a share of the fitted size: the buttons step through these; pinch and wheel go between. */
export const PDF_ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
export const PDF_ZOOM_MIN = 0.5;
export const PDF_ZOOM_MAX = 4;

/** CSS pixels per PDF point at 100 %: a point is 1/72 inch, a CSS pixel 1/96. */
const PX_PER_POINT = 96 / 72;
/** At zoom 1 a page is never drawn larger than this share of its printed size. */
const FIT_MAX = 1.25;
/** The space between pages (and above the first), CSS pixels. */
export const PDF_PAGE_GAP_PX = 12;
/**
 * The most pixels one page's canvas may have. Phones refuse canvases much beyond 16 megapixels
 * (iOS Safari), and the pages drawn at once share the memory: past this a page is drawn softer
 * rather than not at all.
 */
export const PDF_CANVAS_PIXELS_MAX = 8_000_000;

/** A page's size in PDF points, as shown (its rotation applied). */
export interface PageSize {
  width: number;
  height: number;
}

export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return 1;
  return Math.min(PDF_ZOOM_MAX, Math.max(PDF_ZOOM_MIN, zoom));
}

/** The next step up (1) or down (-1) from `zoom`, which may lie between steps after a pinch. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  const near = (step: number) => Math.abs(step - zoom) < 0.01;
  const next =
    direction === 1 ? PDF_ZOOM_STEPS.find((step) => step > zoom && !near(step)) : [...PDF_ZOOM_STEPS].reverse().find((step) => step < zoom && !near(step));
  return next ?? (direction === 1 ? PDF_ZOOM_MAX : PDF_ZOOM_MIN);
}

/** Ctrl + wheel (and a trackpad's pinch, which browsers send as one): smooth, 100 px of wheel ≈ ×1.2. */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.exp(-deltaY * 0.0018));
}

/** Two fingers that were `startDistance` apart at `startZoom` and are now `distance` apart. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom((startZoom * distance) / startDistance);
}

/**
 * CSS pixels per point at zoom 1, from the first page and the space for it. A view taller than
 * wide (a phone) fits the page's width, to read it while scrolling; a wider one (a desktop) shows
 * the whole page, to leaf through a catalogue. Never more than FIT_MAX of the printed size.
 */
export function fitScale(first: PageSize, available: { width: number; height: number }): number {
  const byWidth = available.width / (first.width * PX_PER_POINT);
  const byHeight = available.height / (first.height * PX_PER_POINT);
  const fit = available.width > available.height ? Math.min(byWidth, byHeight) : byWidth;
  return Math.max(0.05, Math.min(fit, FIT_MAX)) * PX_PER_POINT;
}

/** A page's box in CSS pixels at `scale` (CSS pixels per point, the zoom included). */
export function pageBox(size: PageSize, scale: number): PageSize {
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * Where the pages lie at `scale`: `count` pages, those whose size is not known yet as large as
 * `fallback` (the first page: a catalogue's pages are mostly alike). Each row is a page and the
 * gap above it.
 */
export function pagesLayout(count: number, sizes: ReadonlyMap<number, PageSize>, fallback: PageSize, scale: number): ChatLayout {
  const keys = Array.from({ length: count }, (_, index) => String(index + 1));
  const heights = new Map(keys.map((key) => [key, pageBox(sizes.get(Number(key)) ?? fallback, scale).height + PDF_PAGE_GAP_PX]));
  return layoutRows(keys, heights, 0);
}

/**
 * The page being read (1-based), with the view from `top` for `height`: the one under the upper
 * third of the view, or under the middle of the page at the top when pages are smaller than that
 * (zoomed out, so that the page a "next page" scrolled to the top is the one named); and the last
 * one once a scrolled view has reached the end (a short last page never reaches that third).
 */
export function currentPage(layout: ChatLayout, top: number, height: number): number {
  const count = layout.keys.length;
  if (count === 0) return 0;
  if (top > 0 && top + height >= listHeight(layout) - 1) return count;
  const atTop = rowAt(layout, top);
  const rowHeight = layout.starts[atTop + 1]! - layout.starts[atTop]!;
  return rowAt(layout, top + Math.min(height / 3, rowHeight / 2)) + 1;
}

/**
 * The reader's place at a scale: a page and how far into it, so the same spot can be found again
 * when the pages change size (a zoom, or a page whose own size became known).
 */
export interface PdfPlace extends Anchor {
  scale: number;
}

export function placeAt(layout: ChatLayout, offset: number, scale: number): PdfPlace | null {
  const anchor = anchorAt(layout, offset);
  return anchor ? { ...anchor, scale } : null;
}

/** The offset of `place` in a layout at `scale`: the distance into its page grows with the zoom (the gap does not). */
export function placeOffset(layout: ChatLayout, place: PdfPlace, scale: number): number | null {
  const within = place.within <= PDF_PAGE_GAP_PX ? place.within : PDF_PAGE_GAP_PX + ((place.within - PDF_PAGE_GAP_PX) * scale) / place.scale;
  return resolveAnchor(layout, { key: place.key, within });
}

/**
 * How many canvas pixels per CSS pixel a page of `width` × `height` CSS pixels is drawn with: the
 * screen's own density, or less when that would pass PDF_CANVAS_PIXELS_MAX.
 */
export function outputScale(width: number, height: number, devicePixelRatio: number, maxPixels = PDF_CANVAS_PIXELS_MAX): number {
  const wanted = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = width * height;
  if (area <= 0 || area * wanted * wanted <= maxPixels) return wanted;
  return Math.sqrt(maxPixels / area);
}

/**
 * The title a PDF gives itself, from its metadata in order of preference (XMP's dc:title, then
 * the Info dictionary's Title), or null when none is worth showing: empty, only "Untitled" (what
 * many tools write when nobody named the document), or not text. One line, without control
 * characters, at most as long as a library title.
 */
export function documentTitle(candidates: readonly unknown[]): string | null {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    // Control characters and the Unicode specials that pdf.js leaves for undecodable bytes.
    const title = candidate
      .replace(/[\u0000-\u001f\u007f-\u009f\ufff0-\uffff]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (title === '' || /^untitled$/i.test(title)) continue;
    return [...title].slice(0, LIMITS.mediaTitleMax).join('');
  }
  return null;
}
