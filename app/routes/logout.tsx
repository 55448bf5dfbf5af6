import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';

/** Ends the Salon session, then the provider's (RP-initiated logout). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { oidc, sessionEnd, cookies } = context.services;
  const headers = new Headers();
  for (const cookie of cookies.clearSessionCookies(request)) headers.append('Set-Cookie', cookie);
  const consultant = context.identity.consultant;
  if (!consultant) return redirect('/', { headers });
  const idToken = await sessionEnd.endSession(context.env, consultant.sessionId);
  const endSession = await oidc.endSessionUrl(context.env, request, idToken);
  return redirect(endSession ?? '/', { headers });
}

export function loader() {
  return redirect('/');
}
