import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '~/core/protocol';
import { isHeading, snippet } from './message-item';

const INDENT = { heading: '', heading2: 'pl-4', heading3: 'pl-8' } as const;

/** The table of contents: the party's headings in order; a click scrolls the chat to one. */
export function ContentsPanel({ messages, onJump }: { messages: ChatMessage[]; onJump: (id: string) => void }) {
  const { t } = useTranslation();
  const headings = messages.filter((message) => isHeading(message) && !message.deleted);
  return (
    <nav aria-labelledby="contents-title" className="p-4">
      <h2 id="contents-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t('party.contents')}
      </h2>
      {headings.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('party.noContents')}</p>
      ) : (
        <ol className="mt-2 space-y-1" data-testid="contents">
          {headings.map((heading) => (
            <li key={heading.id} className={isHeading(heading) ? INDENT[heading.messageType] : ''}>
              <a
                href={`#message-${heading.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  onJump(heading.id);
                }}
                className="block rounded px-1 py-0.5 text-slate-800 hover:bg-slate-100 hover:text-primary-dark"
              >
                {snippet(heading.message, 60)}
              </a>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}
