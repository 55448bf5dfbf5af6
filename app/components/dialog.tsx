import type { ReactNode, RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';

// The server has no layout; React warns about useLayoutEffect there.
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const TEXT_FIELD = 'input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]):not([disabled]), textarea:not([disabled])';

/** Widths: never wider than the screen less a margin, whatever the size. */
const WIDTH = {
  sm: 'w-[min(24rem,calc(100vw-1.5rem))]',
  md: 'w-[min(28rem,calc(100vw-1.5rem))]',
  lg: 'w-[min(40rem,calc(100vw-1.5rem))]',
  /** The media viewer: the window less 250 px, at least 285 px; a phone's whole width. */
  viewer: 'w-[calc(100vw-1.5rem)] sm:w-[max(285px,calc(100vw-250px))]',
  /** The lightbox: the whole screen less the margin. */
  full: 'h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)]',
} as const;

const TONE = {
  light: 'bg-white text-slate-900',
  /** Photos and video look best on black; the focus ring turns white to show on it. */
  dark: 'bg-slate-950 text-white [&_:focus-visible]:outline-white',
} as const;

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/**
 * Every modal of the app: a native `<dialog>` opened with showModal, so the page behind is inert
 * and the dialog sits in the top layer, centred by the one `dialog` rule in tailwind.css. It is
 * rendered open, so a dialog the server sends (the guest's join) shows and takes input before the
 * page is interactive; on mount it turns modal. Focus starts in the first text field (else
 * `initialFocus`, else the first control) unless the reader already is inside, Tab and Shift+Tab
 * cycle within the dialog (Chromium would otherwise leave for the browser's own UI), Escape calls
 * `onCancel`, and on close focus goes back to the element that opened it.
 */
export function Dialog({
  onCancel,
  initialFocus,
  size = 'sm',
  tone = 'light',
  className = '',
  children,
  ...aria
}: {
  onCancel?: (() => void) | undefined;
  initialFocus?: RefObject<HTMLElement | null>;
  size?: keyof typeof WIDTH;
  tone?: keyof typeof TONE;
  className?: string;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  'aria-labelledby': string;
  'aria-describedby'?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;
  const unmounting = useRef(false);

  // Once per opening: a parent that renders again (a chat message arriving, a keystroke) passes
  // new props but never moves the reader's focus.
  useBrowserLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // Focus in a field already: the guest typed into the server-rendered join before hydration.
    // (Not any element inside: opening the dialog before hydration focuses its first control.)
    const typingIn = active && element.contains(active) && active.matches(TEXT_FIELD) ? active : null;
    const opener = typingIn ? null : active;
    if (!element.matches(':modal')) {
      if (element.open) element.close();
      element.showModal();
    }
    // A field folded away (in a closed disclosure, which keeps its layout boxes) cannot take the focus.
    const field = [...element.querySelectorAll<HTMLElement>(TEXT_FIELD)].find(
      (candidate) =>
        // Older browsers (Safari before 17.4) have no checkVisibility: there, boxes decide.
        (candidate.checkVisibility as (() => boolean) | undefined)?.call(candidate) ?? candidate.getClientRects().length > 0,
    );
    (typingIn ?? field ?? initialFocus?.current ?? focusables(element)[0])?.focus();
    unmounting.current = false;
    return () => {
      unmounting.current = true;
      if (element.open) element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      open
      {...aria}
      onCancel={(event) => {
        // Escape: the owner decides whether and how the dialog closes.
        event.preventDefault();
        onCancelRef.current?.();
      }}
      onClose={() => {
        // Chromium closes without a cancel event on a second Escape with no click in between: the
        // owner still decides, and a dialog without a way out (the join) opens again.
        // Also ignored: the close that turned the server-rendered open dialog modal (the event
        // arrives after it is open again).
        if (unmounting.current || dialog.current?.open) return;
        if (onCancelRef.current) onCancelRef.current();
        else dialog.current?.showModal();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || !dialog.current) return;
        const list = focusables(dialog.current);
        const first = list[0];
        const last = list[list.length - 1];
        if (!first || !last) return;
        const at = document.activeElement;
        if (event.shiftKey && (at === first || !dialog.current.contains(at))) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (at === last || !dialog.current.contains(at))) {
          event.preventDefault();
          first.focus();
        }
      }}
      className={`${WIDTH[size]} ${TONE[tone]} z-50 rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/40 ${className}`}
    >
      {children}
    </dialog>
  );
}
