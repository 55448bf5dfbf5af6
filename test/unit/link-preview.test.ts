import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '~/core/crawlers';
import { inviteLinks, shareCancelled } from '~/core/invite';
import { excerpt, partyImagePath, partyPreview, previewTags, previewVersion } from '~/core/link-preview';
import type { PartyFacts } from '~/core/link-preview';
import de from '~/i18n/locales/de';
import en from '~/i18n/locales/en';

const party: PartyFacts = {
  shortId: 'AbCdEfGhJkLm',
  title: 'Herbstparty',
  host: 'Berta',
  manager: { firstName: 'Anna', lastName: 'Becker' },
  start: Date.UTC(2027, 9, 2, 17),
  passwordProtected: false,
};

describe('link previews (ADR 058)', () => {
  it('a party: title with host and consultant, the start in the reader’s language and the party’s zone', () => {
    const preview = partyPreview(party, de.preview, 'de', 'https://salon.test', 'Europe/Berlin');
    expect(preview.title).toBe('Herbstparty bei Berta mit Anna Becker');
    expect(preview.description).toMatch(/Beginn: Samstag, 2\. Oktober 2027 um 19:00\.$/);
    expect(preview.url).toBe('https://salon.test/AbCdEfGhJkLm');
    expect(preview.image.url).toMatch(/^https:\/\/salon\.test\/og\/party\/AbCdEfGhJkLm\/de\.png\?v=[0-9a-f]{8}$/);
    expect(partyPreview(party, en.preview, 'en', 'https://salon.test', 'Europe/Berlin').description).toMatch(/Starts Saturday, 2 October 2027 at 19:00\.$/);
  });

  it('a password party: none of its facts, in any tag', () => {
    const locked = { ...party, passwordProtected: true };
    const tags = JSON.stringify(previewTags(partyPreview(locked, de.preview, 'de', 'https://salon.test', 'Europe/Berlin')));
    for (const secret of ['Herbstparty', 'Berta', 'Anna', 'Becker', '2027']) expect(tags).not.toContain(secret);
    // Its image's address does not change with what it does not show.
    expect(partyImagePath({ ...locked, title: 'Anders' }, 'de')).toBe(partyImagePath(locked, 'de'));
  });

  it('the image address changes with what the image draws', () => {
    expect(partyImagePath({ ...party, title: 'Winterparty' }, 'de')).not.toBe(partyImagePath(party, 'de'));
    expect(previewVersion(['a', 1])).not.toBe(previewVersion(['a', 2]));
    expect(previewVersion(['a', null])).toMatch(/^[0-9a-f]{8}$/);
  });

  it('every tag the issue names, once, Twitter’s large card', () => {
    const tags = previewTags(partyPreview(party, en.preview, 'en', 'https://salon.test', 'Europe/Berlin'));
    const keys = tags.map((tag) => ('property' in tag ? tag.property : 'name' in tag ? tag.name : tag.rel));
    for (const key of ['og:title', 'og:description', 'og:image', 'og:image:width', 'og:image:height', 'og:image:alt', 'og:url', 'og:locale', 'twitter:card'])
      expect(
        keys.filter((k) => k === key),
        key,
      ).toHaveLength(1);
    expect(keys.filter((k) => k === 'og:locale:alternate')).toHaveLength(4);
  });

  it('excerpt cuts at a word and marks the cut', () => {
    expect(excerpt('kurz', 200)).toBe('kurz');
    const long = excerpt('Wort '.repeat(100), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('Wort…')).toBe(true);
  });
});

describe('crawlers', () => {
  it('robots.txt names the sitemap; sitemap entries carry five languages and a default', () => {
    expect(robotsTxt('https://salon.test')).toContain('Sitemap: https://salon.test/sitemap.xml');
    const xml = sitemapXml('https://salon.test', ['/', '/faq']);
    expect(xml.match(/<url>/g)).toHaveLength(10);
    expect(xml).toContain('<loc>https://salon.test/faq?lng=it</loc>');
    expect(xml).toContain('hreflang="x-default" href="https://salon.test/faq"');
  });
});

describe('the invitation', () => {
  it('as WhatsApp, text message and e-mail links, every character encoded', () => {
    const links = inviteLinks({ url: 'https://salon.test/AbC', text: 'Komm & feier mit?', subject: 'Einladung: A&B' });
    expect(links.whatsapp).toBe('https://wa.me/?text=Komm%20%26%20feier%20mit%3F%20https%3A%2F%2Fsalon.test%2FAbC');
    expect(links.sms).toBe('sms:?&body=Komm%20%26%20feier%20mit%3F%20https%3A%2F%2Fsalon.test%2FAbC');
    expect(links.email).toBe('mailto:?subject=Einladung%3A%20A%26B&body=Komm%20%26%20feier%20mit%3F%20https%3A%2F%2Fsalon.test%2FAbC');
  });

  it('a closed share sheet is no failure; any other refusal is', () => {
    expect(shareCancelled(new DOMException('closed', 'AbortError'))).toBe(true);
    expect(shareCancelled(new DOMException('no', 'NotAllowedError'))).toBe(false);
    expect(shareCancelled('AbortError')).toBe(false);
  });
});
