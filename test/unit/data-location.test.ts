import { describe, expect, it } from 'vitest';
import { jurisdictionSetting, locationHintFor } from '../../app/core/data-location';

/** Where a party's room is made (app/core/data-location.ts, ADR 050). */
describe('data location', () => {
  it('reads DATA_JURISDICTION strictly: empty is none, a known one is kept, anything else stops', () => {
    expect(jurisdictionSetting(undefined)).toBeNull();
    expect(jurisdictionSetting('')).toBeNull();
    expect(jurisdictionSetting(' eu ')).toBe('eu');
    expect(jurisdictionSetting('fedramp')).toBe('fedramp');
    expect(() => jurisdictionSetting('EU')).toThrow(/DATA_JURISDICTION/);
    expect(() => jurisdictionSetting('mars')).toThrow(/DATA_JURISDICTION/);
  });

  it("hints at the consultant's region without a jurisdiction", () => {
    expect(locationHintFor({ continent: 'EU', country: 'DE' }, null)).toBe('weur');
    expect(locationHintFor({ continent: 'EU', country: 'PL' }, null)).toBe('eeur');
    expect(locationHintFor({ continent: 'NA', country: 'US', longitude: '-74.0' }, null)).toBe('enam');
    expect(locationHintFor({ continent: 'NA', country: 'US', longitude: '-122.4' }, null)).toBe('wnam');
    expect(locationHintFor({ continent: 'NA', country: 'US' }, null)).toBe('enam');
    expect(locationHintFor({ continent: 'SA', country: 'BR' }, null)).toBe('sam');
    expect(locationHintFor({ continent: 'AS', country: 'JP' }, null)).toBe('apac');
    expect(locationHintFor({ continent: 'AS', country: 'AE' }, null)).toBe('me');
    expect(locationHintFor({ continent: 'OC', country: 'AU' }, null)).toBe('oc');
    expect(locationHintFor({ continent: 'AF', country: 'ZA' }, null)).toBe('afr');
    expect(locationHintFor({}, null)).toBeNull();
    expect(locationHintFor({ continent: 'T1' }, null)).toBeNull();
  });

  it('keeps the hint inside the jurisdiction: the nearest inside, else its first place', () => {
    expect(locationHintFor({ continent: 'EU', country: 'DE' }, 'eu')).toBe('weur');
    expect(locationHintFor({ continent: 'EU', country: 'RO' }, 'eu')).toBe('eeur');
    // A German consultant on a trip to New York still makes her party in the EU.
    expect(locationHintFor({ continent: 'NA', country: 'US', longitude: '-74' }, 'eu')).toBe('weur');
    expect(locationHintFor({}, 'eu')).toBe('weur');
    expect(locationHintFor({ continent: 'NA', longitude: '-122' }, 'fedramp')).toBe('wnam');
    expect(locationHintFor({ continent: 'EU', country: 'DE' }, 'fedramp')).toBe('wnam');
  });
});
