import type { APIRequestContext, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import ogs from 'open-graph-scraper';
import { WEBP_COLOUR, WEBP_PICTURES } from '../fixtures/images';
import { decodePng } from '../support/png';
import { expect, test } from './diagnostics';
import { signIn } from './helpers';

/**
 * Link previews (ADR 058) as a messenger reads them: the pages served by wrangler, fetched without
 * cookies, parsed by an independent Open Graph parser (open-graph-scraper), in German and English;
 * the image they name fetched and decoded.
 */
type Tags = Awaited<ReturnType<typeof ogs>>['result'];

async function tagsOf(request: APIRequestContext, path: string, language: string): Promise<Tags> {
  const response = await request.get(path, { headers: { 'Accept-Language': language, 'User-Agent': 'WhatsApp/2.24.6.77 A' } });
  expect(response.status(), path).toBe(200);
  // The parser keeps one og:locale:alternate unless told that the tag repeats.
  const customMetaTags = [{ multiple: true, property: 'og:locale:alternate', fieldName: 'localeAlternates' }];
  const { result, error } = await ogs({ html: await response.text(), customMetaTags });
  expect(error, path).toBe(false);
  return result;
}

function expectComplete(tags: Tags, baseURL: string, url: string, locale: string): void {
  expect(tags.ogTitle).toBeTruthy();
  expect(tags.ogDescription).toBeTruthy();
  expect(tags.ogUrl).toBe(`${baseURL}${url}`);
  expect(tags.ogLocale).toBe(locale);
  const alternates = (tags.customMetaTags?.localeAlternates ?? []) as string[];
  expect(alternates.sort()).toEqual(['de_DE', 'en_GB', 'fr_FR', 'it_IT', 'nl_NL'].filter((entry) => entry !== locale));
  expect(tags.ogImage).toHaveLength(1);
  const [image] = tags.ogImage!;
  expect(image!.url.startsWith(`${baseURL}/og/`)).toBe(true);
  expect(image!.width).toBe('1200');
  expect(image!.height).toBe('630');
  expect(image!.type).toBe('image/png');
  expect(image!.alt).toBeTruthy();
  expect(tags.twitterCard).toBe('summary_large_image');
  expect(tags.twitterTitle).toBe(tags.ogTitle);
  expect(tags.twitterDescription).toBe(tags.ogDescription);
  expect(tags.twitterImage?.[0]?.url).toBe(image!.url);
}

async function apiCall<T>(page: Page, path: string, method: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, method, body },
  ) as Promise<T>;
}

test('a party link, a password party, a profile, the landing and the FAQ: every field, in de and en', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, 'anna@salon.test');
  const start = Date.UTC(2027, 2, 13, 18, 30);
  const party = await apiCall<{ shortId: string }>(page, '/api/parties', 'POST', {
    title: 'Frühlings-Wellness',
    host: 'Berta Gastgeber',
    start,
    expiration: start + 86_400_000,
  });
  const locked = await apiCall<{ shortId: string }>(page, '/api/parties', 'POST', { title: 'Geheime Runde', password: 'sesam-1234' });
  const [profile] = await apiCall<{ id: string; shortId: string; firstName: string; lastName: string }[]>(page, '/api/profile', 'GET', undefined).catch(
    () => [],
  );

  const de = await tagsOf(request, `/${party.shortId}`, 'de-DE,de;q=0.9');
  expectComplete(de, baseURL!, `/${party.shortId}`, 'de_DE');
  expect(de.ogTitle).toBe('Frühlings-Wellness bei Berta Gastgeber mit Anna Becker');
  expect(de.ogDescription).toBe(
    'Anna Becker lädt dich zu einer Online-Party auf Salon ein. Öffne den Link und mach mit deinem Namen mit – ohne App. Beginn: Samstag, 13. März 2027 um 19:30.',
  );
  const en = await tagsOf(request, `/${party.shortId}`, 'en-GB,en;q=0.9');
  expectComplete(en, baseURL!, `/${party.shortId}`, 'en_GB');
  expect(en.ogTitle).toBe("Frühlings-Wellness at Berta Gastgeber's with Anna Becker");
  expect(en.ogDescription).toContain('Starts Saturday, 13 March 2027 at 19:30.');

  for (const [language, locale] of [
    ['de', 'de_DE'],
    ['en', 'en_GB'],
  ] as const) {
    const tags = await tagsOf(request, `/${locked.shortId}`, language);
    expectComplete(tags, baseURL!, `/${locked.shortId}`, locale);
    expect(tags.ogTitle).toBe(language === 'de' ? 'Eine passwortgeschützte Party auf Salon' : 'A password-protected party on Salon');
    // Nothing beyond the allowed fields: the parser's whole result names neither the party nor its consultant.
    const said = JSON.stringify(tags);
    for (const secret of ['Geheime Runde', 'Anna', 'Becker']) expect(said, secret).not.toContain(secret);
  }

  if (profile) {
    const tags = await tagsOf(request, `/p/${profile.shortId}`, 'de');
    expectComplete(tags, baseURL!, `/p/${profile.shortId}`, 'de_DE');
    expect(tags.ogTitle).toBe(`${profile.firstName} ${profile.lastName} auf Salon`);

    // A WebP picture (which resvg cannot read) is decoded in the Worker and drawn in the circle.
    const status = await page.evaluate(
      async ({ id, bytes }) =>
        (await fetch(`/api/profile/${id}/picture`, { method: 'PUT', headers: { 'Content-Type': 'image/webp' }, body: new Uint8Array(bytes) })).status,
      { id: profile.id, bytes: [...WEBP_PICTURES.lossy] },
    );
    expect(status).toBe(200);
    const url = (await tagsOf(request, `/p/${profile.shortId}`, 'de')).ogImage![0]!.url;
    const response = await request.get(url);
    expect(response.headers()['salon-preview']).toBe('drawn');
    const png = await decodePng(new Uint8Array(await response.body()));
    const [red, green, blue] = png.pixel(122, 283);
    expect(Math.abs(red - WEBP_COLOUR[0]) + Math.abs(green - WEBP_COLOUR[1]) + Math.abs(blue - WEBP_COLOUR[2])).toBeLessThan(18);
    writeFileSync(test.info().outputPath('profile-webp.png'), await response.body());
  }
  expectComplete(await tagsOf(request, '/en', 'de'), baseURL!, '/en', 'en_GB');
  expectComplete(await tagsOf(request, '/de', 'en'), baseURL!, '/de', 'de_DE');
  expectComplete(await tagsOf(request, '/faq', 'en'), baseURL!, '/faq', 'en_GB');
  expectComplete(await tagsOf(request, '/faq?lng=de', 'en'), baseURL!, '/faq?lng=de', 'de_DE');

  // The images they name: PNG, 1200×630, decodes, under 300 KB.
  for (const tags of [de, en, await tagsOf(request, `/${locked.shortId}`, 'de')]) {
    const url = tags.ogImage![0]!.url;
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const bytes = await response.body();
    expect(bytes.length).toBeLessThan(300 * 1024);
    expect(await decodePng(new Uint8Array(bytes))).toMatchObject({ width: 1200, height: 630 });
    writeFileSync(test.info().outputPath(`${new URL(url).pathname.split('/').slice(2).join('-')}`), bytes);
  }
});
