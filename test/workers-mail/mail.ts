import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import type { CodeSent, GuestAccount } from '../../app/core/guest-account';
import type { Guest } from '../workers/fixtures';
import { api, cookiePair, json, requestCode } from '../workers/fixtures';

/** Reading the Worker's mails back from the local mail catcher's JSON API (scripts/mail-catcher.mjs). */

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
}

export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${env.MAIL_CATCHER_URL}/api/messages?${new URLSearchParams({ to: address })}`);
  return (await response.json()) as CaughtMail[];
}

/** The mails to `address` once there are `count` of them (the mail goes after the answer). */
export async function waitForMails(address: string, count = 1): Promise<CaughtMail[]> {
  for (const end = Date.now() + 5000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const mails = await mailsTo(address);
    if (mails.length >= count) return mails;
  }
  throw new Error(`no ${count} mail(s) to ${address} in 5 s`);
}

/** The catcher keeps every mail of the run; a few tests need to know nothing more arrived. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

export function codeOf(mail: CaughtMail): string {
  const match = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text);
  if (!match) throw new Error(`no code in:\n${mail.text}`);
  return match[1]!;
}

/** A code request that must succeed: its challenge, its cookie, and the code from the newest mail. */
export async function mailedCode(
  email: string,
  options: { claim?: boolean; headers?: Record<string, string>; languageCode?: string } = {},
): Promise<{ challenge: string; cookie: string; code: string; mail: CaughtMail }> {
  const before = (await mailsTo(email)).length;
  const response = await requestCode(email, options);
  expect(response.status, await response.clone().text()).toBe(200);
  const { challenge } = await json<CodeSent>(response.clone());
  const mails = await waitForMails(email, before + 1);
  const mail = mails[mails.length - 1]!;
  return { challenge, cookie: cookiePair(response, 'salon_code'), code: codeOf(mail), mail };
}

/** A guest who claimed `email` (with the mailed code) from her first device. */
export async function claimed(guest: Guest, email: string): Promise<GuestAccount> {
  const { challenge, code } = await mailedCode(email, { claim: true, headers: guest.headers });
  const response = await api(`/auth/claim/${code}`, { method: 'PUT', headers: guest.headers, body: { challenge } });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<GuestAccount>(response);
}
