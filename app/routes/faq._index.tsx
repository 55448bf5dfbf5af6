import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CategoryCards, EntryCards, FaqSearchForm, MARK_STYLE } from '~/components/faq/faq-parts';
import { sitePagePreview } from '~/lib/link-preview.server';
import { LIMITS } from '~/core/limits';
import { localeOf } from '~/i18n/i18n.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: 'FAQ – Salon' }, ...(data?.preview.tags ?? [])];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/** /faq: intro, search box, category and entry cards; with `?q=` the search's results. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const locale = await localeOf(request);
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, LIMITS.faqSearchMax);
  const { faq } = context.services;
  const preview = await sitePagePreview(request, { title: 'FAQ – Salon', key: 'faq' });
  if (query.trim() !== '') return { query, results: await faq.searchFaq(context.db, locale, query), home: null, preview };
  return { query: '', results: null, home: await faq.faqHome(context.db, locale), preview };
}

export default function FaqHome() {
  const { t } = useTranslation();
  const { query, results, home } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-bold">{t('faq.title')}</h1>
      <p className="mt-2 text-slate-700">{t('faq.intro')}</p>
      <div className="mt-6">
        <FaqSearchForm key={query} query={query} />
      </div>
      {results ? (
        <section aria-labelledby="faq-results" className="mt-8">
          <h2 id="faq-results" className="text-lg font-semibold" aria-live="polite">
            {results.length > 0 ? t('faq.results', { count: results.length, query }) : t('faq.noResults', { query })}
          </h2>
          <ul className="mt-3 space-y-3" data-testid="faq-results">
            {results.map((result) => (
              <li key={result.slug}>
                <Link
                  to={`/faq/entry/${result.slug}`}
                  className={`block rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-primary-dark ${MARK_STYLE}`}
                >
                  {/* Escaped by the search (app/core/faq.ts highlightHtml): the only markup is its <mark>. */}
                  <span className="block font-semibold" dangerouslySetInnerHTML={{ __html: result.highlight.titel }} />
                  <span className="mt-1 block text-sm text-slate-700" dangerouslySetInnerHTML={{ __html: result.highlight.auszug }} />
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/faq" className="mt-6 inline-block font-medium text-primary-dark underline-offset-2 hover:underline">
            {t('faq.allTopics')}
          </Link>
        </section>
      ) : home ? (
        <>
          <CategoryCards categories={home.categories} title={t('faq.topics')} />
          <EntryCards entries={home.entries} title={t('faq.questions')} />
        </>
      ) : null}
    </>
  );
}
