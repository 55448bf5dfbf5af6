import { COOKIE, readCookies, serializeCookie } from '../auth/cookies';
import type { Consistency, SessionDatabase } from '../db/client';
import { laterBookmark, sessionDatabase, validBookmark } from '../db/client';

/**
 * Each request reads through one D1 session (ADR 049): reads go to the nearest replica that has
 * seen the person's own last write, writes to the primary. The person's place in the database (a
 * bookmark) travels in a cookie for a browser and in this header for the app, which sends back the
 * last one it was given.
 */
export const BOOKMARK_HEADER = 'Salon-Bookmark';

/** A day: long past any replica's lag, short enough that a forgotten cookie does not linger. */
const BOOKMARK_MAX_AGE_S = 24 * 60 * 60;

/**
 * A request that changes something reads first from the primary (its checks must see everyone's
 * latest writes, not only the person's own); every other request reads from a replica.
 */
export function consistencyOf(request: Request): Consistency {
  return request.method === 'GET' || request.method === 'HEAD' ? 'reads' : 'primary';
}

/** The bookmark the request brings: the app's header, else the browser's cookie (an invalid one is none). */
export function bookmarkOf(request: Request): string | null {
  return validBookmark(request.headers.get(BOOKMARK_HEADER)) ?? validBookmark(readCookies(request).get(COOKIE.bookmark));
}

export interface RequestDatabase extends SessionDatabase {
  /** The bookmark the request came with. */
  given: string | null;
}

export function requestDatabase(d1: D1Database, request: Request): RequestDatabase {
  const given = bookmarkOf(request);
  return { ...sessionDatabase(d1, consistencyOf(request), given), given };
}

/**
 * The response with the session's bookmark handed back when it is later than the one the request
 * brought: always in the header (the app keeps it), and as the cookie when the request wrote (any
 * method but GET and HEAD) or changed who the browser is (it sets cookies: a sign-in, a refreshed
 * session), so that the person's next request reads her own writes. A socket's 101 carries neither.
 */
export function withBookmark(request: Request, response: Response, database: RequestDatabase): Response {
  if (response.status === 101) return response;
  const bookmark = database.bookmark();
  if (!laterBookmark(bookmark, database.given)) return response;
  const answered = new Response(response.body, response);
  answered.headers.set(BOOKMARK_HEADER, bookmark!);
  if (consistencyOf(request) === 'primary' || response.headers.has('Set-Cookie')) {
    answered.headers.append('Set-Cookie', serializeCookie(request, COOKIE.bookmark, bookmark!, { maxAge: BOOKMARK_MAX_AGE_S }));
  }
  return answered;
}
