import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogTitle } from '~/components/dialog-actions';
import { useDateFormatter } from '~/components/local-time';
import type { ChatSearchHit } from '~/core/social';
import { CHAT_SEARCH } from '~/core/social';
import { apiFetch } from '~/lib/api';

/** Waits this long after the last keystroke before asking the room. */
const TYPING_PAUSE_MS = 250;

/**
 * The chat's search (durable-objects/features/search.ts): hits best first, their snippets with the
 * words marked (drawn as text: the room sends parts, never HTML); a hit jumps to its message.
 */
export function SearchDialog({ partyId, onJump, onClose }: { partyId: string; onJump: (hit: ChatSearchHit) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const id = useId();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<{ query: string; hits: ChatSearchHit[] } | 'failed' | null>(null);

  useEffect(() => {
    if (query.trim() === '') {
      setResult(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void apiFetch<ChatSearchHit[]>(`/api/parties/${partyId}/search?q=${encodeURIComponent(query)}`).then((answer) => {
        if (live) setResult(answer.ok ? { query, hits: answer.data } : 'failed');
      });
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, partyId]);

  return (
    <Dialog aria-labelledby={`${id}-title`} onCancel={onClose} size="md" className="flex max-h-[min(36rem,calc(100dvh-1.5rem))] flex-col p-4 sm:p-6">
      <div className="flex items-center justify-between gap-2">
        <DialogTitle id={`${id}-title`}>{t('socialTools.searchTitle')}</DialogTitle>
        <button type="button" onClick={onClose} className="rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('common.close')}
        </button>
      </div>
      <label htmlFor={`${id}-q`} className="sr-only">
        {t('socialTools.searchLabel')}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={query}
        maxLength={CHAT_SEARCH.queryMax}
        placeholder={t('socialTools.searchLabel')}
        onChange={(event) => setQuery(event.target.value)}
        className="mt-3 w-full rounded-xl border border-slate-300 px-3 py-2"
      />
      <p className="mt-2 text-sm text-slate-600" role="status">
        {result === 'failed'
          ? t('socialTools.searchFailed')
          : result
            ? result.hits.length === 0
              ? t('socialTools.searchNone')
              : t('socialTools.searchFound', { count: result.hits.length })
            : ''}
      </p>
      {result && result !== 'failed' ? (
        <ul className="mt-2 min-h-0 flex-1 space-y-1 overflow-y-auto" data-testid="search-hits">
          {result.hits.map((hit) => (
            <li key={hit.id}>
              <button type="button" onClick={() => onJump(hit)} className="w-full rounded-xl px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100">
                <span className="flex justify-between gap-2 text-xs text-slate-600">
                  <span className="truncate font-semibold">{hit.senderName}</span>
                  <span className="shrink-0">{format(hit.timestamp)}</span>
                </span>
                <span className="block break-words text-sm text-slate-900">
                  {hit.snippet.map((part, index) =>
                    part.mark ? (
                      <mark key={index} className="rounded bg-amber-200 px-0.5">
                        {part.text}
                      </mark>
                    ) : (
                      <span key={index}>{part.text}</span>
                    ),
                  )}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
