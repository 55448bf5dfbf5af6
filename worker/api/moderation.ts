import { Hono } from 'hono';
import { DeleteAccountSchema } from '../../app/core/schemas';
import { localeOf } from '../../app/i18n/i18n.server';
import { requestDeletion } from '../services/account-deletion';
import type { ApiEnv } from './context';
import { valid } from './context';

/**
 * Spec §7: POST /moderation/delete-account {email}. Public: anyone may ask, and the answer (204,
 * at once) never tells whether the address has an account; the mail goes in the language of the
 * request (the `lng` cookie, else Accept-Language).
 */
export const moderationApi = new Hono<ApiEnv>().post('/delete-account', valid('json', DeleteAccountSchema), async (c) => {
  requestDeletion(c.env, c.executionCtx, c.req.valid('json').email, await localeOf(c.req.raw), new URL(c.req.url).origin);
  return c.body(null, 204);
});
