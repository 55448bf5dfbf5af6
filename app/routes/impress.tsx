import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '~/components/public/public-page';
import { sitePagePreview } from '~/lib/link-preview.server';
import { SampleNote } from '~/components/public/sample-note';
import { disputeResolution, parseSiteConfig, showsContentProvider } from '~/core/site-config';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.legal.company} · Salon` : 'Salon' }, ...(data?.preview.tags ?? [])];

export const clientLoader = withWorkspaceTexts;

/** The legal notice's facts come from the configuration (app/core/site-config.ts), checked on every request. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { legal } = parseSiteConfig(context.env.SITE);
  return { legal, preview: await sitePagePreview(request, { title: `${legal.company} · Salon`, key: 'impress' }) };
}

/** The legal notice: company, directors, register, VAT id, contact, dispute resolution. */
export default function Impress() {
  const { t, i18n } = useTranslation();
  const { legal } = useLoaderData<typeof loader>();
  const register = legal.registerCourt || legal.registerNumber;
  return (
    <PublicPage>
      <article className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('legal.impressTitle')}</h1>
        {legal.sample ? <SampleNote /> : null}
        <Part title={t('legal.provider')}>
          <Address lines={[legal.company, ...legal.address]} />
        </Part>
        {legal.directors.length > 0 ? (
          <Part title={t('legal.representedBy')}>
            <p>{legal.directors.join(', ')}</p>
          </Part>
        ) : null}
        <Part title={t('legal.contact')}>
          <Facts
            facts={[
              [
                t('legal.email'),
                <a key="email" href={`mailto:${legal.email}`} className="text-primary-dark underline">
                  {legal.email}
                </a>,
              ],
              legal.phone
                ? [
                    t('legal.phone'),
                    <a key="phone" href={`tel:${legal.phone.replace(/[^+\d]/g, '')}`} className="text-primary-dark underline">
                      {legal.phone}
                    </a>,
                  ]
                : null,
            ]}
          />
        </Part>
        {register ? (
          <Part title={t('legal.register')}>
            <Facts
              facts={[
                legal.registerCourt ? [t('legal.registerCourt'), legal.registerCourt] : null,
                legal.registerNumber ? [t('legal.registerNumber'), legal.registerNumber] : null,
              ]}
            />
          </Part>
        ) : null}
        {legal.vatId ? (
          <Part title={t('legal.vatId')}>
            <p>{legal.vatId}</p>
          </Part>
        ) : null}
        {showsContentProvider(i18n.language) ? (
          <Part title={t('legal.contentProvider')}>
            <Address lines={[legal.contentProvider.name, ...legal.contentProvider.address]} />
          </Part>
        ) : null}
        <Part title={t('legal.disputeResolution')}>
          <p>{disputeResolution(legal, i18n.language)}</p>
        </Part>
      </article>
    </PublicPage>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-6">
      <h2 className="font-semibold">{title}</h2>
      <div className="mt-1 text-slate-700">{children}</div>
    </section>
  );
}

function Address({ lines }: { lines: string[] }) {
  return (
    <address className="not-italic">
      {lines.map((line, index) => (
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

function Facts({ facts }: { facts: ([string, ReactNode] | null)[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {facts
        .filter((fact) => fact !== null)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
