import type { PageToWorker } from './messages';
import { sw } from './scope';

// Never skipWaiting on install: a page in the middle of a party keeps the version it started
// with. The page offers the new version and asks for it (app/lib/service-worker.ts).
sw.addEventListener('message', (event) => {
  if ((event.data as PageToWorker | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

// The first version takes the open pages at once, so a party opened before the worker was
// installed still opens offline; a later version only gets here when a page asked for it.
sw.addEventListener('activate', (event) => {
  event.waitUntil(sw.clients.claim());
});
