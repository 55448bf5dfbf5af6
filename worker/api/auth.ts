import { Hono } from 'hono';
import { AppError } from '../../app/core/errors';
import { AuthTokenSchema, RefreshSchema } from '../../app/core/schemas';
import { exchangeCode, upsertUser } from '../auth/oidc';
import { createSession, refreshSession } from '../auth/sessions';
import { endSession } from '../services/session-end';
import type { ApiEnv } from './context';
import { requireConsultant, valid } from './context';

/** Token endpoints for the mobile app; browsers sign in through /sso and /callback instead. */
export const auth = new Hono<ApiEnv>()
  .post('/token', valid('json', AuthTokenSchema), async (c) => {
    const identity = await exchangeCode(c.env, c.req.valid('json'));
    const userId = await upsertUser(c.env, c.get('db'), identity);
    return c.json(await createSession(c.get('db'), userId, identity.idToken));
  })
  .post('/refresh', valid('json', RefreshSchema), async (c) => {
    const tokens = await refreshSession(c.get('db'), c.req.valid('json').refreshToken);
    if (!tokens) throw new AppError('sessionExpired');
    return c.json(tokens);
  })
  .post('/logout', async (c) => {
    await endSession(c.env, requireConsultant(c).sessionId);
    return c.body(null, 204);
  });
