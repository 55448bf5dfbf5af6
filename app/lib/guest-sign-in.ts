import type { CodeSent, GuestAccount, GuestSignIn } from '~/core/guest-account';
import { apiFetch } from '~/lib/api';

/**
 * A guest's sign-in by a mailed code, from the browser: asking for a code (to sign in with an
 * address, or to claim one for the guest of this browser) and redeeming it. The challenge that binds
 * the code to its request travels in the HttpOnly `salon_code` cookie the API sets, so the pages
 * never hold it.
 */
export type CodeMode = 'login' | 'claim';

/** Where a guest with an account lands. */
export const MY_PARTIES_PATH = '/my-parties';

/** Mails a code to `email` in the page's language: POST /api/auth/login or /api/auth/claim. */
export function requestCode(mode: CodeMode, email: string, languageCode: string) {
  return apiFetch<CodeSent>(`/api/auth/${mode}`, { method: 'POST', body: { email: email.trim(), languageCode } });
}

/** Redeems a code: signs this browser in as the address's guest, or attaches the address to its guest. */
export function redeemCode(mode: CodeMode, email: string, code: string) {
  const verificationCode = code.trim();
  return mode === 'claim'
    ? apiFetch<GuestAccount>(`/api/auth/claim/${encodeURIComponent(verificationCode)}`, { method: 'PUT', body: {} })
    : apiFetch<GuestSignIn>('/api/auth/verify', { method: 'POST', body: { email: email.trim(), verificationCode } });
}

/** The code entry page for a code just mailed to `email`. */
export function codePagePath(mode: CodeMode, email: string): string {
  const query = new URLSearchParams(mode === 'claim' ? { mode, email: email.trim() } : { email: email.trim() });
  return `/login/code?${query}`;
}
