import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '~/core/limits';

/** The FAQ's pieces shared by its three pages (app/routes/faq.*). */

export interface CategoryCardData {
  slug: string;
  name: string;
  beschreibung: string;
}

export interface EntryCardData {
  slug: string;
  titel: string;
  zusammenfassung: string;
}

/** The search box: a plain GET form to /faq, so it works before hydration and keeps `?q=` in the address. */
export function FaqSearchForm({ query = '' }: { query?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/faq" role="search" className="flex gap-2">
      <label className="sr-only" htmlFor="faq-search">
        {t('faq.searchLabel')}
      </label>
      <input
        id="faq-search"
        type="search"
        name="q"
        defaultValue={query}
        maxLength={LIMITS.faqSearchMax}
        placeholder={t('faq.searchPlaceholder')}
        className="min-w-0 flex-1 rounded-full bg-white px-4 py-2.5 ring-1 ring-slate-300 focus:ring-2 focus:ring-primary-dark"
      />
      <button type="submit" className="shrink-0 rounded-full bg-primary-dark px-5 py-2.5 font-medium text-white hover:bg-primary-dark/90">
        {t('faq.search')}
      </button>
    </Form>
  );
}

export function CategoryCards({ categories, title }: { categories: CategoryCardData[]; title: string }) {
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="faq-categories" className="mt-8">
      <h2 id="faq-categories" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={`/faq/topic/${category.slug}`} className="block h-full rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-primary-dark">
              <span className="block font-semibold text-primary-dark">{category.name}</span>
              <span className="mt-1 block text-sm text-slate-700">{category.beschreibung}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EntryCards({ entries, title }: { entries: EntryCardData[]; title: string }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="faq-entries" className="mt-8">
      <h2 id="faq-entries" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-3 space-y-3">
        {entries.map((entry) => (
          <li key={entry.slug}>
            <Link to={`/faq/entry/${entry.slug}`} className="block rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-primary-dark">
              <span className="block font-semibold">{entry.titel}</span>
              <span className="mt-1 block text-sm text-slate-700">{entry.zusammenfassung}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** FAQ › category › …: the way back up. */
export function FaqTrail({ trail }: { trail: CategoryCardData[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('faq.trail')} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-700">
        <li>
          <Link to="/faq" className="text-primary-dark underline-offset-2 hover:underline">
            {t('faq.title')}
          </Link>
        </li>
        {trail.map((category) => (
          <li key={category.slug} className="flex items-center gap-1">
            <span aria-hidden="true">›</span>
            <Link to={`/faq/topic/${category.slug}`} className="text-primary-dark underline-offset-2 hover:underline">
              {category.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** How the stored, sanitised section HTML and the search's highlights look. */
export const FAQ_HTML =
  '[&_a]:text-primary-dark [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5';
export const MARK_STYLE = '[&_mark]:rounded [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-slate-900';
