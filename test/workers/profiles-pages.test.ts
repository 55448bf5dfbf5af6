import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import { PICTURES } from '../fixtures/images';
import { ORIGIN, api, createConsultant, html, json, page, sessionCookie } from './fixtures';

const cookie = sessionCookie;
/** A form of our own page, as the browser posts it: the session cookie, our Origin and Host. */
const ownForm = (consultant: Parameters<typeof sessionCookie>[0]) => ({ ...sessionCookie(consultant), Origin: ORIGIN, Host: 'salon.test' });

function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const NAMES = { firstName: 'Clara', lastName: 'Hoffmann' };
const BLANK = { birthdayDay: '', birthdayMonth: '', birthdayYear: '', phoneNo: '', email: '', website: '', shopLink: '', biography: '' };

async function profileRow(id: string): Promise<Record<string, unknown> | null> {
  return env.DB.prepare('SELECT * FROM profiles WHERE id = ?').bind(id).first();
}

const CHOOSE = 'Als welches Profil möchtest du arbeiten?';

describe('/profiles', () => {
  it('without a session: 302 to the landing page, which remembers the way back', async () => {
    const response = await page('/profiles');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/?returnTo=%2Fprofiles');
  });

  it("one profile and company mode off: 302 to that profile's editor", async () => {
    const consultant = await createConsultant();
    const response = await page('/profiles', { headers: cookie(consultant) });
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/profiles/${consultant.profileIds[0]}`);
  });

  it('one profile and company mode on: the list, with the switch on and no question', async () => {
    const consultant = await createConsultant({ name: 'Solveig' });
    await api('/profile/companyMode', { method: 'PUT', headers: consultant.headers, body: { companyMode: true } });
    const body = await html(await page('/profiles', { headers: cookie(consultant) }), 200);
    expect(body).toContain('Solveig Berater');
    expect(body).toMatch(/role="switch" aria-checked="true"/);
    expect(body).not.toContain(CHOOSE);
  });

  it("several profiles: the list of the consultant's own, and the question which one to work as until one is chosen", async () => {
    const consultant = await createConsultant({ profiles: 3, name: 'Ilse' });
    await createConsultant({ name: 'Fremdling' });
    const body = await html(await page('/profiles', { headers: cookie(consultant) }), 200);
    for (const name of ['Ilse Berater', 'Ilse1 Berater', 'Ilse2 Berater']) expect(body).toContain(name);
    expect(body).not.toContain('Fremdling');
    expect(body).toContain(CHOOSE);

    // The question belongs to the workspace: it shows on other pages too, until a choice is stored.
    expect(await html(await page('/parties', { headers: cookie(consultant) }), 200)).toContain(CHOOSE);
    const chosen = await page('/profiles?index', {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({ intent: 'select', profileId: consultant.profileIds[1]! }),
    });
    expect(chosen.status).toBe(200);
    expect(await json(await api('/profile/user', { headers: consultant.headers }))).toMatchObject({
      profile: { id: consultant.profileIds[1] },
      needsChoice: false,
    });
    expect(await html(await page('/profiles', { headers: cookie(consultant) }), 200)).not.toContain(CHOOSE);
  });

  it('the list actions: delete refuses the selected profile and deletes another (then the list is the editor); company mode switches', async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const [first, second] = consultant.profileIds as [string, string];
    const refused = await page('/profiles?index', { method: 'POST', headers: ownForm(consultant), body: form({ intent: 'delete', profileId: first }) });
    expect(refused.status).toBe(409);
    expect(await profileRow(first)).not.toBeNull();
    const deleted = await page('/profiles?index', { method: 'POST', headers: ownForm(consultant), body: form({ intent: 'delete', profileId: second }) });
    // One profile is left and company mode is off: the list now is that profile's editor.
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get('Location')).toBe(`/profiles/${first}`);
    expect(await profileRow(second)).toBeNull();
    await page('/profiles?index', { method: 'POST', headers: ownForm(consultant), body: form({ intent: 'companyMode', companyMode: 'on' }) });
    expect(await json(await api('/profile/user', { headers: consultant.headers }))).toMatchObject({ companyMode: true });
  });

  it("another consultant's profile cannot be selected or deleted from the list", async () => {
    const owner = await createConsultant({ profiles: 2 });
    const other = await createConsultant({ profiles: 2 });
    for (const intent of ['select', 'delete']) {
      const response = await page('/profiles?index', { method: 'POST', headers: ownForm(other), body: form({ intent, profileId: owner.profileIds[1]! }) });
      expect(response.status, intent).toBe(404);
    }
    expect(await profileRow(owner.profileIds[1]!)).not.toBeNull();
  });
});

describe('/profiles/{id}', () => {
  it('shows the own profile in a form with the right field types', async () => {
    const consultant = await createConsultant({ name: 'Henrike' });
    const body = await html(await page(`/profiles/${consultant.profileIds[0]}`, { headers: cookie(consultant) }), 200);
    expect(body).toContain('value="Henrike"');
    for (const [name, type] of [
      ['phoneNo', 'tel'],
      ['email', 'email'],
      ['website', 'url'],
      ['shopLink', 'url'],
      ['picture', 'file'],
    ]) {
      expect(body, name).toMatch(new RegExp(`<input[^>]*type="${type}"[^>]*name="${name}"|<input[^>]*name="${name}"[^>]*type="${type}"`));
    }
    // The birthday in fields of our own (the browser's date input speaks the browser's language):
    // day, month, year in the page's order with its separator, number pads on phones.
    expect(body).not.toMatch(/type="date"/);
    const birthday = /<fieldset[^>]*>.*?<\/fieldset>/s.exec(body)![0];
    expect(birthday).toContain('<legend class="font-medium">Geburtstag</legend>');
    expect([...birthday.matchAll(/name="(birthday\w+)"[^>]*inputMode="numeric"[^>]*autoComplete="(bday-\w+)"/g)].map((match) => [match[1], match[2]])).toEqual([
      ['birthdayDay', 'bday-day'],
      ['birthdayMonth', 'bday-month'],
      ['birthdayYear', 'bday-year'],
    ]);
    expect(birthday.replace(/<[^>]+>/g, '')).toBe('GeburtstagTag.Monat.Jahr');
    expect(body).toMatch(/<textarea[^>]*maxLength="300"/i);
    expect(body).toContain('accept="image/*"');
    expect(body).toContain('0 von 300 Zeichen');
    expect(body).toMatch(/<button type="submit" disabled=""/);
  });

  it("another consultant's profile and an unknown one: 404 inside the workspace", async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    for (const id of [owner.profileIds[0], crypto.randomUUID()]) {
      const body = await html(await page(`/profiles/${id}`, { headers: cookie(other) }), 404);
      expect(body).toContain('Profil nicht gefunden');
      expect(body).not.toContain(`value="Anna"`);
    }
  });

  it('saving: the fields and a picture in one multipart form', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const response = await page(`/profiles/${id}`, {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({
        ...NAMES,
        ...BLANK,
        biography: 'Hallo!\r\nIch bin Clara.',
        website: 'https://clara.example',
        picture: new File([PICTURES['image/png']], 'clara.png', { type: 'image/png' }),
      }),
    });
    expect(response.status).toBe(200);
    expect(await profileRow(id)).toMatchObject({
      first_name: 'Clara',
      last_name: 'Hoffmann',
      biography: 'Hallo!\nIch bin Clara.',
      website: 'https://clara.example',
      picture_type: 'image/png',
    });
  });

  it('saving with "remove picture" deletes the picture and its object', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const picture = new File([PICTURES['image/webp']], 'p.webp', { type: 'image/webp' });
    await page(`/profiles/${id}`, { method: 'POST', headers: ownForm(consultant), body: form({ ...NAMES, ...BLANK, picture }) });
    expect((await env.MEDIA.list({ prefix: `profiles/${id}/` })).objects).toHaveLength(1);
    const response = await page(`/profiles/${id}`, {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({ ...NAMES, ...BLANK, deleteProfilePic: 'on' }),
    });
    expect(response.status).toBe(200);
    expect(await profileRow(id)).toMatchObject({ picture_key: null, picture_type: null });
    expect((await env.MEDIA.list({ prefix: `profiles/${id}/` })).objects).toEqual([]);
  });

  it('the birthday as typed into day, month and year: saved as the date; one not in the calendar or incomplete refused', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const save = (day: string, month: string, year: string) =>
      page(`/profiles/${id}`, {
        method: 'POST',
        headers: ownForm(consultant),
        body: form({ ...NAMES, ...BLANK, birthdayDay: day, birthdayMonth: month, birthdayYear: year }),
      });
    expect((await save('5', '3', '1990')).status).toBe(200);
    expect(await profileRow(id)).toMatchObject({ birthday: '1990-03-05' });
    const shown = await html(await page(`/profiles/${id}`, { headers: cookie(consultant) }), 200);
    for (const [name, value] of [
      ['birthdayDay', '05'],
      ['birthdayMonth', '03'],
      ['birthdayYear', '1990'],
    ])
      expect(shown).toMatch(new RegExp(`name="${name}"[^>]*value="${value}"`));
    for (const [day, month, year] of [
      ['30', '2', '1990'],
      ['5', '', '1990'],
      ['5', '3', '90'],
      ['x', '3', '1990'],
    ]) {
      expect(await html(await save(day!, month!, year!), 400), `${day}.${month}.${year}`).toContain('Bitte gib ein gültiges Geburtsdatum an');
    }
    expect(await profileRow(id)).toMatchObject({ birthday: '1990-03-05' });
    expect((await save('', '', '')).status).toBe(200);
    expect(await profileRow(id)).toMatchObject({ birthday: null });
  });

  it('a save error keeps the page and the profile as it was', async () => {
    const consultant = await createConsultant({ name: 'Anna' });
    const id = consultant.profileIds[0]!;
    const response = await page(`/profiles/${id}`, {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({ ...NAMES, ...BLANK, shopLink: 'javascript:alert(1)' }),
    });
    const body = await html(response, 400);
    expect(body).toContain('Bitte gib eine vollständige Webadresse an');
    expect(await profileRow(id)).toMatchObject({ first_name: 'Anna', shop_link: null });
  });

  it('a new profile with a picture that is not one: 415, no profile created', async () => {
    const consultant = await createConsultant();
    const response = await page('/profiles/new', {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({ ...NAMES, ...BLANK, picture: new File(['<svg onload="alert(1)"/>'], 'x.png', { type: 'image/png' }) }),
    });
    expect(await html(response, 415)).toContain('Diese Datei ist kein Bild');
    expect(await json<any[]>(await api('/profile', { headers: consultant.headers }))).toHaveLength(1);
  });

  it('a picture over the cap: 413 before the form is read, nothing stored', async () => {
    const consultant = await createConsultant({ name: 'Anna' });
    const id = consultant.profileIds[0]!;
    const big = new Uint8Array(LIMITS.pictureBytesMax + 128 * 1024);
    big.set(PICTURES['image/png']);
    const response = await page(`/profiles/${id}`, {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({ ...NAMES, ...BLANK, picture: new File([big], 'big.png', { type: 'image/png' }) }),
    });
    expect(await html(response, 413)).toContain('Das Bild ist zu groß');
    expect(await profileRow(id)).toMatchObject({ first_name: 'Anna', picture_key: null });
    expect((await env.MEDIA.list({ prefix: `profiles/${id}/` })).objects).toEqual([]);
  });

  it('a new profile: created with its picture, then its editor says so', async () => {
    const consultant = await createConsultant();
    const response = await page('/profiles/new', {
      method: 'POST',
      headers: ownForm(consultant),
      body: form({ ...NAMES, ...BLANK, picture: new File([PICTURES['image/gif']], 'c.gif', { type: 'image/gif' }) }),
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('Location')!;
    const [, id] = /^\/profiles\/([0-9a-f-]{36})\?created$/.exec(location) ?? [];
    expect(await profileRow(id!)).toMatchObject({ user_id: consultant.userId, first_name: 'Clara', picture_type: 'image/gif' });
    expect(await html(await page(location, { headers: cookie(consultant) }), 200)).toContain('Profil angelegt.');
  });
});

describe('the public profile page /p/{shortId}', () => {
  async function publicClara(): Promise<{ shortId: string }> {
    const consultant = await createConsultant();
    const response = await api('/profile', {
      method: 'POST',
      headers: consultant.headers,
      body: {
        firstName: 'Clara-Jördis',
        lastName: 'Weiß',
        birthday: '1988-04-12',
        phoneNo: '+49 171 2223334',
        email: 'clara@lumen.test',
        website: 'https://lumen.example/clara',
        shopLink: 'https://shop.lumen.example/geheim',
        biography: 'Teamleitung Süd.',
      },
    });
    return json(response);
  }

  it('shows avatar, the names upper-cased, phone, e-mail, website and biography; nothing private', async () => {
    const clara = await publicClara();
    const response = await page(`/p/${clara.shortId}`);
    const body = await html(response, 200);
    expect(body).toContain('CLARA-JÖRDIS');
    expect(body).toContain('WEISS');
    expect(body).toContain('href="tel:+491712223334"');
    expect(body).toContain('href="mailto:clara@lumen.test"');
    expect(body).toMatch(/<a href="https:\/\/lumen.example\/clara"[^>]*target="_blank"[^>]*rel="noopener noreferrer nofollow ugc"/);
    expect(body).toContain('Teamleitung Süd.');
    expect(body).toContain('name="robots" content="noindex"');
    expect(body).toContain('action="/language"');
    expect(body).not.toContain('1988');
    expect(body).not.toContain('geheim');
  });

  it('links the app in the stores the configuration names, and in none while none is configured', async () => {
    const clara = await publicClara();
    // Locally (wrangler.toml) the app is in no store yet.
    expect(await html(await page(`/p/${clara.shortId}`), 200)).not.toContain('Im App Store laden');
    const { default: worker } = await import('../../worker/index');
    const SITE = {
      ...(env.SITE as object),
      stores: { appStore: 'https://apps.apple.com/app/id42', googlePlay: '', appGallery: 'https://appgallery.huawei.com/app/C42' },
    };
    const request = new Request(`${ORIGIN}/p/${clara.shortId}`) as Request<unknown, IncomingRequestCfProperties>;
    const body = await html(await worker.fetch(request, { ...env, SITE }, createExecutionContext()), 200);
    expect(body).toContain('href="https://apps.apple.com/app/id42"');
    expect(body).toContain('In der AppGallery entdecken');
    expect(body).not.toContain('Bei Google Play laden');
  });

  it('an unknown or malformed short id: 404 in the reader’s language', async () => {
    expect(await html(await page('/p/Unbekannt1234'), 404)).toContain('Profil nicht gefunden');
    expect(await html(await page('/p/x'), 404)).toContain('Profil nicht gefunden');
    expect(await html(await page('/p/Unbekannt1234', { headers: { 'Accept-Language': 'en' } }), 404)).toContain('Profile not found');
  });
});
