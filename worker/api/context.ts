import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from '../../app/core/errors';
import { firstErrorCode } from '../../app/core/schemas';
import type { GuestCredentials } from '../auth/guests';
import { guestCookie } from '../auth/guests';
import type { Identity } from '../auth/identity';
import { resolveIdentity } from '../auth/identity';
import type { Member } from '../../app/core/protocol';
import type { Db } from '../db/client';
import type { PartyRow } from '../db/schema';
import type { Env } from '../env';
import { requestDatabase, withBookmark } from '../http/d1-session';
import { memberInParty } from '../services/parties';
import { documented } from './openapi';

export type ApiEnv = { Bindings: Env; Variables: { db: Db; identity: Identity } };
export type ApiContext = Context<ApiEnv>;

/**
 * Who is asking, for every route of the API and /files: the request's database (its D1 session,
 * ADR 049) and the identity in the context; on the answer the identity's refreshed cookies (never
 * on a socket's 101, which carries no headers to the page) and the session's bookmark.
 */
export function withIdentity(): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const database = requestDatabase(c.env.DB, c.req.raw);
    const partyId = partyOfPath(c.req.path);
    const identity = await resolveIdentity(database.db, c.req.raw, partyId ? { partyId } : undefined);
    c.set('db', database.db);
    c.set('identity', identity);
    await next();
    if (identity.setCookies.length > 0 && c.res.status !== 101) {
      c.res = new Response(c.res.body, c.res);
      for (const cookie of identity.setCookies) c.res.headers.append('Set-Cookie', cookie);
    }
    c.res = withBookmark(c.req.raw, c.res, database);
  };
}

/** The party a request under /api/parties/:id is about (its identity reads it with a guest's key). */
function partyOfPath(pathname: string): string | undefined {
  return /^\/api\/parties\/([^/]+)(?:\/|$)/.exec(pathname)?.[1];
}

/**
 * Validates one part of the request with a shared schema; a failure is the schema's error code. The
 * same schema describes that part in the API's document (openapi.ts): there is no second copy.
 */
export function valid<T extends z.ZodType, Target extends 'json' | 'query'>(target: Target, schema: T) {
  const middleware = validator(target, async (value) => {
    const parsed = await schema.safeParseAsync(value);
    if (!parsed.success) throw new AppError(firstErrorCode(parsed.error));
    return parsed.data as z.output<T>;
  });
  return documented(middleware, target, schema);
}

export function requireConsultant(c: ApiContext): { userId: string; sessionId: string } {
  const { consultant, consultantExpired } = c.get('identity');
  if (!consultant) throw new AppError(consultantExpired ? 'sessionExpired' : 'unauthorized');
  return consultant;
}

/** The requester's membership of the party, or the reason they have none (services/parties.ts). */
export function requireMember(c: ApiContext, partyId: string, options?: { evenEnded?: boolean }): Promise<{ party: PartyRow; member: Member }> {
  return memberInParty(c.get('db'), partyId, c.get('identity'), options);
}

/** A room's answer (durable-objects/contract.ts): its value, or its refusal as the API's error (one rule, the services'). */
export { unwrap } from '../services/parties';

export function requireGuest(c: ApiContext): { guestId: string; keyId: string } {
  const { guest } = c.get('identity');
  if (!guest) throw new AppError('unauthorized');
  return guest;
}

/**
 * Hands new guest credentials to the client: browsers keep the secret in an HttpOnly cookie, out of
 * reach of scripts; the app (no Origin header) receives it, to send as Basic credentials.
 * Answers the secret for the body, or undefined.
 */
export function handOverGuestCredentials(c: ApiContext, credentials: GuestCredentials): string | undefined {
  c.header('Set-Cookie', guestCookie(c.req.raw, credentials), { append: true });
  return c.req.header('Origin') ? undefined : credentials.secretKey;
}

/** The address a client connects from, for rate limits. */
export function clientKey(c: ApiContext): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}
