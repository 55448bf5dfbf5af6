import { DAY_MS } from './limits';

/**
 * Account deletion by e-mail (/delete-account; the page promises deletion within 48 hours). Someone
 * gives an address; if a consultant's account has it, a link is mailed to it; opening the link and
 * confirming schedules the deletion, which the daily cron carries out.
 */

/** How long a mailed link works. */
export const DELETION_LINK_TTL_MS = DAY_MS;

/**
 * At most one request per address in this time, whoever asks: the form is public, and it must not
 * be a way to flood someone's inbox. A request inside it sends nothing and is told when the next
 * one may be made; the same for an address with an account and one without.
 */
export const DELETION_MAIL_INTERVAL_MS = 10 * 60 * 1000;

const MINUTE_MS = 60_000;

/**
 * When an address that asked at `requestedAt` may ask again: the interval's end, rounded up to a
 * whole minute, so the time the page shows (HH:mm) is never a minute too early.
 */
export function nextDeletionRequestAt(requestedAt: number): number {
  return Math.ceil((requestedAt + DELETION_MAIL_INTERVAL_MS) / MINUTE_MS) * MINUTE_MS;
}

/** A request made at or before this no longer holds back one made at `now` (the same rule as above). */
export function deletionRequestCutoff(now: number): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS - DELETION_MAIL_INTERVAL_MS;
}

/** The answer to a request: a link is on its way (if the address has an account), or not yet again. */
export type DeletionRequestAnswer = { sent: true } | { sent: false; againAt: number };

/**
 * What the confirm page promises. The cron runs daily, so a confirmed deletion happens within 24
 * hours; the promise leaves a day for one failed run.
 */
export const DELETION_PROMISE_HOURS = 48;

/** A mailed token: 32 random bytes, base64url (worker/auth/crypto.ts randomToken). */
export const DELETION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
