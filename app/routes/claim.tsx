import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useTranslation } from 'react-i18next';
import { EmailCodeForm, GUEST_CARD } from '~/components/guest-login/guest-login-forms';
import { PublicPage } from '~/components/public/public-page';
import { MY_PARTIES_PATH } from '~/lib/guest-sign-in';
import { signedInGuest } from '~/lib/guest-sign-in.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Salon' }, { name: 'robots', content: 'noindex' }];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/** A guest who joined by name attaches an address to herself; anyone else has nothing to claim here. */
export async function loader({ context }: LoaderFunctionArgs) {
  const guest = await signedInGuest(context);
  if (!guest) return redirect('/login');
  if (guest.email) return redirect(MY_PARTIES_PATH);
  return null;
}

export default function Claim() {
  const { t } = useTranslation();
  return (
    <PublicPage mainClassName="flex items-start justify-center px-4 py-8 sm:items-center">
      <div className={GUEST_CARD}>
        <h1 className="text-2xl font-semibold">{t('guestLogin.claimTitle')}</h1>
        <p className="mt-2 text-slate-600">{t('guestLogin.claimIntro')}</p>
        <EmailCodeForm mode="claim" id="claim-email" />
      </div>
    </PublicPage>
  );
}
