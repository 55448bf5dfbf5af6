/**
 * Where a popup (a menu, the emoji picker) goes beside the control that opened it, so that it
 * stays inside the viewport on every side: on its preferred side if it fits there, else flipped to
 * the other side, else on the roomier side; then shifted sideways to fit, and given a maximum
 * size (it scrolls) when the viewport is smaller than the popup. Viewport coordinates, in px.
 */
export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Placement {
  top: number;
  left: number;
  maxWidth: number;
  maxHeight: number;
}

export interface PlacementOptions {
  /** Below or above the anchor, when it fits. */
  side: 'bottom' | 'top';
  /** Which edges line up: the anchor's left with the popup's left (start) or right with right (end). */
  align: 'start' | 'end';
  /** Between the anchor and the popup. */
  gap?: number;
  /** Kept free at the viewport's edges. */
  margin?: number;
}

export function placePopup(
  anchor: Box,
  popup: { width: number; height: number },
  viewport: { width: number; height: number },
  options: PlacementOptions,
): Placement {
  const gap = options.gap ?? 4;
  const margin = options.margin ?? 8;
  const maxWidth = Math.max(0, viewport.width - 2 * margin);
  const maxHeight = Math.max(0, viewport.height - 2 * margin);
  const width = Math.min(popup.width, maxWidth);
  const height = Math.min(popup.height, maxHeight);

  const below = anchor.top + anchor.height + gap;
  const above = anchor.top - gap - height;
  const fitsBelow = below + height <= viewport.height - margin;
  const fitsAbove = above >= margin;
  const roomBelow = viewport.height - margin - below;
  const roomAbove = anchor.top - gap - margin;
  let side = options.side;
  if (side === 'bottom' && !fitsBelow && (fitsAbove || roomAbove > roomBelow)) side = 'top';
  else if (side === 'top' && !fitsAbove && (fitsBelow || roomBelow > roomAbove)) side = 'bottom';
  const top = clamp(side === 'bottom' ? below : above, margin, viewport.height - margin - height);

  const aligned = options.align === 'start' ? anchor.left : anchor.left + anchor.width - width;
  const left = clamp(aligned, margin, viewport.width - margin - width);
  return { top, left, maxWidth, maxHeight };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}
