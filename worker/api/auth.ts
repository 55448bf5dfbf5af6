import { Hono } from 'hono';
import { AppError } from '../../app/core/errors';
import { GUEST_CODE_PATTERN } from '../../app/core/guest-account';
import { AuthTokenSchema, GuestClaimConfirmSchema, GuestCodeRequestSchema, GuestVerifySchema, RefreshSchema } from '../../app/core/schemas';
import { localeOf } from '../../app/i18n/i18n.server';
import { clearCodeCookie, codeCookie, readCodeCookie } from '../auth/guests';
import { exchangeCode, upsertUser } from '../auth/oidc';
import { appTokens, createSession, refreshSession } from '../auth/sessions';
import { confirmClaim, requestClaimCode, requestLoginCode, verifyLoginCode } from '../services/guest-accounts';
import { endSession } from '../services/session-end';
import type { ApiEnv } from './context';
import type { ApiContext } from './context';
import { clientKey, handOverGuestCredentials, requireConsultant, requireGuest, valid } from './context';
import * as answers from '../../app/core/answer-schemas';
import { doc } from './openapi';

/** The challenge a code's verification names: the body's (the app), else the browser's cookie. */
function challengeOf(c: ApiContext, fromBody: string | undefined): string {
  const challenge = fromBody ?? readCodeCookie(c.req.raw);
  if (!challenge) throw new AppError('codeInvalid');
  return challenge;
}

/**
 * Token endpoints for the mobile app (consultants in browsers sign in through /sso and /callback
 * instead), and the guests' sign-in with mailed codes (ADR 034) for both.
 */
export const auth = new Hono<ApiEnv>()
  .post(
    '/token',
    doc({
      summary: "Redeem the app's authorization code for tokens",
      description:
        'PKCE: send what the redirect brought (`code`, `iss`, `state`) and what the app kept (`redirect_uri`, `code_verifier`, `nonce`). README "For app developers".',
      caller: 'public',
      errors: ['signInFailed'],
      ok: { schema: answers.TokensSchema },
    }),
    valid('json', AuthTokenSchema),
    async (c) => {
      const identity = await exchangeCode(c.env, c.req.valid('json'));
      const userId = await upsertUser(c.env, c.get('db'), identity);
      return c.json(appTokens(await createSession(c.get('db'), userId, identity.idToken)));
    },
  )
  .post(
    '/refresh',
    doc({ summary: 'New tokens for a refresh token (it rotates)', caller: 'public', errors: ['sessionExpired'], ok: { schema: answers.TokensSchema } }),
    valid('json', RefreshSchema),
    async (c) => {
      const tokens = await refreshSession(c.get('db'), c.req.valid('json').refreshToken);
      if (!tokens) throw new AppError('sessionExpired');
      return c.json(appTokens(tokens));
    },
  )
  .post('/logout', doc({ summary: "End the consultant's session everywhere", caller: 'consultant', ok: 204 }), async (c) => {
    await endSession(c.env, requireConsultant(c).sessionId);
    return c.body(null, 204);
  })
  .post(
    '/login',
    doc({
      summary: 'Mail a guest a sign-in code',
      description: 'Answers the `challenge` the verification names (the app sends it back; a browser keeps it in a cookie).',
      caller: 'public',
      errors: ['invalidEmail', 'tooManyCodes'],
      ok: { schema: answers.CodeSentSchema },
    }),
    valid('json', GuestCodeRequestSchema),
    async (c) => {
      const sent = await requestLoginCode(c.env, c.executionCtx, c.get('db'), c.req.valid('json'), await localeOf(c.req.raw), clientKey(c));
      c.header('Set-Cookie', codeCookie(c.req.raw, sent.challenge), { append: true });
      return c.json(sent);
    },
  )
  .post(
    '/verify',
    doc({
      summary: 'Sign a guest in with her mailed code',
      caller: 'public',
      errors: ['codeInvalid', 'tooManyAttempts', 'invalidEmail'],
      ok: { schema: answers.GuestSignInSchema },
    }),
    valid('json', GuestVerifySchema),
    async (c) => {
      const input = c.req.valid('json');
      // The guest this device held, if any: a name-only one joins the account (ADR 052).
      const held = c.get('identity').guest?.guestId ?? null;
      const signIn = await verifyLoginCode(c.get('db'), { ...input, challenge: challengeOf(c, input.challenge) }, held);
      c.header('Set-Cookie', clearCodeCookie(c.req.raw), { append: true });
      const secretKey = handOverGuestCredentials(c, signIn);
      return c.json({ id: signIn.id, guest: signIn.guest, ...(secretKey ? { secretKey } : {}) });
    },
  )
  .post(
    '/claim',
    doc({
      summary: "Mail a code to give the guest's account an address",
      caller: 'guest',
      errors: ['invalidEmail', 'emailTaken', 'tooManyCodes'],
      ok: { schema: answers.CodeSentSchema },
    }),
    valid('json', GuestCodeRequestSchema),
    async (c) => {
      const { guestId } = requireGuest(c);
      const sent = await requestClaimCode(c.env, c.executionCtx, c.get('db'), guestId, c.req.valid('json'), await localeOf(c.req.raw), clientKey(c));
      c.header('Set-Cookie', codeCookie(c.req.raw, sent.challenge), { append: true });
      return c.json(sent);
    },
  )
  .put(
    '/claim/:code',
    doc({
      summary: 'Confirm the address with its code',
      caller: 'guest',
      errors: ['codeInvalid', 'tooManyAttempts', 'emailTaken'],
      ok: { schema: answers.GuestAccountSchema },
    }),
    valid('json', GuestClaimConfirmSchema),
    async (c) => {
      const { guestId } = requireGuest(c);
      const code = c.req.param('code');
      if (!GUEST_CODE_PATTERN.test(code)) throw new AppError('codeInvalid');
      const account = await confirmClaim(c.get('db'), guestId, { code, challenge: challengeOf(c, c.req.valid('json').challenge) });
      c.header('Set-Cookie', clearCodeCookie(c.req.raw), { append: true });
      return c.json(account);
    },
  );
