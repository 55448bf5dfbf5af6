/**
 * Dates as the spec shows them: dd.MM.yyyy in German, DD/MM/YYYY in English (and French and
 * Italian), dd-MM-yyyy in Dutch; times as HH:mm. One formatter for the whole product.
 */
const SEPARATOR: Record<string, string> = { de: '.', en: '/', fr: '/', it: '/', nl: '-' };

/** Pages render in this zone on the server and switch to the browser's zone after hydration. */
export const SERVER_TIME_ZONE = 'Europe/Berlin';

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, format);
  }
  return format;
}

function parts(ms: number, timeZone: string | undefined) {
  const format = formatter(timeZone);
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(ms)) out[part.type] = part.value;
  return out;
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
  const valid = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && date.getUTCHours() === h && date.getUTCMinutes() === mi;
  return valid ? date.getTime() + timezoneOffsetMinutes * 60_000 : null;
}

/** Epoch ms as a `datetime-local` value in the zone with the given offset. */
export function toLocalInput(ms: number, timezoneOffsetMinutes: number): string {
  const local = new Date(ms - timezoneOffsetMinutes * 60_000);
  return local.toISOString().slice(0, 16);
}
