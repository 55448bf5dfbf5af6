import { env } from 'cloudflare:test';

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
