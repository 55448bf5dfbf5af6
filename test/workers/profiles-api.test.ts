import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../app/core/limits';
import { upsertUser } from '../../worker/auth/oidc';
import { database } from '../../worker/db/client';
import { profiles } from '../../worker/db/schema';
import { listProfileDetails } from '../../worker/services/profiles';
import { getSettings, updateSettings } from '../../worker/services/settings';
import { IMPOSTORS, NOT_PICTURES, PICTURES } from '../fixtures/images';
import { ORIGIN, api, createConsultant, createParty, expectError, joinGuest, json } from './fixtures';
import type { Consultant } from './fixtures';

async function list(consultant: Consultant): Promise<any[]> {
  const response = await api('/profile', { headers: consultant.headers });
  expect(response.status).toBe(200);
  return json<any[]>(response);
}

async function profileRow(id: string): Promise<Record<string, unknown> | null> {
  return env.DB.prepare('SELECT * FROM profiles WHERE id = ?').bind(id).first();
}

async function storedKeys(profileId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: `profiles/${profileId}/` })).objects.map((object) => object.key);
}

function upload(
  consultant: Consultant,
  profileId: string,
  bytes: Uint8Array<ArrayBuffer>,
  type: string | null = 'image/png',
  headers: Record<string, string> = {},
): Promise<Response> {
  return SELF.fetch(`${ORIGIN}/api/profile/${profileId}/picture`, {
    method: 'PUT',
    headers: { ...consultant.headers, ...(type ? { 'Content-Type': type } : {}), ...headers },
    body: bytes,
  });
}

/** The picture at a profile's public address, read like a browser would (path and query). */
function picture(address: string): Promise<Response> {
  return SELF.fetch(`${ORIGIN}${address}`);
}

/** Every field as a form would send it, and as it is stored. */
const FULL = {
  firstName: '  Clara ',
  lastName: 'Hoffmann',
  birthday: '1988-04-12',
  phoneNo: '+49 (0) 171/222-33.34',
  email: 'clara@lumen.test',
  website: 'https://lumen.example/clara',
  shopLink: 'http://shop.lumen.example/clara?ref=party',
  biography: 'Teamleitung Süd.\r\nSeit 2015 dabei.',
};
const SAVED = { ...FULL, firstName: 'Clara', biography: 'Teamleitung Süd.\nSeit 2015 dabei.' };

const ALL_KEYS = [
  'biography',
  'birthday',
  'createdAt',
  'email',
  'firstName',
  'id',
  'lastName',
  'phoneNo',
  'profilePic',
  'shopLink',
  'shortId',
  'updatedAt',
  'website',
];

describe('the profile calls need a consultant', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/profile'],
    ['GET', '/profile/user'],
    ['PUT', '/profile/select', { profileId: crypto.randomUUID() }],
    ['PUT', '/profile/companyMode', { companyMode: true }],
    ['POST', '/profile', { firstName: 'A', lastName: 'B' }],
    ['GET', `/profile/${crypto.randomUUID()}`],
    ['PUT', `/profile/${crypto.randomUUID()}`, { firstName: 'A', lastName: 'B' }],
    ['DELETE', `/profile/${crypto.randomUUID()}`],
    ['DELETE', `/profile/${crypto.randomUUID()}/picture`],
  ];

  it.each(calls)('%s %s without credentials: 401 unauthorized', async (method, path, body) => {
    await expectError(await api(path, { method, body }), 401, 'unauthorized');
  });

  it.each(calls)('%s %s as a guest: 401 unauthorized', async (method, path, body) => {
    const consultant = await createConsultant();
    const party = await createParty(consultant);
    const guest = await joinGuest(party.id);
    await expectError(await api(path, { method, body, headers: guest.headers }), 401, 'unauthorized');
  });

  it('PUT /profile/{id}/picture without credentials: 401, nothing stored', async () => {
    const consultant = await createConsultant();
    const response = await SELF.fetch(`${ORIGIN}/api/profile/${consultant.profileIds[0]}/picture`, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: PICTURES['image/png'],
    });
    await expectError(response, 401, 'unauthorized');
    expect(await storedKeys(consultant.profileIds[0]!)).toEqual([]);
  });
});

describe('GET /api/profile', () => {
  it("lists only the consultant's own profiles, oldest first, with every field", async () => {
    const consultant = await createConsultant({ profiles: 3, name: 'Lena' });
    await createConsultant({ profiles: 2, name: 'Fremd' });
    const all = await list(consultant);
    expect(all.map((profile) => profile.id)).toEqual(consultant.profileIds);
    expect(all.map((profile) => profile.firstName)).toEqual(['Lena', 'Lena1', 'Lena2']);
    for (const profile of all) {
      expect(Object.keys(profile).sort()).toEqual(ALL_KEYS);
      expect(profile.profilePic).toBeNull();
    }
  });
});

describe('POST /api/profile', () => {
  it('creates a profile with every field: trimmed, line endings as \\n, a 12-character short id', async () => {
    const consultant = await createConsultant();
    const before = Date.now();
    const response = await api('/profile', { method: 'POST', headers: consultant.headers, body: FULL });
    expect(response.status).toBe(201);
    const profile = await json(response);
    expect(profile).toMatchObject({ ...SAVED, profilePic: null });
    expect(profile.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(profile.shortId).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(profile.createdAt).toBeGreaterThanOrEqual(before);
    expect((await list(consultant)).map((p) => p.id)).toEqual([...consultant.profileIds, profile.id]);
    expect(await profileRow(profile.id)).toMatchObject({ user_id: consultant.userId, short_id: profile.shortId });
  });

  it('names alone are enough; blank optional fields are stored as none', async () => {
    const consultant = await createConsultant();
    const response = await api('/profile', {
      method: 'POST',
      headers: consultant.headers,
      body: { firstName: 'Jonas', lastName: 'Weber', birthday: '', phoneNo: '  ', email: '', website: null, biography: ' \r\n ' },
    });
    expect(response.status).toBe(201);
    expect(await json(response)).toMatchObject({ birthday: null, phoneNo: null, email: null, website: null, shopLink: null, biography: null });
  });

  it('accepts a biography of exactly 300 characters (a line break counts once) and a birthday today', async () => {
    const consultant = await createConsultant();
    const biography = `${'a'.repeat(149)}\r\n${'b'.repeat(150)}`;
    const today = new Date().toISOString().slice(0, 10);
    const response = await api('/profile', {
      method: 'POST',
      headers: consultant.headers,
      body: { firstName: 'A', lastName: 'B', biography, birthday: today },
    });
    expect(response.status).toBe(201);
    expect((await json(response)).biography).toHaveLength(LIMITS.biographyMax);
  });

  const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const invalid: [string, Record<string, unknown>, string][] = [
    ['first name missing', { firstName: undefined }, 'invalidName'],
    ['first name blank', { firstName: '   ' }, 'invalidName'],
    ['last name missing', { lastName: undefined }, 'invalidName'],
    ['last name too long', { lastName: 'x'.repeat(LIMITS.nameMax + 1) }, 'invalidName'],
    ['name on two lines', { firstName: 'Anna\nMaria' }, 'invalidName'],
    ['name with a bidi override', { lastName: 'Becker\u202Egnp.exe' }, 'invalidName'],
    ['birthday in the future', { birthday: tomorrow }, 'invalidBirthday'],
    ['birthday not in the calendar', { birthday: '1990-02-30' }, 'invalidBirthday'],
    ['birthday in German notation', { birthday: '12.04.1988' }, 'invalidBirthday'],
    ['birthday before 1900', { birthday: '1899-12-31' }, 'invalidBirthday'],
    ['birthday as a number', { birthday: 19880412 }, 'invalidBirthday'],
    ['phone with letters', { phoneNo: 'ruf mich an' }, 'invalidPhone'],
    ['phone with a + inside', { phoneNo: '0171+123456' }, 'invalidPhone'],
    ['phone too long', { phoneNo: '1'.repeat(LIMITS.phoneMax + 1) }, 'invalidPhone'],
    ['phone with two digits', { phoneNo: '12' }, 'invalidPhone'],
    ['e-mail without a domain', { email: 'clara@' }, 'invalidEmail'],
    ['e-mail with a space', { email: 'clara hoffmann@lumen.test' }, 'invalidEmail'],
    ['website without a scheme', { website: 'www.lumen.example' }, 'invalidUrl'],
    ['website as javascript:', { website: 'javascript:alert(1)' }, 'invalidUrl'],
    ['website over ftp', { website: 'ftp://lumen.example' }, 'invalidUrl'],
    ['website with credentials', { website: 'https://bank.example@evil.example' }, 'invalidUrl'],
    ['website too long', { website: `https://lumen.example/${'a'.repeat(LIMITS.urlMax)}` }, 'invalidUrl'],
    ['shop link as data:', { shopLink: 'data:text/html,<script>alert(1)</script>' }, 'invalidUrl'],
    ['shop link with a space', { shopLink: 'https://shop.example/a b' }, 'invalidUrl'],
    ['biography of 301 characters', { biography: 'x'.repeat(LIMITS.biographyMax + 1) }, 'biographyTooLong'],
    ['biography with a control character', { biography: 'Hallo\u0007' }, 'invalidText'],
  ];

  it.each(invalid)('%s: 400 with its code, nothing stored', async (_name, change, code) => {
    const consultant = await createConsultant();
    const body = { ...FULL, ...change };
    await expectError(await api('/profile', { method: 'POST', headers: consultant.headers, body }), 400, code);
    expect(await list(consultant)).toHaveLength(1);
  });

  it('a body that is not JSON is invalidInput', async () => {
    const consultant = await createConsultant();
    await expectError(await api('/profile', { method: 'POST', headers: consultant.headers, body: '{"firstName":' }), 400, 'invalidInput');
  });

  it(`refuses a profile past ${LIMITS.profilesMax}: 409 tooManyProfiles`, async () => {
    const consultant = await createConsultant();
    const db = database(env.DB);
    const now = Date.now();
    const rows = Array.from({ length: LIMITS.profilesMax - 1 }, (_, i) => ({
      id: crypto.randomUUID(),
      userId: consultant.userId,
      firstName: `P${i}`,
      lastName: 'X',
      createdAt: now + i + 1,
    }));
    for (let i = 0; i < rows.length; i += 10) await db.insert(profiles).values(rows.slice(i, i + 10));
    await expectError(
      await api('/profile', { method: 'POST', headers: consultant.headers, body: { firstName: 'Eine', lastName: 'Zuviel' } }),
      409,
      'tooManyProfiles',
    );
    expect(await list(consultant)).toHaveLength(LIMITS.profilesMax);
  });
});

describe('GET /api/profile/{id}', () => {
  it('returns an own profile', async () => {
    const consultant = await createConsultant({ name: 'Mira' });
    const response = await api(`/profile/${consultant.profileIds[0]}`, { headers: consultant.headers });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: consultant.profileIds[0], firstName: 'Mira' });
  });

  it("another consultant's profile, an unknown id and a malformed id are all 404 profileNotFound", async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    for (const id of [owner.profileIds[0], crypto.randomUUID(), 'not-an-id']) {
      await expectError(await api(`/profile/${id}`, { headers: other.headers }), 404, 'profileNotFound');
    }
  });
});

describe('PUT /api/profile/{id}', () => {
  it('saves the fields; absent optional fields stay, null clears', async () => {
    const consultant = await createConsultant();
    const created = await json(await api('/profile', { method: 'POST', headers: consultant.headers, body: FULL }));
    const response = await api(`/profile/${created.id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { firstName: 'Clara', lastName: 'Hoffmann-Lind', phoneNo: null, biography: 'Neu.' },
    });
    expect(response.status).toBe(200);
    const saved = await json(response);
    expect(saved).toMatchObject({
      lastName: 'Hoffmann-Lind',
      phoneNo: null,
      biography: 'Neu.',
      email: FULL.email,
      website: FULL.website,
      birthday: FULL.birthday,
      shortId: created.shortId,
    });
    expect(saved.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
    expect(await json(await api(`/profile/${created.id}`, { headers: consultant.headers }))).toEqual(saved);
  });

  it("another consultant's profile: 404 profileNotFound, unchanged", async () => {
    const owner = await createConsultant({ name: 'Anna' });
    const other = await createConsultant();
    const id = owner.profileIds[0]!;
    await expectError(
      await api(`/profile/${id}`, { method: 'PUT', headers: other.headers, body: { firstName: 'Gehackt', lastName: 'X' } }),
      404,
      'profileNotFound',
    );
    expect(await profileRow(id)).toMatchObject({ first_name: 'Anna' });
  });

  it('invalid input: 400, unchanged', async () => {
    const consultant = await createConsultant({ name: 'Anna' });
    const id = consultant.profileIds[0]!;
    await expectError(
      await api(`/profile/${id}`, { method: 'PUT', headers: consultant.headers, body: { firstName: 'Anna', lastName: 'B', website: 'javascript:alert(1)' } }),
      400,
      'invalidUrl',
    );
    expect(await profileRow(id)).toMatchObject({ website: null, updated_at: null });
  });
});

describe('selection and company mode', () => {
  it('GET /profile/user: one profile, company mode off, nothing to choose', async () => {
    const consultant = await createConsultant({ name: 'Anna' });
    const body = await json(await api('/profile/user', { headers: consultant.headers }));
    expect(body).toMatchObject({ profile: { id: consultant.profileIds[0], firstName: 'Anna' }, companyMode: false, needsChoice: false });
  });

  it('several profiles and no selection: the first counts as selected, and a choice is due', async () => {
    const consultant = await createConsultant({ profiles: 3 });
    const body = await json(await api('/profile/user', { headers: consultant.headers }));
    expect(body).toMatchObject({ profile: { id: consultant.profileIds[0] }, needsChoice: true });
  });

  it('PUT /profile/select stores the selection per user', async () => {
    const consultant = await createConsultant({ profiles: 3 });
    const other = await createConsultant({ profiles: 2 });
    const response = await api('/profile/select', { method: 'PUT', headers: consultant.headers, body: { profileId: consultant.profileIds[2] } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ profile: { id: consultant.profileIds[2] }, needsChoice: false });
    expect(await json(await api('/profile/user', { headers: consultant.headers }))).toMatchObject({
      profile: { id: consultant.profileIds[2] },
      needsChoice: false,
    });
    expect(await json(await api('/profile/user', { headers: other.headers }))).toMatchObject({ profile: { id: other.profileIds[0] }, needsChoice: true });
  });

  it("PUT /profile/select refuses another consultant's profile (404) and a malformed id (400)", async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const other = await createConsultant();
    await expectError(
      await api('/profile/select', { method: 'PUT', headers: consultant.headers, body: { profileId: other.profileIds[0] } }),
      404,
      'profileNotFound',
    );
    await expectError(await api('/profile/select', { method: 'PUT', headers: consultant.headers, body: { profileId: 'x' } }), 400, 'invalidInput');
    expect(await json(await api('/profile/user', { headers: consultant.headers }))).toMatchObject({
      profile: { id: consultant.profileIds[0] },
      needsChoice: true,
    });
  });

  it('PUT /profile/companyMode switches company mode on and off', async () => {
    const consultant = await createConsultant();
    const on = await api('/profile/companyMode', { method: 'PUT', headers: consultant.headers, body: { companyMode: true } });
    expect(on.status).toBe(200);
    expect(await json(on)).toMatchObject({ companyMode: true, needsChoice: false });
    expect(await json(await api('/profile/user', { headers: consultant.headers }))).toMatchObject({ companyMode: true });
    const off = await api('/profile/companyMode', { method: 'PUT', headers: consultant.headers, body: { companyMode: false } });
    expect(await json(off)).toMatchObject({ companyMode: false });
    await expectError(await api('/profile/companyMode', { method: 'PUT', headers: consultant.headers, body: { companyMode: 'yes' } }), 400, 'invalidInput');
  });
});

describe('DELETE /api/profile/{id}', () => {
  it('deletes a profile that is not selected; its parties pass to the selected profile', async () => {
    const consultant = await createConsultant({ profiles: 3 });
    const [first, second, third] = consultant.profileIds as [string, string, string];
    await api('/profile/select', { method: 'PUT', headers: consultant.headers, body: { profileId: second } });
    const party = await createParty(consultant, { manager: third });
    const response = await api(`/profile/${third}`, { method: 'DELETE', headers: consultant.headers });
    expect(response.status).toBe(204);
    expect((await list(consultant)).map((p) => p.id)).toEqual([first, second]);
    expect(await env.DB.prepare('SELECT profile_id FROM parties WHERE id = ?').bind(party.id).first('profile_id')).toBe(second);
  });

  it('the selected profile cannot be deleted: 409 profileSelected', async () => {
    const consultant = await createConsultant({ profiles: 2 });
    await api('/profile/select', { method: 'PUT', headers: consultant.headers, body: { profileId: consultant.profileIds[1] } });
    await expectError(await api(`/profile/${consultant.profileIds[1]}`, { method: 'DELETE', headers: consultant.headers }), 409, 'profileSelected');
    expect(await list(consultant)).toHaveLength(2);
  });

  it('without a stored selection the first profile is the selected one', async () => {
    const consultant = await createConsultant({ profiles: 2 });
    await expectError(await api(`/profile/${consultant.profileIds[0]}`, { method: 'DELETE', headers: consultant.headers }), 409, 'profileSelected');
    expect((await api(`/profile/${consultant.profileIds[1]}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
  });

  it('the last profile cannot be deleted: 409 lastProfile', async () => {
    const consultant = await createConsultant();
    await expectError(await api(`/profile/${consultant.profileIds[0]}`, { method: 'DELETE', headers: consultant.headers }), 409, 'lastProfile');
    expect(await list(consultant)).toHaveLength(1);
  });

  it("another consultant's profile: 404 profileNotFound, still there", async () => {
    const owner = await createConsultant({ profiles: 2 });
    const other = await createConsultant({ profiles: 2 });
    await expectError(await api(`/profile/${owner.profileIds[1]}`, { method: 'DELETE', headers: other.headers }), 404, 'profileNotFound');
    expect(await profileRow(owner.profileIds[1]!)).not.toBeNull();
  });
});

describe('profile pictures', () => {
  it('PUT /profile/{id}/picture stores a real PNG in R2; the public address serves the same bytes', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const response = await upload(consultant, id, PICTURES['image/png']);
    expect(response.status).toBe(200);
    const profile = await json(response);
    expect(profile.profilePic).toMatch(new RegExp(`^/api/profile/public/${profile.shortId}/picture\\?v=[\\w-]+$`));
    const keys = await storedKeys(id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^profiles/${id}/[\\w-]+$`));
    expect(await profileRow(id)).toMatchObject({ picture_key: keys[0], picture_type: 'image/png' });

    const served = await picture(profile.profilePic);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/png');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(served.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PICTURES['image/png']);
  });

  it.each(Object.keys(PICTURES) as (keyof typeof PICTURES)[])('accepts %s, judged by its bytes, whatever the browser claimed', async (type) => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    for (const claim of [type, 'application/octet-stream', null, type === 'image/png' ? 'image/jpeg' : 'image/png']) {
      const response = await upload(consultant, id, PICTURES[type], claim);
      expect(response.status, String(claim)).toBe(200);
      expect(await profileRow(id)).toMatchObject({ picture_type: type });
      const served = await picture((await json(response)).profilePic);
      expect(served.headers.get('Content-Type')).toBe(type);
      await served.arrayBuffer();
    }
  });

  it.each(IMPOSTORS)('%s: 415 notAnImage, nothing stored, the old picture kept', async (_name, bytes, claim) => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    await upload(consultant, id, PICTURES['image/gif'], 'image/gif');
    const [kept] = await storedKeys(id);
    await expectError(await upload(consultant, id, bytes, claim), 415, 'notAnImage');
    expect(await storedKeys(id)).toEqual([kept]);
    expect(await profileRow(id)).toMatchObject({ picture_key: kept, picture_type: 'image/gif' });
  });

  it(`a picture over ${LIMITS.pictureBytesMax} bytes: 413 imageTooLarge, nothing stored`, async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const big = new Uint8Array(LIMITS.pictureBytesMax + 1);
    big.set(PICTURES['image/png']);
    await expectError(await upload(consultant, id, big), 413, 'imageTooLarge');
    expect(await storedKeys(id)).toEqual([]);
    expect(await profileRow(id)).toMatchObject({ picture_key: null });
  });

  it('a body without a length is counted as it arrives and refused past the cap', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(PICTURES['image/png']);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > LIMITS.pictureBytesMax + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await SELF.fetch(`${ORIGIN}/api/profile/${id}/picture`, {
      method: 'PUT',
      headers: { ...consultant.headers, 'Content-Type': 'image/png' },
      body,
    });
    await expectError(response, 413, 'imageTooLarge');
    expect(await storedKeys(id)).toEqual([]);
  });

  it('a picture of exactly the cap is accepted', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const exact = new Uint8Array(LIMITS.pictureBytesMax);
    exact.set(PICTURES['image/jpeg']);
    expect((await upload(consultant, id, exact, 'image/jpeg')).status).toBe(200);
  });

  it('replacing deletes the old object; the old address then serves the new picture with a short cache', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const first = await json(await upload(consultant, id, PICTURES['image/png']));
    const [firstKey] = await storedKeys(id);
    const second = await json(await upload(consultant, id, PICTURES['image/webp'], 'image/webp'));
    const keys = await storedKeys(id);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(firstKey);
    expect(second.profilePic).not.toBe(first.profilePic);
    expect(await env.MEDIA.head(firstKey!)).toBeNull();

    const old = await picture(first.profilePic);
    expect(old.headers.get('Content-Type')).toBe('image/webp');
    expect(old.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(new Uint8Array(await old.arrayBuffer())).toEqual(PICTURES['image/webp']);
  });

  it('DELETE /profile/{id}/picture removes the object; the public address is then 404', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const uploaded = await json(await upload(consultant, id, PICTURES['image/png']));
    const response = await api(`/profile/${id}/picture`, { method: 'DELETE', headers: consultant.headers });
    expect(response.status).toBe(200);
    expect((await json(response)).profilePic).toBeNull();
    expect(await storedKeys(id)).toEqual([]);
    await expectError(await picture(uploaded.profilePic), 404, 'notFound');
  });

  it('PUT /profile/{id} with deleteProfilePic removes the picture too', async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    await upload(consultant, id, PICTURES['image/png']);
    const response = await api(`/profile/${id}`, {
      method: 'PUT',
      headers: consultant.headers,
      body: { firstName: 'Anna', lastName: 'Berater', deleteProfilePic: true },
    });
    expect((await json(response)).profilePic).toBeNull();
    expect(await storedKeys(id)).toEqual([]);
  });

  it('deleting a profile deletes its picture', async () => {
    const consultant = await createConsultant({ profiles: 2 });
    const id = consultant.profileIds[1]!;
    await upload(consultant, id, PICTURES['image/png']);
    expect(await storedKeys(id)).toHaveLength(1);
    expect((await api(`/profile/${id}`, { method: 'DELETE', headers: consultant.headers })).status).toBe(204);
    expect(await storedKeys(id)).toEqual([]);
  });

  it('another consultant cannot set or delete a picture: 404, nothing stored or removed', async () => {
    const owner = await createConsultant();
    const other = await createConsultant();
    const id = owner.profileIds[0]!;
    await expectError(await upload(other, id, PICTURES['image/png']), 404, 'profileNotFound');
    expect(await storedKeys(id)).toEqual([]);
    await upload(owner, id, PICTURES['image/png']);
    const [key] = await storedKeys(id);
    await expectError(await api(`/profile/${id}/picture`, { method: 'DELETE', headers: other.headers }), 404, 'profileNotFound');
    expect(await storedKeys(id)).toEqual([key]);
  });

  it("the owner's own-origin check still applies to cookie sessions: a cross-site upload is refused", async () => {
    const consultant = await createConsultant();
    const id = consultant.profileIds[0]!;
    const response = await SELF.fetch(`${ORIGIN}/api/profile/${id}/picture`, {
      method: 'PUT',
      headers: { Cookie: `salon_at=${encodeURIComponent(consultant.accessToken)}`, Origin: 'https://evil.example', 'Content-Type': 'image/png' },
      body: PICTURES['image/png'],
    });
    await expectError(response, 403, 'badOrigin');
    expect(await storedKeys(id)).toEqual([]);
  });
});

describe('GET /api/profile/public/{shortId}', () => {
  it('anyone may read the public fields, and only those', async () => {
    const consultant = await createConsultant();
    const created = await json(await api('/profile', { method: 'POST', headers: consultant.headers, body: FULL }));
    const response = await api(`/profile/public/${created.shortId}`);
    expect(response.status).toBe(200);
    const { birthday: _birthday, shopLink: _shopLink, ...shown } = SAVED;
    expect(await json(response)).toEqual({ ...shown, shortId: created.shortId, profilePic: null });
  });

  it('an unknown short id is 404 profileNotFound; a profile without a picture has no picture address', async () => {
    await expectError(await api('/profile/public/NichtDa12345'), 404, 'profileNotFound');
    await expectError(await api('/profile/public/NichtDa12345/picture'), 404, 'profileNotFound');
    const consultant = await createConsultant();
    const own = await json(await api(`/profile/${consultant.profileIds[0]}`, { headers: consultant.headers }));
    await expectError(await api(`/profile/public/${own.shortId}/picture`), 404, 'notFound');
  });
});

describe('the first sign-in', () => {
  it('a company account (the provider names a company) starts in company mode; a person does not', async () => {
    const db = database(env.DB);
    const base = { email: null, firstName: 'Lumen', lastName: 'Wellness GmbH', idToken: null };
    const company = await upsertUser(env, db, { ...base, sub: crypto.randomUUID(), companyName: 'Lumen Wellness GmbH' });
    const person = await upsertUser(env, db, { ...base, sub: crypto.randomUUID(), companyName: null });
    expect(await getSettings(db, company)).toMatchObject({ companyMode: true, selectedProfileId: null });
    expect(await getSettings(db, person)).toMatchObject({ companyMode: false });
    const [profile] = await listProfileDetails(db, company);
    expect(profile).toMatchObject({ firstName: 'Lumen', lastName: 'Wellness GmbH' });
    expect(profile!.shortId).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('signing in again keeps the company mode the user chose', async () => {
    const db = database(env.DB);
    const identity = { sub: crypto.randomUUID(), email: null, firstName: 'Lumen', lastName: 'GmbH', companyName: 'Lumen GmbH', idToken: null };
    const userId = await upsertUser(env, db, identity);
    await updateSettings(db, userId, { companyMode: false });
    expect(await upsertUser(env, db, identity)).toBe(userId);
    expect(await getSettings(db, userId)).toMatchObject({ companyMode: false });
  });
});
