import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PRIVACY_AS_OF, privacyNotice } from '~/content/privacy';
import type { PrivacyBlock } from '~/content/privacy';
import { PublicPage } from '~/components/public/public-page';
import { SampleNote } from '~/components/public/sample-note';
import { jurisdictionSetting } from '~/core/data-location';
import { parseSiteConfig } from '~/core/site-config';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction = () => [{ title: 'Datenschutzhinweise · Salon' }];

export const clientLoader = withWorkspaceTexts;

export function loader({ context }: LoaderFunctionArgs) {
  const { legal } = parseSiteConfig(context.env.SITE);
  return { sample: legal.sample, sections: privacyNotice(legal, jurisdictionSetting(context.env.DATA_JURISDICTION)) };
}

/**
 * The privacy notice, in German in every language. A translation of a legal text is a second legal
 * text that must say exactly the same, reviewed with every change; until an operator has such
 * translations, a visitor in another language is told in their language that the notice is German
 * only and binding, and the text is marked as German for screen readers and translating browsers.
 */
export default function Privacy() {
  const { t, i18n } = useTranslation();
  const { sample, sections } = useLoaderData<typeof loader>();
  return (
    <PublicPage>
      <article className="mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('legal.privacyTitle')}</h1>
        {i18n.language !== 'de' ? (
          <div className="mt-4 space-y-2 rounded-lg bg-primary-light px-3 py-2 text-slate-900">
            <p>{t('legal.germanOnly')}</p>
            {/* How a guest deletes her account, in her language (ADR 053); the German text below says it in its section 4. */}
            <p data-testid="guest-deletion-how">{t('legal.guestDeletion')}</p>
          </div>
        ) : null}
        {sample ? <SampleNote /> : null}
        <div lang="de" className="mt-6 space-y-6 text-slate-700">
          {sections.map((section) => (
            <section key={section.heading}>
              <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
              <div className="mt-2 space-y-3">
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </div>
            </section>
          ))}
          <p className="text-sm">Stand: {PRIVACY_AS_OF}</p>
        </div>
      </article>
    </PublicPage>
  );
}

function Block({ block }: { block: PrivacyBlock }) {
  if (block.kind === 'p') return <p>{block.text}</p>;
  if (block.kind === 'list')
    return (
      <ul className="list-disc space-y-1 pl-5">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {block.head.map((cell) => (
              <th key={cell} scope="col" className="border-b border-slate-300 py-1 pr-3 font-semibold text-slate-900">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={row[0]} className="align-top">
              {row.map((cell, index) => (
                <td key={index} className={`border-b border-slate-200 py-1 pr-3 ${index === 0 ? 'break-all font-mono text-xs' : ''}`}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
