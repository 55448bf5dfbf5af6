import { z } from '#core/zod';
import { Hono } from 'hono';
import { applicationServerKey } from '../services/push';
import type { ApiEnv } from './context';
import { doc } from './openapi';

/** GET /push: the VAPID public key a page subscribes with (`applicationServerKey`); public, like the key. */
export const pushApi = new Hono<ApiEnv>().get(
  '/',
  doc({
    summary: 'The VAPID public key pages subscribe with',
    caller: 'public',
    ok: { schema: z.object({ applicationServerKey: z.string() }) },
  }),
  (c) => c.json({ applicationServerKey: applicationServerKey(c.env) }),
);
