import { pictureVersion } from './images';

/**
 * Guest accounts (ADR 034): a guest who joined by name may attach an e-mail address (claiming),
 * register with a name and an address, and sign in on any device with a code mailed to it. The
 * rules both sides share: the code's shape and life, the send limits, and the wire types.
 */
/** Digits in a mailed code: 10^6 codes, of which an attacker may try GUEST_CODE.triesMax per code. */
export const GUEST_CODE = {
  digits: 6,
  ttlMs: 10 * 60_000,
  /** Wrong tries that end a code; the next try, even with the right code, fails. */
  triesMax: 5,
} as const;

export const GUEST_CODE_PATTERN = /^\d{6}$/;

/**
 * How many codes may be mailed within `windowMs`: to one address, from one client address, and in
 * all. The per-address limit also caps the guesses at one address (triesMax per code).
 */
export const GUEST_CODE_SENDS = {
  windowMs: 60 * 60_000,
  perAddress: 5,
  perClient: 20,
  overall: 2_000,
} as const;

/** A code request's answer, the same whether or not the address belongs to a guest. */
export interface CodeSent {
  /** Binds the code to this request: the verification must present it (the app keeps it; browsers get it as a cookie too). */
  challenge: string;
}

/** A guest as she sees herself; others see `GuestCard`. */
export interface GuestAccount {
  id: string;
  firstName: string;
  lastName: string;
  /** The address she signs in with; null until she claims one. */
  email: string | null;
  /** Address of her picture, or null. */
  picture: string | null;
}

/** A guest as a fellow member or a party's manager sees her (GET /api/guests/:id). */
export type GuestCard = Omit<GuestAccount, 'email'>;

/** What a successful sign-in or registration hands the device: its own credentials and who she is. */
export interface GuestSignIn {
  id: string;
  secretKey: string;
  guest: GuestAccount;
}

/** One party in a guest's "my parties" list. */
export interface GuestParty {
  id: string;
  shortId: string;
  title: string;
  host: string | null;
  managerName: string;
  /** Her name in that party. */
  firstName: string;
  lastName: string;
  startAt: number | null;
  expiresAt: number | null;
  expired: boolean;
  latestAt: number | null;
  unread: boolean;
}

/** The form in which addresses are stored and compared: trimmed, lower case. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The address a guest's picture is served at; `v` names the picture's version so it can be cached. */
export function guestPictureUrl(guestId: string, pictureKey: string | null): string | null {
  if (!pictureKey) return null;
  return `/api/guests/${encodeURIComponent(guestId)}/picture?v=${encodeURIComponent(pictureVersion(pictureKey))}`;
}
