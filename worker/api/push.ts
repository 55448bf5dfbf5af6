import { Hono } from 'hono';
import { applicationServerKey } from '../services/push';
import type { ApiEnv } from './context';

/** GET /push: the VAPID public key a page subscribes with (`applicationServerKey`); public, like the key. */
export const pushApi = new Hono<ApiEnv>().get('/', (c) => c.json({ applicationServerKey: applicationServerKey(c.env) }));
