import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Counters } from '~/components/landing/counters';
import { JoinPartyForm } from '~/components/landing/join-party-form';
import { PartnerSearch } from '~/components/landing/partner-search';
import { PhoneMockup } from '~/components/landing/phone-mockup';
import { ProductVideo } from '~/components/landing/product-video';
import { StoreBadges } from '~/components/landing/store-badges';
import { PublicPage } from '~/components/public/public-page';
import { configuredStores } from '~/lib/site.server';
import { partyIdFromInput } from '~/core/party';
import { PartnerSearchQuerySchema } from '~/core/schemas';
import { FIRST_MENU_PATH } from '~/core/workspace';
import { LANGUAGES } from '~/i18n/config';
import { localeOf } from '~/i18n/i18n.server';
import { loadTranslation } from '~/i18n/resources';
import { sitePagePreview } from '~/lib/link-preview.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

/**
 * The landing page at / and, as the same module, at /de, /en, /fr, /it and /nl (vite.config.ts),
 * whose address sets the page's language. Its title and description are in that language, and
 * every variant names the others (absolute addresses, as search engines want them).
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  // The root's own tags (the theme colour) stay; a route's meta replaces its parents'.
  const inherited = matches.flatMap((match) => match.meta ?? []).filter((tag) => !('title' in tag));
  if (!data) return [...inherited, { title: 'Salon' }];
  return [
    ...inherited,
    { title: data.meta.title },
    ...data.preview.tags,
    { tagName: 'link', rel: 'canonical', href: `${data.origin}${data.path}` },
    ...LANGUAGES.map((language) => ({ tagName: 'link', rel: 'alternate', hrefLang: language, href: `${data.origin}/${language}` })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${data.origin}/` },
  ];
};

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = url.searchParams.has('returnTo') ? context.services.returnTo.safeReturnTo(url.searchParams.get('returnTo'), request) : null;
  if (context.identity.consultant) return redirect(returnTo ?? FIRST_MENU_PATH);
  // The two forms without script: a party's link goes to the party, a name asks the search.
  const party = url.searchParams.get('party');
  const partyId = party === null ? null : partyIdFromInput(party);
  if (partyId) return redirect(`/${partyId}`);
  const partner = url.searchParams.has('partner') ? PartnerSearchQuerySchema.safeParse({ q: url.searchParams.get('partner') }) : null;
  const texts = (await loadTranslation(await localeOf(request), ['workspace'])).landing;
  return {
    returnTo,
    origin: url.origin,
    path: url.pathname,
    meta: { title: texts.metaTitle },
    preview: await sitePagePreview(request, { title: texts.metaTitle, description: texts.metaDescription }),
    // Only a party input that names no party gets here: shown again, with the error.
    wrongParty: party === null ? null : party.slice(0, 300),
    stores: configuredStores(context.env.SITE),
    partner: partner?.success ? { query: partner.data.q, hits: await context.services.profiles.searchPartners(context.db, partner.data.q) } : null,
  };
}

export default function Landing() {
  const { t, i18n } = useTranslation();
  const { returnTo, wrongParty, partner, stores } = useLoaderData<typeof loader>();
  const login = returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login';
  return (
    <PublicPage
      appSwitch
      action={
        <Link to={login} className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90">
          {t('landing.signIn')}
        </Link>
      }
      mainClassName="mx-auto w-full max-w-5xl px-4 pb-16 pt-6 sm:pt-10"
    >
      <div className="flex flex-col gap-10 md:flex-row md:items-center">
        <div className="flex-1">
          <h1 className="text-3xl font-bold leading-tight sm:text-5xl">{t('landing.headline')}</h1>
          <p className="mt-4 text-lg text-slate-700">{t('landing.intro')}</p>
          <section aria-labelledby="join" className="mt-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="join" className="mb-3 text-lg font-semibold">
              {t('landing.joinTitle')}
            </h2>
            <JoinPartyForm value={wrongParty ?? ''} invalid={wrongParty !== null} />
          </section>
        </div>
        <PhoneMockup />
      </div>

      <div className="mt-12 grid gap-4 md:grid-cols-2">
        <Audience
          id="consultants"
          title={t('landing.consultantTitle')}
          text={t('landing.consultantText')}
          points={[t('landing.consultantPoint1'), t('landing.consultantPoint2'), t('landing.consultantPoint3')]}
        >
          <Link to={login} className="mt-5 inline-block rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90">
            {t('landing.signIn')}
          </Link>
        </Audience>
        <Audience
          id="guests"
          title={t('landing.guestTitle')}
          text={t('landing.guestText')}
          points={[t('landing.guestPoint1'), t('landing.guestPoint2'), t('landing.guestPoint3')]}
        />
      </div>

      <section aria-labelledby="numbers" className="mt-12">
        <h2 id="numbers" className="mb-4 text-2xl font-bold">
          {t('landing.countersTitle')}
        </h2>
        <Counters />
      </section>

      <section aria-labelledby="video" className="mt-12 grid items-center gap-6 md:grid-cols-2">
        <div>
          <h2 id="video" className="text-2xl font-bold">
            {t('landing.videoTitle')}
          </h2>
          <p className="mt-2 text-slate-700">{t('landing.videoText')}</p>
        </div>
        <ProductVideo />
      </section>

      <section aria-labelledby="partner" className="mt-12 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="partner" className="text-2xl font-bold">
          {t('landing.partnerTitle')}
        </h2>
        <p className="mb-4 mt-2 text-slate-700">{t('landing.partnerText')}</p>
        <PartnerSearch query={partner?.query} hits={partner?.hits} />
      </section>

      {/* Only where the app is listed in a store (the SITE configuration; none locally). */}
      {stores.length > 0 ? (
        <section aria-labelledby="apps" className="mt-12 text-center sm:text-left">
          <h2 id="apps" className="text-2xl font-bold">
            {t('landing.appsTitle')}
          </h2>
          <p className="mb-4 mt-2 text-slate-700">{t('landing.appsText')}</p>
          <StoreBadges language={i18n.language} stores={stores} />
        </section>
      ) : null}
    </PublicPage>
  );
}

function Audience({ id, title, text, points, children }: { id: string; title: string; text: string; points: string[]; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <ul className="mt-4 space-y-2">
        {points.map((point) => (
          <li key={point} className="flex gap-2 text-slate-700">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-secondary-dark" fill="currentColor">
              <path d="M8 13.2 4.8 10 3.4 11.4 8 16l9-9-1.4-1.4z" />
            </svg>
            {point}
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
