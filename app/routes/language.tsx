import type { ActionFunctionArgs } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { isLanguage } from '~/i18n/config';
import { languageCookie } from '~/i18n/i18n.server';

/**
 * Stores the chosen language and goes back where the visitor was; from a localized landing page
 * (whose address decides its language) to the landing page of the chosen one.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const lng = form.get('lng');
  const returnTo = context.services.returnTo.safeReturnTo(String(form.get('returnTo') ?? '/'), request);
  if (!isLanguage(lng)) return redirect(returnTo);
  return redirect(isLanguage(returnTo.slice(1)) ? `/${lng}` : returnTo, { headers: { 'Set-Cookie': await languageCookie.serialize(lng) } });
}

export function loader() {
  return redirect('/');
}
