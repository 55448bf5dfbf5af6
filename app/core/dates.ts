/**
 * Dates as the product shows them: dd.MM.yyyy in German, DD/MM/YYYY in English (and French and
 * Italian), dd-MM-yyyy in Dutch; times as HH:mm. One formatter for the whole product, and the rules
 * of the date fields people type into (ADR 023): every language reads day, month, year.
 */
const SEPARATOR: Record<string, string> = { de: '.', en: '/', fr: '/', it: '/', nl: '-' };

/** What stands between day, month and year in `language`. */
export function dateSeparator(language: string): string {
  return SEPARATOR[language] ?? '.';
}

/** Pages render in this zone on the server and switch to the browser's zone after hydration. */
export const SERVER_TIME_ZONE = 'Europe/Berlin';

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  const key = timeZone;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, format);
  }
  return format;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Day, month, year, hour and minute of `ms` in `timeZone`. In the runtime's own zone (no zone
 * given: the reader's, in a browser) the Date's own fields say the same as a formatter would, and
 * cost nothing: the first Intl.DateTimeFormat of a page costs 50–200 ms on a slow phone, inside the
 * chat's first drawing (ADR 051). A named zone (the server's render, and hydration) needs one.
 */
function parts(ms: number, timeZone: string | undefined): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  if (timeZone === undefined) {
    const date = new Date(ms);
    return {
      day: pad(date.getDate()),
      month: pad(date.getMonth() + 1),
      year: String(date.getFullYear()),
      hour: pad(date.getHours()),
      minute: pad(date.getMinutes()),
    };
  }
  const out: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) out[part.type] = part.value;
  return out as Record<'day' | 'month' | 'year' | 'hour' | 'minute', string>;
}

export function formatDate(ms: number, language: string, timeZone?: string): string {
  const p = parts(ms, timeZone);
  const sep = SEPARATOR[language] ?? '.';
  return `${p.day}${sep}${p.month}${sep}${p.year}`;
}

export function formatTime(ms: number, timeZone?: string): string {
  const p = parts(ms, timeZone);
  return `${p.hour}:${p.minute}`;
}

export function formatDateTime(ms: number, language: string, timeZone?: string): string {
  return `${formatDate(ms, language, timeZone)} ${formatTime(ms, timeZone)}`;
}

/** A `datetime-local` value (wall time) plus the browser's offset in minutes, as epoch ms. */
export function fromLocalInput(value: string, timezoneOffsetMinutes: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  // Date.UTC would roll 30 February into March and read year 50 as 1950: build, then compare.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, 0, 0);
  const valid =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && date.getUTCHours() === h && date.getUTCMinutes() === mi;
  return valid ? date.getTime() + timezoneOffsetMinutes * 60_000 : null;
}

/** A `datetime-local` value read as epoch ms: null when empty (no date), refused when it names no time. */
export function readWallTime(value: string, timezoneOffsetMinutes: number): { ms: number | null } | { error: 'invalidDate' } {
  if (value === '') return { ms: null };
  const ms = fromLocalInput(value, timezoneOffsetMinutes);
  return ms === null ? { error: 'invalidDate' } : { ms };
}

/** Epoch ms as a `datetime-local` value in the zone with the given offset. */
export function toLocalInput(ms: number, timezoneOffsetMinutes: number): string {
  const local = new Date(ms - timezoneOffsetMinutes * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A date as typed into the day, month and year fields: each as typed, '' when empty. */
export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** A date and a time of day as typed into their fields. */
export interface DateTimeParts extends DateParts {
  hour: string;
  minute: string;
}

export const EMPTY_DATE: DateParts = { day: '', month: '', year: '' };
export const EMPTY_DATE_TIME: DateTimeParts = { ...EMPTY_DATE, hour: '', minute: '' };

/** One or two digits padded to two; anything else (letters, three digits) stays as typed. */
function twoDigits(value: string): string {
  return /^\d{1,2}$/.test(value) ? value.padStart(2, '0') : value;
}

function trimmed<T extends object>(parts: T): T {
  return Object.fromEntries(Object.entries(parts).map(([key, value]) => [key, String(value).trim()])) as T;
}

/**
 * The ISO date (yyyy-MM-dd) the fields name, '' when all are empty. Day and month may be typed
 * with one digit; the year takes four. What is incomplete or not a number is passed on as typed,
 * so the one rule that judges the ISO date (a schema, `fromLocalInput`) refuses it.
 */
export function isoDate(parts: DateParts): string {
  const { day, month, year } = trimmed(parts);
  if (!day && !month && !year) return '';
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** A `datetime-local` value (yyyy-MM-ddTHH:mm) from the fields, '' when all are empty; as `isoDate`. */
export function wallTime(parts: DateTimeParts): string {
  const { hour, minute } = trimmed(parts);
  const date = isoDate(parts);
  if (!date && !hour && !minute) return '';
  return `${date || '--'}T${twoDigits(hour)}:${twoDigits(minute)}`;
}

/** The fields showing an ISO date (empty for ''). */
export function dateParts(iso: string): DateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? { day: match[3]!, month: match[2]!, year: match[1]! } : EMPTY_DATE;
}

/** The fields showing a `datetime-local` value (empty for ''). */
export function dateTimeParts(wall: string): DateTimeParts {
  const match = /T(\d{2}):(\d{2})$/.exec(wall);
  return match ? { ...dateParts(wall), hour: match[1]!, minute: match[2]! } : EMPTY_DATE_TIME;
}
