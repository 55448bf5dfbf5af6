import { Hono } from 'hono';
import { LIMITS } from '../../app/core/limits';
import { GuestNamesSchema } from '../../app/core/schemas';
import { clearCookie, COOKIE } from '../auth/cookies';
import { readLimited } from '../media/body';
import {
  guestAccount,
  guestCard,
  guestParties,
  guestPicture,
  registerGuest,
  removeGuestPicture,
  setGuestPicture,
  signOutEverywhere,
  updateGuestProfile,
} from '../services/guest-accounts';
import type { ApiEnv } from './context';
import { handOverGuestCredentials, requireGuest, valid } from './context';
import { pictureResponse } from './pictures';

/** Guests and their accounts (ADR 034). Literal paths come before `/:id`: Hono tries routes in order. */
export const guestsApi = new Hono<ApiEnv>()
  .post('/register', valid('json', GuestNamesSchema), async (c) => {
    const signIn = await registerGuest(c.get('db'), c.req.valid('json'), c.get('identity').guest);
    const secretKey = handOverGuestCredentials(c, signIn);
    return c.json({ id: signIn.id, guest: signIn.guest, ...(secretKey ? { secretKey } : {}) });
  })
  .get('/me', async (c) => c.json(await guestAccount(c.get('db'), requireGuest(c).guestId)))
  .get('/me/parties', async (c) => c.json(await guestParties(c.env, c.get('db'), requireGuest(c).guestId)))
  .put('/profile', valid('json', GuestNamesSchema), async (c) => {
    return c.json(await updateGuestProfile(c.get('db'), requireGuest(c).guestId, c.req.valid('json')));
  })
  .put('/profile/picture', async (c) => {
    // Who first: a stranger learns nothing from how their upload is judged.
    const { guestId } = requireGuest(c);
    const bytes = await readLimited(c.req.raw, LIMITS.pictureBytesMax, 'imageTooLarge');
    return c.json(await setGuestPicture(c.env, c.get('db'), guestId, bytes, c.req.header('Content-Type') ?? null));
  })
  .delete('/profile/picture', async (c) => c.json(await removeGuestPicture(c.env, c.get('db'), requireGuest(c).guestId)))
  .post('/logout', async (c) => {
    await signOutEverywhere(c.env, c.get('db'), requireGuest(c).guestId);
    c.header('Set-Cookie', clearCookie(c.req.raw, COOKIE.guest), { append: true });
    return c.body(null, 204);
  })
  .get('/:id', async (c) => c.json(await guestCard(c.get('db'), c.get('identity'), c.req.param('id'))))
  .get('/:id/picture', async (c) => {
    const picture = await guestPicture(c.env, c.get('db'), c.get('identity'), c.req.param('id'), c.req.query('v') ?? null);
    // Only those who may see her get it: the cache is the browser's own, never a shared one.
    return pictureResponse(c, picture, 'private');
  });
