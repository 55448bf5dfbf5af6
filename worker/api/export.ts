import { Hono } from 'hono';
import { localeOf } from '../../app/i18n/i18n.server';
import { exportAnswer, requestExport, resendLink } from '../services/export';
import type { ApiEnv } from './context';

/**
 * Self-service export (ADR 062), for a consultant or a guest with an account: how her newest
 * export stands, a request (which starts, joins or continues one) and a new link for a ready one.
 * The download itself is the mailed link's page route (/export/{id}/download).
 */
export const exportApi = new Hono<ApiEnv>()
  .get('/', async (c) => c.json(await exportAnswer(c.get('db'), c.get('identity'))))
  .post('/', async (c) => {
    const origin = new URL(c.req.url).origin;
    return c.json(await requestExport(c.env, c.get('db'), c.get('identity'), await localeOf(c.req.raw), origin), 202);
  })
  .post('/link', async (c) => c.json(await resendLink(c.env, c.get('db'), c.get('identity'))));
