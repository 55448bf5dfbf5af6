import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { AppError } from '../../app/core/errors';
import { firstErrorCode } from '../../app/core/schemas';
import type { Identity } from '../auth/identity';
import type { Db } from '../db/client';
import type { Env } from '../env';

export type ApiEnv = { Bindings: Env; Variables: { db: Db; identity: Identity } };
export type ApiContext = Context<ApiEnv>;

/** Validates one part of the request with a shared schema; a failure is the schema's error code. */
export function valid<T extends z.ZodType, Target extends 'json' | 'query'>(target: Target, schema: T) {
  return validator(target, async (value) => {
    const parsed = await schema.safeParseAsync(value);
    if (!parsed.success) throw new AppError(firstErrorCode(parsed.error));
    return parsed.data as z.output<T>;
  });
}

export function requireConsultant(c: ApiContext): { userId: string; sessionId: string } {
  const { consultant, consultantExpired } = c.get('identity');
  if (!consultant) throw new AppError(consultantExpired ? 'sessionExpired' : 'unauthorized');
  return consultant;
}

/** The address a client connects from, for rate limits. */
export function clientKey(c: ApiContext): string {
  return c.req.header('CF-Connecting-IP') ?? 'local';
}
