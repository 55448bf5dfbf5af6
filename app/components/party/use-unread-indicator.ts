import { useEffect, useRef, useState } from 'react';
import { markerOf } from '~/core/markers';
import { whenIdle } from '~/lib/when-idle';
import type { ChatMessage } from '~/core/protocol';

const FAVICON = '/favicon.svg';
const FAVICON_UNREAD = '/favicon-unread.svg';

function setFavicon(href: string) {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link && !link.href.endsWith(href)) link.href = href;
}

/**
 * The installed app's icon shows the count too (the Badging API: Chromium, and Safari for an app on
 * the home screen). Where it is missing nothing happens; a refusal (not installed, no permission)
 * changes nothing on the page, so it is ignored.
 */
function setAppBadge(count: number) {
  if (!('setAppBadge' in navigator)) return;
  (count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge()).catch(() => {});
}

/**
 * While the window is not focused, each new message from someone else raises a counter in the tab
 * title and the app's badge and switches the favicon; focusing the window resets all three.
 */
export function useUnreadIndicator(ready: boolean, messages: ChatMessage[], meId: string | null, title: string): number {
  const [unread, setUnread] = useState(0);
  const newest = messages[messages.length - 1];
  const lastCounted = useRef<number | null>(null);

  useEffect(() => {
    // What the chat showed when it loaded is not new; count from there.
    if (lastCounted.current === null) {
      if (ready) lastCounted.current = newest?.seq ?? 0;
      return;
    }
    if (!newest || newest.seq <= lastCounted.current) return;
    const arrived = messages.filter((m) => m.seq > lastCounted.current! && m.sender !== meId && !m.deleted && !markerOf(m)).length;
    lastCounted.current = newest.seq;
    if (arrived > 0 && !document.hasFocus()) setUnread((count) => count + arrived);
  }, [ready, newest, messages, meId]);

  useEffect(() => {
    const reset = () => {
      if (document.visibilityState === 'visible' && document.hasFocus()) setUnread(0);
    };
    window.addEventListener('focus', reset);
    document.addEventListener('visibilitychange', reset);
    return () => {
      window.removeEventListener('focus', reset);
      document.removeEventListener('visibilitychange', reset);
    };
  }, []);

  useEffect(() => {
    document.title = unread > 0 ? `(${unread}) ${title}` : title;
    setFavicon(unread > 0 ? FAVICON_UNREAD : FAVICON);
    if (unread > 0) {
      setAppBadge(unread);
      return undefined;
    }
    // No count: a badge left from before is cleared once the browser is idle, not during the load (ADR 051).
    return whenIdle(() => setAppBadge(0));
  }, [unread, title]);

  useEffect(
    () => () => {
      setFavicon(FAVICON);
      setAppBadge(0);
    },
    [],
  );
  return unread;
}
