import type { AppLoadContext } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';

/** Pages for consultants: signed-out visitors go to `/`, which remembers where they wanted to go. */
export function requireConsultant(context: AppLoadContext, request: Request): { userId: string; sessionId: string } {
  const consultant = context.identity.consultant;
  if (!consultant) {
    const url = new URL(request.url);
    // A guest's party list is her own page (ADR 034).
    if (context.identity.guest && url.pathname === '/parties') throw redirect('/my-parties');
    throw redirect(`/?returnTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return consultant;
}
