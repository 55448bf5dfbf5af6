import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dashboardParties, dashboardPlace, offersMove, partyDate, partyMoveError, quickLinks } from '../../app/core/dashboard';

const party = (title: string, start: number | null, expired = false, createdAt = 0) => ({ title, start, expired, createdAt });

describe('the parties dashboard', () => {
  const parties = [party('Wellness', 300), party('abend', 100), party('Ältere', 50, true), party('Zumba', null, false, 200), party('Beauty', 400, true)];

  it('splits active and expired parties', () => {
    expect(dashboardParties(parties, 'active', 'date', 'de').map((p) => p.title)).toEqual(['Wellness', 'Zumba', 'abend']);
    expect(dashboardParties(parties, 'expired', 'date', 'de').map((p) => p.title)).toEqual(['Beauty', 'Ältere']);
  });

  it('sorts by name A–Z in the reader’s language, ignoring case and accents', () => {
    expect(dashboardParties(parties, 'active', 'name', 'de').map((p) => p.title)).toEqual(['abend', 'Wellness', 'Zumba']);
    expect(dashboardParties(parties, 'expired', 'name', 'de').map((p) => p.title)).toEqual(['Ältere', 'Beauty']);
  });

  it('a party without a start counts from its creation', () => {
    expect(partyDate(party('x', null, false, 7))).toBe(7);
  });

  it('quick links are the parties of the tab shown, A–Z or newest first', () => {
    expect(quickLinks(parties, 'active', true, 'de').map((p) => p.title)).toEqual(['abend', 'Wellness', 'Zumba']);
    expect(quickLinks(parties, 'active', false, 'de').map((p) => p.title)).toEqual(['Wellness', 'Zumba', 'abend']);
    expect(quickLinks(parties, 'expired', true, 'de').map((p) => p.title)).toEqual(['Ältere', 'Beauty']);
    expect(quickLinks(parties, 'expired', false, 'de').map((p) => p.title)).toEqual(['Beauty', 'Ältere']);
  });

  it('every party lands in exactly one tab, in either order, and nothing is lost', () => {
    const arb = fc.array(fc.record({ title: fc.string(), start: fc.option(fc.integer()), expired: fc.boolean(), createdAt: fc.integer() }));
    fc.assert(
      fc.property(arb, fc.constantFrom('date' as const, 'name' as const), (list, sort) => {
        const active = dashboardParties(list, 'active', sort, 'en');
        const expired = dashboardParties(list, 'expired', sort, 'en');
        expect(active.length + expired.length).toBe(list.length);
        expect(new Set([...active, ...expired])).toEqual(new Set(list));
      }),
    );
  });
});

describe('party folders on the dashboard', () => {
  const filed = (title: string, path: string, expired = false, start = 100) => ({ title, start, expired, createdAt: 0, path });
  const parties = [
    filed('Team Chat', 'f1'),
    filed('VIP Runde', 'f1/f2'),
    filed('Wellness Abend', ''),
    filed('Wellness alt', 'f1', true),
    filed('Abend der Düfte', '', true),
  ];
  const titles = (list: { title: string }[]) => list.map((p) => p.title).sort();

  it('the Active tab shows the parties of the folder open, the top level by default', () => {
    expect(titles(dashboardPlace(parties, { tab: 'active', folderId: null, query: '' }, 'date', 'de'))).toEqual(['Wellness Abend']);
    expect(titles(dashboardPlace(parties, { tab: 'active', folderId: 'f1', query: '' }, 'date', 'de'))).toEqual(['Team Chat']);
    expect(titles(dashboardPlace(parties, { tab: 'active', folderId: 'f2', query: '' }, 'date', 'de'))).toEqual(['VIP Runde']);
  });

  it('the Expired tab lists every expired party wherever it is filed', () => {
    expect(titles(dashboardPlace(parties, { tab: 'expired', folderId: null, query: '' }, 'date', 'de'))).toEqual(['Abend der Düfte', 'Wellness alt']);
  });

  it('a search finds the tab’s parties in every folder by every word of the title', () => {
    expect(titles(dashboardPlace(parties, { tab: 'active', folderId: 'f1', query: 'ABEND wellness' }, 'date', 'de'))).toEqual(['Wellness Abend']);
    expect(titles(dashboardPlace(parties, { tab: 'active', folderId: null, query: 'runde' }, 'date', 'de'))).toEqual(['VIP Runde']);
    expect(titles(dashboardPlace(parties, { tab: 'expired', folderId: null, query: 'wellness' }, 'date', 'de'))).toEqual(['Wellness alt']);
    expect(titles(dashboardPlace(parties, { tab: 'active', folderId: null, query: '   ' }, 'date', 'de'))).toEqual(['Wellness Abend']);
  });

  it('files only a party that never expires; one with an expiration may still go to the top level', () => {
    expect(partyMoveError({ expiration: null }, 'f1')).toBeNull();
    expect(partyMoveError({ expiration: 5 }, 'f1')).toBe('partyExpires');
    expect(partyMoveError({ expiration: 5 }, null)).toBeNull();
    expect(offersMove({ expiration: null, path: '' })).toBe(true);
    expect(offersMove({ expiration: 5, path: '' })).toBe(false);
    expect(offersMove({ expiration: 5, path: 'f1' })).toBe(true);
  });
});
