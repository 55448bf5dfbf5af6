/** Rules for a consultant's profile that forms, the API and the public page share. */
import { safeHref } from './format';
import type { ProfileCard } from './profile-card';

/** Phone numbers as people type them: digits and the usual separators, a leading + at most. */
const PHONE = /^\+?[0-9 ()/.-]+$/;

export function isPhoneNumber(value: string): boolean {
  return PHONE.test(value) && (value.match(/[0-9]/g)?.length ?? 0) >= 3;
}

/** The `tel:` address of a phone number: its digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/[^0-9]/g, '')}`;
}

/**
 * Links on a profile: written with http:// or https://, and a web address by the same rules as
 * links in messages (`safeHref`: a plain host, no credentials, no invisible characters). Returns
 * the href to link to, or null.
 */
export function profileHref(value: string): string | null {
  return /^https?:\/\//i.test(value) ? safeHref(value) : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The first day a birthday may be on. */
const BIRTHDAY_MIN = '1900-01-01';
/** The zone furthest ahead (UTC+14): a birthday that is today anywhere is not in the future. */
const AHEAD_MS = 14 * 60 * 60 * 1000;

/** The latest birthday allowed at `now`: today in the zone furthest ahead, as yyyy-MM-dd. */
export function latestBirthday(now: number): string {
  return new Date(now + AHEAD_MS).toISOString().slice(0, 10);
}

/** An ISO date (yyyy-MM-dd) that exists in the calendar, from 1900 on and not in the future. */
export function isValidBirthday(value: string, now: number): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && value >= BIRTHDAY_MIN && value <= latestBirthday(now);
}

/** A profile as its owner sees it. `profilePic` is the picture's public address, or null. */
export interface Profile {
  id: string;
  shortId: string;
  firstName: string;
  lastName: string;
  birthday: string | null;
  phoneNo: string | null;
  email: string | null;
  website: string | null;
  shopLink: string | null;
  biography: string | null;
  profilePic: string | null;
  createdAt: number;
  updatedAt: number | null;
}

/**
 * What the public profile page shows: no birthday, no shop link, no ids. A profile
 * card in the chat carries exactly this.
 */
export type PublicProfile = ProfileCard;

/** A sales partner the landing page's search finds: what their public page shows first. */
export type PartnerHit = Pick<PublicProfile, 'shortId' | 'firstName' | 'lastName' | 'profilePic'>;

/**
 * Where the web points a guest who wants to write to a consultant directly: direct messages exist
 * only in the app, and this page says so and leads there (ADR 040).
 */
export function directMessagePath(shortId: string): string {
  return `/addVIP/${shortId}`;
}
