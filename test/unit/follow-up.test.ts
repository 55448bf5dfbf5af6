import { describe, expect, it } from 'vitest';
import type { FollowUp } from '../../app/core/follow-up';
import { followUpCsv, knownTimeZone, quizRight } from '../../app/core/follow-up';
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
      votes: { q: [1], p: [0, 1] },
      won: ['d'],
      lastActivity: Date.UTC(2026, 10, 27, 9, 5),
    },
    { id: 'b', name: 'Ida Host', role: 'host', gone: false, wanted: [], votes: { q: [0] }, won: [], lastActivity: null },
  ],
  draws: [],
};

describe('the follow-up export', () => {
  it('writes one row per guest, a column per poll, a quiz answer marked right or wrong, in the reader’s time zone', () => {
    const csv = followUpCsv(LIST, en.followUp, 'en', 'Europe/Berlin');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFName,Role,Wants,Which cream is vegan?,Favourite scent,Won,Last active',
      `'+49 170 Anna,Guest,"Rose cream, 50 ml",Aloe (right),"Rose, Lavender",yes,2026-11-27 10:05`,
      'Ida Host,Host,,Honey (wrong),,,',
      '',
    ]);
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
