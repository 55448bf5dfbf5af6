import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listHeight, offsetOfRow, visibleRange } from '~/core/chat-layout';
import type { PageSize, PdfPlace } from '~/core/pdf-view';
import {
  PDF_PAGE_GAP_PX,
  PDF_ZOOM_MAX,
  PDF_ZOOM_MIN,
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
} from '~/core/pdf-view';
import { loadPdfjs, pdfOptions } from '~/lib/pdf';
import { DownIcon, MinusIcon, PlusIcon, UpIcon } from './media-icons';

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; doc: PDFDocumentProxy; first: PageSize };

/** Pages drawn beyond those in view, each way: a swipe finds the next page drawn already. */
const OVERSCAN_PAGES = 1;
/** Room beside the pages, CSS pixels. */
const SIDE_PX = 12;
/**
 * The viewer's height: the dialog's (the screen less its margin) less its title bar and padding.
 * The toolbar takes what it needs (two rows on a narrow phone) and the pages the rest.
 */
/** The screen less the viewer's bar and margins, and less the caption's room where the viewer shows one (`--caption-room`, media-viewer.tsx). */
const HEIGHT = 'h-[calc(100dvh-7rem-var(--caption-room,0rem))]';
/** After a zoom a drawn page is drawn anew once the zoom has settled; meanwhile its old drawing is stretched. */
const REDRAW_DELAY_MS = 150;

/** Where a zoom keeps still: the reader's place, at `y` pixels below the view's top, and the content's x under `x`. */
interface ZoomFocus {
  place: PdfPlace;
  y: number;
  x: number;
  left: number;
}

/** A canvas's pixels go at once, not when it is collected (Safari keeps them otherwise). */
function release(canvas: Element | null): void {
  if (!(canvas instanceof HTMLCanvasElement)) return;
  canvas.width = 0;
  canvas.height = 0;
}

/**
 * A PDF, drawn by pdf.js on every device (phones have no viewer of their own): its pages one
 * under the other, scrolled or swiped; only the pages in view and one either side are drawn, so a
 * catalogue of hundreds of pages costs what three do. Zoom by the buttons, the + and - keys,
 * Ctrl + wheel or a trackpad's pinch, and two fingers on a phone; the spot being read stays in
 * place. pdf.js and its worker load when the first PDF opens (app/lib/pdf.ts), and the file's
 * bytes come in ranges as pages are shown. The document's own title goes to `onTitle`. The
 * arithmetic is app/core/pdf-view.ts.
 */
export function PdfViewer({
  file,
  title,
  previewSrc,
  onTitle,
}: {
  file: string;
  title: string;
  /** The first page's preview, shown while pdf.js loads. */ previewSrc: string | null;
  onTitle: (title: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [sizes, setSizes] = useState<ReadonlyMap<number, PageSize>>(() => new Map());
  const [zoom, setZoom] = useState(1);
  const [view, setView] = useState({ top: 0, width: 0, height: 0 });
  const scroller = useRef<HTMLDivElement>(null);
  const pages = useRef<HTMLDivElement>(null);
  const onTitleRef = useRef(onTitle);
  onTitleRef.current = onTitle;

  useEffect(() => {
    let current = true;
    let task: PDFDocumentLoadingTask | null = null;
    void (async () => {
      try {
        const pdfjs = await loadPdfjs();
        if (!current) return;
        task = pdfjs.getDocument({ ...pdfOptions(pdfjs), url: file });
        const doc = await task.promise;
        const { width, height } = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (!current) return;
        setLoaded({ kind: 'ready', doc, first: { width, height } });
        const meta = await doc.getMetadata().catch(() => null);
        if (current && meta) onTitleRef.current(documentTitle([meta.metadata?.get('dc:title'), (meta.info as { Title?: unknown } | null)?.Title]));
      } catch (error) {
        if (!current) return;
        console.warn('PDF not shown', error);
        setLoaded({ kind: 'failed' });
      }
    })();
    return () => {
      current = false;
      // Torn down while it sets the document up, pdf.js's worker throws where nothing catches it
      // (pdf.worker.mjs, setupDoc): it is ended once the document is open, or failed to open.
      const ending = task;
      if (ending) void ending.promise.catch(() => null).then(() => ending.destroy());
    };
  }, [file]);

  const ready = loaded.kind === 'ready' ? loaded : null;
  const scale = ready
    ? fitScale(ready.first, { width: Math.max(0, view.width - 2 * SIDE_PX), height: Math.max(0, view.height - 2 * PDF_PAGE_GAP_PX) }) * zoom
    : 0;
  const layout = useMemo(() => (ready ? pagesLayout(ready.doc.numPages, sizes, ready.first, scale) : null), [ready, sizes, scale]);
  const total = ready?.doc.numPages ?? 0;
  const page = layout ? currentPage(layout, view.top, view.height) : 0;
  const widest = ready ? Math.max(pageBox(ready.first, scale).width, ...[...sizes.values()].map((size) => pageBox(size, scale).width)) : 0;
  const contentWidth = Math.max(view.width, widest + 2 * SIDE_PX);
  const range = layout ? visibleRange(layout, view.top, view.height, OVERSCAN_PAGES) : null;

  // What the DOM listeners (scroll, touch, wheel) need of this render.
  const latest = useRef({ layout, scale, zoom });
  latest.current = { layout, scale, zoom };
  /** The reader's place as of the last scroll: kept when the pages change size. */
  const kept = useRef<PdfPlace | null>(null);
  /** Set by a zoom: where it keeps still. */
  const focus = useRef<ZoomFocus | null>(null);

  function zoomTo(next: number, at?: { x: number; y: number }) {
    const element = scroller.current;
    const { layout: now, scale: nowScale, zoom: nowZoom } = latest.current;
    const target = clampZoom(next);
    if (!element || !now || Math.abs(target - nowZoom) < 0.001) return;
    const x = at?.x ?? element.clientWidth / 2;
    const y = at?.y ?? 0;
    const place = placeAt(now, element.scrollTop + y, nowScale);
    // A second zoom before the pages were laid out again keeps the first one's focus.
    if (place && !focus.current) focus.current = { place, y, x, left: element.scrollLeft + x };
    latest.current = { ...latest.current, zoom: target };
    setZoom(target);
  }
  const zoomToRef = useRef(zoomTo);
  zoomToRef.current = zoomTo;

  // The view's size, and the place kept across every change of the pages' sizes.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const { layout: now, scale: nowScale } = latest.current;
        kept.current = now ? placeAt(now, element.scrollTop, nowScale) : null;
        setView((old) => (old.top === element.scrollTop ? old : { ...old, top: element.scrollTop }));
      });
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
    };
  }, [ready !== null]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !layout) return;
    const target = focus.current ?? (kept.current ? { place: kept.current, y: 0, x: 0, left: element.scrollLeft } : null);
    focus.current = null;
    if (!target) return;
    const offset = placeOffset(layout, target.place, scale);
    if (offset !== null) element.scrollTop = offset - target.y;
    element.scrollLeft = (target.left * scale) / target.place.scale - target.x;
    kept.current = placeAt(layout, element.scrollTop, scale);
  }, [layout]);

  // Two fingers zoom on a phone (the browser's own pinch would only stretch the drawing), and
  // Ctrl + wheel on a desktop; the drawing follows the fingers at once and is drawn anew after.
  useEffect(() => {
    const element = scroller.current;
    const content = pages.current;
    if (!element || !content || !ready) return;
    let pinch: { distance: number; zoom: number; x: number; y: number; ratio: number } | null = null;
    const spread = (touches: TouchList) => Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      const box = element.getBoundingClientRect();
      const x = (event.touches[0]!.clientX + event.touches[1]!.clientX) / 2 - box.left;
      const y = (event.touches[0]!.clientY + event.touches[1]!.clientY) / 2 - box.top;
      pinch = { distance: spread(event.touches), zoom: latest.current.zoom, x, y, ratio: 1 };
      content.style.transformOrigin = `${element.scrollLeft + x}px ${element.scrollTop + y}px`;
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      pinch.ratio = pinchZoom(pinch.zoom, pinch.distance, spread(event.touches)) / pinch.zoom;
      content.style.transform = `scale(${pinch.ratio})`;
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (!pinch || event.touches.length >= 2) return;
      const { zoom: from, ratio, x, y } = pinch;
      pinch = null;
      content.style.transform = '';
      zoomToRef.current(from * ratio, { x, y });
    };
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomToRef.current(wheelZoom(latest.current.zoom, event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 40 : event.deltaY), {
        x: event.clientX - box.left,
        y: event.clientY - box.top,
      });
    };
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('touchcancel', onTouchEnd);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchEnd);
      element.removeEventListener('wheel', onWheel);
    };
  }, [ready]);

  const goTo = (target: number) => {
    const element = scroller.current;
    if (!element || !layout) return;
    element.scrollTop = offsetOfRow(layout, Math.min(Math.max(target, 1), total) - 1);
  };
  const noteSize = (number: number, size: PageSize) =>
    setSizes((old) => {
      const known = old.get(number);
      return known && known.width === size.width && known.height === size.height ? old : new Map(old).set(number, size);
    });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(zoom);
  // One row on a common phone (390 px; a 320 px one wraps to two): the buttons a little smaller there.
  const button =
    'flex h-10 w-10 shrink-0 items-center justify-center rounded-full ring-1 ring-white/30 hover:bg-white/10 disabled:opacity-40 disabled:hover:bg-transparent sm:h-11 sm:w-11';

  if (loaded.kind !== 'ready') {
    return (
      <div className={`${HEIGHT} flex flex-col items-center justify-center gap-3 px-3 text-center`} data-testid="pdf-viewer" data-state={loaded.kind}>
        {loaded.kind === 'loading' && previewSrc ? (
          <img
            src={previewSrc}
            alt=""
            className="max-h-[60%] max-w-full rounded bg-white opacity-80"
            onError={(event) => (event.currentTarget.hidden = true)}
          />
        ) : null}
        {loaded.kind === 'loading' ? (
          <p role="status">{t('media.viewer.pdfLoading')}</p>
        ) : (
          <p role="alert" className="max-w-md" data-testid="pdf-failed">
            {t('media.viewer.pdfFailed')}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className={`${HEIGHT} flex flex-col`} data-testid="pdf-viewer" data-state="ready">
      <div className="flex flex-wrap items-center justify-center gap-x-0.5 gap-y-2 pb-2 sm:gap-x-1">
        <button type="button" className={button} onClick={() => goTo(page - 1)} disabled={page <= 1} aria-label={t('media.viewer.previousPage')}>
          <UpIcon className="h-5 w-5" />
        </button>
        <p className="min-w-12 text-center tabular-nums sm:min-w-28" aria-live="polite">
          {/* A phone's row has room for the numbers only; what is read out is the whole sentence. */}
          <span className="sm:hidden" aria-hidden="true">
            {page} / {total}
          </span>
          <span className="max-sm:sr-only" data-testid="pdf-page-number">
            {t('media.viewer.pageOf', { page, total })}
          </span>
        </p>
        <button type="button" className={button} onClick={() => goTo(page + 1)} disabled={page >= total} aria-label={t('media.viewer.nextPage')}>
          <DownIcon className="h-5 w-5" />
        </button>
        <span className="mx-1 h-6 w-px bg-white/25" aria-hidden="true" />
        <button
          type="button"
          className={button}
          onClick={() => zoomTo(zoomStep(zoom, -1))}
          disabled={zoom <= PDF_ZOOM_MIN}
          aria-label={t('media.viewer.zoomOut')}
        >
          <MinusIcon className="h-5 w-5" />
        </button>
        <output className="min-w-12 text-center tabular-nums sm:min-w-14" aria-label={t('media.viewer.zoom')} data-testid="pdf-zoom">
          {percent}
        </output>
        <button
          type="button"
          className={button}
          onClick={() => zoomTo(zoomStep(zoom, 1))}
          disabled={zoom >= PDF_ZOOM_MAX}
          aria-label={t('media.viewer.zoomIn')}
        >
          <PlusIcon className="h-5 w-5" />
        </button>
      </div>
      <div
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={t('media.viewer.pages', { title })}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          const direction = event.key === '+' || event.key === '=' ? 1 : event.key === '-' ? -1 : 0;
          if (direction === 0) return;
          event.preventDefault();
          zoomTo(zoomStep(zoom, direction));
        }}
        className="relative min-h-0 flex-1 touch-pan-x touch-pan-y overflow-auto overscroll-contain bg-slate-800 [overflow-anchor:none]"
        data-testid="pdf-pages"
      >
        <div ref={pages} className="relative" style={{ width: contentWidth, height: layout ? listHeight(layout) + PDF_PAGE_GAP_PX : 0 }}>
          {range && layout && ready
            ? Array.from({ length: range.last - range.first + 1 }, (_, index) => {
                const number = range.first + index + 1;
                const box = pageBox(sizes.get(number) ?? ready.first, scale);
                return (
                  <PdfPage
                    key={number}
                    doc={ready.doc}
                    number={number}
                    box={box}
                    top={offsetOfRow(layout, number - 1) + PDF_PAGE_GAP_PX}
                    left={Math.max(SIDE_PX, (contentWidth - box.width) / 2)}
                    label={t('media.viewer.pageOf', { page: number, total })}
                    onSize={noteSize}
                  />
                );
              })
            : null}
        </div>
      </div>
    </div>
  );
}

/**
 * One page, drawn onto a canvas of its own at the screen's density (within what a phone allows:
 * pdf-view.ts), and for screen readers an image named "page n of m". A new drawing replaces the
 * old one only when it is done, so a zoom never shows a blank page.
 */
function PdfPage({
  doc,
  number,
  box,
  top,
  left,
  label,
  onSize,
}: {
  doc: PDFDocumentProxy;
  number: number;
  box: PageSize;
  top: number;
  left: number;
  label: string;
  onSize: (number: number, size: PageSize) => void;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const proxy = useRef<PDFPageProxy | null>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    const draw = async () => {
      try {
        const page = await doc.getPage(number);
        proxy.current = page;
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        onSize(number, { width: natural.width, height: natural.height });
        // A page of another shape than assumed gets its own box first, and is drawn into that.
        if (Math.abs(natural.height * (box.width / natural.width) - box.height) > 1.5) return;
        const pixels = outputScale(box.width, box.height, window.devicePixelRatio);
        const viewport = page.getViewport({ scale: (box.width / natural.width) * pixels });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'block h-full w-full';
        task = page.render({ canvas, viewport });
        await task.promise;
        if (cancelled) return release(canvas);
        const old = element.firstElementChild;
        element.replaceChildren(canvas);
        release(old);
        setDrawn(true);
      } catch (error) {
        if (!cancelled) console.warn('PDF page not drawn', number, error);
      }
    };
    const timer = setTimeout(() => void draw(), element.firstElementChild ? REDRAW_DELAY_MS : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      task?.cancel();
    };
  }, [doc, number, box.width, box.height]);

  useEffect(() => {
    const element = holder.current;
    return () => {
      release(element?.firstElementChild ?? null);
      // What pdf.js holds for a page out of view (its fonts' and images' data) goes with it.
      proxy.current?.cleanup();
    };
  }, []);

  return (
    <div
      ref={holder}
      role="img"
      aria-label={label}
      className="absolute overflow-hidden bg-white shadow-md"
      style={{ top, left, width: box.width, height: box.height }}
      data-testid="pdf-page"
      data-page={number}
      data-drawn={drawn}
    />
  );
}
