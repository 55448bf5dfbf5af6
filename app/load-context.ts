import type { ErrorCode } from './core/errors';
import type { Identity } from '../worker/auth/identity';
import type { Db } from '../worker/db/client';
import type { Env } from '../worker/env';
import type { Services } from '../worker/index';

/** What the Worker hands every loader and action (worker/index.ts). */
declare module '@remix-run/cloudflare' {
  interface AppLoadContext {
    env: Env;
    ctx: ExecutionContext;
    db: Db;
    identity: Identity;
    services: Services;
    /** A refusal the Worker decided on before the page ran (worker/http/origin.ts): every action answers it. */
    refusal: ErrorCode | null;
    /** The request's id (its X-Request-Id header, ADR 063): an error page shows it as "Fehler-ID". */
    requestId: string;
  }
}

export {};
