import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, isAppError } from '../../app/core/errors';
import type { ErrorBody } from '../../app/core/errors';
import { isDataUnavailable } from '../db/client';
import { refusedAsCrossSite } from '../http/origin';
import { noteActor, noteCode, noteRoute, requestIdOf } from '../observability/log';
import { auth } from './auth';
import { contentApi } from './content';
import { docsApi } from './docs';
import { exportApi } from './export';
import type { ApiContext, ApiEnv } from './context';
import { withIdentity } from './context';
import { tusAnswers } from './tus';
import { guestsApi } from './guests';
import { importApi } from './import';
import { mediaApi } from './media';
import { moderationApi } from './moderation';
import { partiesApi, socketByTicket } from './parties';
import { partyMessagesApi } from './party-messages';
import { profilesApi } from './profiles';
import { pushApi } from './push';
import { templatesApi } from './templates';

/** The one error answer of the API (and of /files): a code, never prose or a stack trace. */
export function apiError(error: Error, c: ApiContext): Response {
  if (isAppError(error)) {
    noteCode(c.req.raw, error.code);
    return c.json<ErrorBody>({ error: { code: error.code } }, error.status as 400);
  }
  // The database out of reach, wrapped by drizzle in its own error (worker/db/client.ts).
  if (isDataUnavailable(error)) {
    noteCode(c.req.raw, 'dataUnavailable');
    return c.json<ErrorBody>({ error: { code: 'dataUnavailable' } }, 503);
  }
  // Hono's own 4xx (a body that is not JSON, for one) is bad input like any other.
  if (error instanceof HTTPException && error.status < 500) {
    noteCode(c.req.raw, 'invalidInput');
    return c.json<ErrorBody>({ error: { code: 'invalidInput' } }, 400);
  }
  // The failure's kind and where, by the request's id: its message or stack could hold what was sent (ADR 063).
  noteCode(c.req.raw, 'generic');
  console.error(JSON.stringify({ kind: 'error', id: requestIdOf(c.req.raw), route: routeOf(c), error: error.name }));
  return c.json<ErrorBody>({ error: { code: 'generic' } }, 500);
}

/**
 * Who sees every answer of the API before it leaves (the workers tests check each against the
 * document: test/workers/setup.ts). Empty in the Worker itself, which then pays nothing for it.
 */
export const answerObservers: ((context: ApiContext) => Promise<void>)[] = [];
/** The matched route's pattern (the handler's, not a middleware's). */
function routeOf(c: ApiContext): string {
  return c.req.matchedRoutes.filter((route) => route.method !== 'ALL').at(-1)?.path ?? '/api/*';
}

/** The JSON API under /api. Every failure has one shape: `{ error: { code } }`. */
export const api = new Hono<ApiEnv>()
  .basePath('/api')
  .use(async (c, next) => {
    await next();
    for (const observe of answerObservers) await observe(c);
  })
  .use('/media/:id/upload', tusAnswers)
  // Before anything reads the credentials (a refresh would rotate a session): the one rule
  // against cross-site writes and sockets (worker/http/origin.ts).
  .use(async (c, next) => {
    if (refusedAsCrossSite(c.req.raw)) throw new AppError('badOrigin');
    await next();
  })
  // The contract (ADR 056): public, and nobody's identity is read for it.
  .route('/', docsApi)
  // A guest's socket with a ticket is let in without the identity's D1 read (ADR 047).
  .use('/parties/:id/socket', socketByTicket)
  .use(withIdentity())
  // For the request's log line (worker/observability/log.ts): who, and which route, never the path.
  .use(async (c, next) => {
    noteActor(c.req.raw, c.get('identity'));
    await next();
    noteRoute(c.req.raw, routeOf(c));
  })
  .route('/auth', auth)
  .route('/guests', guestsApi)
  .route('/parties', partiesApi)
  .route('/parties', partyMessagesApi)
  .route('/profile', profilesApi)
  .route('/media', mediaApi)
  .route('/templates', templatesApi)
  .route('/moderation', moderationApi)
  .route('/content', contentApi)
  .route('/push', pushApi)
  .route('/import', importApi)
  .route('/export', exportApi)
  .notFound((c) => c.json<ErrorBody>({ error: { code: 'notFound' } }, 404))
  .onError(apiError);

export type Api = typeof api;
