import { Hono } from 'hono';
import { LIMITS } from '../../app/core/limits';
import { BannerSchema, CompanyModeSchema, PartnerSearchQuerySchema, ProfileInputSchema, SelectProfileSchema } from '../../app/core/schemas';
import { edgeCache } from '../http/edge-cache';
import { readLimited } from '../media/body';
import { pictureResponse } from './pictures';
import {
  createProfile,
  deleteProfile,
  getProfile,
  listProfileDetails,
  profileWorkspace,
  publicPicture,
  publicProfile,
  removePicture,
  searchPartners,
  selectProfile,
  setCompanyMode,
  setPicture,
  updateProfile,
} from '../services/profiles';
import { setBannerDismissed } from '../services/settings';
import type { ApiEnv } from './context';
import { requireConsultant, valid } from './context';

const PARTNER_SEARCH_CACHE_S = 60;

/**
 * Profiles. Literal paths come before `/:id`: Hono tries routes in order. The picture is sent as
 * the raw body of `PUT /:id/picture` (ADR 009); `/public/*` is what anyone with a profile's short
 * id may read, and `/search` (the landing page's sales-partner search) finds them by name.
 */
export const profilesApi = new Hono<ApiEnv>()
  .get('/', async (c) => c.json(await listProfileDetails(c.get('db'), requireConsultant(c).userId)))
  .get('/user', async (c) => c.json(await profileWorkspace(c.get('db'), requireConsultant(c).userId)))
  .put('/select', valid('json', SelectProfileSchema), async (c) => {
    return c.json(await selectProfile(c.get('db'), requireConsultant(c).userId, c.req.valid('json').profileId));
  })
  .put('/companyMode', valid('json', CompanyModeSchema), async (c) => {
    return c.json(await setCompanyMode(c.get('db'), requireConsultant(c).userId, c.req.valid('json').companyMode));
  })
  .put('/banner', valid('json', BannerSchema), async (c) => {
    return c.json(await setBannerDismissed(c.get('db'), requireConsultant(c).userId, c.req.valid('json').bannerDismissed));
  })
  .get('/search', valid('query', PartnerSearchQuerySchema), async (c) => {
    // Anyone may search, so the same question is answered from the edge's cache for a minute
    // (keyed on the normalised query, holding no cookie), not by D1 each time someone types it.
    const q = c.req.valid('query').q.toLowerCase();
    const key = new Request(`${new URL(c.req.url).origin}/api/profile/search?q=${encodeURIComponent(q)}`);
    const headers = { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${PARTNER_SEARCH_CACHE_S}` };
    const cached = await edgeCache().match(key);
    if (cached) return c.body(await cached.text(), 200, headers);
    const body = JSON.stringify(await searchPartners(c.get('db'), q));
    c.executionCtx.waitUntil(edgeCache().put(key, new Response(body, { headers })));
    return c.body(body, 200, headers);
  })
  .get('/public/:shortId', async (c) => c.json(await publicProfile(c.get('db'), c.req.param('shortId'))))
  .get('/public/:shortId/picture', async (c) => {
    const picture = await publicPicture(c.env, c.get('db'), c.req.param('shortId'), c.req.query('v') ?? null);
    return pictureResponse(c, picture, 'public');
  })
  .post('/', valid('json', ProfileInputSchema), async (c) => {
    return c.json(await createProfile(c.get('db'), requireConsultant(c).userId, c.req.valid('json')), 201);
  })
  .get('/:id', async (c) => c.json(await getProfile(c.get('db'), requireConsultant(c).userId, c.req.param('id'))))
  .put('/:id', valid('json', ProfileInputSchema), async (c) => {
    return c.json(await updateProfile(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'), c.req.valid('json')));
  })
  .delete('/:id', async (c) => {
    await deleteProfile(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'));
    return c.body(null, 204);
  })
  .put('/:id/picture', async (c) => {
    const { userId } = requireConsultant(c);
    // Ownership first: a stranger learns nothing from how their upload is judged.
    await getProfile(c.get('db'), userId, c.req.param('id'));
    const bytes = await readLimited(c.req.raw, LIMITS.pictureBytesMax, 'imageTooLarge');
    return c.json(await setPicture(c.env, c.get('db'), userId, c.req.param('id'), bytes, c.req.header('Content-Type') ?? null));
  })
  .delete('/:id/picture', async (c) => c.json(await removePicture(c.env, c.get('db'), requireConsultant(c).userId, c.req.param('id'))));
