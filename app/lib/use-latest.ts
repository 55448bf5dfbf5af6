import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

// The server renders once and runs no effects: a layout effect there only warns.
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A function that stays the same across renders and calls the newest `fn`: a handler a memoised
 * child can take without being drawn again whenever its parent is (ADR 051). For events and
 * effects, not for rendering: it follows `fn` once a render is committed.
 */
export function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useCommitEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}
