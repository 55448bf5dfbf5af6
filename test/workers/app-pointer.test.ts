import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ORIGIN, api, createConsultant, createParty, expectError, html, json, page, sessionCookie } from './fixtures';

/** ADR 040: the application selector, /addVIP and the pointers to the app, the app banner. */

async function shortIdOf(profileId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT short_id FROM profiles WHERE id = ?').bind(profileId).first<{ short_id: string }>();
  return row!.short_id;
}

async function bannerDismissed(userId: string): Promise<number | null> {
  const row = await env.DB.prepare('SELECT banner_dismissed FROM user_settings WHERE user_id = ?').bind(userId).first<{ banner_dismissed: number }>();
  return row?.banner_dismissed ?? null;
}

describe('/addVIP/{id}: direct messages to a consultant are in the app', () => {
  it("names her, says where to write, and leads to her profile page; the stores' links only where configured", async () => {
    const consultant = await createConsultant({ name: 'Clara' });
    const shortId = await shortIdOf(consultant.profileIds[0]!);
    const body = await html(await page(`/addVIP/${shortId}`), 200);
    expect(body).toContain('Clara Berater direkt schreiben');
    expect(body).toContain('VIP-Kontakt');
    expect(body).toContain(`href="/p/${shortId}"`);
    expect(body).toContain('Die App ist noch nicht in den Stores');
    expect(body).toContain('name="robots" content="noindex"');

    const { default: worker } = await import('../../worker/index');
    const SITE = { ...(env.SITE as object), stores: { appStore: 'https://apps.apple.com/app/id42', googlePlay: '', appGallery: '' } };
    const request = new Request(`${ORIGIN}/addVIP/${shortId}`, { headers: { 'Accept-Language': 'en' } }) as Request<unknown, IncomingRequestCfProperties>;
    const english = await html(await worker.fetch(request, { ...env, SITE }, createExecutionContext()), 200);
    expect(english).toContain('Write to Clara Berater directly');
    expect(english).toContain('href="https://apps.apple.com/app/id42"');
    expect(english).not.toContain('not in the stores yet');
  });

  it('an unknown, malformed or hostile id: 404 "profile not found", and nothing of the id is echoed', async () => {
    for (const id of ['Unbekannt1234', 'x', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', "'%20OR%201%3D1--", 'A'.repeat(500)]) {
      const body = await html(await page(`/addVIP/${id}`), 404);
      expect(body).toContain('Profil nicht gefunden');
      expect(body).not.toContain('<script>alert(1)');
      expect(body).not.toContain('OR 1=1');
    }
  });

  it('the public profile page points there', async () => {
    const consultant = await createConsultant();
    const shortId = await shortIdOf(consultant.profileIds[0]!);
    expect(await html(await page(`/p/${shortId}`), 200)).toContain(`href="/addVIP/${shortId}"`);
  });

  it("party info names the managing profile's public page (the member menu's pointer), and the party's own profile when it has one", async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const second = consultant.profileIds[1]!;
    const party = await createParty(consultant, { manager: second });
    const info = await json(await api(`/parties/${party.shortId}`));
    expect(info.manager).toEqual({ firstName: 'Anna1', lastName: 'Berater', profileShortId: await shortIdOf(second) });
  });
});

describe('the application selector in the top bar', () => {
  it('lists the profiles as applications, the selected one chosen, only with more than one', async () => {
    const company = await createConsultant({ profiles: 3, name: 'Lumen' });
    await api('/profile/select', { method: 'PUT', headers: company.headers, body: { profileId: company.profileIds[1] } });
    const body = await html(await page('/parties', { headers: sessionCookie(company) }), 200);
    const select = /<select[^>]*data-testid="application-selector"[^>]*>([\s\S]*?)<\/select>/.exec(body);
    expect(select).not.toBeNull();
    expect(select![1]).toContain(`<option value="${company.profileIds[0]}">Lumen Berater</option>`);
    expect(select![1]).toContain(`<option value="${company.profileIds[2]}">Lumen2 Berater</option>`);
    expect(select![1]).toContain(`<option value="${company.profileIds[1]}" selected="">Lumen1 Berater</option>`);
    expect(body).toContain('Arbeiten als');

    const single = await createConsultant();
    expect(await html(await page('/parties', { headers: sessionCookie(single) }), 200)).not.toContain('application-selector');
  });
});

describe('the app banner and its "banner dismissed" setting', () => {
  it('shows in the workspace until dismissed; dismissing is stored per user and can be undone', async () => {
    const consultant = await createConsultant();
    const banner = 'Deine Gäste können dir in der Salon-App auch direkt schreiben';
    expect(await html(await page('/parties', { headers: sessionCookie(consultant) }), 200)).toContain(banner);

    const dismissed = await api('/profile/banner', { method: 'PUT', headers: consultant.headers, body: { bannerDismissed: true } });
    expect(await json(dismissed)).toEqual({ bannerDismissed: true });
    expect(await bannerDismissed(consultant.userId)).toBe(1);
    expect(await html(await page('/parties', { headers: sessionCookie(consultant) }), 200)).not.toContain(banner);
    expect(await html(await page('/templates', { headers: sessionCookie(consultant) }), 200)).not.toContain(banner);

    // Another consultant still has hers.
    const other = await createConsultant();
    expect(await html(await page('/parties', { headers: sessionCookie(other) }), 200)).toContain(banner);

    await api('/profile/banner', { method: 'PUT', headers: consultant.headers, body: { bannerDismissed: false } });
    expect(await html(await page('/parties', { headers: sessionCookie(consultant) }), 200)).toContain(banner);
  });

  it('bad input is refused and stores nothing', async () => {
    const consultant = await createConsultant();
    for (const body of [{}, { bannerDismissed: 'true' }, { bannerDismissed: 1 }, { bannerDismissed: null }]) {
      await expectError(await api('/profile/banner', { method: 'PUT', headers: consultant.headers, body }), 400, 'invalidInput');
    }
    expect(await bannerDismissed(consultant.userId)).toBeNull();
  });
});
