import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeadingEntry } from '~/core/protocol';
import { snippet } from '~/core/message-preview';

export const INDENT = { heading: '', heading2: 'pl-4', heading3: 'pl-8' } as const;

/**
 * The table of contents: every heading of the party in order (the room keeps the index, so a
 * long party's early headings show before their page is loaded); a click scrolls the chat to one,
 * loading the page around it first when it is far back. Deleted headings are left out.
 */
export const ContentsPanel = memo(function ContentsPanel({ headings, onJump }: { headings: HeadingEntry[]; onJump: (id: string, seq: number) => void }) {
  const { t } = useTranslation();
  const shown = headings.filter((heading) => !heading.deleted);
  return (
    <nav aria-labelledby="contents-title" className="p-4">
      <h2 id="contents-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t('party.contents')}
      </h2>
      {shown.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('party.noContents')}</p>
      ) : (
        <ol className="mt-2 space-y-1" data-testid="contents">
          {shown.map((heading) => (
            <li key={heading.id} className={INDENT[heading.level]}>
              <a
                href={`#message-${heading.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onJump(heading.id, heading.seq);
                }}
                className="block rounded px-1 py-0.5 text-slate-800 hover:bg-slate-100 hover:text-primary-dark"
              >
                {snippet(heading.text, 60)}
              </a>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
});
