/**
 * The arithmetic of the virtualised message list, apart from the DOM (the hook in
 * `app/components/party/use-chat-virtualizer.ts` measures, listens and scrolls). Offsets are in
 * the list's own coordinates: 0 is the top of its first row.
 */

/** Where each row starts, from the measured heights (an estimate for a row not yet measured). */
export interface ChatLayout {
  keys: readonly string[];
  /** `starts[i]` is row i's top; `starts[keys.length]` is the list's height. */
  starts: Float64Array;
}

/** A row's key and how far into it an offset lies: a place that survives rows arriving above. */
export interface Anchor {
  key: string;
  within: number;
}

/** The rows to render: `first` to `last`, both included; null for an empty list. */
export interface RowRange {
  first: number;
  last: number;
}

export function layoutRows(keys: readonly string[], sizes: ReadonlyMap<string, number>, estimate: number): ChatLayout {
  const starts = new Float64Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) starts[i + 1] = starts[i]! + (sizes.get(keys[i]!) ?? estimate);
  return { keys, starts };
}

export function listHeight(layout: ChatLayout): number {
  return layout.starts[layout.keys.length]!;
}

/** The row that holds `offset` (the first above 0, the last below the end); -1 for no rows. */
export function rowAt(layout: ChatLayout, offset: number): number {
  const count = layout.keys.length;
  if (count === 0) return -1;
  let low = 0;
  let high = count - 1;
  // The last row whose top is at or above the offset.
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (layout.starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The rows that meet the view from `top` for `height`, and `overscan` more on either side. */
export function visibleRange(layout: ChatLayout, top: number, height: number, overscan: number): RowRange | null {
  const count = layout.keys.length;
  if (count === 0) return null;
  const first = rowAt(layout, top);
  let last = first;
  while (last < count - 1 && layout.starts[last + 1]! < top + height) last++;
  return { first: Math.max(0, first - overscan), last: Math.min(count - 1, last + overscan) };
}

export function anchorAt(layout: ChatLayout, offset: number): Anchor | null {
  const index = rowAt(layout, offset);
  if (index < 0) return null;
  return { key: layout.keys[index]!, within: offset - layout.starts[index]! };
}

/** Where the anchored place is now; null when its row is gone. */
export function resolveAnchor(layout: ChatLayout, anchor: Anchor): number | null {
  const index = layout.keys.indexOf(anchor.key);
  return index < 0 ? null : Math.max(0, layout.starts[index]! + anchor.within);
}

/**
 * Whether the rows changed at an edge (a page arrived above or below, a row was appended or the
 * rows were replaced): then the reader's place is kept by its row, not by its offset.
 */
export function edgesChanged(before: readonly string[], after: readonly string[]): boolean {
  return before.length !== after.length || (after.length > 0 && (before[0] !== after[0] || before[before.length - 1] !== after[after.length - 1]));
}

/** Whether the change brought a new row at the end (not a page above, not a shorter list). */
export function appendedAtEnd(before: readonly string[], after: readonly string[]): boolean {
  return after.length > 0 && after.length >= before.length && before[before.length - 1] !== after[after.length - 1];
}

/**
 * How far the scroll offset moves when a row changes height, so that what the reader sees does not
 * move. A row entirely above the view pushes everything under it: follow it. A row measured for
 * the first time that started above the view was only an estimate: follow it too. A row that
 * reaches into the view grows at its bottom, below the reader's eyes: stay.
 */
export function sizeCorrection(row: { start: number; size: number; firstMeasure: boolean }, newSize: number, offset: number): number {
  const above = row.firstMeasure ? row.start < offset : row.start + row.size <= offset;
  return above ? newSize - row.size : 0;
}

/** The offset that shows row `index` at the top of the view (the browser clamps it at the end). */
export function offsetOfRow(layout: ChatLayout, index: number): number {
  return layout.starts[Math.max(0, Math.min(index, layout.keys.length))]!;
}
