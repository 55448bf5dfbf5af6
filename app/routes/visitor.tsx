import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { isVisitorChoice } from '~/core/visitor';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Remembers a visitor's choices (the cookie notice dismissed, the browser chosen over the app; the
 * app-switch screen sends both when the notice is folded into it, ADR 018) in a cookie each, so
 * the server leaves the notice or the screen out of every later page. The page's script posts here
 * and carries on; before the script runs, the button is a plain form and the visitor comes back to
 * `returnTo` (a path of ours: worker/http/return-to.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  // A body that is no form is as wrong as a missing choice.
  const form = await request.formData().catch(() => new FormData());
  const choices = form.getAll('choice');
  const returnTo = form.get('returnTo');
  const { COOKIE, serializeCookie } = context.services.cookies;
  if (choices.length === 0 || !choices.every(isVisitorChoice)) return new Response(null, { status: 400 });
  const headers = new Headers();
  for (const choice of new Set(choices)) {
    headers.append('Set-Cookie', serializeCookie(request, choice === 'cookies' ? COOKIE.cookiesNoted : COOKIE.inBrowser, '1', { maxAge: YEAR_S }));
  }
  if (typeof returnTo === 'string') return redirect(context.services.returnTo.safeReturnTo(returnTo, request), { headers });
  return new Response(null, { status: 204, headers });
}

export function loader() {
  return redirect('/');
}
