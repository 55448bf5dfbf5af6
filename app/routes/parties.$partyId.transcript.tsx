import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isAppError } from '~/core/errors';
import { knownTimeZone } from '~/core/follow-up';
import { localeOf } from '~/i18n/i18n.server';
import { requireConsultant } from '~/lib/auth.server';

/**
 * /parties/{id}/transcript, the party as a printable page (ADR 062): its manager's alone, in the
 * language of her page, times in the zone her page names (`tz`). The same page as the export's
 * chat.html; the browser's print makes the PDF.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireConsultant(context, request);
  const timeZone = knownTimeZone(new URL(request.url).searchParams.get('tz'));
  try {
    return await context.services.dataExport.transcript(context.env, context.db, params.partyId ?? '', context.identity, await localeOf(request), timeZone);
  } catch (error) {
    if (isAppError(error) && error.code === 'partyNotFound') throw new Response(null, { status: 404 });
    throw error;
  }
}
