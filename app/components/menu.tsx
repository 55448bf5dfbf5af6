import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { usePlacement } from './use-placement';

export interface MenuItem {
  key: string;
  label: string;
  /** A button item; or give `href` for a link. */
  onSelect?: () => void;
  href?: string;
  newTab?: boolean;
  destructive?: boolean;
}

const ITEM = 'block w-full rounded-lg px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/**
 * A button that opens a list of actions, after the WAI-ARIA menu button pattern: opening moves
 * focus to the first item (the last with ArrowUp), arrows and Home/End move it, Escape closes
 * and returns focus to the button, Tab and a click elsewhere close it. The list opens below the
 * button (above near the bottom) and stays inside the viewport (usePlacement).
 */
export function Menu({
  label,
  buttonContent,
  items,
  disabled = false,
  align = 'right',
  className = '',
  buttonClassName,
  listClassName = 'w-40',
}: {
  /** The button's accessible name; include any text the button shows. */
  label: string;
  /** What the button shows: an icon, or a short text. */
  buttonContent: ReactNode;
  items: MenuItem[];
  disabled?: boolean;
  /** The list's edge lined up with the button's, unless the viewport's edge is in the way. */
  align?: 'left' | 'right';
  className?: string;
  buttonClassName: string;
  listClassName?: string;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  usePlacement(open !== false, button, list, { side: 'bottom', align: align === 'right' ? 'end' : 'start' });

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = entries();
    (open === 'first' ? list[0] : list[list.length - 1])?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const list = entries();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Tab') setOpen(false);
  };

  const select = (item: MenuItem) => {
    close(!item.href);
    item.onSelect?.();
  };

  return (
    <div ref={root} className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? id : undefined}
        aria-label={label}
        disabled={disabled}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
        className={buttonClassName}
      >
        {buttonContent}
      </button>
      {open ? (
        <ul
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={`fixed z-40 overflow-y-auto rounded-xl bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 ${listClassName}`}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              {item.href ? (
                <a
                  role="menuitem"
                  tabIndex={-1}
                  href={item.href}
                  {...(item.newTab ? { target: '_blank', rel: 'noopener' } : {})}
                  onClick={() => select(item)}
                  className={`${ITEM} ${item.destructive ? 'text-red-800' : ''}`}
                >
                  {item.label}
                </a>
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => select(item)}
                  className={`${ITEM} ${item.destructive ? 'text-red-800' : ''}`}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Three dots, across or down. */
export function DotsIcon({ vertical = false, className }: { vertical?: boolean; className: string }) {
  const dots = vertical ? [5, 12, 19].map((y) => [12, y]) : [5, 12, 19].map((x) => [x, 12]);
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      {dots.map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="2" />
      ))}
    </svg>
  );
}
