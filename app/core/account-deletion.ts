import { DAY_MS } from './limits';

/**
 * Account deletion by e-mail (spec: /delete-account, §5 "the promise is deletion within 48 h").
 * Someone gives an address; if a consultant's account has it, a link is mailed to it; opening the
 * link and confirming schedules the deletion, which the daily cron carries out.
 */

/** How long a mailed link works. */
export const DELETION_LINK_TTL_MS = DAY_MS;

/**
 * At most one mail per account in this time, whoever asks: the form is public, and it must not be
 * a way to flood someone's inbox. A request inside it is answered the same and sends nothing.
 */
export const DELETION_MAIL_INTERVAL_MS = 10 * 60 * 1000;

/**
 * What the confirm page promises. The cron runs daily, so a confirmed deletion happens within 24
 * hours; the promise leaves a day for one failed run.
 */
export const DELETION_PROMISE_HOURS = 48;

/** A mailed token: 32 random bytes, base64url (worker/auth/crypto.ts randomToken). */
export const DELETION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
