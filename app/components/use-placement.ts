import type { RefObject } from 'react';
import { useEffect, useLayoutEffect } from 'react';
import type { PlacementOptions } from '~/core/placement';
import { placePopup } from '~/core/placement';

const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Keeps an open popup (every menu and the emoji picker) inside the viewport beside its anchor
 * (see placePopup). The popup is `position: fixed`, so no scrolling ancestor (the message list)
 * clips it; it follows its anchor when anything scrolls, the window resizes or its content
 * changes size. Placed before the browser paints: it never shows off screen first.
 */
export function usePlacement(open: boolean, anchor: RefObject<HTMLElement | null>, popup: RefObject<HTMLElement | null>, options: PlacementOptions): void {
  const { side, align } = options;
  useBrowserLayoutEffect(() => {
    const element = popup.current;
    if (!open || !element) return;
    const place = () => {
      const from = anchor.current?.getBoundingClientRect();
      if (!from) return;
      // Measured at its natural size: a cap from an earlier placement must not stick.
      element.style.maxWidth = '';
      element.style.maxHeight = '';
      const viewport = document.documentElement;
      const placed = placePopup(
        from,
        { width: element.offsetWidth, height: element.offsetHeight },
        { width: viewport.clientWidth, height: viewport.clientHeight },
        { side, align },
      );
      Object.assign(element.style, {
        position: 'fixed',
        top: `${placed.top}px`,
        left: `${placed.left}px`,
        right: 'auto',
        bottom: 'auto',
        maxWidth: `${placed.maxWidth}px`,
        maxHeight: `${placed.maxHeight}px`,
      });
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(element);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    window.addEventListener('resize', place);
    return () => {
      resized.disconnect();
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [open, side, align]);
}
