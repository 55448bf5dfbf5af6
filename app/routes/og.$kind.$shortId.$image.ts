import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { OG_LOCALES } from '~/core/link-preview';
import type { PreviewLanguage } from '~/core/link-preview';
import { isShortId } from '~/core/party';
import { loadTranslation } from '~/i18n/resources';

const IMAGE = /^(de|en|nl|fr|it)\.png$/;

/**
 * /og/party/{shortId}/{language}.png and /og/profile/{shortId}/{language}.png: a link preview's
 * image (ADR 058), drawn in the Worker (worker/services/link-preview.ts) with this language's texts.
 * Anyone may fetch it: it shows only what the party's or profile's preview says.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const kind = params.kind;
  const language = IMAGE.exec(params.image ?? '')?.[1] as PreviewLanguage | undefined;
  const shortId = params.shortId ?? '';
  if ((kind !== 'party' && kind !== 'profile') || !language || !(language in OG_LOCALES) || !isShortId(shortId)) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const texts = (await loadTranslation(language, ['workspace'])).preview;
  const origin = new URL(request.url).origin;
  return context.services.linkPreview.previewImage(context.env, context.ctx, context.db, { kind, shortId, language, texts, origin });
}
