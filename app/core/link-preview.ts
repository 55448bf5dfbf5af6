/**
 * Link previews (ADR 058): what a messenger, a mail client or a search engine shows for one of our
 * links. Open Graph and Twitter Card tags in the page's language, built here once for every public
 * page, and the preview image's size and address. What a party's preview may say is decided here
 * too: its title, its consultant and host and its start; never its chat or its guests, and for a
 * password party only that it is one.
 */
import { fullName } from './text';

/** Open Graph's image size every messenger shows large (and WhatsApp's ceiling in bytes). */
export const PREVIEW_IMAGE = { width: 1200, height: 630, maxBytes: 300 * 1024 } as const;

/** og:locale per interface language (Open Graph wants language_TERRITORY). */
export const OG_LOCALES = { de: 'de_DE', en: 'en_GB', nl: 'nl_NL', fr: 'fr_FR', it: 'it_IT' } as const;
export type PreviewLanguage = keyof typeof OG_LOCALES;

/** One page's preview: every field absolute where a crawler needs it. */
export interface LinkPreview {
  title: string;
  description: string;
  /** The page's own address (og:url, the canonical link). */
  url: string;
  image: { url: string; alt: string };
  language: PreviewLanguage;
}

/** A tag as Remix's meta export takes it. */
export type PreviewTag = { name: string; content: string } | { property: string; content: string } | { tagName: 'link'; rel: string; href: string };

/** The tags of one preview: description, Open Graph (with the other languages as alternates) and Twitter's large card. */
export function previewTags(preview: LinkPreview): PreviewTag[] {
  const alternates = Object.entries(OG_LOCALES)
    .filter(([language]) => language !== preview.language)
    .map(([, locale]) => ({ property: 'og:locale:alternate', content: locale }));
  return [
    { name: 'description', content: preview.description },
    { property: 'og:site_name', content: 'Salon' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: preview.title },
    { property: 'og:description', content: preview.description },
    { property: 'og:url', content: preview.url },
    { property: 'og:locale', content: OG_LOCALES[preview.language] },
    ...alternates,
    { property: 'og:image', content: preview.image.url },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(PREVIEW_IMAGE.width) },
    { property: 'og:image:height', content: String(PREVIEW_IMAGE.height) },
    { property: 'og:image:alt', content: preview.image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: preview.title },
    { name: 'twitter:description', content: preview.description },
    { name: 'twitter:image', content: preview.image.url },
    { name: 'twitter:image:alt', content: preview.image.alt },
  ];
}

/** The preview texts of one language (the locale files' `preview` section). */
export interface PreviewTexts {
  siteImageAlt: string;
  partyTitle: string;
  partyTitleWithHost: string;
  partyDescription: string;
  partyStarts: string;
  partyImageAlt: string;
  passwordTitle: string;
  passwordDescription: string;
  passwordImageAlt: string;
  profileTitle: string;
  profileDescription: string;
  profileImageAlt: string;
  imageWith: string;
  imageHost: string;
  imagePassword: string;
  imageProfile: string;
  pages: Record<PageKey, string>;
}

/** Public pages whose description comes from the preview texts. */
export type PageKey = 'faq' | 'impress' | 'privacy' | 'login' | 'deleteAccount';

/** Fills `{{name}}` placeholders as i18next would (the server builds previews without i18next). */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}

/** What a party's preview may know: nothing a member alone may see. */
export interface PartyFacts {
  shortId: string;
  title: string;
  host: string | null;
  manager: { firstName: string; lastName: string } | null;
  start: number | null;
  passwordProtected: boolean;
}

/** A party's start as a preview says it: weekday, date and time in the reader's language, in the party's zone. */
export function previewStart(start: number, language: PreviewLanguage, timeZone: string): string {
  // en-GB as everywhere in the product: day before month, 24 hours.
  return new Intl.DateTimeFormat(OG_LOCALES[language].replace('_', '-'), { dateStyle: 'full', timeStyle: 'short', hourCycle: 'h23', timeZone }).format(start);
}

/**
 * The version of what a preview image draws: a new one when the party or its consultant's names
 * change, so a messenger that keeps images by address fetches the new one. The image's own cache
 * adds the picture's version (worker/preview/). FNV-1a over the fields, 8 hex digits: a cache key,
 * not a secret.
 */
export function previewVersion(fields: readonly (string | number | boolean | null)[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(fields)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The fields a party's image draws (and so its version). A password party's image draws none of them. */
export function partyImageFields(party: PartyFacts): (string | number | boolean | null)[] {
  if (party.passwordProtected) return ['password'];
  return [party.title, party.host, party.manager ? fullName(party.manager) : null, party.start];
}

export function partyImagePath(party: PartyFacts, language: PreviewLanguage): string {
  return `/og/party/${party.shortId}/${language}.png?v=${previewVersion([...partyImageFields(party), 1])}`;
}

export function profileImagePath(
  profile: { shortId: string; firstName: string; lastName: string; pictureVersion: string | null },
  language: PreviewLanguage,
): string {
  return `/og/profile/${profile.shortId}/${language}.png?v=${previewVersion([fullName(profile), profile.pictureVersion, 1])}`;
}

/** The image of every page that has none of its own (the landing, the FAQ, the legal pages). */
export const SITE_IMAGE_PATH = '/og/salon.png';

/** A party's preview in `language`; a password party's says only that it is one. */
export function partyPreview(party: PartyFacts, texts: PreviewTexts, language: PreviewLanguage, origin: string, timeZone: string): LinkPreview {
  const url = `${origin}/${party.shortId}`;
  const image = `${origin}${partyImagePath(party, language)}`;
  if (party.passwordProtected) {
    return { title: texts.passwordTitle, description: texts.passwordDescription, url, image: { url: image, alt: texts.passwordImageAlt }, language };
  }
  const values = { title: party.title, consultant: party.manager ? fullName(party.manager) : 'Salon', host: party.host ?? '' };
  const starts = party.start === null ? '' : ` ${fill(texts.partyStarts, { start: previewStart(party.start, language, timeZone) })}`;
  return {
    title: fill(party.host ? texts.partyTitleWithHost : texts.partyTitle, values),
    description: `${fill(texts.partyDescription, values)}${starts}`,
    url,
    image: { url: image, alt: fill(texts.partyImageAlt, values) },
    language,
  };
}

/** At most `max` characters of a free text, cut at a word where it can be. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A consultant's public page: her name, and her biography (cut) or a line about the page. */
export function profilePreview(
  profile: { shortId: string; firstName: string; lastName: string; biography: string | null; pictureVersion: string | null },
  texts: PreviewTexts,
  language: PreviewLanguage,
  origin: string,
): LinkPreview {
  const name = fullName(profile);
  const biography = profile.biography?.trim() ? excerpt(profile.biography, 200) : null;
  return {
    title: fill(texts.profileTitle, { name }),
    description: biography ?? fill(texts.profileDescription, { name }),
    url: `${origin}/p/${profile.shortId}`,
    image: { url: `${origin}${profileImagePath(profile, language)}`, alt: fill(texts.profileImageAlt, { name }) },
    language,
  };
}

/** Any other public page: its own title and description with the site's image. */
export function pagePreview(
  page: { title: string; description: string; path: string },
  texts: PreviewTexts,
  language: PreviewLanguage,
  origin: string,
): LinkPreview {
  return {
    title: page.title,
    description: page.description,
    url: `${origin}${page.path}`,
    image: { url: `${origin}${SITE_IMAGE_PATH}`, alt: texts.siteImageAlt },
    language,
  };
}
