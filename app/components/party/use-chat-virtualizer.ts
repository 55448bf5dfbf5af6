import type { RefObject } from 'react';
import { useLayoutEffect, useReducer, useState } from 'react';
import type { ChatLayout, RowRange } from '~/core/chat-layout';
import { anchorAt, appendedAtEnd, edgesChanged, layoutRows, listHeight, offsetOfRow, resolveAnchor, sizeCorrection, visibleRange } from '~/core/chat-layout';

interface Options {
  scroller: RefObject<HTMLElement>;
  /** The list the rows are in: a correction held during an iOS fling moves it (see `hold`). */
  list: RefObject<HTMLElement>;
  keys: readonly string[];
  estimate: number;
  overscan: number;
  /** The list's top inside the scroller (what comes before it, such as the "load older" button). */
  scrollMargin: number;
  /** A row appended while the reader is at the end brings the list to it. */
  followOnAppend: boolean;
  /** Within this distance of the end, the reader is at the end. */
  endThreshold: number;
}

/** A scroll the list was told to make: kept through the measurements that move its target. */
type Command = { kind: 'end'; smooth: boolean } | { kind: 'row'; key: string; smooth: boolean };

/** How long after the last scroll event a fling or a smooth scroll counts as over (as tanstack). */
const SETTLE_MS = 150;
/** A fling's first frame can come this late after the finger lifts when the main thread is busy. */
const LATE_FLING_MS = 400;

/**
 * Written on iOS WebKit, a scroll position stops a fling dead (iOS 26 and earlier) or is drawn for
 * one frame and then lost (27). So while a finger is on the list or its momentum runs, corrections
 * are held (the list is moved by a transform instead) and written when the scrolling stops.
 */
function isIOSWebKit(): boolean {
  return /iP(hone|od|ad)/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 0);
}

/**
 * The message list's virtualiser: which rows to render and the padding that stands for the rest,
 * measured heights, and the scrolling a chat needs (start and stay at the end, keep the reader's
 * place when rows arrive or change above, jump to a row). The arithmetic is `~/core/chat-layout`.
 */
export class ChatVirtualizer {
  rows: { index: number; key: string }[] = [];
  paddingTop = 0;
  paddingBottom = 0;

  private options!: Options;
  private element: HTMLElement | null = null;
  private layout: ChatLayout = layoutRows([], new Map(), 0);
  private readonly sizes = new Map<string, number>();
  private readonly observed = new Map<Element, string>();
  private range: RowRange | null = null;
  /** The top of the view in the list's coordinates, as last rendered. */
  private offset = 0;
  private viewport = 0;
  private margin = 0;
  /** A scroll to make once the rows just rendered are in the DOM. */
  private pendingTop: number | 'end' | null = null;
  private command: Command | null = null;
  /** What the last write left in scrollTop: a scroll event reporting anything else is the reader's. */
  private written: number | null = null;
  private atEnd = true;
  private settleTimer: ReturnType<typeof setTimeout> | undefined;
  private ios = false;
  private touching = false;
  /** The finger moved the list: a fling may follow. */
  private dragged = false;
  /** Scrolling to the end waits for the gesture to end. */
  private endAfterGesture = false;
  private tailTimer: ReturnType<typeof setTimeout> | undefined;
  /** A correction not written during an iOS gesture: the list is drawn this much higher meanwhile. */
  private hold = 0;
  private rowObserver: ResizeObserver | null = null;
  /** Rows rendered since the last commit and not measured yet. */
  private readonly fresh = new Set<Element>();
  /** The first rows were drawn for the list's end: attaching scrolls there before reading the view. */
  private startedAtEnd = false;

  constructor(private readonly rerender: () => void) {}

  /** Called while rendering: lays out the rows and keeps the reader's place when the edges moved. */
  update(options: Options) {
    const before = this.layout;
    const beforeMargin = this.margin;
    this.options = options;
    this.margin = options.scrollMargin;
    this.layout = layoutRows(options.keys, this.sizes, options.estimate);
    const element = this.element;
    if (element && before.keys.length > 0 && (edgesChanged(before.keys, options.keys) || beforeMargin !== this.margin)) {
      // The DOM is still the one `before` describes.
      const top = element.scrollTop + this.hold;
      if (options.followOnAppend && appendedAtEnd(before.keys, options.keys) && this.isAtEnd()) this.pendingTop = 'end';
      else if (this.command && !this.command.smooth) this.pendingTop = this.commandTarget(this.command);
      else {
        const anchor = anchorAt(before, top - beforeMargin);
        const resolved = anchor && resolveAnchor(this.layout, anchor);
        if (resolved !== null && resolved + this.margin !== top) {
          this.pendingTop = resolved + this.margin;
          this.offset = resolved;
        }
      }
    }
    if (!element && this.range === null && options.keys.length > 0 && typeof window !== 'undefined') {
      // The first rows, before the list is in the DOM: a chat opens at its end, so they are the
      // last ones a window's height holds, not the first ones (drawn, measured and thrown away).
      this.viewport = window.innerHeight;
      this.offset = Math.max(0, listHeight(this.layout) - this.viewport);
      this.startedAtEnd = true;
    }
    this.range = visibleRange(this.layout, this.offset, this.viewport, options.overscan);
    const { starts } = this.layout;
    const range = this.range;
    this.rows = [];
    if (range) for (let index = range.first; index <= range.last; index++) this.rows.push({ index, key: this.layout.keys[index]! });
    this.paddingTop = range ? starts[range.first]! : 0;
    this.paddingBottom = range ? listHeight(this.layout) - starts[range.last + 1]! : 0;
  }

  /** A ref for each row's element: it is measured now and whenever its height changes. */
  measure = (element: HTMLElement | null) => {
    if (!element) return;
    const key = this.layout.keys[Number(element.dataset.index)];
    if (key === undefined || this.observed.get(element) === key) return;
    this.observed.set(element, key);
    if (!this.sizes.has(key)) this.fresh.add(element);
    this.rowObserver?.observe(element);
  };

  isAtEnd = () => {
    const element = this.element;
    return !element || element.scrollHeight - element.scrollTop - element.clientHeight <= this.options.endThreshold;
  };

  scrollToEnd = (options: { smooth?: boolean } = {}) => this.run({ kind: 'end', smooth: options.smooth === true });

  /** Brings row `index` to the top of the view. */
  scrollToIndex = (index: number, options: { smooth?: boolean } = {}) => {
    const key = this.layout.keys[index];
    if (key !== undefined) this.run({ kind: 'row', key, smooth: options.smooth === true });
  };

  /** Called after every commit: the rows are in the DOM, so a pending scroll can be made. */
  committed() {
    for (const element of this.observed.keys()) {
      if (!element.isConnected) {
        this.observed.delete(element);
        this.rowObserver?.unobserve(element);
      }
    }
    const target = this.pendingTop;
    this.pendingTop = null;
    if (target !== null) this.moveTo(target);
    // New rows are measured now, before the browser paints, and the view corrected with them: left
    // to the ResizeObserver, rows drawn at their estimated height would move for one frame (a layout
    // shift: Lighthouse's CLS on a guest's first load).
    const fresh = [...this.fresh].filter((element) => element.isConnected);
    this.fresh.clear();
    if (fresh.length > 0) this.applySizes(fresh.map((element) => ({ target: element, size: element.getBoundingClientRect().height })));
    else this.sync();
  }

  attach(element: HTMLElement): () => void {
    this.element = element;
    this.ios = isIOSWebKit();
    this.rowObserver = new ResizeObserver((entries) => this.onRowsResized(entries));
    for (const row of this.observed.keys()) this.rowObserver.observe(row);
    const viewportObserver = new ResizeObserver(() => {
      if (this.atEnd && !this.command?.smooth) this.moveTo('end');
      this.sync();
    });
    viewportObserver.observe(element);
    if (this.startedAtEnd) {
      this.startedAtEnd = false;
      this.moveTo('end');
    }
    const onScroll = () => this.onScroll();
    const onInput = () => {
      // The reader takes over from a smooth scroll (an instant one is told apart by its position).
      if (this.command?.smooth) this.command = null;
    };
    const onTouchStart = () => {
      this.touching = true;
      this.dragged = false;
      clearTimeout(this.tailTimer);
      this.tailTimer = undefined;
    };
    const onTouchEnd = () => {
      this.touching = false;
      if (this.dragged) this.openTail(LATE_FLING_MS);
      else this.gestureEnded();
    };
    const passive = { passive: true };
    const capture = { passive: true, capture: true };
    element.addEventListener('scroll', onScroll, passive);
    for (const type of ['wheel', 'pointerdown', 'keydown'] as const) element.addEventListener(type, onInput, passive);
    element.addEventListener('touchstart', onInput, passive);
    // In the capture phase, so a row that stops a touch event cannot hide the gesture.
    element.addEventListener('touchstart', onTouchStart, capture);
    element.addEventListener('touchend', onTouchEnd, capture);
    element.addEventListener('touchcancel', onTouchEnd, capture);
    this.sync();
    return () => {
      element.removeEventListener('scroll', onScroll);
      for (const type of ['wheel', 'pointerdown', 'keydown'] as const) element.removeEventListener(type, onInput);
      element.removeEventListener('touchstart', onInput);
      element.removeEventListener('touchstart', onTouchStart, true);
      element.removeEventListener('touchend', onTouchEnd, true);
      element.removeEventListener('touchcancel', onTouchEnd, true);
      viewportObserver.disconnect();
      this.rowObserver?.disconnect();
      this.rowObserver = null;
      clearTimeout(this.settleTimer);
      clearTimeout(this.tailTimer);
      this.element = null;
    };
  }

  private run(command: Command) {
    const element = this.element;
    if (!element) return;
    this.command = command;
    if (command.smooth) {
      this.written = null;
      const target = this.commandTarget(command);
      element.scrollTo({ top: target === 'end' ? element.scrollHeight : target, behavior: 'smooth' });
      this.settleSoon();
    } else this.moveTo(this.commandTarget(command));
    this.sync();
  }

  private commandTarget(command: Command): number | 'end' {
    if (command.kind === 'end') return 'end';
    const index = this.layout.keys.indexOf(command.key);
    return index < 0 ? this.offset + this.margin : offsetOfRow(this.layout, index) + this.margin;
  }

  /** Puts the view's top at `top` (scroller coordinates), or holds it there during an iOS gesture. */
  private moveTo(top: number | 'end') {
    const element = this.element;
    if (!element) return;
    if (this.inGesture()) {
      if (top === 'end') this.endAfterGesture = true;
      else this.setHold(top - element.scrollTop);
      return;
    }
    this.endAfterGesture = false;
    this.setHold(0);
    element.scrollTop = top === 'end' ? element.scrollHeight : top;
    this.written = element.scrollTop;
  }

  private setHold(hold: number) {
    if (hold === this.hold) return;
    this.hold = hold;
    const list = this.options.list.current;
    if (list) list.style.transform = hold ? `translateY(${-hold}px)` : '';
  }

  private inGesture() {
    return this.ios && (this.touching || this.tailTimer !== undefined);
  }

  private openTail(ms: number) {
    clearTimeout(this.tailTimer);
    this.tailTimer = setTimeout(() => this.gestureEnded(), ms);
  }

  /** Writes what was held while the finger or the momentum owned the scroll position. */
  private gestureEnded() {
    clearTimeout(this.tailTimer);
    this.tailTimer = undefined;
    if (this.endAfterGesture) this.moveTo('end');
    else if (this.hold) this.moveTo((this.element?.scrollTop ?? 0) + this.hold);
    this.sync();
  }

  private onScroll() {
    const element = this.element;
    if (!element) return;
    if (this.command && !this.command.smooth && (this.written === null || Math.abs(element.scrollTop - this.written) > 1)) this.command = null;
    if (this.touching) this.dragged = true;
    if (this.tailTimer !== undefined && !this.touching) this.openTail(SETTLE_MS);
    if (this.command?.smooth) this.settleSoon();
    this.atEnd = this.isAtEnd();
    this.sync();
  }

  /** A smooth scroll aimed where the rows were estimated; once it stops, it lands on its target. */
  private settleSoon() {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      const command = this.command;
      if (!command?.smooth) return;
      this.command = { ...command, smooth: false };
      this.moveTo(this.commandTarget(this.command));
      this.sync();
    }, SETTLE_MS);
  }

  private onRowsResized(entries: ResizeObserverEntry[]) {
    this.applySizes(
      entries.map((entry) => ({ target: entry.target, size: entry.borderBoxSize?.[0]?.blockSize ?? entry.target.getBoundingClientRect().height })),
    );
  }

  /** Takes rows' measured heights into the layout and keeps the view where the reader has it. */
  private applySizes(measured: { target: Element; size: number }[]) {
    const element = this.element;
    if (!element) return;
    const top = element.scrollTop + this.hold - this.margin;
    let correction = 0;
    let grown = 0;
    for (const entry of measured) {
      const key = this.observed.get(entry.target);
      if (key === undefined || !entry.target.isConnected) continue;
      const size = entry.size;
      const known = this.sizes.get(key);
      const before = known ?? this.options.estimate;
      if (size === before && known !== undefined) continue;
      let index = Number((entry.target as HTMLElement).dataset.index);
      if (this.layout.keys[index] !== key) index = this.layout.keys.indexOf(key);
      if (index < 0) continue;
      correction += sizeCorrection({ start: this.layout.starts[index]!, size: before, firstMeasure: known === undefined }, size, top);
      grown += size - before;
      this.sizes.set(key, size);
    }
    this.layout = layoutRows(this.layout.keys, this.sizes, this.options.estimate);
    // The DOM already has the new heights: whether the reader was at the end is judged without them.
    const wasAtEnd = element.scrollHeight - grown - element.scrollTop - element.clientHeight <= this.options.endThreshold;
    if (this.command?.smooth) {
      // A write would stop the animation; it lands on its target when it settles.
    } else if (this.command) this.moveTo(this.commandTarget(this.command));
    else if (wasAtEnd) this.moveTo('end');
    else if (correction) this.moveTo(element.scrollTop + this.hold + correction);
    this.sync();
  }

  /** Reads the view; renders again when other rows come into it. */
  private sync() {
    const element = this.element;
    if (!element) return;
    this.offset = element.scrollTop + this.hold - this.margin;
    this.viewport = element.clientHeight;
    this.atEnd = this.isAtEnd();
    const range = visibleRange(this.layout, this.offset, this.viewport, this.options.overscan);
    if (range?.first !== this.range?.first || range?.last !== this.range?.last) this.rerender();
  }
}

export function useChatVirtualizer(options: Options): ChatVirtualizer {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [virtualizer] = useState(() => new ChatVirtualizer(rerender));
  virtualizer.update(options);
  const { scroller } = options;
  useLayoutEffect(() => {
    const element = scroller.current;
    return element ? virtualizer.attach(element) : undefined;
  }, [scroller, virtualizer]);
  useLayoutEffect(() => virtualizer.committed());
  return virtualizer;
}
