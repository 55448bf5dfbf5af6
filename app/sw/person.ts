import { isShortId } from '../core/party';
import type { PageToWorker } from './messages';
import { NO_VIEWER, VIEWER_HEADER, chatPath } from './messages';
import { sw } from './scope';

/**
 * What belongs to one person: the pages they opened (a party's, the dashboard) and the history the
 * party pages had, kept to open them offline. Each person's answers live in a cache of their own, named by the viewer
 * the Worker put on the page (worker/http/viewer.ts); the moment a page is made for somebody else
 * (another sign-in, or nobody), every other person's cache is deleted, so one person's answers are
 * never served to another. Signing out and leaving a party delete theirs too.
 */
const PERSON_PREFIX = 'salon-person-';
const META_CACHE = 'salon-meta';
const VIEWER_KEY = '/__salon/viewer';
/** On a kept history: the party page it belongs to, so leaving the party deletes both. */
const PAGE_HEADER = 'Salon-Party-Page';

const personCache = (viewer: string) => caches.open(`${PERSON_PREFIX}${viewer}`);

let viewer: Promise<string | null> | null = null;

/** The person the last page was made for; it survives the worker being stopped. */
function currentViewer(): Promise<string | null> {
  viewer ??= caches
    .open(META_CACHE)
    .then((cache) => cache.match(VIEWER_KEY))
    .then((response) => (response ? response.text() : null))
    .then((text) => (text && text !== NO_VIEWER ? text : null));
  return viewer;
}

async function setViewer(next: string | null): Promise<void> {
  if ((await currentViewer()) === next && next !== null) return;
  viewer = Promise.resolve(next);
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PERSON_PREFIX) && name !== `${PERSON_PREFIX}${next}`).map((name) => caches.delete(name)));
  const meta = await caches.open(META_CACHE);
  await meta.put(VIEWER_KEY, new Response(next ?? NO_VIEWER));
}

/** What the current viewer has kept at a path. */
async function keptFor(path: string): Promise<Response | undefined> {
  const current = await currentViewer();
  return current ? (await personCache(current)).match(path) : undefined;
}

async function forgetParty(partyId: string): Promise<void> {
  const current = await currentViewer();
  if (!current) return;
  const cache = await personCache(current);
  const history = await cache.match(chatPath(partyId));
  const page = history?.headers.get(PAGE_HEADER);
  await Promise.all([cache.delete(chatPath(partyId)), page ? cache.delete(page) : undefined]);
}

/**
 * A page from the network, kept for its viewer (after it has reached the page: a page streams);
 * offline, the kept one of the current viewer.
 */
async function page(event: FetchEvent, path: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(event.request);
  } catch (error) {
    const kept = await keptFor(path);
    if (kept) return kept;
    throw error;
  }
  const madeFor = response.headers.get(VIEWER_HEADER);
  if (madeFor !== null) {
    const next = madeFor === NO_VIEWER ? null : madeFor;
    const copy = next && response.status === 200 ? response.clone() : null;
    event.waitUntil(
      (async () => {
        await setViewer(next);
        if (next && copy) await (await personCache(next)).put(path, copy);
      })(),
    );
  }
  return response;
}

/** The newest history page from the network; offline, the one the page kept. */
async function history(request: Request, path: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await keptFor(path);
    if (kept) return kept;
    throw error;
  }
}

const PARTY_API = /^\/api\/parties\/([^/]+)\/(chat|leave)$/;

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  const path = url.pathname;
  if (request.mode === 'navigate' && request.method === 'GET') {
    event.respondWith(page(event, path + url.search));
    return;
  }
  // Signing out (the form's post, or its data request): what belonged to the person goes at once.
  if (path === '/logout' || path === '/logout.data') {
    event.waitUntil(setViewer(null));
    return;
  }
  const api = PARTY_API.exec(path);
  if (!api) return;
  const [, partyId = '', action] = api;
  if (action === 'chat' && request.method === 'GET' && url.search === '') {
    event.respondWith(history(request, path));
  } else if (action === 'leave' && request.method === 'DELETE') {
    event.respondWith(
      fetch(request).then((response) => {
        if (response.ok) event.waitUntil(forgetParty(partyId));
        return response;
      }),
    );
  }
});

// The party page hands over the history it shows; it is kept for the person the page was made for.
sw.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | null;
  if (message?.type !== 'history') return;
  event.waitUntil(
    (async () => {
      const current = await currentViewer();
      if (!current || !isShortId(message.pagePath.slice(1))) return;
      const body = JSON.stringify(message.snapshot);
      const headers = { 'Content-Type': 'application/json', [PAGE_HEADER]: message.pagePath };
      await (await personCache(current)).put(chatPath(message.partyId), new Response(body, { headers }));
    })(),
  );
});
