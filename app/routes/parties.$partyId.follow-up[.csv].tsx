import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { isAppError } from '~/core/errors';
import { followUpCsv, knownTimeZone } from '~/core/follow-up';
import { localeOf } from '~/i18n/i18n.server';
import { loadTranslation } from '~/i18n/resources';
import { requireConsultant } from '~/lib/auth.server';

/**
 * /parties/{id}/follow-up.csv, the follow-up list as a spreadsheet file (ADR 045): the party's
 * manager alone (the room checks), in her language, times in the time zone her page names (`tz`).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireConsultant(context, request);
  const partyId = params.partyId ?? '';
  let result;
  try {
    result = await context.services.followUp.followUpList(context.env, context.db, partyId, context.identity);
  } catch (error) {
    if (isAppError(error) && ['partyNotFound', 'notMember', 'forbidden'].includes(error.code)) throw new Response(null, { status: 404 });
    throw error;
  }
  const language = await localeOf(request);
  const texts = (await loadTranslation(language, ['workspace'])).followUp;
  const csv = followUpCsv(result.list, texts, language, knownTimeZone(new URL(request.url).searchParams.get('tz')));
  const name = `${texts.title} ${result.party.title}`.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'follow-up';
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      // The ASCII name for old clients, the real one (umlauts) by RFC 5987.
      'Content-Disposition': `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`,
      'Cache-Control': 'private, no-store',
    },
  });
}
