import type { LoaderFunctionArgs } from '@remix-run/cloudflare';
import { robotsTxt } from '~/core/crawlers';

/** /robots.txt (ADR 058): public pages for search engines, party links for link previews, never the API or the workspace. */
export function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
