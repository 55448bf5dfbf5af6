import { DAY_MS, DEFAULT_EXPIRATION_DAYS } from './limits';

/** A party without an expiration never expires. */
export function isExpired(expiration: number | null, now: number): boolean {
  return expiration !== null && expiration < now;
}

export function defaultExpiration(now: number): number {
  return now + DEFAULT_EXPIRATION_DAYS * DAY_MS;
}
