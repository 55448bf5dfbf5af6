/** The cookies Salon sets. All HttpOnly; Secure wherever the browser allows it. */
export const COOKIE = {
  access: 'salon_at',
  refresh: 'salon_rt',
  guest: 'salon_guest',
  /** The challenge of a mailed code (worker/auth/guests.ts). */
  code: 'salon_code',
  signIn: 'salon_signin',
  language: 'lng',
  /** The visitor's remembered choices (app/core/visitor.ts): the cookie notice dismissed… */
  cookiesNoted: 'salon_cookies_noted',
  /** …and the browser chosen over the app. */
  inBrowser: 'salon_in_browser',
  /** Where the database was at this browser's last write (D1's session bookmark, ADR 049). */
  bookmark: 'salon_bm',
} as const;

export function readCookies(request: Request): Map<string, string> {
  const cookies = new Map<string, string>();
  const header = request.headers.get('Cookie');
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
  }
  return cookies;
}

/** Browsers treat http://localhost as secure, so Secure is only left out for plain http elsewhere. */
function isSecureContext(url: URL): boolean {
  return url.protocol === 'https:' || url.hostname === 'localhost' || url.hostname === '127.0.0.1';
}

export function serializeCookie(request: Request, name: string, value: string, options: { maxAge: number; httpOnly?: boolean }): string {
  const url = new URL(request.url);
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', `Max-Age=${options.maxAge}`, 'SameSite=Lax'];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (isSecureContext(url)) parts.push('Secure');
  return parts.join('; ');
}

export function clearCookie(request: Request, name: string): string {
  return serializeCookie(request, name, '', { maxAge: 0 });
}
