import { useEffect } from 'react';

/**
 * While `active` (a message or a file still on its way), closing or reloading the page asks first:
 * what has not arrived yet lives only in this page. The browser shows its own question (a page
 * cannot choose the words) and only after the reader has interacted with the page.
 */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Browsers before the standard's preventDefault ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
