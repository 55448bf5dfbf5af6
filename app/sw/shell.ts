import { sw } from './scope';

/** The hashed files the build lists for the app shell and the party page (vite.config.ts `serviceWorker`). */
declare const __SALON_PRECACHE__: string[];
/** Changes with every build whose files change: a new version of the worker, and a new shell cache. */
declare const __SALON_VERSION__: string;

const SHELL_PREFIX = 'salon-shell-';
const SHELL_CACHE = `${SHELL_PREFIX}${__SALON_VERSION__}`;

// A new version fills its own cache while the old one still serves the open pages; it waits
// (app/sw/update.ts) until a page asks it to take over.
sw.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(__SALON_PRECACHE__)));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)))),
  );
});

// A file under /assets/ has its content's hash in its name: once fetched it never changes, so the
// cache answers first, and whatever a page loaded online (a dialog, a viewer) is there offline too.
sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== sw.location.origin || !url.pathname.startsWith('/assets/')) return;
  event.respondWith(
    caches.open(SHELL_CACHE).then(async (cache) => {
      const cached = await cache.match(event.request);
      if (cached) return cached;
      const response = await fetch(event.request);
      if (response.ok) event.waitUntil(cache.put(event.request, response.clone()));
      return response;
    }),
  );
});
