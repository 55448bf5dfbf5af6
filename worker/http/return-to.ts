import { FIRST_MENU_PATH } from '../../app/core/workspace';

/**
 * A raw target a browser would read differently from the URL parser (ADR 019): control characters
 * (tab, CR, LF: the parser drops them, so `/\t/evil.example` becomes `//evil.example`, and in a
 * Location header CR and LF are not even allowed) and the backslash (browsers read it as a slash).
 */
const UNSAFE = /[\u0000-\u001F\u007F\\]/;

/**
 * Where a visitor may be sent back to after sign-in, a language switch or a remembered choice: a
 * path of this site, read as the browser will read it, or the first menu item. Every place that
 * redirects to a target a request named uses this rule, and only this one.
 */
export function safeReturnTo(value: string | null | undefined, request: Request): string {
  if (!value || !value.startsWith('/') || UNSAFE.test(value)) return FIRST_MENU_PATH;
  const origin = new URL(request.url).origin;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return FIRST_MENU_PATH;
  }
  // The parser keeps the origin of `/.//evil.example` but normalises its path to `//evil.example`,
  // which a browser reads in a Location header as another host.
  if (target.origin !== origin || target.pathname.startsWith('//')) return FIRST_MENU_PATH;
  return `${target.pathname}${target.search}${target.hash}`;
}
