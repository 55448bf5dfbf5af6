import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';

const SIGN_IN_COOKIE_MAX_AGE = 10 * 60;

/** Single sign-on: remembers where to return, then sends the browser to the provider. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { oidc, cookies } = context.services;
  const returnTo = new URL(request.url).searchParams.get('returnTo');
  try {
    const { url, state } = await oidc.beginSignIn(context.env, context.db, request, returnTo);
    // The state is also bound to this browser, so a code cannot be replayed into another one.
    return redirect(url, {
      headers: { 'Set-Cookie': cookies.serializeCookie(request, cookies.COOKIE.signIn, state, { maxAge: SIGN_IN_COOKIE_MAX_AGE }) },
    });
  } catch {
    return redirect('/login?failed');
  }
}
