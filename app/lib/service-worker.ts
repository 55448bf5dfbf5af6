import type { PageToWorker } from '~/sw/messages';
import { SERVICE_WORKER_URL } from '~/sw/messages';

/**
 * The page's side of the service worker (app/sw/sw.ts; docs/decisions/031-service-worker.md):
 * registering it, and offering a new version that waits. A failure is only logged: the app works
 * without it, online.
 */

let waiting: ServiceWorker | null = null;
/** A version that installed while another controls the page waits for the reader's word. */
function watch(registration: ServiceWorkerRegistration, onWaiting: () => void) {
  const offer = (worker: ServiceWorker) => {
    waiting = worker;
    onWaiting();
  };
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

/** Registers the worker; `onWaiting` hears of a new version that waits. */
export function registerServiceWorker(onWaiting: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then((registration) => watch(registration, onWaiting))
    .catch((error: unknown) => console.warn('service worker registration failed', error));
}

/** The reader asked for the new version: it takes over, and the page reloads once it has. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' } satisfies PageToWorker);
}
