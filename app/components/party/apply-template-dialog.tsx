import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { MediaIcon } from '~/components/media/media-icons';
import type { ErrorCode } from '~/core/errors';
import type { TemplateEntry, TemplateListing } from '~/core/templates';
import { templateCallError } from '~/core/errors';
import { apiFetch } from '~/lib/api';

/**
 * The apply-template dialog. The manager's templates and those shared with her, by folder (the
 * trail back up is the breadcrumb) or by search (every word in the title, folders left out, as on
 * /templates). Choosing one applies it; the page asks restart or continue when it is the one
 * already applied. Loaded only when the template button is pressed.
 */
export function ApplyTemplateDialog({
  onChoose,
  onCancel,
  onError,
}: {
  onChoose: (template: TemplateEntry) => void;
  onCancel: () => void;
  onError: (code: ErrorCode) => void;
}) {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<TemplateEntry[]>([]);
  const [query, setQuery] = useState('');
  const [entries, setEntries] = useState<TemplateEntry[] | null>(null);
  const search = query.trim();
  const folder = trail[trail.length - 1];
  const path = folder ? (folder.path ? `${folder.path}/${folder.id}` : folder.id) : '';
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    let current = true;
    // Typing waits a moment: one request per pause, not per key.
    const timer = setTimeout(
      async () => {
        const result = search
          ? await apiFetch<TemplateEntry[]>(`/api/templates/search?${new URLSearchParams({ q: search })}`)
          : await apiFetch<TemplateListing>(`/api/templates?${new URLSearchParams({ path, sort: 'name' })}`).then((r) =>
              r.ok ? { ok: true as const, data: r.data.entries } : r,
            );
        if (!current) return;
        if (result.ok) setEntries(result.data.filter((entry) => entry.trashedAt === null));
        else onErrorRef.current(templateCallError(result));
      },
      search ? 250 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [search, path]);

  return (
    <Dialog aria-labelledby="apply-template-title" onCancel={onCancel} size="md" className="flex max-h-[min(36rem,calc(100dvh-1.5rem))] flex-col p-0">
      <div className="border-b border-slate-200 p-4">
        <h2 id="apply-template-title" className="text-lg font-semibold">
          {t('templatePlay.applyTitle')}
        </h2>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('templatePlay.search')}
          aria-label={t('templatePlay.search')}
          className="mt-3 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base focus:border-primary-dark"
        />
        {search ? null : (
          <nav aria-label={t('templatePlay.folders')} className="mt-2 flex flex-wrap items-center gap-1 text-sm">
            {[null, ...trail].map((entry, index) => (
              <span key={entry?.id ?? 'root'} className="flex items-center gap-1">
                {index > 0 ? <span aria-hidden="true">›</span> : null}
                {index === trail.length ? (
                  <span className="font-medium" aria-current="location">
                    {entry?.title ?? t('templatePlay.root')}
                  </span>
                ) : (
                  <button type="button" onClick={() => setTrail(trail.slice(0, index))} className="rounded px-1 text-primary-dark underline">
                    {entry?.title ?? t('templatePlay.root')}
                  </button>
                )}
              </span>
            ))}
          </nav>
        )}
      </div>
      <ul className="min-h-24 flex-1 overflow-y-auto p-2" data-testid="template-choices">
        {entries === null ? (
          <li className="p-3 text-slate-600" role="status">
            {t('app.loading')}
          </li>
        ) : entries.length === 0 ? (
          <li className="p-3 text-slate-600">{t('templatePlay.none')}</li>
        ) : (
          entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => {
                  if (entry.isFolder) {
                    setTrail([...trail, entry]);
                    setEntries(null);
                  } else onChoose(entry);
                }}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-slate-100"
              >
                {entry.isFolder ? (
                  <MediaIcon type="folder" className="h-5 w-5 shrink-0 text-slate-500" />
                ) : (
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-5 w-5 shrink-0 text-primary-dark"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.75"
                    strokeLinecap="round"
                  >
                    <path d="M5 4h14v16H5Z M8 8h8 M8 12h8 M8 16h5" />
                  </svg>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{entry.title}</span>
                  {entry.sharedBy ? (
                    <span className="block truncate text-sm text-slate-600">{t('templatePlay.sharedBy', { name: entry.sharedBy })}</span>
                  ) : null}
                </span>
              </button>
            </li>
          ))
        )}
      </ul>
      <div className="flex justify-end border-t border-slate-200 p-3">
        <button type="button" onClick={onCancel} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * When the chosen template is the one already applied: restart (a fresh copy) or continue (the
 * old copy with its edits and its place).
 */
export function OverwriteDialog({ title, onChoose, onCancel }: { title: string; onChoose: (mode: 'restart' | 'continue') => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" aria-labelledby="overwrite-title" onCancel={onCancel} initialFocus={cancel} className="p-6">
      <h2 id="overwrite-title" className="text-lg font-semibold">
        {t('templatePlay.overwriteTitle')}
      </h2>
      <p className="mt-2 text-slate-600">{t('templatePlay.overwriteText', { title })}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button ref={cancel} type="button" onClick={onCancel} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('common.cancel')}
        </button>
        <button type="button" onClick={() => onChoose('restart')} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('templatePlay.restart')}
        </button>
        <button type="button" onClick={() => onChoose('continue')} className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:opacity-90">
          {t('templatePlay.continue')}
        </button>
      </div>
    </Dialog>
  );
}
