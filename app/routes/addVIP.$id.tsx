import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from '~/components/profile/profile-avatar';
import { PublicPage } from '~/components/public/public-page';
import { StoreLinks } from '~/components/public/store-links';
import { fullName } from '~/core/text';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';
import { publicProfileData } from '~/lib/public-profile.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.state === 'ok' ? `${fullName(data.profile)} · Salon` : 'Salon' },
  { name: 'robots', content: 'noindex' },
];

/**
 * `/addVIP/{id}`: adding a consultant as a VIP contact, for direct messages, which exist only in
 * the app (ADR 040). The id is her public profile's short id; the web says where to write to her
 * and leads to the stores and to her profile page. Anyone may open it, as the profile page.
 */
// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return publicProfileData(context, request, params.id ?? '');
}

export default function AddVip() {
  const { t } = useTranslation();
  const result = useLoaderData<typeof loader>();
  if (result.state !== 'ok') {
    return (
      <PublicPage>
        <div className="mx-auto max-w-md rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h1 className="text-xl font-semibold">{t('profilePage.notFoundTitle')}</h1>
          <p className="mt-3 text-slate-600">{t('profilePage.notFoundText')}</p>
        </div>
      </PublicPage>
    );
  }
  const { profile: advisor, stores } = result;
  const name = fullName(advisor);
  return (
    <PublicPage>
      <article className="mx-auto max-w-md rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex justify-center">
          <ProfileAvatar person={advisor} src={advisor.profilePic} size="lg" alt={t('profilePage.pictureAlt', { name })} />
        </div>
        <h1 className="mt-5 break-words text-2xl font-bold">{t('appPointer.title', { name })}</h1>
        <p className="mt-3 text-slate-700">{t('appPointer.text', { name })}</p>
        {stores.length > 0 ? (
          <section aria-labelledby="vip-stores" className="mt-6">
            <h2 id="vip-stores" className="text-lg font-semibold">
              {t('appPointer.stores')}
            </h2>
            <StoreLinks stores={stores} layout="row" />
          </section>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{t('appPointer.noStores', { name })}</p>
        )}
        <Link
          to={`/p/${advisor.shortId}`}
          className="mt-6 inline-block rounded-full px-5 py-2.5 font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-primary-light"
        >
          {t('appPointer.profile', { name })}
        </Link>
      </article>
    </PublicPage>
  );
}
