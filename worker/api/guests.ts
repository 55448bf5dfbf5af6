import { Hono } from 'hono';
import { LIMITS } from '../../app/core/limits';
import { GuestDeletionRequestSchema, GuestDeletionSchema, GuestNamesSchema } from '../../app/core/schemas';
import { localeOf } from '../../app/i18n/i18n.server';
import { clearCookie, COOKIE } from '../auth/cookies';
import { clearCodeCookie, codeCookie, readCodeCookie } from '../auth/guests';
import { readLimited } from '../media/body';
import {
  confirmDeletion,
  guestAccount,
  guestCard,
  guestParties,
  guestPicture,
  registerGuest,
  removeGuestPicture,
  requestDeletionCode,
  setGuestPicture,
  signOutEverywhere,
  updateGuestProfile,
} from '../services/guest-accounts';
import { deleteGuestAccount } from '../services/guest-deletion';
import type { ApiEnv } from './context';
import { clientKey, handOverGuestCredentials, requireGuest, valid } from './context';
import { pictureResponse } from './pictures';
import * as answers from '../../app/core/answer-schemas';
import { z } from '../../app/core/zod';
import { doc } from './openapi';

/** Guests and their accounts (ADR 034). Literal paths come before `/:id`: Hono tries routes in order. */
export const guestsApi = new Hono<ApiEnv>()
  .post(
    '/register',
    doc({
      summary: 'Register a guest (names only)',
      description: 'From the app (no Origin header) the answer carries `secretKey`: send Basic id:secretKey from then on.',
      caller: 'public',
      errors: ['invalidName'],
      ok: { schema: answers.GuestSignInSchema },
    }),
    valid('json', GuestNamesSchema),
    async (c) => {
      const signIn = await registerGuest(c.get('db'), c.req.valid('json'), c.get('identity').guest);
      const secretKey = handOverGuestCredentials(c, signIn);
      return c.json({ id: signIn.id, guest: signIn.guest, ...(secretKey ? { secretKey } : {}) });
    },
  )
  .get('/me', doc({ summary: "The guest's own account", caller: 'guest', ok: { schema: answers.GuestAccountSchema } }), async (c) =>
    c.json(await guestAccount(c.get('db'), requireGuest(c).guestId)),
  )
  .get('/me/parties', doc({ summary: "The guest's parties", caller: 'guest', ok: { schema: z.array(answers.GuestPartySchema) } }), async (c) =>
    c.json(await guestParties(c.env, c.get('db'), requireGuest(c).guestId)),
  )
  .put(
    '/profile',
    doc({ summary: "Change the guest's names", caller: 'guest', errors: ['invalidName'], ok: { schema: answers.GuestAccountSchema } }),
    valid('json', GuestNamesSchema),
    async (c) => {
      return c.json(await updateGuestProfile(c.get('db'), requireGuest(c).guestId, c.req.valid('json')));
    },
  )
  .put(
    '/profile/picture',
    doc({
      summary: "Set the guest's picture",
      description: "The picture's bytes are the body, with its Content-Type (the specification's `newProfilePicType` and second PUT in one; ADR 056).",
      caller: 'guest',
      rawBody: { content: 'image/*', description: 'A JPEG, PNG or WebP' },
      errors: ['imageTooLarge', 'notAnImage'],
      ok: { schema: answers.GuestAccountSchema },
    }),
    async (c) => {
      // Who first: a stranger learns nothing from how their upload is judged.
      const { guestId } = requireGuest(c);
      const bytes = await readLimited(c.req.raw, LIMITS.pictureBytesMax, 'imageTooLarge');
      return c.json(await setGuestPicture(c.env, c.get('db'), guestId, bytes, c.req.header('Content-Type') ?? null));
    },
  )
  .delete('/profile/picture', doc({ summary: "Remove the guest's picture", caller: 'guest', ok: { schema: answers.GuestAccountSchema } }), async (c) =>
    c.json(await removeGuestPicture(c.env, c.get('db'), requireGuest(c).guestId)),
  )
  // Her account's deletion (ADR 053): a code to her address first, then the deletion with it.
  .post(
    '/me/deletion',
    doc({
      summary: 'Mail the guest a code to delete her account',
      caller: 'guest',
      errors: ['noAddress', 'tooManyCodes'],
      ok: { schema: answers.CodeSentSchema },
    }),
    valid('json', GuestDeletionRequestSchema),
    async (c) => {
      const { guestId } = requireGuest(c);
      const { languageCode } = c.req.valid('json');
      const sent = await requestDeletionCode(c.env, c.executionCtx, c.get('db'), guestId, languageCode, await localeOf(c.req.raw), clientKey(c));
      c.header('Set-Cookie', codeCookie(c.req.raw, sent.challenge), { append: true });
      return c.json(sent);
    },
  )
  .put(
    '/me/deletion',
    doc({ summary: "Delete the guest's account with its code", caller: 'guest', errors: ['codeInvalid', 'tooManyAttempts'], ok: 204 }),
    valid('json', GuestDeletionSchema),
    async (c) => {
      const { guestId } = requireGuest(c);
      const input = c.req.valid('json');
      await confirmDeletion(c.get('db'), guestId, { code: input.code, challenge: input.challenge ?? readCodeCookie(c.req.raw) });
      await deleteGuestAccount(c.env, c.get('db'), guestId);
      c.header('Set-Cookie', clearCookie(c.req.raw, COOKIE.guest), { append: true });
      c.header('Set-Cookie', clearCodeCookie(c.req.raw), { append: true });
      return c.body(null, 204);
    },
  )
  .post('/logout', doc({ summary: 'Sign the guest out on every device', caller: 'guest', ok: 204 }), async (c) => {
    await signOutEverywhere(c.env, c.get('db'), requireGuest(c).guestId);
    c.header('Set-Cookie', clearCookie(c.req.raw, COOKIE.guest), { append: true });
    return c.body(null, 204);
  })
  .get(
    '/:id',
    doc({
      summary: "A guest's card (for those who share a party with her)",
      caller: 'public',
      errors: ['notFound', 'forbidden', 'unauthorized'],
      ok: { schema: answers.GuestCardSchema },
    }),
    async (c) => c.json(await guestCard(c.get('db'), c.get('identity'), c.req.param('id'))),
  )
  .get(
    '/:id/picture',
    doc({
      summary: "A guest's picture",
      caller: 'public',
      errors: ['notFound', 'forbidden', 'unauthorized'],
      parameters: [{ in: 'query', name: 'v', required: false, schema: { type: 'string' } }],
      ok: { content: 'image/*', schema: { type: 'string', format: 'binary' } },
    }),
    async (c) => {
      const picture = await guestPicture(c.env, c.get('db'), c.get('identity'), c.req.param('id'), c.req.query('v') ?? null);
      // Only those who may see her get it: the cache is the browser's own, never a shared one.
      return pictureResponse(c, picture, 'private');
    },
  );
