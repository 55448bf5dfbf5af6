import { useSyncExternalStore } from 'react';

/** One MediaQueryList per query: `matches` is live, so asking it again costs nothing. */
const lists = new Map<string, MediaQueryList>();
export function mediaQuery(query: string): MediaQueryList {
  let found = lists.get(query);
  if (!found) lists.set(query, (found = window.matchMedia(query)));
  return found;
}

const never = () => () => {};
const no = () => false;

/**
 * Whether the screen matches `query`, kept current. The server, and the browser while it hydrates,
 * say `false`: the first render is the server's; a match draws again right after. `asked` false:
 * the answer is not needed (it is `false`), and nothing is asked or drawn again for it.
 */
export function useMediaQuery(query: string, asked = true): boolean {
  return useSyncExternalStore(
    asked
      ? (changed) => {
          const mql = mediaQuery(query);
          mql.addEventListener('change', changed);
          return () => mql.removeEventListener('change', changed);
        }
      : never,
    asked ? () => mediaQuery(query).matches : no,
    no,
  );
}

/**
 * Tailwind's `md` and up (the specification's small screens end below `md`): the party's contents
 * and guests stand beside the chat instead of behind tabs.
 */
export const SIDE_BY_SIDE = '(min-width: 768px)';
