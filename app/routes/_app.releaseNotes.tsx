import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '~/components/local-time';
import { PageHeader } from '~/components/shell/page-header';
import { RELEASE_NOTES } from '~/content/release-notes';
import { RELEASE_NOTES_VERSION } from '~/core/workspace';
import { isLanguage } from '~/i18n/config';
import { requireConsultant } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Salon' }];

/** Opening the page counts as having read the newest notes: the drawer's highlight goes away. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { userId } = requireConsultant(context, request);
  await context.services.settings.updateSettings(context.db, userId, { releaseNotesSeen: RELEASE_NOTES_VERSION });
  return null;
}

export default function ReleaseNotes() {
  const { t, i18n } = useTranslation();
  const format = useDateFormatter();
  const notes = RELEASE_NOTES[isLanguage(i18n.language) ? i18n.language : 'de'];
  return (
    <div>
      <PageHeader title={t('releaseNotes.title')} />
      <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6">
        {notes.map((note) => (
          <article key={note.version} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={`version-${note.version}`}>
            <h2 id={`version-${note.version}`} className="text-xl font-semibold">
              {t('releaseNotes.version', { version: note.version })}
            </h2>
            <p className="text-sm text-slate-600">{format(Date.parse(`${note.date}T12:00:00Z`), 'date')}</p>
            <p className="mt-3">{note.description}</p>
            <h3 className="mt-4 font-semibold">{t('releaseNotes.features')}</h3>
            <ul className="mt-2 space-y-2">
              {note.features.map((feature) => (
                <li key={feature.title}>
                  <span className="font-medium">{feature.title}</span>: {feature.description}
                </li>
              ))}
            </ul>
            <h3 className="mt-4 font-semibold">{note.bugfixTitle}</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {note.bugfixes.map((fix) => (
                <li key={fix}>{fix}</li>
              ))}
            </ul>
          </article>
        ))}
      </main>
    </div>
  );
}
