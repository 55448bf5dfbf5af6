import { createRequestHandler } from '@remix-run/cloudflare';
import type { ServerBuild } from '@remix-run/cloudflare';
import * as build from 'salon:remix-build';
import { api } from './api';
import { COOKIE, clearCookie, readCookies, serializeCookie } from './auth/cookies';
import { guestCookie } from './auth/guests';
import type { AboutParty } from './auth/identity';
import { anonymous, clearSessionCookies, resolveIdentity, sessionCookies } from './auth/identity';
import { isShortId } from '../app/core/party';
import * as oidc from './auth/oidc';
import * as sessions from './auth/sessions';
import { database, isDataUnavailable } from './db/client';
import type { Env } from './env';
import { CSP_REPORT_PATH, cspReports } from './http/csp-report';
import { requestDatabase, withBookmark } from './http/d1-session';
import { cacheablePage, fromEdgeCache } from './http/edge-cache';
import { refusedAsCrossSite } from './http/origin';
import * as pagePolicy from './http/page-headers';
import { refusalWithoutRemix, refusingActions, unavailableAsAnswer, withoutOrigin } from './http/page-refusal';
import * as returnTo from './http/return-to';
import { files } from './api/files';
import { SOURCE_PREFIX, serveSignedSource } from './media/signed-source';
import { abortStaleUploads } from './media/tus';
import { socketTicketFor } from './auth/socket-ticket';
import * as accountDeletion from './services/account-deletion';
import { collectMedia } from './media/collect';
import { answered, noteActor, pagePatterns, patternOf, requestIdOf } from './observability/log';
import { flushMetrics } from './observability/metrics';
import * as faq from './services/faq';
import * as followUp from './services/follow-up';
import * as guestAccounts from './services/guest-accounts';
import * as linkPreview from './services/link-preview';
import * as media from './services/media';
import * as operator from './services/operator';
import * as parties from './services/parties';
import * as partyFolders from './services/party-folders';
import * as profiles from './services/profiles';
import { regionOf } from './services/room-place';
import { deliverPushBatch } from './services/push';
import type { PushJob } from '../app/core/push';
import type { ExportJob } from '../app/core/export';
import * as dataExport from './services/export';
import * as sessionEnd from './services/session-end';
import * as settings from './services/settings';
import * as templates from './services/templates';

export { PartyRoom } from '../durable-objects/party-room';

/** The export Queue's name (wrangler.toml), by which queue() tells its batches from push's. */
const EXPORT_QUEUE_NAME = 'salon-export';

/** Domain modules the pages use through the load context, so pages and API share one copy. */
export const services = {
  accountDeletion,
  dataExport,
  faq,
  followUp,
  guestAccounts,
  linkPreview,
  media,
  operator,
  parties,
  partyFolders,
  profiles,
  settings,
  templates,
  oidc,
  pagePolicy,
  returnTo,
  sessions,
  sessionEnd,
  cookies: { COOKIE, readCookies, serializeCookie, clearCookie, sessionCookies, clearSessionCookies, guestCookie },
  socketTicketFor,
  regionOf,
};
export type Services = typeof services;

const remix = createRequestHandler(unavailableAsAnswer(refusingActions(build as unknown as ServerBuild)));
/** This build's version: a deploy starts new copies of the public pages in the edge cache. */
const BUILD_VERSION = (build as unknown as ServerBuild).assets.version;

const cookieName = (cookie: string) => cookie.slice(0, cookie.indexOf('='));

/** The first path segments Remix's own routes claim (`parties`, `login`, …): any other short id alone is a party's link. */
const ROUTE_SEGMENTS = new Set(Object.values((build as unknown as ServerBuild).routes).map((route) => route.path?.split('/')[0] ?? ''));

/** The party a page request opens by its link (`/{shortId}`, or its data `/{shortId}.data`), read with the identity (ADR 049). */
function partyLink(url: URL): AboutParty | undefined {
  const segment = /^\/([^/]+?)(?:\.data)?$/.exec(url.pathname)?.[1];
  return segment && isShortId(segment) && !ROUTE_SEGMENTS.has(segment) ? { shortId: segment } : undefined;
}

/** Adds refreshed or cleared session cookies, unless the page itself set the same cookie. */
function withIdentityCookies(response: Response, setCookies: string[]): Response {
  if (setCookies.length === 0) return response;
  const own = new Set(response.headers.getSetCookie().map(cookieName));
  const extra = setCookies.filter((cookie) => !own.has(cookieName(cookie)));
  if (extra.length === 0) return response;
  const withCookies = new Response(response.body, response);
  for (const cookie of extra) withCookies.headers.append('Set-Cookie', cookie);
  return withCookies;
}

/** Remix's routes as patterns, for the request's log line (a path would name a party's link). */
const PAGE_PATTERNS = pagePatterns((build as unknown as ServerBuild).routes);

/** A page (Remix), read through the request's D1 session for the person the request is. */
async function page(request: Request, env: Env, ctx: ExecutionContext, url: URL): Promise<Response> {
  // The request's D1 session (ADR 049): reads from a nearby replica that has seen the person's writes.
  const session = requestDatabase(env.DB, request);
  const db = session.db;
  const requestId = requestIdOf(request);
  // The one rule against cross-site writes (worker/http/origin.ts), the API's too. A refused form
  // posted as a document goes to the page that says why; for Remix's client the request is
  // nobody's (its cookies are not even read) and its action answers the refusal.
  if (refusedAsCrossSite(request)) {
    return (
      refusalWithoutRemix(url, 'badOrigin') ?? remix(withoutOrigin(request), { env, ctx, db, identity: anonymous(), services, refusal: 'badOrigin', requestId })
    );
  }
  // With the database out of reach nobody can be recognised, and no cookie is cleared for it: the
  // page's own reads then fail at once and say so (dataUnavailable, worker/db/client.ts).
  const identity = await resolveIdentity(db, request, partyLink(url)).catch((error: unknown) => {
    if (isDataUnavailable(error)) return anonymous();
    throw error;
  });
  noteActor(request, identity);
  const response = await remix(request, { env, ctx, db, identity, services, refusal: null, requestId });
  return withBookmark(request, withIdentityCookies(response, identity.setCookies), session);
}

async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return api.fetch(request, env, ctx);
  if (url.pathname.startsWith(SOURCE_PREFIX)) return serveSignedSource(request, env);
  if (url.pathname.startsWith('/files/')) return files.fetch(request, env, ctx);
  if (url.pathname === CSP_REPORT_PATH) return cspReports.fetch(request, env, ctx);

  // A public page for a visitor without a session comes from the edge cache (worker/http/edge-cache.ts).
  const publicPage = cacheablePage(request);
  if (publicPage) return fromEdgeCache(request, env, ctx, publicPage, BUILD_VERSION, () => page(request, env, ctx, url));
  return page(request, env, ctx, url);
}

/** How the request is routed, by its path. */
function routeKind(pathname: string): string {
  if (pathname.startsWith('/api')) return '/api/*';
  if (pathname.startsWith(SOURCE_PREFIX)) return `${SOURCE_PREFIX}*`;
  if (pathname.startsWith('/files/')) return '/files/:id';
  if (pathname === CSP_REPORT_PATH) return CSP_REPORT_PATH;
  return patternOf(pathname, PAGE_PATTERNS);
}

export default {
  /** Every request gets an id (its X-Request-Id header) and one log line (worker/observability/log.ts, ADR 063). */
  async fetch(request, env, ctx): Promise<Response> {
    const started = Date.now();
    requestIdOf(request);
    const response = await answer(request, env, ctx);
    return answered(request, response, started, routeKind(new URL(request.url).pathname), env, ctx);
  },

  async scheduled(controller, env): Promise<void> {
    const db = database(env.DB);
    await sessionEnd.endExpiredSessions(env, controller.scheduledTime);
    // Accounts whose owners confirmed their deletion: the page promises 48 hours, and this runs daily.
    await accountDeletion.deleteDueAccounts(env, controller.scheduledTime);
    await guestAccounts.forgetSpentCodes(db, controller.scheduledTime);
    // Stale uploads first: the purge deletes rows that still name their multipart uploads.
    await abortStaleUploads(env, db, controller.scheduledTime);
    await media.purgeMediaTrash(env, controller.scheduledTime);
    await templates.purgeTemplateTrash(env, controller.scheduledTime);
    // Then every file nobody references any more, and whatever an earlier cleanup left half done.
    await collectMedia(env, null, controller.scheduledTime);
    await dataExport.purgeExports(env, controller.scheduledTime);
  },

  /** Web Push jobs from the party rooms (worker/services/push.ts), and export jobs (worker/services/export.ts). */
  async queue(batch, env): Promise<void> {
    if (batch.queue === EXPORT_QUEUE_NAME) await dataExport.runExportBatch(batch as MessageBatch<ExportJob>, env);
    else await deliverPushBatch(batch as MessageBatch<PushJob>, env);
    await flushMetrics(env);
  },
} satisfies ExportedHandler<Env, PushJob | ExportJob>;
