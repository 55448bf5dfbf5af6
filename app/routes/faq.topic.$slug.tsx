import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CategoryCards, EntryCards, FaqSearchForm, FaqTrail } from '~/components/faq/faq-parts';
import { sitePagePreview } from '~/lib/link-preview.server';
import { localeOf } from '~/i18n/i18n.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.category.name} – Salon` : 'Salon' }, ...(data?.preview.tags ?? [])];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/** /faq/topic/{slug}: a category's subcategories and entries; an unknown or hidden one goes to /faq. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const topic = await context.services.faq.faqTopic(context.db, await localeOf(request), params.slug ?? '');
  if (!topic) throw redirect('/faq');
  return { ...topic, preview: await sitePagePreview(request, { title: `${topic.category.name} – Salon`, key: 'faq' }) };
}

export default function FaqTopic() {
  const { t } = useTranslation();
  const { category, trail, subcategories, entries } = useLoaderData<typeof loader>();
  return (
    <>
      <FaqTrail trail={trail} />
      <h1 className="mt-3 text-3xl font-bold">{category.name}</h1>
      <p className="mt-2 text-slate-700">{category.beschreibung}</p>
      <div className="mt-6">
        <FaqSearchForm />
      </div>
      <CategoryCards categories={subcategories} title={t('faq.subtopics')} />
      <EntryCards entries={entries} title={t('faq.questions')} />
    </>
  );
}
