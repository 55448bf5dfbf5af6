import { describe, expect, it } from 'vitest';
import type { FollowUp } from '../../app/core/follow-up';
import { filterGuests, followUpCsv, followUpFilter, knownTimeZone, leadCounts, quizRight } from '../../app/core/follow-up';
import en from '../../app/i18n/locales/en';

const LIST: FollowUp = {
  cards: [
    { id: 'q', kind: 'poll', title: 'Which cream is vegan?', options: ['Honey', 'Aloe', 'Beeswax'], correct: [1] },
    { id: 'p', kind: 'poll', title: 'Favourite scent', options: ['Rose', 'Lavender'], correct: null },
    { id: 'c', kind: 'product', title: 'Rose cream, 50 ml', options: [], correct: null },
  ],
  guests: [
    {
      id: 'a',
      name: '+49 170 Anna',
      role: 'guest',
      gone: false,
      wanted: ['c'],
      leads: ['booking', 'team'],
      votes: { q: [1], p: [0, 1] },
      won: ['d'],
      lastActivity: Date.UTC(2026, 10, 27, 9, 5),
    },
    { id: 'b', name: 'Ida Host', role: 'host', gone: false, wanted: [], leads: [], votes: { q: [0] }, won: [], lastActivity: null },
  ],
  draws: [],
};

describe('the follow-up export', () => {
  it('writes one row per guest, a column per poll, a quiz answer marked right or wrong, in the reader’s time zone', () => {
    const csv = followUpCsv(LIST, en.followUp, 'en', 'Europe/Berlin');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFName,Role,Wants,Own party,Team,Which cream is vegan?,Favourite scent,Won,Last active',
      `'+49 170 Anna,Guest,"Rose cream, 50 ml",yes,yes,Aloe (right),"Rose, Lavender",yes,2026-11-27 10:05`,
      'Ida Host,Host,,,,Honey (wrong),,,',
      '',
    ]);
  });

  it('filters the guests by the lead they asked about, and reads an unknown filter as all (ADR 059)', () => {
    expect(filterGuests(LIST.guests, 'all').map((guest) => guest.id)).toEqual(['a', 'b']);
    expect(filterGuests(LIST.guests, 'booking').map((guest) => guest.id)).toEqual(['a']);
    expect(filterGuests([LIST.guests[1]!], 'team')).toEqual([]);
    expect(followUpFilter('team')).toBe('team');
    expect(followUpFilter('nonsense')).toBe('all');
    expect(followUpFilter(null)).toBe('all');
  });

  it('counts each member once per lead, on cards still shown', () => {
    const leads = [
      { messageId: 'x', memberId: 'a', kind: 'booking' as const },
      { messageId: 'y', memberId: 'a', kind: 'booking' as const },
      { messageId: 'x', memberId: 'b', kind: 'booking' as const },
      { messageId: 't', memberId: 'a', kind: 'team' as const },
      { messageId: 'gone', memberId: 'c', kind: 'team' as const },
    ];
    expect(leadCounts(leads, (id) => id !== 'gone')).toEqual({ booking: 2, team: 1 });
  });

  it('judges a quiz answer only where there is a correct answer and a vote', () => {
    expect(quizRight(LIST.cards[0]!, [1])).toBe(true);
    expect(quizRight(LIST.cards[0]!, [0])).toBe(false);
    expect(quizRight(LIST.cards[0]!, undefined)).toBeNull();
    expect(quizRight(LIST.cards[1]!, [0])).toBeNull();
  });

  it('takes a time zone the platform knows, else UTC', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone(null)).toBe('UTC');
  });
});
