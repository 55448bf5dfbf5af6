/**
 * What the Worker logs (ADR 063): one JSON line per request and per room event class, and nothing
 * else a person could be found by. A line names the request's id (also in its X-Request-Id header
 * and in the page's error banner, "Fehler-ID"), the route as its pattern (/api/parties/:id/chat,
 * never the path: a party's link is its key), the status, the duration and the kind of actor; never
 * a name, an address, a token, a cookie, a query string, a body or a message's text.
 */

import type { MetricsEnv } from './metrics';
import { count, flushMetrics } from './metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Who asked, as a kind only. */
export type ActorKind = 'anonymous' | 'consultant' | 'guest';

export interface RequestLine {
  kind: 'request';
  id: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  actor: ActorKind;
  /** An error code the answer carried (app/core/errors.ts), when it was one. */
  code?: string;
}

/** One class of a room's client events over a minute (durable-objects/kernel/tally.ts). */
export interface RoomLine {
  kind: 'room';
  /** The client event's type. */
  event: string;
  n: number;
  /** Their time in all. */
  ms: number;
  /** How many were refused, by error code. */
  refused: Record<string, number>;
}

export interface JobLine {
  kind: 'job';
  job: 'export' | 'push' | 'import';
  event: string;
  id?: string;
  failures?: number;
  error?: string;
}

/** The one way a line is written: JSON, one per call. */
export function logLine(line: RequestLine | RoomLine | JobLine): void {
  console.log(JSON.stringify(line));
}

/** A request's id: 16 hex characters, new for every request (never taken from the client). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The request's id, made once and kept with the request for everything that logs about it. */
const ids = new WeakMap<Request, string>();
export function requestIdOf(request: Request): string {
  let id = ids.get(request);
  if (!id) ids.set(request, (id = newRequestId()));
  return id;
}

/** The route pattern a layer found for a request (the API's Hono route, a page's Remix route). */
const routes = new WeakMap<Request, string>();
export function noteRoute(request: Request, route: string): void {
  routes.set(request, route);
}
export function routeNoted(request: Request): string | undefined {
  return routes.get(request);
}

/** Who a layer found the request to be, as a kind. */
const actors = new WeakMap<Request, ActorKind>();
export function noteActor(request: Request, identity: { consultant: unknown; guest: unknown }): void {
  actors.set(request, identity.consultant ? 'consultant' : identity.guest ? 'guest' : 'anonymous');
}

/** An error code a layer answered with. */
const codes = new WeakMap<Request, string>();
export function noteCode(request: Request, code: string): void {
  codes.set(request, code);
}
export function codeNoted(request: Request): string | undefined {
  return codes.get(request);
}

interface RouteEntry {
  id: string;
  parentId?: string | undefined;
  path?: string | undefined;
  index?: boolean | undefined;
}

/** Remix's routes as full patterns, most specific first. */
export function pagePatterns(routes: Record<string, RouteEntry | undefined>): string[] {
  const full = (entry: RouteEntry): string => {
    const parent = entry.parentId ? routes[entry.parentId] : undefined;
    const own = entry.path ?? '';
    const above = parent ? full(parent) : '';
    return [above, own].filter(Boolean).join('/');
  };
  const patterns = new Set<string>();
  for (const entry of Object.values(routes)) if (entry && (entry.path !== undefined || entry.index)) patterns.add(`/${full(entry)}`);
  const rank = (pattern: string) => pattern.split('/').filter((segment) => segment && !segment.startsWith(':') && segment !== '*').length;
  return [...patterns].sort((a, b) => rank(b) - rank(a) || b.split('/').length - a.split('/').length);
}

/** The pattern of `pathname` among `patterns` (pagePatterns' order), or '/*'. */
export function patternOf(pathname: string, patterns: readonly string[]): string {
  const segments = pathname.split('/').filter(Boolean);
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    let matched = true;
    for (let i = 0; i < parts.length && matched; i++) {
      const part = parts[i]!;
      if (part === '*') return pattern;
      const segment = segments[i];
      if (segment === undefined) matched = part.endsWith('?');
      else if (!part.startsWith(':') && part !== segment) matched = false;
    }
    if (matched && parts.length === segments.length) return pattern;
  }
  return '/*';
}

/** The request's line, once its answer is made; the answer carries the request's id. */
export function answered(
  request: Request,
  response: Response,
  started: number,
  route: string,
  env: MetricsEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
): Response {
  const id = requestIdOf(request);
  const code = codes.get(request);
  // Errors by code for the operator: refusals and failures alike (a 5xx is `generic`).
  if (code) count(env, 'error', code);
  ctx.waitUntil(flushMetrics(env));
  logLine({
    kind: 'request',
    id,
    method: request.method,
    route: routes.get(request) ?? route,
    status: response.status,
    ms: Date.now() - started,
    actor: actors.get(request) ?? 'anonymous',
    ...(code ? { code } : {}),
  });
  // A socket's upgrade is answered as it is (its headers are the runtime's).
  if (response.status === 101 || response.webSocket) return response;
  try {
    response.headers.set(REQUEST_ID_HEADER, id);
    return response;
  } catch {
    // Immutable headers (a response passed on from a fetch): a copy carries the id.
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, id);
    return copy;
  }
}
