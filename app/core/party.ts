import type { Member, PartyRole } from './messages';
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

/** A short id, the key in a party's link and a public profile page's: letters and digits. */
const SHORT_ID = /^[0-9A-Za-z]{6,32}$/;
/** A web link, with or without its scheme: host (and port), then the path (group 1), query, fragment. */
const PARTY_LINK = /^(?:https?:\/\/)?[A-Za-z0-9.-]+(?::\d{1,5})?(\/[^?#\s]*)?(?:[?#]\S*)?$/i;
/** Longer than any link to a party; what is longer is not one. */
const PARTY_INPUT_MAX = 300;

export function isShortId(value: string): boolean {
  return SHORT_ID.test(value);
}

/**
 * The party a visitor means by what they typed or pasted: its link (with or without the scheme,
 * any host, a query or a fragment) or its code alone. Null when it names no party: a link whose
 * path is not a single short id (a profile page, a sign-in page) names none.
 */
export function partyIdFromInput(input: string): string | null {
  const text = input.trim();
  if (isShortId(text)) return text;
  if (text.length > PARTY_INPUT_MAX) return null;
  const path = PARTY_LINK.exec(text)?.[1];
  if (path === undefined) return null;
  const segments = path.split('/').filter(Boolean);
  return segments.length === 1 && isShortId(segments[0]!) ? segments[0]! : null;
}

/** What anyone holding the link may learn, plus who they are in it. */
/**
 * PUT /api/parties/{id}/join: who she is in the party; for the app (a request without Origin) a new
 * guest's secret (Basic guestId:secretKey from then on), and a ticket that opens the party's socket
 * within a minute without a database read (ADR 047).
 */
export interface JoinAnswer {
  guestId: string;
  firstName: string;
  lastName: string;
  role: PartyRole;
  secretKey?: string;
  socketTicket?: string;
}

export interface PartyInfo {
  id: string;
  shortId: string;
  title: string;
  host: string | null;
  /** `profileShortId`: the managing profile's public page, where direct messages to her begin (null without one). */
  manager: { firstName: string; lastName: string; profileShortId: string | null } | null;
  start: number | null;
  expiration: number | null;
  passwordProtected: boolean;
  restrictedMessaging: boolean;
  expired: boolean;
  me: Member | null;
}
