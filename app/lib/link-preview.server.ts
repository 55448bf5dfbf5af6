import { SERVER_TIME_ZONE } from '~/core/dates';
import { pagePreview, partyPreview, previewTags, profilePreview } from '~/core/link-preview';
import type { LinkPreview, PageKey, PartyFacts, PreviewTag } from '~/core/link-preview';
import type { PublicProfile } from '~/core/profile';
import { isLanguage } from '~/i18n/config';
import { localeOf } from '~/i18n/i18n.server';
import { loadTranslation } from '~/i18n/resources';

/**
 * The previews of the pages' loaders (ADR 058), in the request's language: the texts come with the
 * workspace part, which the party page's own first load never fetches, and the tags are made here,
 * so a page's meta export only spreads them (no preview code in the party page's chunk).
 */
export interface PagePreview {
  title: string;
  tags: PreviewTag[];
}

const asPage = (preview: LinkPreview): PagePreview => ({ title: preview.title, tags: previewTags(preview) });

async function textsFor(request: Request) {
  const language = await localeOf(request);
  return { language, texts: (await loadTranslation(language, ['workspace'])).preview, origin: new URL(request.url).origin };
}

export async function partyLinkPreview(request: Request, party: PartyFacts): Promise<PagePreview> {
  const { language, texts, origin } = await textsFor(request);
  return asPage(partyPreview(party, texts, language, origin, SERVER_TIME_ZONE));
}

/** The picture's version is the one its address already carries (`?v=`). */
export async function profileLinkPreview(request: Request, profile: PublicProfile): Promise<PagePreview> {
  const { language, texts, origin } = await textsFor(request);
  const pictureVersion = profile.profilePic ? new URL(profile.profilePic, origin).searchParams.get('v') : null;
  return asPage(profilePreview({ ...profile, pictureVersion }, texts, language, origin));
}

/** A public page with its own title and a description from the texts (their `pages`). */
export async function sitePagePreview(request: Request, page: { title: string } & ({ description: string } | { key: PageKey })): Promise<PagePreview> {
  const { language, texts, origin } = await textsFor(request);
  const description = 'key' in page ? texts.pages[page.key] : page.description;
  // A page's language version keeps its `?lng=` (the sitemap's addresses, crawlers/sitemap).
  const url = new URL(request.url);
  const lng = url.searchParams.get('lng');
  const path = `${url.pathname}${isLanguage(lng) && url.pathname !== '/' ? `?lng=${lng}` : ''}`;
  return asPage(pagePreview({ title: page.title, description, path }, texts, language, origin));
}
