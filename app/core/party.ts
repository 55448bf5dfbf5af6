import { DAY_MS, DEFAULT_EXPIRATION_DAYS } from './limits';

/** A party without an expiration never expires. */
export function isExpired(expiration: number | null, now: number): boolean {
  return expiration !== null && expiration < now;
}

export function defaultExpiration(now: number): number {
  return now + DEFAULT_EXPIRATION_DAYS * DAY_MS;
}

export type PartyDatesError = 'expiryBeforeStart' | 'expiryInPast';

/**
 * The one rule for a party's dates. The expiry comes after the start. A new party may not be
 * over before it is created; an edit may set the expiry to now or earlier, because that is how a
 * consultant ends a party early (and an ended party can still be renamed or reopened).
 */
export function partyDatesError(dates: { start: number | null; expiration: number | null }, now: number, editing: boolean): PartyDatesError | null {
  if (dates.expiration === null) return null;
  if (dates.start !== null && dates.expiration <= dates.start) return 'expiryBeforeStart';
  if (!editing && dates.expiration <= now) return 'expiryInPast';
  return null;
}
