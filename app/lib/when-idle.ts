/**
 * Runs `work` once the browser has nothing else to do (at the latest after `timeoutMs`): for what a
 * page wants soon but not for its first screen (ADR 051). Safari has no requestIdleCallback: a
 * short timer there. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 200);
  return () => clearTimeout(id);
}

/** Runs `work` when the browser is idle after the page's load event (the service worker's registration). */
export function afterLoad(work: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    cancel = whenIdle(work);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancel();
  };
}
