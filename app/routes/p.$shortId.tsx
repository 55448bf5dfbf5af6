import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '~/components/language-menu';
import { Logo } from '~/components/logo';
import { ProfileAvatar } from '~/components/profile/profile-avatar';
import { StatePanel } from '~/components/state-panel';
import { directMessagePath, profileHref, telHref } from '~/core/profile';
import type { PublicProfile } from '~/core/profile';
import { fullName } from '~/core/text';
import type { StoreLink } from '~/core/site-config';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';
import { publicProfileData } from '~/lib/public-profile.server';
import { StoreLinks } from '~/components/public/store-links';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.state === 'ok' ? `${fullName(data.profile)} · Salon` : 'Salon' },
  // Phone numbers and e-mail addresses: shared by hand (with a link preview), not found by search engines.
  { name: 'robots', content: 'noindex' },
  ...(data?.state === 'ok' ? data.preview.tags : []),
];

/** A consultant's public profile page, by the profile's short id. */
// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return publicProfileData(context, request, params.shortId ?? '');
}

export default function PublicProfilePage() {
  const { t, i18n } = useTranslation();
  const result = useLoaderData<typeof loader>();
  return (
    <div className="min-h-full bg-gradient-to-b from-primary-light to-slate-50">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
        <Logo className="text-xl" />
        <LanguageMenu />
      </header>
      {result.state === 'ok' ? (
        <ProfileCard profile={result.profile} stores={result.stores} language={i18n.language} />
      ) : (
        <StatePanel title={t('profilePage.notFoundTitle')}>
          <p>{t('profilePage.notFoundText')}</p>
        </StatePanel>
      )}
    </div>
  );
}

function ProfileCard({ profile, stores, language }: { profile: PublicProfile; stores: StoreLink[]; language: string }) {
  const { t } = useTranslation();
  const name = fullName(profile);
  const website = profile.website ? profileHref(profile.website) : null;
  const contact = [
    profile.phoneNo ? { label: t('profilePage.phone'), href: telHref(profile.phoneNo), text: profile.phoneNo, external: false } : null,
    profile.email ? { label: t('profilePage.email'), href: `mailto:${profile.email}`, text: profile.email, external: false } : null,
    website ? { label: t('profilePage.website'), href: website, text: website.replace(/^https?:\/\//i, '').replace(/\/$/, ''), external: true } : null,
  ].filter((entry) => entry !== null);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pb-16">
      <article className="rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        <div className="flex justify-center">
          <ProfileAvatar person={profile} src={profile.profilePic} size="lg" alt={t('profilePage.pictureAlt', { name })} />
        </div>
        <h1 className="mt-5 break-words text-2xl font-bold tracking-wide sm:text-3xl">
          {profile.firstName.toLocaleUpperCase(language)} {profile.lastName.toLocaleUpperCase(language)}
        </h1>
        {/* Direct messages exist only in the app; this leads there (ADR 040). */}
        <Link
          to={directMessagePath(profile.shortId)}
          className="mt-4 inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90"
        >
          {t('appPointer.fromProfile')}
        </Link>
        {contact.length > 0 ? (
          <Block id="contact" title={t('profilePage.contact')} hideTitle>
            <dl className="divide-y divide-slate-200 rounded-2xl ring-1 ring-slate-200">
              {contact.map((entry) => (
                <div key={entry.label} className="flex flex-wrap items-baseline justify-between gap-x-4 px-4 py-3">
                  <dt className="text-sm text-slate-600">{entry.label}</dt>
                  <dd className="min-w-0 break-all font-medium">
                    <a
                      href={entry.href}
                      className="text-primary-dark underline"
                      {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer nofollow ugc' } : {})}
                    >
                      {entry.text}
                    </a>
                  </dd>
                </div>
              ))}
            </dl>
          </Block>
        ) : null}
        {profile.biography ? (
          <Block id="about" title={t('profilePage.about')}>
            <p className="mt-2 whitespace-pre-line break-words text-slate-700">{profile.biography}</p>
          </Block>
        ) : null}
      </article>
      {/* Store links only for the stores the app is configured in (app/core/site-config.ts). */}
      {stores.length > 0 ? (
        <section aria-labelledby="get-app" className="mt-8 text-center">
          <h2 id="get-app" className="text-lg font-semibold">
            {t('profilePage.getApp')}
          </h2>
          <StoreLinks stores={stores} layout="row" />
        </section>
      ) : null}
    </main>
  );
}

function Block({ id, title, hideTitle = false, children }: { id: string; title: string; hideTitle?: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mx-auto mt-6 max-w-md text-left">
      <h2 id={id} className={hideTitle ? 'sr-only' : 'text-lg font-semibold'}>
        {title}
      </h2>
      {children}
    </section>
  );
}
