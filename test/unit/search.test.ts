import { describe, expect, it } from 'vitest';
import { isSearch, matchesSearch, searchResults, searchWords } from '../../app/core/search';

describe('search (every word of the query in the lower-case title, folders excluded)', () => {
  it('splits the query on white space into lower-case words', () => {
    expect(searchWords('  Sommer\tKOLLEKTION  2024 ')).toEqual(['sommer', 'kollektion', '2024']);
    expect(isSearch('   ')).toBe(false);
    expect(isSearch(' a ')).toBe(true);
  });

  it('finds a title holding every word of the query, in any order and case, also inside words', () => {
    expect(matchesSearch('Sommer Kollektion 2024', 'kollektion sommer')).toBe(true);
    expect(matchesSearch('Sommer Kollektion 2024', 'SOMMER   24')).toBe(true);
    expect(matchesSearch('ÄHRENFELD', 'ähre')).toBe(true);
  });

  it('misses a title lacking any one word', () => {
    expect(matchesSearch('Sommer Kollektion', 'sommer winter')).toBe(false);
  });

  it('an empty query has no words, so every title holds them all', () => {
    expect(matchesSearch('irgendwas', '  ')).toBe(true);
  });

  it('never answers a folder, even one whose title matches, and keeps the order', () => {
    const entries = [
      { title: 'Wellness Abend', isFolder: false },
      { title: 'Wellness', isFolder: true },
      { title: 'Abend der Düfte', isFolder: false },
      { title: 'Wellness am Abend', isFolder: false },
    ];
    expect(searchResults(entries, 'abend WELLNESS', (entry) => entry).map((entry) => entry.title)).toEqual(['Wellness Abend', 'Wellness am Abend']);
    expect(searchResults(entries, 'wellness', (entry) => entry).some((entry) => entry.isFolder)).toBe(false);
  });
});
