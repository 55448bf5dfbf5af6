import { Hono } from 'hono';
import type { ErrorBody } from '../../app/core/errors';
import { ERROR_STATUS } from '../../app/core/errors';
import { DeleteAccountSchema } from '../../app/core/schemas';
import { localeOf } from '../../app/i18n/i18n.server';
import { requestDeletion } from '../services/account-deletion';
import type { ApiEnv } from './context';
import { valid } from './context';
import { doc } from './openapi';

/**
 * POST /moderation/delete-account {email}. Public: anyone may ask, and the answer never tells
 * whether the address has an account: 204 at once, or, when the same address asked in the last ten
 * minutes, 429 with `Retry-After` (alike for every address). The mail goes in the language of the
 * request (the `lng` cookie, else Accept-Language).
 */
export const moderationApi = new Hono<ApiEnv>().post(
  '/delete-account',
  doc({
    summary: "Ask for a consultant account's deletion (a confirmation mail)",
    description: 'The answer never tells whether the address has an account: 204, or 429 with Retry-After when the same address asked in the last ten minutes.',
    caller: 'public',
    errors: ['invalidEmail', 'deletionRequestedRecently'],
    ok: 204,
  }),
  valid('json', DeleteAccountSchema),
  async (c) => {
    const answer = await requestDeletion(c.env, c.executionCtx, c.req.valid('json').email, await localeOf(c.req.raw), new URL(c.req.url).origin);
    if (answer.sent) return c.body(null, 204);
    const seconds = Math.max(1, Math.ceil((answer.againAt - Date.now()) / 1000));
    return c.json<ErrorBody>({ error: { code: 'deletionRequestedRecently' } }, ERROR_STATUS.deletionRequestedRecently, { 'Retry-After': String(seconds) });
  },
);
