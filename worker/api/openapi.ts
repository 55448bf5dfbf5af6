import type { Hono, MiddlewareHandler } from 'hono';
import { describeRoute, generateSpecs, resolver, uniqueSymbol } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import type { z } from 'zod';
import type { ErrorCode } from '../../app/core/errors';
import { ERROR_STATUS, isErrorCode } from '../../app/core/errors';
import { COOKIE } from '../auth/cookies';

/**
 * The API as a published contract (ADR 056): every route says here who may call it, what it
 * answers and which error codes it may answer, beside the zod schema its validator already uses
 * (`valid` in context.ts hands that schema to the document too). `generateSpecs` of hono-openapi
 * walks the app's routes and reads these descriptions off their middleware; `npm run openapi`
 * writes the result to docs/openapi.json, which the Worker serves at /api/openapi.json.
 */

/** Who may call a route: decides its security requirement and the refusals it may answer. */
export type Caller =
  /** Anyone: no credentials needed (some routes still read them). */
  | 'public'
  /** A consultant: Bearer access token (the app) or the session cookie (the pages). */
  | 'consultant'
  /** A guest with an account or a key: Basic guestId:secretKey (the app) or the guest cookie. */
  | 'guest'
  /** A member of the party in the path: its manager (a consultant) or one of its guests. */
  | 'member'
  /** Anyone signed in, for what is her own: a consultant, or a guest. */
  | 'signedIn';

type Json = Record<string, unknown>;

export interface RouteDoc {
  summary: string;
  description?: string;
  caller: Caller;
  /** Codes beyond the ones every route of its caller may answer (see `commonErrors`). */
  errors?: readonly ErrorCode[];
  /** The success answer: its status (200 unless said), what it is, and its schema when there is one. */
  ok?:
    | {
        status?: number | readonly number[];
        description?: string;
        /** The answer's schema (app/core/answer-schemas.ts); `byStatus` where two statuses answer different shapes. */
        schema?: z.ZodType | Json;
        byStatus?: Record<number, z.ZodType>;
        content?: string;
        headers?: Json;
      }
    | 204;
  /** A body that is not JSON (a picture's bytes, tus's chunks). */
  rawBody?: { content: string; description: string };
  /** Parameters beyond the path's and the validated query's (headers, an unvalidated query). */
  parameters?: Json[];
  deprecated?: boolean;
  /** An alias for the specification's name of a call, with the route it stands for (ADR 056). */
  aliasOf?: string;
}

export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', description: "A consultant's access token from POST /api/auth/token (the companion app)." },
  consultantCookie: { type: 'apiKey', in: 'cookie', name: COOKIE.access, description: "A consultant's session in the browser (set by sign-in at /sso)." },
  guestBasic: { type: 'http', scheme: 'basic', description: 'A guest: Basic base64(guestId:secretKey), as the join or registration answered them to the app.' },
  guestCookie: { type: 'apiKey', in: 'cookie', name: COOKIE.guest, description: 'A guest in the browser (HttpOnly, set by the join or sign-in).' },
} as const;

const SECURITY: Record<Caller, Json[]> = {
  public: [],
  consultant: [{ bearer: [] }, { consultantCookie: [] }],
  guest: [{ guestBasic: [] }, { guestCookie: [] }],
  member: [{ bearer: [] }, { consultantCookie: [] }, { guestBasic: [] }, { guestCookie: [] }],
  signedIn: [{ bearer: [] }, { consultantCookie: [] }, { guestBasic: [] }, { guestCookie: [] }],
};

/** What every route of a kind of caller may answer, whatever it does: the route's own codes come on top. */
function commonErrors(caller: Caller, validated: boolean): ErrorCode[] {
  // Any route may find the database gone or too slow (ADR 049: 503 within 5 s, worker/db/client.ts).
  const codes: ErrorCode[] = ['badOrigin', 'generic', 'dataUnavailable'];
  if (validated) codes.push('invalidInput');
  if (caller === 'consultant' || caller === 'signedIn') codes.push('unauthorized', 'sessionExpired');
  if (caller === 'guest') codes.push('unauthorized');
  if (caller === 'member') codes.push('unauthorized', 'sessionExpired', 'partyNotFound', 'notMember', 'partyExpired');
  return codes;
}

/** The one error body, with the closed list of codes a status of this route may carry. */
export function errorResponses(codes: Iterable<ErrorCode>): Record<string, Json> {
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    if (!byStatus.has(status)) byStatus.set(status, new Set());
    byStatus.get(status)!.add(code);
  }
  const responses: Record<string, Json> = {};
  for (const [status, set] of [...byStatus].sort(([a], [b]) => a - b)) {
    const list = [...set].sort();
    responses[String(status)] = {
      description: `Refused: ${list.join(', ')}`,
      content: { 'application/json': { schema: errorSchema(list) } },
      'x-error-codes': list,
    };
  }
  return responses;
}

/** The schema of one status's error body: `{ error: { code } }` with that status's codes. */
export function errorSchema(codes: readonly ErrorCode[]): Json {
  return {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: { error: { type: 'object', required: ['code'], additionalProperties: false, properties: { code: { type: 'string', enum: [...codes] } } } },
  };
}

/**
 * The error codes a schema names (`{ error: 'code' }` on a type, a check or a refinement), read off
 * its definition: what its validator may refuse with. Codes a `superRefine` adds are dynamic; the
 * route names those itself (`RouteDoc.errors`).
 */
export function schemaCodes(schema: unknown, codes = new Set<ErrorCode>(), seen = new Set<unknown>()): Set<ErrorCode> {
  const def = (schema as { _zod?: { def?: Json } } | null)?._zod?.def;
  if (!def || seen.has(schema)) return codes;
  seen.add(schema);
  const take = (error: unknown) => {
    if (typeof error !== 'function') return;
    const answer: unknown = error({ code: 'custom', input: undefined, path: [] });
    const code = typeof answer === 'string' ? answer : (answer as { message?: unknown } | undefined)?.message;
    if (isErrorCode(code)) codes.add(code);
  };
  take(def.error);
  for (const check of (def.checks as { _zod?: { def?: Json } }[] | undefined) ?? []) take(check._zod?.def?.error);
  for (const key of ['innerType', 'in', 'out', 'element', 'left', 'right', 'valueType', 'keyType']) schemaCodes(def[key], codes, seen);
  for (const inner of [...((def.options as unknown[]) ?? []), ...((def.items as unknown[]) ?? []), ...Object.values((def.shape as Json) ?? {})])
    schemaCodes(inner, codes, seen);
  return codes;
}

/** Marks a route's validator so the document takes its schema (request body or query), and the codes it refuses with, from it. */
export function documented<M extends object>(middleware: M, target: 'json' | 'query', schema: z.ZodType): M {
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema as never), codes: [...schemaCodes(schema)] } });
}

/** The codes each operation's validators refuse with, by `method path` as the document spells them. */
function validatorCodes(app: Hono<any, any, any>): Map<string, ErrorCode[]> {
  const byOperation = new Map<string, ErrorCode[]>();
  for (const route of app.routes) {
    const meta = (findTargetHandler(route.handler) as unknown as Record<symbol, { codes?: ErrorCode[] } | undefined>)[uniqueSymbol];
    if (!meta?.codes) continue;
    const key = `${route.method.toLowerCase()} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
    byOperation.set(key, [...(byOperation.get(key) ?? []), ...meta.codes]);
  }
  return byOperation;
}

/** Where a route's own description rides through hono-openapi to `apiDocument` (removed there). */
const ROUTE = 'x-salon-route';

/** A route's description (a no-op middleware that carries it), placed before its validator and handler. */
export function doc(route: RouteDoc): MiddlewareHandler {
  const ok = route.ok === 204 ? { status: 204 } : (route.ok ?? {});
  const statuses = Array.isArray(ok.status) ? ok.status : [ok.status ?? 200];
  const responses: Record<string, Json> = {};
  for (const status of statuses) {
    if (status === 204 || status === 101) {
      responses[String(status)] = { description: ok.description ?? (status === 101 ? "Switching to the party's WebSocket" : 'Done, no content') };
      continue;
    }
    const content = ok.content ?? 'application/json';
    const given = ok.byStatus?.[status] ?? ok.schema;
    const schema = given && '~standard' in given ? resolver(given as never, { options: { io: 'output' } }) : (given ?? {});
    responses[String(status)] = { description: ok.description ?? 'Done', ...(ok.headers ? { headers: ok.headers } : {}), content: { [content]: { schema } } };
  }
  const spec: Json = {
    summary: route.summary,
    ...(route.description || route.aliasOf
      ? { description: [route.description, route.aliasOf && `The specification's name for \`${route.aliasOf}\` (ADR 056).`].filter(Boolean).join('\n\n') }
      : {}),
    security: SECURITY[route.caller],
    responses,
    'x-caller': route.caller,
    [ROUTE]: route,
    ...(route.parameters ? { parameters: route.parameters } : {}),
    ...(route.rawBody
      ? {
          requestBody: {
            required: true,
            description: route.rawBody.description,
            content: { [route.rawBody.content]: { schema: { type: 'string', format: 'binary' } } },
          },
        }
      : {}),
    ...(route.deprecated ? { deprecated: true } : {}),
  };
  return describeRoute(spec as never);
}

/** The reference's sections: an operation's tag is the part of the API its path is in. */
const TAGS: Record<string, string> = {
  auth: 'Sign-in',
  guests: 'Guests',
  parties: 'Parties',
  profile: 'Profiles',
  media: 'Media library and uploads',
  templates: 'Templates',
  moderation: 'Account deletion',
  content: 'FAQ',
  push: 'Web Push',
  import: 'Import',
  'openapi.json': 'This document',
  docs: 'This document',
};

export const DOCUMENT_INFO = {
  title: 'Salon API',
  version: '1',
  description: [
    'The JSON API of Salon, for its pages and the companion app. Every body is JSON unless said; every refusal is `{ "error": { "code" } }` with its HTTP status, and each operation lists the codes it may answer (`x-error-codes`; their texts in five languages are in app/i18n/locales/).',
    'Consultants send `Authorization: Bearer <accessToken>` (POST /api/auth/token, /api/auth/refresh); guests send `Authorization: Basic base64(guestId:secretKey)` (PUT /api/parties/{id}/join, POST /api/guests/register). Browsers use the cookies instead, and a write from a browser must come from our own origin (403 badOrigin).',
    'Every JSON answer has its schema; the wire types are named in `components.schemas` (ChatMessage, PartySummary, MediaEntry, TemplateDetail…), and an object answer has exactly the fields its schema lists.',
    "A library item's bytes go by tus 1.0 to the `uploadUrl` POST /api/media answers (a template's photo or voice note is such an item, then named by `mediaId` in POST /api/templates/{id}/sendMessage); a party upload's bytes go in one PUT to the `uploadUrl` POST /api/parties/{id}/media answers. Live events of a party go over its WebSocket, GET /api/parties/{id}/socket (app/core/protocol.ts). Where Salon's calls differ from the product specification's, README \"For app developers\" lists each difference and ADR 056 says why.",
  ].join('\n\n'),
};

/**
 * The OpenAPI 3.1 document of an app (the API): its routes as hono-openapi reads them, each
 * route's refusals completed by what every route of its caller may answer.
 */
export async function apiDocument(app: Hono<any, any, any>): Promise<Json> {
  const generated = (await generateSpecs(app, {
    documentation: {
      info: DOCUMENT_INFO,
      tags: [...new Set(Object.values(TAGS))].map((name) => ({ name })),
      servers: [{ url: '/', description: 'The host that serves this document' }],
      components: { securitySchemes: SECURITY_SCHEMES as never },
    },
    excludeMethods: [],
    // /api/openapi.json is a route, not a static file.
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
  })) as unknown as Json & { paths: Record<string, Record<string, Json>>; components: Json & { schemas?: Record<string, Json> } };
  const refusedByValidators = validatorCodes(app);
  for (const [path, operations] of Object.entries(generated.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = operation[ROUTE] as RouteDoc | undefined;
      delete operation[ROUTE];
      if (!route) continue;
      const validated =
        operation.requestBody !== undefined && !route.rawBody ? true : ((operation.parameters as Json[] | undefined) ?? []).some((p) => p.in === 'query');
      const codes = new Set<ErrorCode>([
        ...commonErrors(route.caller, validated || Boolean(route.rawBody)),
        ...(refusedByValidators.get(`${method} ${path}`) ?? []),
        ...(route.errors ?? []),
      ]);
      operation.responses = { ...(operation.responses as Json), ...errorResponses(codes) };
      operation.tags = [TAGS[path.split('/')[2] ?? ''] ?? 'Other'];
    }
  }
  return generated;
}
