import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { isAppError } from '~/core/errors';

/**
 * /export/{id}/download?key=…, the mailed link (ADR 062): the archive, once, within a day. The link
 * is its own credential (it went to the account's address, as a sign-in code does), so it works on
 * any device. A used, expired or unknown link leads to the export page, which offers a new one.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  try {
    return await context.services.dataExport.download(context.env, context.db, params.id ?? '', key);
  } catch (error) {
    if (isAppError(error) && error.code === 'exportLinkSpent') throw redirect('/export?link=spent');
    throw error;
  }
}
