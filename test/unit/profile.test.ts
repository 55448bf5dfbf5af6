import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { acceptableClaim, isPictureType, sniffPictureType } from '../../app/core/images';
import { LIMITS } from '../../app/core/limits';
import { isPhoneNumber, isValidBirthday, latestBirthday, profileHref, telHref } from '../../app/core/profile';
import { BiographySchema, CompanyModeSchema, ProfileInputSchema, SelectProfileSchema, firstErrorCode } from '../../app/core/schemas';
import { initials } from '../../app/core/text';
import { needsProfileChoice } from '../../app/core/workspace';
import { demoConsultants } from '../../scripts/demo-data.mjs';
import { NOT_PICTURES, PICTURES } from '../fixtures/images';

function codeOf(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  return result.success ? 'ok' : firstErrorCode(result.error);
}

const NAMES = { firstName: 'Anna', lastName: 'Becker' };
const NOON = Date.UTC(2026, 4, 15, 12);

describe('isValidBirthday', () => {
  it.each([
    ['1988-04-12', true],
    ['2000-02-29', true],
    ['1900-01-01', true],
    ['2026-05-15', true],
    ['2026-05-16', true], // already the 16th in UTC+14 at noon UTC
    ['2026-05-17', false],
    ['1899-12-31', false],
    ['1900-02-29', false],
    ['2023-02-29', false],
    ['1988-13-01', false],
    ['1988-00-10', false],
    ['1988-4-12', false],
    ['12.04.1988', false],
    ['1988-04-12T00:00', false],
    ['', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidBirthday(value, NOON)).toBe(valid);
  });

  it('the latest birthday is today in the zone furthest ahead', () => {
    expect(latestBirthday(Date.UTC(2026, 4, 15, 9, 59))).toBe('2026-05-15');
    expect(latestBirthday(Date.UTC(2026, 4, 15, 10, 0))).toBe('2026-05-16');
  });
});

describe('isPhoneNumber and telHref', () => {
  it.each(['+49 170 1234567', '0171/222-33.34', '(030) 123 456', '123'])('%s is a phone number', (value) => {
    expect(isPhoneNumber(value)).toBe(true);
  });

  it.each(['12', 'ruf an', '0171+1', '++49 1', '+49 170 12345x', '', '030\n123'])('%s is not', (value) => {
    expect(isPhoneNumber(value)).toBe(false);
  });

  it('tel: keeps the digits and a leading +', () => {
    expect(telHref('+49 (0) 170/123-45.67')).toBe('tel:+4901701234567');
    expect(telHref('030 123')).toBe('tel:030123');
  });
});

describe('profileHref', () => {
  it.each([
    ['https://lumen.example', 'https://lumen.example'],
    ['HTTP://Shop.Example/a?b=c#d', 'http://Shop.Example/a?b=c#d'],
    ['https://lumen.example:8443/x', 'https://lumen.example:8443/x'],
  ])('%s links to %s', (value, href) => {
    expect(profileHref(value)).toBe(href);
  });

  it.each([
    'www.lumen.example',
    'lumen.example',
    'javascript:alert(1)',
    'ftp://x.example',
    'https://a@b.example',
    'https://x.example/a b',
    'https://',
    'data:text/html,x',
    'https://x.example/\u202E',
  ])('%s is refused', (value) => {
    expect(profileHref(value)).toBeNull();
  });

  it('only ever returns http(s) addresses', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const href = profileHref(value);
        return href === null || /^https?:\/\//.test(href);
      }),
    );
  });
});

describe('initials', () => {
  it('takes the first letter of each name, upper-cased, whole characters', () => {
    expect(initials({ firstName: 'anna', lastName: 'becker' })).toBe('AB');
    expect(initials({ firstName: ' Émile', lastName: 'Zola' })).toBe('ÉZ');
    expect(initials({ firstName: '𝒜lice', lastName: '' })).toBe('𝒜');
    expect(initials({ firstName: '', lastName: '' })).toBe('?');
  });
});

describe('sniffPictureType', () => {
  it.each(Object.entries(PICTURES))('recognises %s by its bytes', (type, bytes) => {
    expect(sniffPictureType(bytes)).toBe(type);
  });

  it.each(Object.entries(NOT_PICTURES))('%s is not a picture', (_name, bytes) => {
    expect(sniffPictureType(bytes)).toBeNull();
  });

  it('a truncated header is not a picture', () => {
    expect(sniffPictureType(PICTURES['image/png'].slice(0, 7))).toBeNull();
    expect(sniffPictureType(PICTURES['image/webp'].slice(0, 11))).toBeNull();
    expect(sniffPictureType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('never names a type outside the allowed list', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 32 }), (bytes) => sniffPictureType(bytes) === null || isPictureType(sniffPictureType(bytes))));
  });
});

describe('acceptableClaim', () => {
  it.each([null, undefined, '', 'application/octet-stream', 'image/png', 'IMAGE/JPEG', 'image/webp; charset=binary', 'image/gif'])(
    '%s may go with a picture',
    (claim) => {
      expect(acceptableClaim(claim)).toBe(true);
    },
  );

  it.each(['text/html', 'image/svg+xml', 'application/pdf', 'image/heic', 'text/plain'])('%s may not', (claim) => {
    expect(acceptableClaim(claim)).toBe(false);
  });
});

describe('ProfileInputSchema', () => {
  it('trims, and turns blank optional fields into null while absent ones stay absent', () => {
    const parsed = ProfileInputSchema.parse({ firstName: ' Anna ', lastName: 'Becker', phoneNo: ' ', email: '', website: null });
    expect(parsed).toEqual({ firstName: 'Anna', lastName: 'Becker', phoneNo: null, email: null, website: null });
    expect('biography' in parsed).toBe(false);
  });

  it('keeps valid values, trimmed', () => {
    expect(
      ProfileInputSchema.parse({
        ...NAMES,
        birthday: ' 1988-04-12 ',
        phoneNo: ' +49 170 1234567 ',
        email: ' anna@salon.test ',
        website: ' https://salon.example ',
        shopLink: 'http://shop.example/anna',
        biography: '  Hallo!\r\nIch bin Anna.  ',
        deleteProfilePic: true,
      }),
    ).toEqual({
      ...NAMES,
      birthday: '1988-04-12',
      phoneNo: '+49 170 1234567',
      email: 'anna@salon.test',
      website: 'https://salon.example',
      shopLink: 'http://shop.example/anna',
      biography: 'Hallo!\nIch bin Anna.',
      deleteProfilePic: true,
    });
  });

  it.each([
    [{ firstName: '' }, 'invalidName'],
    [{ lastName: undefined }, 'invalidName'],
    [{ firstName: 'x'.repeat(LIMITS.nameMax + 1) }, 'invalidName'],
    [{ birthday: '2999-01-01' }, 'invalidBirthday'],
    [{ birthday: '31.12.1990' }, 'invalidBirthday'],
    [{ birthday: 1 }, 'invalidBirthday'],
    [{ phoneNo: 'abc' }, 'invalidPhone'],
    [{ phoneNo: '1'.repeat(LIMITS.phoneMax + 1) }, 'invalidPhone'],
    [{ email: 'anna' }, 'invalidEmail'],
    [{ email: `${'a'.repeat(250)}@x.de` }, 'invalidEmail'],
    [{ website: 'www.salon.example' }, 'invalidUrl'],
    [{ shopLink: 'javascript:alert(1)' }, 'invalidUrl'],
    [{ biography: 'x'.repeat(LIMITS.biographyMax + 1) }, 'biographyTooLong'],
    [{ biography: 'Hallo\u0000' }, 'invalidText'],
    [{ deleteProfilePic: 'yes' }, 'invalidInput'],
  ])('%j → %s', (change, code) => {
    expect(codeOf(ProfileInputSchema, { ...NAMES, ...change })).toBe(code);
  });
});

describe('BiographySchema', () => {
  it('counts a line break once, however the browser sent it', () => {
    const text = `${'a'.repeat(149)}\r\n${'b'.repeat(150)}`;
    expect(codeOf(BiographySchema, text)).toBe('ok');
    expect(codeOf(BiographySchema, `${text}c`)).toBe('biographyTooLong');
  });

  it('accepts every clean text up to the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: LIMITS.biographyMax }), (text) => {
        const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
        return codeOf(BiographySchema, clean) === 'ok';
      }),
    );
  });
});

describe('selection and company mode schemas', () => {
  it('select needs a profile id', () => {
    expect(codeOf(SelectProfileSchema, { profileId: '3f0c8a52-1b7e-4c9d-8e2f-6a5b4c3d2e1f' })).toBe('ok');
    expect(codeOf(SelectProfileSchema, { profileId: 'x' })).toBe('invalidInput');
    expect(codeOf(SelectProfileSchema, {})).toBe('invalidInput');
  });

  it('company mode is a boolean', () => {
    expect(codeOf(CompanyModeSchema, { companyMode: false })).toBe('ok');
    expect(codeOf(CompanyModeSchema, { companyMode: 'on' })).toBe('invalidInput');
  });
});

describe('needsProfileChoice', () => {
  const three = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('asks when several profiles have no stored selection, or a stale one', () => {
    expect(needsProfileChoice(three, null, false)).toBe(true);
    expect(needsProfileChoice(three, 'gone', true)).toBe(true);
  });

  it('does not ask with a stored selection or a single profile', () => {
    expect(needsProfileChoice(three, 'b', false)).toBe(false);
    expect(needsProfileChoice([{ id: 'a' }], null, true)).toBe(false);
    expect(needsProfileChoice([{ id: 'a' }], null, false)).toBe(false);
    expect(needsProfileChoice([], null, true)).toBe(false);
  });
});

describe('demo profiles', () => {
  type DemoProfile = (typeof demoConsultants)[number]['profiles'][number];
  const demo: DemoProfile[] = demoConsultants.flatMap((consultant): DemoProfile[] => [...consultant.profiles]);

  it.each(demo.map((profile) => [`${profile.firstName} ${profile.lastName}`, profile] as const))(
    '%s passes the profile rules and has a public short id',
    (_name, profile) => {
      expect(codeOf(ProfileInputSchema, profile)).toBe('ok');
      expect(profile.shortId).toMatch(/^[0-9A-Za-z]{12}$/);
    },
  );

  it('short ids are unique, and only the company accounts start in company mode', () => {
    expect(new Set(demo.map((profile) => profile.shortId)).size).toBe(demo.length);
    expect(demoConsultants.map((consultant) => [consultant.email, consultant.companyMode])).toEqual([
      ['anna@salon.test', false],
      ['team@lumen.test', true],
      ['team@kontor.test', true],
    ]);
  });
});
