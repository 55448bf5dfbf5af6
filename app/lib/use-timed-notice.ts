import { useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Calls `clear` `ms` after `value` became something (not null, undefined or false). A new value
 * starts the time again; a value that goes back to nothing first stops it. The callback may change
 * on every render: the time follows the value, not the callback.
 */
export function useClearAfter(value: unknown, ms: number, clear: () => void): void {
  const clearRef = useRef(clear);
  clearRef.current = clear;
  useEffect(() => {
    if (value === null || value === undefined || value === false) return;
    const timer = setTimeout(() => clearRef.current(), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}

export interface TimedNotice<T> {
  /** What is shown now, or null. */
  notice: T | null;
  /** Shows `value` for `ms` (the hook's own time unless given), in place of what was shown. */
  show: (value: T, ms?: number) => void;
  clear: () => void;
  /** While the reader is in the notice (its button has the focus, the pointer is over it) it stays; after, it has its full time again. */
  hold: (held: boolean) => void;
}

interface Raised<T> {
  value: T;
  place: string;
  ms: number;
  /** Each notice its own: the same text shown twice has its full time twice. */
  id: number;
}

/**
 * A notice that clears itself after `ms`, and belongs to the place it was shown in: the address
 * (path, query and hash: a folder, the trash, another sort) and, where a screen has places the
 * address does not name (a search typed in), `place` as well. Once the place is another, the
 * notice is gone, and it does not come back with the place. ADR 026.
 */
export function useTimedNotice<T>(ms: number, place = ''): TimedNotice<T> {
  const [raised, setRaised] = useState<Raised<T> | null>(null);
  const [held, setHeld] = useState(false);
  const { pathname, search, hash } = useLocation();
  const where = `${pathname}${search}${hash}|${place}`;
  const placeRef = useRef(where);
  placeRef.current = where;
  const ids = useRef(0);
  // Read here, not after an effect: the new place never shows the old place's notice, not even once.
  const here = raised !== null && raised.place === where ? raised : null;
  useEffect(() => {
    if (raised !== null && raised.place !== where) setRaised(null);
  }, [raised, where]);
  const clear = useCallback(() => {
    setRaised(null);
    setHeld(false);
  }, []);
  useClearAfter(here && !held ? here.id : null, here?.ms ?? ms, clear);
  const show = useCallback(
    (value: T, duration = ms) => {
      // What held the last notice (its button, now gone) does not hold this one.
      setHeld(false);
      setRaised({ value, place: placeRef.current, ms: duration, id: ++ids.current });
    },
    [ms],
  );
  return { notice: here ? here.value : null, show, clear, hold: setHeld };
}
