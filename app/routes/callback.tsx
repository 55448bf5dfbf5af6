import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';

/** The provider sends the browser back here with a code; it becomes a Salon session. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { oidc, sessions, cookies } = context.services;
  const headers = new Headers({ 'Set-Cookie': cookies.clearCookie(request, cookies.COOKIE.signIn) });
  try {
    const browserState = cookies.readCookies(request).get(cookies.COOKIE.signIn);
    const { identity, returnTo } = await oidc.finishSignIn(context.env, context.db, request, browserState);
    const userId = await oidc.upsertUser(context.env, context.db, identity);
    const tokens = await sessions.createSession(context.db, userId, identity.idToken);
    for (const cookie of cookies.sessionCookies(request, tokens)) headers.append('Set-Cookie', cookie);
    return redirect(returnTo, { headers });
  } catch {
    return redirect('/login?failed', { headers });
  }
}
