import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, createConsultant, createParty, guestCookie, html, joinGuest, page, sessionCookie } from './fixtures';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  desktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefox80: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:80.0) Gecko/20100101 Firefox/80.0',
  firefox81: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:81.0) Gecko/20100101 Firefox/81.0',
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

/** The operator's own SITE value, as production would set it. */
const OPERATOR = {
  legal: {
    company: 'Lumen Direkt AG',
    address: ['Hafenweg 9', '20457 Hamburg'],
    directors: ['Dora Vogt'],
    registerCourt: 'Amtsgericht Hamburg',
    registerNumber: 'HRB 424242',
    vatId: 'DE424242424',
    email: 'hallo@lumen.test',
    phone: '',
    contentProvider: { name: 'Dora Vogt', address: ['Hafenweg 9', '20457 Hamburg'] },
    disputeResolution: { de: 'Wir nehmen an Schlichtungen der Universalschlichtungsstelle teil.', fr: 'Nous participons à la médiation.' },
  },
  stores: {
    appStore: 'https://apps.apple.com/app/id42',
    googlePlay: 'https://play.google.com/store/apps/details?id=test.lumen',
    appGallery: 'https://appgallery.huawei.com/app/C42',
  },
};

/** A page from the Worker run with another SITE value (the same code, bindings and database). */
async function pageWith(site: unknown, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const { default: worker } = await import('../../worker/index');
  const request = new Request(`${ORIGIN}${path}`, { headers, redirect: 'manual' }) as Request<unknown, IncomingRequestCfProperties>;
  return worker.fetch(request, { ...env, SITE: site }, createExecutionContext());
}

const lang = (language: string) => ({ 'Accept-Language': language });

describe('/impress: the legal notice from the configuration', () => {
  it('shows the local placeholder company, marked as sample data, with the content provider in German', async () => {
    const body = await html(await page('/impress'), 200);
    for (const text of [
      'Impressum',
      'Beispiel Salon GmbH',
      'Musterstraße 1',
      'Erika Mustermann, Max Mustermann',
      'Amtsgericht Musterstadt',
      'HRB 00000',
      'DE000000000',
      'mailto:kontakt@salon.example',
      'Beispieldaten',
      'Verantwortlich für den Inhalt nach §\u00a018 Abs.\u00a02 MStV',
      'Verbraucherschlichtungsstelle',
    ]) {
      expect(body).toContain(text);
    }
    // The footer every public page has.
    for (const link of ['/faq', '/impress', '/privacy', '/delete-account']) expect(body).toContain(`href="${link}"`);
  });

  it('names the content provider in French too, but not in English, Dutch or Italian', async () => {
    const french = await html(await page('/impress', { headers: lang('fr') }), 200);
    expect(french).toContain('Directeur de la publication');
    expect(french).toContain('Nous ne sommes ni disposés');
    for (const language of ['en', 'nl', 'it']) {
      const body = await html(await page('/impress', { headers: lang(language) }), 200);
      expect(body, language).not.toContain('Responsible for the content');
      expect(body, language).not.toContain('Verantwoordelijk voor de inhoud');
      expect(body, language).not.toContain('Responsabile dei contenuti');
    }
    expect(await html(await page('/impress', { headers: lang('en') }), 200)).toContain('We are neither willing nor obliged');
  });

  it("shows an operator's own values, without the sample note, and German where a language has no dispute text", async () => {
    const body = await html(await pageWith(OPERATOR, '/impress'), 200);
    for (const text of ['Lumen Direkt AG', 'Hafenweg 9', 'Dora Vogt', 'HRB 424242', 'DE424242424', 'Universalschlichtungsstelle']) expect(body).toContain(text);
    expect(body).not.toContain('Beispiel Salon');
    expect(body).not.toContain('Beispieldaten');
    // No phone configured: no phone line.
    expect(body).not.toContain('href="tel:');
    expect(await html(await pageWith(OPERATOR, '/impress', lang('nl')), 200)).toContain('Universalschlichtungsstelle');
    expect(await html(await pageWith(OPERATOR, '/impress', lang('fr')), 200)).toContain('Nous participons à la médiation.');
  });

  it('a broken configuration is a 500 with the generic text, naming nothing of it', async () => {
    const body = await html(await pageWith({ legal: { ...OPERATOR.legal, email: 'kaputt' } }, '/impress'), 500);
    expect(body).toContain('Es tut uns leid');
    expect(body).not.toContain('SITE configuration');
    expect(body).not.toContain('kaputt');
  });
});

describe('/privacy: the German privacy notice', () => {
  it('names the configured controller and what Salon stores, in German', async () => {
    const body = await html(await pageWith(OPERATOR, '/privacy'), 200);
    expect(body).toContain('Datenschutzhinweise');
    expect(body).toContain('Lumen Direkt AG, Hafenweg 9, 20457 Hamburg');
    expect(body).toContain('hallo@lumen.test');
    for (const cookie of ['salon_at', 'salon_rt', 'salon_signin', 'salon_guest', 'lng', 'salon_cookies_noted', 'salon_in_browser', 'salon_bm'])
      expect(body).toContain(cookie);
    expect(body).toContain('Cloudflare');
    expect(body).toContain('<div lang="de"');
    expect(body).not.toContain('nur auf Deutsch');
  });

  it('says where the data lives, as the deployment keeps it (DATA_JURISDICTION, ADR 050), and what the edge keeps a while', async () => {
    const eu = await html(await page('/privacy'), 200);
    expect(eu).toContain('im Rechtsraum „EU“ von Cloudflare');
    expect(eu).toContain('Profilseiten höchstens eine Minute');
    const { default: worker } = await import('../../worker/index');
    const request = new Request(`${ORIGIN}/privacy`) as Request<unknown, IncomingRequestCfProperties>;
    const anywhere = await html(await worker.fetch(request, { ...env, DATA_JURISDICTION: '' }, createExecutionContext()), 200);
    expect(anywhere).toContain('wählt Cloudflare');
    expect(anywhere).not.toContain('Rechtsraum „EU“');
  });

  it('in another language says so in that language, that the German text is binding, and shows it', async () => {
    const english = await html(await page('/privacy', { headers: lang('en') }), 200);
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('the German text is binding');
    expect(english).toContain('Wer ist verantwortlich?');
    expect(await html(await page('/privacy', { headers: lang('it') }), 200)).toContain('fa fede il testo tedesco');
  });

  it('is linked from the sign-in page and the guest join dialog, in a new tab', async () => {
    const privacyLink = /<a href="\/privacy" target="_blank" rel="noopener"/;
    expect(await html(await page('/login'), 200)).toMatch(privacyLink);
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    expect(await html(await page(`/${party.shortId}`), 200)).toMatch(privacyLink);
  });
});

describe('the cookie notice', () => {
  const NOTICE = 'aria-label="Hinweis zu Cookies"';

  it('is on the public pages until it is dismissed, and never for crawlers', async () => {
    for (const path of ['/', '/login', '/impress', '/privacy', '/no/such/page']) {
      expect(await html(await page(path), path === '/no/such/page' ? 404 : 200), path).toContain(NOTICE);
      const dismissed = await page(path, { headers: { Cookie: 'salon_cookies_noted=1' } });
      expect(await dismissed.text(), path).not.toContain(NOTICE);
    }
    expect(await html(await page('/', { headers: { 'User-Agent': UA.bot } }), 200)).not.toContain(NOTICE);
  });

  it('is not on the party page, where the join dialog links the privacy notice instead', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    expect(await html(await page(`/${party.shortId}`), 200)).not.toContain(NOTICE);
  });

  it('dismissing sets a cookie for a year: in the background (204), or as a plain form back to the page', async () => {
    const form = (fields: Record<string, string>) =>
      page('/visitor', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const quiet = await form({ choice: 'cookies' });
    expect(quiet.status).toBe(204);
    expect(quiet.headers.get('Set-Cookie')).toMatch(/^salon_cookies_noted=1; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    const back = await form({ choice: 'cookies', returnTo: '/impress' });
    expect(back.status).toBe(302);
    expect(back.headers.get('Location')).toBe('/impress');
    // Never away from the site.
    expect((await form({ choice: 'browser', returnTo: '//evil.example/' })).headers.get('Location')).not.toContain('evil');
  });

  it('notes several choices at once (the app-switch screen carrying the notice), a cookie each', async () => {
    const body = new URLSearchParams([
      ['choice', 'browser'],
      ['choice', 'cookies'],
      ['returnTo', '/login'],
    ]).toString();
    const response = await page('/visitor', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login');
    expect(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .sort(),
    ).toEqual(['salon_cookies_noted=1', 'salon_in_browser=1']);
  });

  it('refuses an unknown choice or a body that is no form, setting nothing', async () => {
    const mixed = new URLSearchParams([
      ['choice', 'cookies'],
      ['choice', 'everything'],
    ]).toString();
    for (const body of [new URLSearchParams({ choice: 'everything' }).toString(), new URLSearchParams({}).toString(), mixed]) {
      const response = await page('/visitor', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      expect(response.status).toBe(400);
      expect(response.headers.get('Set-Cookie')).toBeNull();
    }
    const json = await page('/visitor', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"choice":"cookies"' });
    expect(json.status).toBe(400);
    expect(json.headers.get('Set-Cookie')).toBeNull();
  });
});

describe('the app-switch screen', () => {
  const SCREEN = 'Salon als App';
  const STAY = 'Im Browser weiter';

  it('meets an iPhone without a session on the landing and sign-in pages; without stores it explains installing from the browser', async () => {
    for (const path of ['/', '/login']) {
      const body = await html(await page(path, { headers: { 'User-Agent': UA.iPhone } }), 200);
      expect(body, path).toContain(SCREEN);
      expect(body, path).toContain(STAY);
      expect(body, path).toContain('Zum Home-Bildschirm');
      expect(body, path).not.toContain('apps.apple.com');
    }
    expect(await html(await page('/', { headers: { 'User-Agent': UA.android } }), 200)).toContain('App installieren');
  });

  it('carries the cookie notice while it is due, so a first visit has one thing to answer: its one button notes both', async () => {
    const NOTICE = 'aria-label="Hinweis zu Cookies"';
    const first = await html(await page('/', { headers: { 'User-Agent': UA.iPhone } }), 200);
    expect(first.split(NOTICE)).toHaveLength(2);
    expect(first).not.toContain('>Verstanden<');
    const form = /<form method="post" action="\/visitor">(.*?)<\/form>/s.exec(first)![1]!;
    expect(form).toContain('name="choice" value="browser"');
    expect(form).toContain('name="choice" value="cookies"');
    expect(form).toContain(STAY);
    // Noted before (on a page without the screen): the screen alone, choosing only the browser.
    const noted = await html(await page('/', { headers: { 'User-Agent': UA.iPhone, Cookie: 'salon_cookies_noted=1' } }), 200);
    expect(noted).toContain(SCREEN);
    expect(noted).not.toContain(NOTICE);
    expect(noted).not.toContain('value="cookies"');
    // The browser chosen before, the notice not yet noted: the page, with the notice above it.
    const chosen = await html(await page('/', { headers: { 'User-Agent': UA.iPhone, Cookie: 'salon_in_browser=1' } }), 200);
    expect(chosen).not.toContain(SCREEN);
    expect(chosen).toContain(NOTICE);
  });

  it('links the stores configured for the phone: the App Store on iOS, Google Play and AppGallery on Android', async () => {
    const ios = await html(await pageWith(OPERATOR, '/', { 'User-Agent': UA.iPhone }), 200);
    expect(ios).toContain('href="https://apps.apple.com/app/id42"');
    expect(ios).not.toContain('href="https://play.google.com');
    const android = await html(await pageWith(OPERATOR, '/', { 'User-Agent': UA.android }), 200);
    expect(android).toContain('href="https://play.google.com/store/apps/details?id=test.lumen"');
    expect(android).toContain('href="https://appgallery.huawei.com/app/C42"');
    expect(android).not.toContain('href="https://apps.apple.com');
    expect(android).toContain(STAY);
  });

  it('is left out once the browser was chosen, with a session, on a desktop, for crawlers, and on the pages people are sent to read', async () => {
    const landing = (headers: Record<string, string>) => page('/', { headers: { 'User-Agent': UA.iPhone, ...headers } });
    expect(await html(await landing({ Cookie: 'salon_in_browser=1' }), 200)).not.toContain(SCREEN);
    expect(await html(await page('/', { headers: { 'User-Agent': UA.desktop } }), 200)).not.toContain(SCREEN);
    expect(await html(await page('/', { headers: { 'User-Agent': UA.bot } }), 200)).not.toContain(SCREEN);
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id, { firstName: 'Ida', lastName: 'Sommer' });
    expect(await html(await landing(guestCookie(guest)), 200)).not.toContain(SCREEN);
    expect((await landing(sessionCookie(consultant))).status).toBe(302);
    for (const path of ['/impress', '/privacy', `/${party.shortId}`, '/no/such/page']) {
      expect(await (await page(path, { headers: { 'User-Agent': UA.iPhone } })).text(), path).not.toContain(SCREEN);
    }
  });
});

describe('the old-Firefox warning', () => {
  const WARNING = 'Dein Firefox ist zu alt für Salon';

  it('is on every page for Firefox below 81, the party page included, and not from 81 on', async () => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    for (const path of ['/', '/impress', `/${party.shortId}`, '/no/such/page']) {
      expect(await (await page(path, { headers: { 'User-Agent': UA.firefox80 } })).text(), path).toContain(WARNING);
      expect(await (await page(path, { headers: { 'User-Agent': UA.firefox81 } })).text(), path).not.toContain(WARNING);
    }
  });
});

describe("'Page not found'", () => {
  it("a signed-out visitor gets a 404 public page with the landing's ways in and the footer", async () => {
    const body = await html(await page('/no/such/page'), 404);
    expect(body).toContain('Seite nicht gefunden');
    for (const link of ['href="/"', 'href="/login"', 'href="/faq"', 'href="/impress"', 'href="/privacy"']) expect(body).toContain(link);
    expect(body).toContain('name="robots" content="noindex"');
    expect(await html(await page('/no/such/page', { headers: lang('nl') }), 404)).toContain('Dit adres bestaat niet bij Salon');
  });

  it('a signed-in consultant gets the fallback screen, also 404', async () => {
    const consultant = await createConsultant();
    const body = await html(await page('/no/such/page', { headers: sessionCookie(consultant) }), 404);
    expect(body).toContain('Seite nicht gefunden');
    expect(body).not.toContain('href="/login"');
  });
});

describe("the landing page's store badges", () => {
  it('show the stores the app is listed in, in the badge languages (Italian gets the English ones, marked English)', async () => {
    const german = await html(await pageWith(OPERATOR, '/de'), 200);
    expect(german).toContain('href="https://apps.apple.com/app/id42"');
    expect(german).toContain('href="https://play.google.com/store/apps/details?id=test.lumen"');
    expect(german).toContain('href="https://appgallery.huawei.com/app/C42"');
    expect(german).toContain('aria-label="Laden im App Store"');
    const italian = await html(await pageWith(OPERATOR, '/it'), 200);
    expect(italian).toMatch(/lang="en" aria-label="Download on the App Store"/);
  });

  it('are left out where no store lists the app (the local configuration)', async () => {
    const body = await html(await page('/de'), 200);
    expect(body).not.toContain('aria-labelledby="apps"');
    expect(body).not.toContain('apps.apple.com');
  });
});
