import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_DATE,
  EMPTY_DATE_TIME,
  SERVER_TIME_ZONE,
  dateParts,
  dateSeparator,
  dateTimeParts,
  formatDate,
  formatDateTime,
  formatTime,
  fromLocalInput,
  isoDate,
  toLocalInput,
  wallTime,
} from '../../app/core/dates';
import { isValidBirthday } from '../../app/core/profile';
import { DAY_MS, DEFAULT_EXPIRATION_DAYS } from '../../app/core/limits';
import { defaultExpiration, isExpired } from '../../app/core/party';

const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const UTC = 'UTC';

/** 2024-07-05 08:07 UTC: summer, single-digit day, month, hour and minute. */
const SUMMER = Date.UTC(2024, 6, 5, 8, 7);
/** 2024-01-09 15:45 UTC: winter. */
const WINTER = Date.UTC(2024, 0, 9, 15, 45);

describe('formatDate', () => {
  it.each([
    ['de', '05.07.2024'],
    ['en', '05/07/2024'],
    ['fr', '05/07/2024'],
    ['it', '05/07/2024'],
    ['nl', '05-07-2024'],
  ])('%s → %s (day first, zero-padded)', (language, expected) => {
    expect(formatDate(SUMMER, language, UTC)).toBe(expected);
  });

  it('falls back to the German dots for an unknown language', () => {
    expect(formatDate(SUMMER, 'es', UTC)).toBe('05.07.2024');
  });

  it('formats in the given zone, across the date line', () => {
    const newYearsEve = Date.UTC(2024, 11, 31, 23, 30);
    expect(formatDate(newYearsEve, 'de', UTC)).toBe('31.12.2024');
    expect(formatDate(newYearsEve, 'de', BERLIN)).toBe('01.01.2025');
    expect(formatDate(newYearsEve, 'de', NEW_YORK)).toBe('31.12.2024');
    const early = Date.UTC(2024, 2, 1, 3, 0);
    expect(formatDate(early, 'nl', NEW_YORK)).toBe('29-02-2024');
  });

  it('uses a four-digit year', () => {
    expect(formatDate(Date.UTC(2031, 10, 30, 12), 'en', UTC)).toBe('30/11/2031');
  });
});

describe('formatTime', () => {
  it.each([
    [UTC, SUMMER, '08:07'],
    [BERLIN, SUMMER, '10:07'],
    [NEW_YORK, SUMMER, '04:07'],
    [UTC, WINTER, '15:45'],
    [BERLIN, WINTER, '16:45'],
    [NEW_YORK, WINTER, '10:45'],
  ])('in %s: %i → %s', (zone, ms, expected) => {
    expect(formatTime(ms, zone)).toBe(expected);
  });

  it('uses 24 hours, midnight as 00:00 (never 24:00)', () => {
    expect(formatTime(Date.UTC(2024, 5, 15, 0, 0), UTC)).toBe('00:00');
    expect(formatTime(Date.UTC(2024, 5, 15, 22, 0), BERLIN)).toBe('00:00');
    expect(formatTime(Date.UTC(2024, 5, 15, 23, 59), UTC)).toBe('23:59');
    expect(formatTime(Date.UTC(2024, 5, 15, 13, 5), UTC)).toBe('13:05');
  });

  describe('daylight saving time edges', () => {
    it.each([
      ['Berlin, last minute of CET before spring forward', BERLIN, Date.UTC(2024, 2, 31, 0, 59), '31.03.2024 01:59'],
      ['Berlin, first minute of CEST (02:00 is skipped)', BERLIN, Date.UTC(2024, 2, 31, 1, 0), '31.03.2024 03:00'],
      ['Berlin, 02:30 CEST before falling back', BERLIN, Date.UTC(2024, 9, 27, 0, 30), '27.10.2024 02:30'],
      ['Berlin, 02:30 CET after falling back', BERLIN, Date.UTC(2024, 9, 27, 1, 30), '27.10.2024 02:30'],
      ['Berlin, 03:00 CET an hour after the switch', BERLIN, Date.UTC(2024, 9, 27, 2, 0), '27.10.2024 03:00'],
      ['New York, last minute of EST', NEW_YORK, Date.UTC(2024, 2, 10, 6, 59), '10.03.2024 01:59'],
      ['New York, first minute of EDT', NEW_YORK, Date.UTC(2024, 2, 10, 7, 0), '10.03.2024 03:00'],
      ['New York, 01:30 EDT', NEW_YORK, Date.UTC(2024, 10, 3, 5, 30), '03.11.2024 01:30'],
      ['New York, 01:30 EST', NEW_YORK, Date.UTC(2024, 10, 3, 6, 30), '03.11.2024 01:30'],
      ['UTC has no switch', UTC, Date.UTC(2024, 2, 31, 1, 0), '31.03.2024 01:00'],
    ])('%s', (_, zone, ms, expected) => {
      expect(formatDateTime(ms, 'de', zone)).toBe(expected);
    });
  });
});

describe('formatDateTime', () => {
  it.each([
    ['de', BERLIN, '05.07.2024 10:07'],
    ['en', BERLIN, '05/07/2024 10:07'],
    ['fr', UTC, '05/07/2024 08:07'],
    ['it', NEW_YORK, '05/07/2024 04:07'],
    ['nl', NEW_YORK, '05-07-2024 04:07'],
  ])('%s in %s → %s', (language, zone, expected) => {
    expect(formatDateTime(SUMMER, language, zone)).toBe(expected);
  });

  it('is the date and the time joined by a space, for any instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
        fc.constantFrom('de', 'en', 'fr', 'it', 'nl'),
        fc.constantFrom(BERLIN, UTC, NEW_YORK),
        (ms, language, zone) => {
          const text = formatDateTime(ms, language, zone);
          expect(text).toBe(`${formatDate(ms, language, zone)} ${formatTime(ms, zone)}`);
          expect(text).toMatch(/^\d{2}[./-]\d{2}[./-]\d{4} ([01]\d|2[0-3]):[0-5]\d$/);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('agrees with the UTC fields in UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        const d = new Date(ms);
        const pad = (n: number) => String(n).padStart(2, '0');
        expect(formatDateTime(ms, 'de', UTC)).toBe(
          `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`,
        );
      }),
      { numRuns: 200 },
    );
  });

  // Without a zone the runtime's own is used, read from the Date's fields rather than a formatter
  // (the first formatter of a page is slow, ADR 051): the same text as a formatter of that zone gives.
  it.each([BERLIN, NEW_YORK, 'Asia/Kolkata', UTC])('without a zone, says what a formatter of the runtime zone (%s) says', (zone) => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), fc.constantFrom('de', 'en', 'nl'), (ms, language) => {
          expect(formatDateTime(ms, language)).toBe(formatDateTime(ms, language, zone));
        }),
        { numRuns: 300 },
      );
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('renders on the server in Berlin time', () => {
    expect(SERVER_TIME_ZONE).toBe(BERLIN);
  });
});

describe('fromLocalInput and toLocalInput', () => {
  // Offsets as Date#getTimezoneOffset gives them: minutes to add to local time to get UTC.
  it.each([
    [-120, Date.UTC(2024, 6, 1, 10, 0)], // UTC+2, e.g. Berlin in summer
    [0, Date.UTC(2024, 6, 1, 12, 0)],
    [60, Date.UTC(2024, 6, 1, 13, 0)], // UTC−1
    [330, Date.UTC(2024, 6, 1, 17, 30)], // UTC−5:30
    [-330, Date.UTC(2024, 6, 1, 6, 30)], // UTC+5:30, India
  ])('12:00 local at offset %i is %i', (offset, ms) => {
    expect(fromLocalInput('2024-07-01T12:00', offset)).toBe(ms);
    expect(toLocalInput(ms, offset)).toBe('2024-07-01T12:00');
  });

  it('crosses the date in either direction', () => {
    expect(fromLocalInput('2024-01-01T00:30', -120)).toBe(Date.UTC(2023, 11, 31, 22, 30));
    expect(toLocalInput(Date.UTC(2023, 11, 31, 22, 30), -120)).toBe('2024-01-01T00:30');
    expect(fromLocalInput('2024-12-31T23:00', 330)).toBe(Date.UTC(2025, 0, 1, 4, 30));
    expect(toLocalInput(Date.UTC(2025, 0, 1, 4, 30), 330)).toBe('2024-12-31T23:00');
  });

  it('handles 29 February', () => {
    expect(fromLocalInput('2024-02-29T08:15', 0)).toBe(Date.UTC(2024, 1, 29, 8, 15));
  });

  it('drops seconds and milliseconds when formatting', () => {
    expect(toLocalInput(Date.UTC(2024, 6, 1, 12, 0, 59, 999), 0)).toBe('2024-07-01T12:00');
  });

  it.each([-120, 0, 60, 330])('round-trips any wall time at offset %i', (offset) => {
    const wall = fc
      .date({ min: new Date('1970-01-02T00:00Z'), max: new Date('9999-12-30T00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 16));
    fc.assert(
      fc.property(wall, (value) => {
        const ms = fromLocalInput(value, offset);
        expect(ms).not.toBeNull();
        expect(toLocalInput(ms!, offset)).toBe(value);
      }),
      { numRuns: 200 },
    );
  });

  it.each([-120, 0, 60, 330])('round-trips any whole-minute instant at offset %i', (offset) => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(Date.UTC(9999, 0, 1) / 60_000) }), (minutes) => {
        const ms = minutes * 60_000;
        expect(fromLocalInput(toLocalInput(ms, offset), offset)).toBe(ms);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    '',
    'tomorrow',
    '2024-07-01',
    '12:00',
    '2024-07-01 12:00',
    '2024-07-01T12:00:00',
    '2024-07-01T12:00Z',
    '2024-07-01T12:00+02:00',
    '2024-7-1T12:00',
    '24-07-01T12:00',
    ' 2024-07-01T12:00',
    '2024-07-01T12:00\n',
    '01.07.2024 12:00',
    '２０２４-07-01T12:00',
  ])('rejects %j → null', (value) => {
    expect(fromLocalInput(value, 0)).toBeNull();
  });

  it.each(['2024-02-30T10:00', '2023-02-29T10:00', '2024-13-01T10:00', '2024-00-10T10:00', '2024-04-31T10:00', '2024-01-01T24:00', '2024-01-01T10:60'])(
    'rejects the impossible date %j → null',
    (value) => {
      expect(fromLocalInput(value, 0)).toBeNull();
    },
  );

  it('keeps years below 100', () => {
    expect(toLocalInput(fromLocalInput('0050-06-15T12:00', 0)!, 0)).toBe('0050-06-15T12:00');
  });
});

describe('isExpired', () => {
  const now = Date.UTC(2024, 6, 1, 12);

  it('a party without an expiration never expires', () => {
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired(null, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('an expiration in the past has expired', () => {
    expect(isExpired(now - 1, now)).toBe(true);
    expect(isExpired(now - DAY_MS, now)).toBe(true);
    expect(isExpired(0, now)).toBe(true);
  });

  it('an expiration in the future has not', () => {
    expect(isExpired(now + 1, now)).toBe(false);
    expect(isExpired(now + DAY_MS, now)).toBe(false);
  });

  it('expires after, not at, the expiration instant', () => {
    expect(isExpired(now, now)).toBe(false);
  });

  it('is monotonic: once expired, later is expired too', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (expiration, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        if (isExpired(expiration, earlier)) expect(isExpired(expiration, later)).toBe(true);
      }),
    );
  });
});

describe('defaultExpiration', () => {
  it('is three days from now', () => {
    const now = Date.UTC(2024, 6, 1, 12);
    expect(DEFAULT_EXPIRATION_DAYS).toBe(3);
    expect(defaultExpiration(now)).toBe(now + 3 * 24 * 60 * 60 * 1000);
    expect(defaultExpiration(now)).toBe(Date.UTC(2024, 6, 4, 12));
  });

  it('is not expired now, nor just before three days pass, but is just after', () => {
    const now = Date.UTC(2024, 6, 1, 12);
    const expiration = defaultExpiration(now);
    expect(isExpired(expiration, now)).toBe(false);
    expect(isExpired(expiration, now + 3 * DAY_MS - 1)).toBe(false);
    expect(isExpired(expiration, now + 3 * DAY_MS + 1)).toBe(true);
  });
});

describe('the date fields (ADR 023): day, month, year and time typed apart, in every language', () => {
  const NOW = Date.UTC(2026, 10, 26, 12);

  it.each([
    ['de', '.'],
    ['en', '/'],
    ['fr', '/'],
    ['it', '/'],
    ['nl', '-'],
  ])('%s separates them with %j, as its dates are shown', (language, separator) => {
    expect(dateSeparator(language)).toBe(separator);
    expect(formatDate(Date.UTC(2027, 2, 15, 12), language, UTC)).toBe(['15', '03', '2027'].join(separator));
  });

  it('read as typed: one or two digits for day, month, hour and minute, four for the year, spaces around ignored', () => {
    expect(isoDate({ day: '5', month: '3', year: '1990' })).toBe('1990-03-05');
    expect(isoDate({ day: ' 15 ', month: '12', year: '1990 ' })).toBe('1990-12-15');
    expect(wallTime({ day: '24', month: '12', year: '2026', hour: '9', minute: '5' })).toBe('2026-12-24T09:05');
    expect(fromLocalInput(wallTime({ day: '24', month: '12', year: '2026', hour: '19', minute: '30' }), -60)).toBe(Date.UTC(2026, 11, 24, 18, 30));
  });

  it('all empty is no date; anything else incomplete, impossible or not a number is refused by the one rule for the value', () => {
    expect(isoDate(EMPTY_DATE)).toBe('');
    expect(isoDate({ day: ' ', month: '', year: '  ' })).toBe('');
    expect(wallTime(EMPTY_DATE_TIME)).toBe('');
    for (const parts of [
      { day: '30', month: '2', year: '1990' },
      { day: '5', month: '', year: '1990' },
      { day: '5', month: '3', year: '90' },
      { day: '5', month: '13', year: '1990' },
      { day: 'a', month: '3', year: '1990' },
      { day: '005', month: '3', year: '1990' },
      { day: '5', month: '3', year: '２０２０' },
    ]) {
      expect(isValidBirthday(isoDate(parts), NOW), JSON.stringify(parts)).toBe(false);
    }
    for (const parts of [
      { day: '24', month: '12', year: '2026', hour: '', minute: '' },
      { day: '', month: '', year: '', hour: '19', minute: '30' },
      { day: '24', month: '12', year: '2026', hour: '24', minute: '00' },
      { day: '24', month: '12', year: '2026', hour: '19', minute: '60' },
      { day: '31', month: '4', year: '2026', hour: '19', minute: '30' },
      { day: '24', month: '12', year: '2026', hour: '7pm', minute: '' },
    ]) {
      const value = wallTime(parts);
      expect(value, JSON.stringify(parts)).not.toBe('');
      expect(fromLocalInput(value, 0), JSON.stringify(parts)).toBeNull();
    }
  });

  it('show a stored value and read it back unchanged', () => {
    expect(dateParts('1988-04-12')).toEqual({ day: '12', month: '04', year: '1988' });
    expect(dateParts('')).toEqual(EMPTY_DATE);
    expect(dateTimeParts('2026-12-24T09:05')).toEqual({ day: '24', month: '12', year: '2026', hour: '09', minute: '05' });
    expect(dateTimeParts('')).toEqual(EMPTY_DATE_TIME);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(Date.UTC(9999, 0, 1) / 60_000) }), fc.constantFrom(-120, 0, 60, 330), (minutes, offset) => {
        const wall = toLocalInput(minutes * 60_000, offset);
        expect(wallTime(dateTimeParts(wall))).toBe(wall);
        expect(isoDate(dateParts(wall.slice(0, 10)))).toBe(wall.slice(0, 10));
      }),
      { numRuns: 200 },
    );
  });
});
