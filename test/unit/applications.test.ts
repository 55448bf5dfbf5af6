import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directMessagePath } from '../../app/core/profile';
import { BannerSchema } from '../../app/core/schemas';
import { applications, showsApplicationSelector } from '../../app/core/workspace';

/** ADR 040: what an application is, when the selector shows, where direct messages begin. */

const profile = (id: string, firstName: string, lastName: string) => ({ id, firstName, lastName, email: 'x@y.z' });

describe('applications: the account’s profiles', () => {
  it('one per profile, in the profiles’ order, named by the full name', () => {
    expect(applications([profile('a', 'Lumen', 'Nord'), profile('b', 'Lumen', 'Süd')])).toEqual([
      { applicationId: 'a', displayName: 'Lumen Nord' },
      { applicationId: 'b', displayName: 'Lumen Süd' },
    ]);
    expect(applications([profile('a', 'Anna', '')])).toEqual([{ applicationId: 'a', displayName: 'Anna' }]);
  });

  it('the selector shows only with more than one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (count) => {
        const list = applications(Array.from({ length: count }, (_, i) => profile(String(i), `P${i}`, 'X')));
        expect(showsApplicationSelector(list)).toBe(count > 1);
      }),
    );
  });
});

describe('the pointer to the app for direct messages', () => {
  it('is /addVIP/{short id of the profile}', () => {
    expect(directMessagePath('AnnaBecker12')).toBe('/addVIP/AnnaBecker12');
  });
});

describe('the banner setting', () => {
  it('takes a boolean and nothing else', () => {
    expect(BannerSchema.safeParse({ bannerDismissed: true }).success).toBe(true);
    expect(BannerSchema.safeParse({ bannerDismissed: false }).success).toBe(true);
    for (const value of ['true', 1, null, undefined, {}]) expect(BannerSchema.safeParse({ bannerDismissed: value }).success).toBe(false);
  });
});
