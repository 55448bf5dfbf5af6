import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { sitemapXml } from '~/core/crawlers';
import { DEFAULT_LANGUAGE } from '~/i18n/config';

/** /sitemap.xml (ADR 058): the landing, the FAQ's visible topics and entries and the legal pages, each in five languages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const faq = await context.services.faq.faqPaths(context.db, DEFAULT_LANGUAGE);
  const paths = ['/', '/faq', ...faq, '/impress', '/privacy'];
  return new Response(sitemapXml(new URL(request.url).origin, paths), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
