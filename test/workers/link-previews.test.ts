import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HOSTILE_HOST, HOSTILE_TITLE } from '../fixtures/bad-input-catalogue';
import { BROKEN_WEBP, PICTURES, WEBP_COLOUR, WEBP_PICTURES } from '../fixtures/images';
import { decodePng } from '../support/png';
import { drawPreview } from '../../worker/preview/draw';
import { ORIGIN, api, createConsultant, createParty, guestCookie, joinGuest, page } from './fixtures';

/**
 * Link previews (ADR 058) in workerd: what a party's tags may say, robots.txt, the sitemap and the
 * preview image. Every Open Graph field is read by an independent parser (open-graph-scraper) in
 * test/e2e/link-previews.spec.ts, from the pages served by wrangler (its fetch cannot load here).
 */
type Tags = Record<string, string>;

/** The page's meta tags by property or name (each first one), and its head. */
async function preview(path: string, headers: Record<string, string> = {}): Promise<{ tags: Tags; head: string }> {
  const html = await (await page(path, { headers })).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Tags = {};
  for (const [, key, content] of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) tags[key!] ??= content!;
  return { tags, head };
}

const lang = (language: string) => ({ 'Accept-Language': language });

async function image(url: string): Promise<{ response: Response; bytes: Uint8Array }> {
  const response = await page(new URL(url).pathname + new URL(url).search);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe('a party link', () => {
  it('names the host, and nothing members alone see: no guest, no chat', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const party = await createParty(anna, { title: 'Kaffeeklatsch', host: 'Berta Gastgeber' });
    await joinGuest(party.id, { firstName: 'Zora', lastName: 'Geheimnis' });
    const { tags, head } = await preview(`/${party.shortId}`, lang('de'));
    expect(tags['og:title']).toBe('Kaffeeklatsch bei Berta Gastgeber mit Anna Berater');
    expect(head).not.toContain('Geheimnis');
  });

  it('of a password party says only that it is one: no title, consultant, host or date in its title or tags', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const party = await createParty(anna, {
      title: 'Geheime Runde',
      host: 'Berta Gastgeber',
      password: 'sesam-1234',
      start: Date.UTC(2027, 2, 13, 18),
      expiration: Date.UTC(2027, 2, 14),
    });
    for (const language of ['de', 'en', 'nl', 'fr', 'it']) {
      const { tags, head } = await preview(`/${party.shortId}`, lang(language));
      expect(tags['og:title'], language).toBeTruthy();
      const said = [...head.matchAll(/<(?:meta|title)[^>]*>(?:[^<]*<\/title>)?/g)].map((match) => match[0]).join('\n');
      for (const secret of ['Geheime Runde', 'Anna', 'Berater', 'Berta', 'Gastgeber', '2027']) expect(said, `${language}: ${secret}`).not.toContain(secret);
    }
  });

  it('a hostile title and host stay text inside the tags and are drawn as text', async () => {
    const anna = await createConsultant();
    const party = await createParty(anna, { title: HOSTILE_TITLE, host: HOSTILE_HOST });
    const { tags, head } = await preview(`/${party.shortId}`, lang('de'));
    expect(head).not.toMatch(/<script>alert|<iframe|<b>Party/);
    expect(tags['og:title']).toContain('&lt;/title&gt;&lt;/script&gt;&lt;script&gt;alert(&quot;title&quot;)');
    const drawn = await image(tags['og:image']!);
    expect(drawn.response.headers.get('Salon-Preview')).toBe('drawn');
    expect(await decodePng(drawn.bytes)).toMatchObject({ width: 1200, height: 630 });
  });

  it('is not added to a member’s own page', async () => {
    const anna = await createConsultant();
    const party = await createParty(anna);
    const guest = await joinGuest(party.id);
    const { tags } = await preview(`/${party.shortId}`, guestCookie(guest));
    expect(tags['og:title']).toBeUndefined();
    expect(tags['twitter:card']).toBeUndefined();
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt: public pages for search engines, party links for preview fetchers, never the API or the workspace', async () => {
    const response = await page('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const groups = text.split(/\n\n/);
    const search = groups.find((group) => group.includes('User-agent: *'))!;
    for (const line of [
      'Disallow: /',
      'Allow: /$',
      'Allow: /en$',
      'Allow: /faq',
      'Allow: /impress',
      'Allow: /privacy',
      'Disallow: /api/',
      'Disallow: /parties',
      'Disallow: /templates',
      'Disallow: /media',
    ])
      expect(search.split('\n')).toContain(line);
    const previews = groups.find((group) => group.includes('User-agent: Twitterbot'))!;
    expect(previews).toContain('User-agent: facebookexternalhit');
    expect(previews.split('\n')).toContain('Allow: /');
    expect(previews.split('\n')).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml: every public page in five languages, each naming all five and a default', async () => {
    const response = await page('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    for (const language of ['de', 'en', 'nl', 'fr', 'it']) {
      expect(locs).toContain(`${ORIGIN}/${language}`);
      expect(locs).toContain(`${ORIGIN}/faq?lng=${language}`);
      expect(locs).toContain(`${ORIGIN}/faq/entry/join-a-party?lng=${language}`);
      expect(locs).toContain(`${ORIGIN}/impress?lng=${language}`);
    }
    expect(locs.some((loc) => /\/p\/|\/api\//.test(loc!))).toBe(false);
    const first = xml.slice(xml.indexOf('<url>'), xml.indexOf('</url>'));
    expect(first.match(/hreflang="/g)).toHaveLength(6);
    expect(first).toContain(`hreflang="x-default" href="${ORIGIN}/"`);
    // Every listed address answers.
    for (const loc of locs.slice(0, 12)) expect((await page(new URL(loc!).pathname + new URL(loc!).search)).status, loc).toBe(200);
  });
});

/** The centre of the picture's circle in the 1200×630 image (worker/preview/draw.ts's layout), and the initials' background (its COLORS.dark). */
const CIRCLE = { x: 222, y: 283 };
const INITIALS_BACKGROUND = [0x00, 0x6b, 0x8a];

describe('the preview image', () => {
  it('a party’s: a PNG of 1200×630 that decodes, under 300 KB, drawn once and then from the cache', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const upload = await SELFPicture(anna.headers, anna.profileIds[0]!);
    expect(upload).toBe(200);
    const party = await createParty(anna, { title: 'Herbstparty mit Überraschung', host: 'Berta', start: Date.now() + 86_400_000 });
    const url = (await preview(`/${party.shortId}`, lang('de'))).tags['og:image']!;
    const first = await image(url);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('Content-Type')).toBe('image/png');
    expect(first.response.headers.get('Salon-Preview')).toBe('drawn');
    expect(first.bytes.length).toBeLessThan(300 * 1024);
    expect(await decodePng(first.bytes)).toMatchObject({ width: 1200, height: 630 });
    const again = await image(url);
    expect(again.response.headers.get('Salon-Preview')).toBe('cached');
    expect(again.bytes).toEqual(first.bytes);
  });

  it('draws Cyrillic and Greek titles and names, and leaves out emoji rather than drawing boxes', async () => {
    const card = (headline: string, line: string) => ({ headline, lines: [line], picture: null, initials: 'AB' });
    const blank = await drawPreview(card('', ''));
    const cyrillic = await drawPreview(card('Вечеринка у Анны', ''));
    const greek = await drawPreview(card('', 'με την Ελένη'));
    expect(await decodePng(cyrillic)).toMatchObject({ width: 1200, height: 630 });
    expect(cyrillic).not.toEqual(blank);
    expect(greek).not.toEqual(blank);
    expect(await drawPreview(card('🎉🎉', '💄'))).toEqual(blank);
  });

  it('is drawn anew, under a new address, when the party changes; a password party’s shows none of it', async () => {
    const anna = await createConsultant();
    const party = await createParty(anna, { title: 'Vorher' });
    const before = (await preview(`/${party.shortId}`)).tags['og:image']!;
    const drawn = await image(before);
    expect(drawn.response.headers.get('Salon-Preview')).toBe('drawn');
    expect((await api(`/parties/${party.id}`, { method: 'PUT', headers: anna.headers, body: { title: 'Nachher' } })).status).toBe(200);
    const after = (await preview(`/${party.shortId}`)).tags['og:image']!;
    expect(after).not.toBe(before);
    const redrawn = await image(after);
    expect(redrawn.response.headers.get('Salon-Preview')).toBe('drawn');
    expect(redrawn.bytes).not.toEqual(drawn.bytes);

    const locked = await createParty(anna, { title: 'Geheim', password: 'sesam-1234' });
    const lockedImage = await image((await preview(`/${locked.shortId}`)).tags['og:image']!);
    expect(await decodePng(lockedImage.bytes)).toMatchObject({ width: 1200, height: 630 });
  });

  it('draws a WebP picture (lossy or lossless) in the circle; a broken one gives the initials', async () => {
    const anna = await createConsultant({ name: 'Anna' });
    const profileId = anna.profileIds[0]!;
    const profileImage = async () => {
      const row = await env.DB.prepare('SELECT short_id, picture_key, picture_type FROM profiles WHERE id = ?')
        .bind(profileId)
        .first<{ short_id: string; picture_key: string; picture_type: string }>();
      expect(row!.picture_type).toBe('image/webp');
      const drawn = await image(`${ORIGIN}/og/profile/${row!.short_id}/de.png`);
      expect(drawn.response.status).toBe(200);
      expect(drawn.response.headers.get('Salon-Preview')).toBe('drawn');
      expect(drawn.bytes.length).toBeLessThan(300 * 1024);
      const png = await decodePng(drawn.bytes);
      expect(png).toMatchObject({ width: 1200, height: 630 });
      return { png, key: row!.picture_key };
    };
    // Inside the 300 px circle (left of its centre, clear of the initials' letters) and outside it.
    const inside = (png: Awaited<ReturnType<typeof decodePng>>) => [
      png.pixel(CIRCLE.x - 100, CIRCLE.y),
      png.pixel(CIRCLE.x, CIRCLE.y - 100),
      png.pixel(CIRCLE.x + 100, CIRCLE.y + 60),
    ];
    const near = (pixel: number[], colour: readonly number[]) => colour.every((value, i) => Math.abs(pixel[i]! - value) <= 6);

    for (const kind of ['lossy', 'lossless'] as const) {
      expect(await SELFPicture(anna.headers, profileId, WEBP_PICTURES[kind], 'image/webp'), kind).toBe(200);
      const { png } = await profileImage();
      for (const pixel of inside(png)) expect(near(pixel, WEBP_COLOUR), `${kind}: ${pixel.join(',')}`).toBe(true);
      expect(near(png.pixel(CIRCLE.x + 200, CIRCLE.y - 200), WEBP_COLOUR)).toBe(false);
    }

    // The same header, broken picture data: still an image, with the initials' background where the picture was.
    expect(await SELFPicture(anna.headers, profileId, WEBP_PICTURES.lossy, 'image/webp')).toBe(200);
    const { key } = await profileImage();
    await env.MEDIA.put(key, BROKEN_WEBP);
    const party = await createParty(anna, { title: 'Kaputtes WebP' });
    const broken = await image((await preview(`/${party.shortId}`)).tags['og:image']!);
    expect(broken.response.headers.get('Salon-Preview')).toBe('drawn');
    const png = await decodePng(broken.bytes);
    for (const pixel of inside(png)) expect(near(pixel, INITIALS_BACKGROUND), pixel.join(',')).toBe(true);

    // One whose header says 4000×6000 (over 4 megapixels) is not decoded: the initials again.
    const huge = new Uint8Array(64);
    huge.set(new TextEncoder().encode('RIFF8\0\0\0WEBPVP8X'));
    huge.set([0x9f, 0x0f, 0x00, 0x6f, 0x17, 0x00], 24);
    await env.MEDIA.put(key, huge);
    const hugeParty = await createParty(anna, { title: 'Riesiges WebP' });
    const hugeImage = await decodePng((await image((await preview(`/${hugeParty.shortId}`)).tags['og:image']!)).bytes);
    for (const pixel of inside(hugeImage)) expect(near(pixel, INITIALS_BACKGROUND), pixel.join(',')).toBe(true);
  });

  it('a profile’s; an unknown party’s is the plain image with 404; a failed drawing the plain image with 200', async () => {
    const anna = await createConsultant();
    const profileId = anna.profileIds[0]!;
    expect(await SELFPicture(anna.headers, profileId)).toBe(200);
    const row = await env.DB.prepare('SELECT short_id, picture_key FROM profiles WHERE id = ?')
      .bind(profileId)
      .first<{ short_id: string; picture_key: string }>();
    const profileImage = await image(`${ORIGIN}/og/profile/${row!.short_id}/it.png`);
    expect(profileImage.response.status).toBe(200);
    expect(await decodePng(profileImage.bytes)).toMatchObject({ width: 1200, height: 630 });

    const unknown = await image(`${ORIGIN}/og/party/AbCdEfGhJkLm/de.png`);
    expect(unknown.response.status).toBe(404);
    expect(unknown.response.headers.get('Salon-Preview')).toBe('fallback');
    expect(await decodePng(unknown.bytes)).toMatchObject({ width: 1200, height: 630 });
    expect((await page('/og/party/AbCdEfGhJkLm/xx.png')).status).toBe(404);
    expect((await page('/og/nothing/AbCdEfGhJkLm/de.png')).status).toBe(404);

    // A stored picture the renderer cannot read: the plain image, and nothing kept.
    await env.MEDIA.put(row!.picture_key, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const party = await createParty(anna, { title: 'Kaputtes Bild' });
    const failed = await image((await preview(`/${party.shortId}`)).tags['og:image']!);
    expect(failed.response.status).toBe(200);
    expect(failed.response.headers.get('Salon-Preview')).toBe('fallback');
    expect(await decodePng(failed.bytes)).toMatchObject({ width: 1200, height: 630 });
  });
});

/** Uploads a picture (the fixtures' PNG unless told) as a profile's picture. */
async function SELFPicture(headers: Record<string, string>, profileId: string, body: Uint8Array = PICTURES['image/png'], type = 'image/png'): Promise<number> {
  const { SELF } = await import('cloudflare:test');
  const response = await SELF.fetch(`${ORIGIN}/api/profile/${profileId}/picture`, {
    method: 'PUT',
    headers: { ...headers, 'Content-Type': type },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return response.status;
}
