import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { redirect } from '@remix-run/cloudflare';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { FAQ_HTML, FaqTrail } from '~/components/faq/faq-parts';
import { sitePagePreview } from '~/lib/link-preview.server';
import { localeOf } from '~/i18n/i18n.server';
import { withWorkspaceTexts } from '~/i18n/workspace-texts';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.entry.titel} – Salon` : 'Salon' }, ...(data?.preview.tags ?? [])];

// Its screens use the workspace's texts, which a page opened as the party page has not loaded yet.
export const clientLoader = withWorkspaceTexts;

/** /faq/entry/{slug}: summary, contents and sections; an unknown or hidden entry goes to /faq. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const found = await context.services.faq.faqEntry(context.db, await localeOf(request), params.slug ?? '');
  if (!found) throw redirect('/faq');
  return { ...found, preview: await sitePagePreview(request, { title: `${found.entry.titel} – Salon`, description: found.entry.zusammenfassung }) };
}

export default function FaqEntry() {
  const { t } = useTranslation();
  const { entry, trail } = useLoaderData<typeof loader>();
  return (
    <article aria-labelledby="faq-entry-title">
      <FaqTrail trail={trail} />
      <h1 id="faq-entry-title" className="mt-3 text-3xl font-bold">
        {entry.titel}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{entry.zusammenfassung}</p>
      {entry.abschnitte.length > 1 ? (
        <nav aria-labelledby="faq-contents" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="faq-contents" className="font-semibold">
            {t('faq.contents')}
          </h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            {entry.abschnitte.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-primary-dark underline-offset-2 hover:underline">
                  {section.titel}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {entry.abschnitte.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-8 scroll-mt-20">
          <h2 id={`${section.id}-title`} className="text-xl font-semibold">
            {section.titel}
          </h2>
          {section.video ? (
            <video controls preload="metadata" className="mt-3 w-full rounded-xl bg-slate-900" aria-label={t('faq.video', { title: section.titel })}>
              <source src={section.video.url} type={section.video.mime} />
            </video>
          ) : null}
          {/* Sanitised once when the content was loaded (scripts/faq-content.mjs); rendered as stored. */}
          <div className={`mt-3 leading-relaxed text-slate-800 ${FAQ_HTML}`} dangerouslySetInnerHTML={{ __html: section.inhalt }} />
        </section>
      ))}
    </article>
  );
}
