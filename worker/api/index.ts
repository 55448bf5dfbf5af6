import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { AppError, isAppError } from '../../app/core/errors';
import type { ErrorBody } from '../../app/core/errors';
import { auth } from './auth';
import { contentApi } from './content';
import type { ApiContext, ApiEnv } from './context';
import { withIdentity } from './context';
import { tusAnswers } from '../media/tus';
import { mediaApi } from './media';
import { moderationApi } from './moderation';
import { partiesApi } from './parties';
import { profilesApi } from './profiles';
import { templatesApi } from './templates';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The one error answer of the API (and of /files): a code, never prose or a stack trace. */
export function apiError(error: Error, c: ApiContext): Response {
  if (isAppError(error)) return c.json<ErrorBody>({ error: { code: error.code } }, error.status as 400);
  // Hono's own 4xx (a body that is not JSON, for one) is bad input like any other.
  if (error instanceof HTTPException && error.status < 500) return c.json<ErrorBody>({ error: { code: 'invalidInput' } }, 400);
  console.error('api error', c.req.method, new URL(c.req.url).pathname, error);
  return c.json<ErrorBody>({ error: { code: 'generic' } }, 500);
}

/** The JSON API (spec section 7) under /api. Every failure has one shape: `{ error: { code } }`. */
export const api = new Hono<ApiEnv>()
  .basePath('/api')
  .use('/media/:id/upload', tusAnswers)
  .use(
    // Cookies ride along on cross-site requests; only our own pages may write with them, and
    // only our own pages may open a socket with them.
    withIdentity((c, identity) => {
      const origin = c.req.header('Origin');
      const crossSite = origin !== undefined && origin !== new URL(c.req.url).origin;
      const write = !SAFE_METHODS.has(c.req.method) || c.req.header('Upgrade') === 'websocket';
      if (write && identity.viaCookie && (crossSite || (!origin && c.req.header('Upgrade') !== 'websocket'))) {
        throw new AppError('badOrigin');
      }
      if (crossSite && c.req.header('Upgrade') === 'websocket') throw new AppError('badOrigin');
    }),
  )
  .route('/auth', auth)
  .route('/parties', partiesApi)
  .route('/profile', profilesApi)
  .route('/media', mediaApi)
  .route('/templates', templatesApi)
  .route('/moderation', moderationApi)
  .route('/content', contentApi)
  .notFound((c) => c.json<ErrorBody>({ error: { code: 'notFound' } }, 404))
  .onError(apiError);

export type Api = typeof api;
