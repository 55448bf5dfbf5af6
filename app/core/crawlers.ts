/**
 * What crawlers may read (ADR 058): robots.txt and the sitemap of the public pages in every
 * language. Search engines get the public pages only; the link-preview fetchers of messengers and
 * networks (some obey robots.txt) also get the party links and the preview images, never the API or
 * the workspace. Party pages and profile pages stay out of search results by their own `noindex`.
 */
import { LANGUAGES } from '../i18n/config';
import type { Language } from '../i18n/config';

/** The public pages search engines may read (paths, each also the start of longer ones). */
const PUBLIC_PATHS = ['/$', ...LANGUAGES.map((language) => `/${language}$`), '/faq', '/impress', '/privacy', '/login', '/delete-account', '/p/'];
/** What those pages load. */
const PUBLIC_FILES = ['/assets/', '/landing/', '/emoji/', '/og/', '/favicon', '/icon-', '/manifest.webmanifest'];
/** Never for any crawler: the API, files, the workspace and the accounts' own pages. */
const PRIVATE_PATHS = [
  '/api/',
  '/files/',
  '/parties',
  '/media',
  '/templates',
  '/profiles',
  '/releaseNotes',
  '/my-parties',
  '/guest-profile/',
  '/claim',
  '/addTemplate/',
  '/callback',
  '/logout',
  '/sso',
  '/language',
  '/visitor',
  '/refused',
  '/csp-report',
];
/** The fetchers that draw link previews, by their robots.txt names. */
const PREVIEW_FETCHERS = ['facebookexternalhit', 'Facebot', 'Twitterbot', 'LinkedInBot', 'Slackbot', 'TelegramBot', 'WhatsApp', 'Discordbot', 'Pinterestbot'];

export function robotsTxt(origin: string): string {
  const lines = [
    '# Search engines: the public pages only (party and profile pages also say noindex).',
    'User-agent: *',
    'Disallow: /',
    ...[...PUBLIC_PATHS, ...PUBLIC_FILES].map((path) => `Allow: ${path}`),
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    '# Link previews of shared party links: everything but the API, files and the workspace.',
    ...PREVIEW_FETCHERS.map((agent) => `User-agent: ${agent}`),
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ];
  return lines.join('\n');
}

/** A page's address in `language`: the landing has its own paths, every other page takes `?lng=`. */
export function languageUrl(origin: string, path: string, language: Language): string {
  return path === '/' ? `${origin}/${language}` : `${origin}${path}?lng=${language}`;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemap: each public page once per language, each naming all its languages (hreflang) and the default. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = paths.flatMap((path) => {
    const alternates = [
      ...LANGUAGES.map((language) => `    <xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(languageUrl(origin, path, language))}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${origin}${path}`)}"/>`,
    ];
    return LANGUAGES.map((language) => ['  <url>', `    <loc>${escapeXml(languageUrl(origin, path, language))}</loc>`, ...alternates, '  </url>'].join('\n'));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
