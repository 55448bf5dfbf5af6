import { useSyncExternalStore } from 'react';
import type { PageToWorker } from '~/sw/messages';
import { SERVICE_WORKER_URL } from '~/sw/messages';

/**
 * The page's side of the service worker (app/sw/sw.ts; docs/decisions/031-service-worker.md):
 * registering it, and offering a new version that waits. A failure is only logged: the app works
 * without it, online.
 */

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker) {
  waiting = worker;
  for (const listener of listeners) listener();
}

/** A version that installed while another controls the page waits for the reader's word. */
function watch(registration: ServiceWorkerRegistration) {
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/' })
    .then(watch)
    .catch((error: unknown) => console.warn('service worker registration failed', error));
}

/** Whether a new version waits to be taken. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
}

/** The reader asked for the new version: it takes over, and the page reloads once it has. */
export function applyUpdate(): void {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' } satisfies PageToWorker);
}

/** A word for the worker that controls the page, if one does. */
export function tellServiceWorker(message: PageToWorker): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage(message);
}
