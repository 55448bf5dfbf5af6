import { isbot } from 'isbot';
import type { VisitorChoice } from '../../app/core/visitor';
import { visitorOffers } from '../../app/core/visitor';
import { localeOf } from '../../app/i18n/i18n.server';
import { COOKIE, readCookies } from '../auth/cookies';
import { sha256 } from '../auth/crypto';
import { newNonce } from './page-headers';

/**
 * Public pages from the edge cache (issue 40, ADR 049): the landing pages, the FAQ and consultants'
 * public profile pages, as a visitor without a session sees them, are kept in the data center's
 * Cache API and answered from there, so a visitor far from the database gets them without a D1
 * trip. A page is kept per address, language, Salon's build and what the page offers that visitor
 * (the cookie notice, the app-switch screen, the old-Firefox warning: `visitorOffers`, as the
 * root's loader decides it). A request with any credentials (a session, a guest's key, an
 * Authorization header) is never answered from the cache and its page never kept: a page that
 * depends on the person is never served to another. Each answer gets a fresh nonce for its inline
 * scripts, in the page and its Content-Security-Policy alike.
 *
 * A change (a profile edited, its picture, the profile deleted) starts a new generation of that
 * page's copies in this data center at once; the Cache API keeps copies per data center, so
 * elsewhere a copy lives at most its `max-age` (KEEP_S). The FAQ's content changes with a deploy,
 * which starts a new build and so new copies everywhere.
 */

/** How long a copy is kept, by page group: a profile's edit shows everywhere within a minute. */
const KEEP_S = { landing: 600, faq: 600, profile: 60 } as const;
type Group = keyof typeof KEEP_S;

const CACHE_ORIGIN = 'https://edge-cache.salon.internal';
/** Said on every page answer this module saw: `hit`, `miss` (kept now), or `bypass` (never kept). */
export const CACHE_HEADER = 'Salon-Cache';

const LANDING = /^\/(?:de|en|nl|fr|it)?$/;
const FAQ = /^\/faq(?:\/(?:entry|topic)\/[\w-]{1,120})?$/;
const PROFILE = /^\/p\/([0-9A-Za-z]{4,32})$/;

/** The group of copies a public page belongs to (its generation purges them together), or null for any other page. */
function groupOf(path: string): string | null {
  if (LANDING.test(path)) return 'landing';
  if (FAQ.test(path)) return 'faq';
  const profile = PROFILE.exec(path);
  return profile ? `profile:${profile[1]}` : null;
}

function keepFor(group: string): number {
  return KEEP_S[group.split(':')[0] as Group];
}

/** Whether the request carries anything that makes its page someone's: a session, a guest's key, credentials. */
function personal(request: Request): boolean {
  if (request.headers.has('Authorization')) return true;
  const cookies = readCookies(request);
  return cookies.has(COOKIE.access) || cookies.has(COOKIE.refresh) || cookies.has(COOKIE.guest);
}

/** The public page a request may be answered with from the cache: its group, or null. */
export function cacheablePage(request: Request): string | null {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.search !== '' || personal(request)) return null;
  return groupOf(url.pathname);
}

/** What the page shows this visitor beside its content: the same words as the root's loader (app/root.tsx). */
function offersKey(request: Request): string {
  const cookies = readCookies(request);
  const chosen = new Set<VisitorChoice>();
  if (cookies.has(COOKIE.cookiesNoted)) chosen.add('cookies');
  if (cookies.has(COOKIE.inBrowser)) chosen.add('browser');
  const userAgent = request.headers.get('User-Agent');
  const offers = visitorOffers({ userAgent, chosen, hasSession: false, bot: isbot(userAgent ?? '') });
  return `${offers.cookieNotice ? 'n' : '-'}${offers.appSwitch ?? '-'}${offers.oldFirefox ? 'f' : '-'}`;
}

/** The data center's cache (the Workers runtime's `caches.default`; the DOM's CacheStorage type lacks it). */
export const edgeCache = () => (caches as unknown as { default: Cache }).default;

const generationKey = (group: string) => `${CACHE_ORIGIN}/generation/${encodeURIComponent(group)}`;

/** The current generation of a group's copies here; a new one when there is none (never an old one resurrected). */
async function generation(cache: Cache, group: string): Promise<string> {
  const kept = await cache.match(generationKey(group));
  if (kept) return kept.text();
  return startGeneration(cache, group);
}

async function startGeneration(cache: Cache, group: string): Promise<string> {
  const value = `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 8)}`;
  // Outlives the copies it names: when it is gone, so are they.
  await cache.put(generationKey(group), new Response(value, { headers: { 'Cache-Control': `public, max-age=${keepFor(group) * 2}` } }));
  return value;
}

/** A page's copies here are forgotten at once (a new generation); elsewhere they expire within KEEP_S. */
export async function purgePage(path: string): Promise<void> {
  const group = groupOf(path);
  if (group) await startGeneration(edgeCache(), group);
}

/** A copy with a fresh nonce: in every element that carries one and in the policy that names it. */
function withFreshNonce(copy: Response, nonce: string): Response {
  const policy = copy.headers.get('Content-Security-Policy') ?? '';
  const kept = /'nonce-([^']+)'/.exec(policy)?.[1];
  const headers = new Headers(copy.headers);
  headers.delete('Cache-Control');
  if (kept) headers.set('Content-Security-Policy', policy.replaceAll(`'nonce-${kept}'`, `'nonce-${nonce}'`));
  headers.set(CACHE_HEADER, 'hit');
  const answer = new Response(copy.body, { status: copy.status, headers });
  return new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        element.setAttribute('nonce', nonce);
      },
    })
    .transform(answer);
}

const configurations = new WeakMap<object, Promise<string>>();

/**
 * What the deployment's configuration is, as a short hash of its plain values (SITE's facts and
 * stores, the Stream origin in the page's policy…): a change of them is a new deployment, whose
 * pages are new copies, as a new build's are.
 */
function configurationKey(env: object): Promise<string> {
  let key = configurations.get(env);
  if (!key) {
    const plain = Object.entries(env)
      .filter(([, value]) => typeof value === 'string' || (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype))
      .sort(([a], [b]) => a.localeCompare(b));
    key = sha256(JSON.stringify(plain)).then((hash) => hash.slice(0, 16));
    configurations.set(env, key);
  }
  return key;
}

/**
 * Answers a public page from this data center's cache, or renders it (`render`) and keeps a copy
 * when it is the same for everyone with this request's key (200, no cookie set).
 */
export async function fromEdgeCache(
  request: Request,
  env: object,
  ctx: ExecutionContext,
  group: string,
  build: string,
  render: () => Promise<Response>,
): Promise<Response> {
  const cache = edgeCache();
  const url = new URL(request.url);
  const language = await localeOf(request);
  const deployment = `${build}-${await configurationKey(env)}`;
  const key = `${CACHE_ORIGIN}/${deployment}/${await generation(cache, group)}${url.pathname}?lang=${language}&offers=${offersKey(request)}`;
  const copy = await cache.match(key);
  if (copy) return withFreshNonce(copy, newNonce());
  const response = await render();
  if (response.status !== 200 || response.headers.has('Set-Cookie')) return tagged(response, 'bypass');
  const body = await response.arrayBuffer();
  const kept = new Response(body, response);
  kept.headers.set('Cache-Control', `public, max-age=${keepFor(group)}`);
  ctx.waitUntil(cache.put(key, kept));
  return tagged(new Response(body, response), 'miss');
}

function tagged(response: Response, how: 'miss' | 'bypass'): Response {
  const answer = new Response(response.body, response);
  answer.headers.set(CACHE_HEADER, how);
  return answer;
}
