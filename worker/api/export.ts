import { Hono } from 'hono';
import { localeOf } from '../../app/i18n/i18n.server';
import { exportAnswer, requestExport, resendLink } from '../services/export';
import type { ApiEnv } from './context';
import { doc } from './openapi';
import * as answers from '../../app/core/answer-schemas';

/**
 * Self-service export (ADR 062), for a consultant or a guest with an account: how her newest
 * export stands, a request (which starts, joins or continues one) and a new link for a ready one.
 * The download itself is the mailed link's page route (/export/{id}/download).
 */
export const exportApi = new Hono<ApiEnv>()
  .get(
    '/',
    doc({ summary: 'How her newest export stands (a consultant, or a guest with an account)', caller: 'signedIn', ok: { schema: answers.ExportAnswerSchema } }),
    async (c) => c.json(await exportAnswer(c.get('db'), c.get('identity'))),
  )
  .post(
    '/',
    doc({
      summary: 'Export everything of hers: starts an export, or joins the one running',
      description: "The archive (a ZIP) is made by a job; its single-use link is mailed to the account's address when it is ready.",
      caller: 'signedIn',
      errors: ['noAddress', 'rateLimited'],
      ok: { status: 202, schema: answers.ExportAnswerSchema },
    }),
    async (c) => {
      const origin = new URL(c.req.url).origin;
      return c.json(await requestExport(c.env, c.get('db'), c.get('identity'), await localeOf(c.req.raw), origin), 202);
    },
  )
  .post(
    '/link',
    doc({
      summary: 'Mail a new link to her ready archive',
      caller: 'signedIn',
      errors: ['noAddress', 'exportNotReady', 'rateLimited'],
      ok: { schema: answers.ExportAnswerSchema },
    }),
    async (c) => c.json(await resendLink(c.env, c.get('db'), c.get('identity'))),
  );
