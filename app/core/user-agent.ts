/**
 * What a request's User-Agent says about the visitor's device and browser. A guess by design: it
 * decides only what to offer (the app, a warning), never what anyone may do.
 */

/** The oldest Firefox Salon supports; older ones are warned. */
export const FIREFOX_MIN_VERSION = 81;

export type PhonePlatform = 'ios' | 'android';

/**
 * The phone's platform, or null for anything else. iPads that ask for the desktop site call
 * themselves Macs and are left alone; Android tablets without "Mobile" too, as the app is a phone app.
 */
export function phonePlatform(userAgent: string | null | undefined): PhonePlatform | null {
  if (!userAgent) return null;
  if (/\b(iPhone|iPod)\b/.test(userAgent)) return 'ios';
  if (/\bAndroid\b/.test(userAgent) && /\bMobile\b/.test(userAgent)) return 'android';
  return null;
}

/**
 * Firefox's major version, or null when it is not Firefox. Firefox for iOS ("FxiOS") is WebKit
 * underneath and has its own numbers, so it does not count; Gecko-based forks name themselves
 * "Firefox/<version>" as well and are meant.
 */
export function firefoxVersion(userAgent: string | null | undefined): number | null {
  if (!userAgent || /\bFxiOS\//.test(userAgent)) return null;
  const match = /\bFirefox\/(\d+)(?:\.\d+)*/.exec(userAgent);
  return match ? Number(match[1]) : null;
}

export function isUnsupportedFirefox(userAgent: string | null | undefined): boolean {
  const version = firefoxVersion(userAgent);
  return version !== null && version < FIREFOX_MIN_VERSION;
}
