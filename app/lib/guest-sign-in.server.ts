import type { AppLoadContext } from '@remix-run/cloudflare';
import type { GuestAccount } from '~/core/guest-account';

/** The guest this browser is signed in as, with her account (whose `email` says whether she has claimed one); null for anyone else. */
export async function signedInGuest(context: AppLoadContext): Promise<GuestAccount | null> {
  const guest = context.identity.guest;
  return guest ? context.services.guestAccounts.guestAccount(context.db, guest.guestId) : null;
}
