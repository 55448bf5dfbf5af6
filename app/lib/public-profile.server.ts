import type { AppLoadContext } from '@remix-run/cloudflare';
import { data } from '@remix-run/cloudflare';
import { isAppError } from '~/core/errors';
import { isShortId } from '~/core/party';
import type { PublicProfile } from '~/core/profile';
import type { StoreLink } from '~/core/site-config';
import { profileLinkPreview } from '~/lib/link-preview.server';
import type { PagePreview } from '~/lib/link-preview.server';
import { configuredStores } from '~/lib/site.server';

export type PublicProfileData = { state: 'ok'; profile: PublicProfile; stores: StoreLink[]; preview: PagePreview } | { state: 'profileNotFound' };

/**
 * A consultant's public profile by its short id, with the app's store links, for the pages anyone
 * may open with it (`/p/{id}`, `/addVIP/{id}`): a malformed or unknown id is a 404 "profile not found".
 */
export async function publicProfileData(context: AppLoadContext, request: Request, shortId: string) {
  if (!isShortId(shortId)) return data<PublicProfileData>({ state: 'profileNotFound' }, { status: 404 });
  try {
    const profile = await context.services.profiles.publicProfile(context.db, shortId);
    const preview = await profileLinkPreview(request, profile);
    return data<PublicProfileData>({ state: 'ok', profile, stores: configuredStores(context.env.SITE), preview });
  } catch (error) {
    if (isAppError(error) && error.code === 'profileNotFound') return data<PublicProfileData>({ state: 'profileNotFound' }, { status: 404 });
    throw error;
  }
}
