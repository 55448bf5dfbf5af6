import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TargetSelect } from '~/components/target-select';
import type { TemplateEntry, TemplateListing } from '~/core/templates';
import { apiFetch } from '~/lib/api';

const SEARCH_DELAY_MS = 250;

/**
 * Choosing another template in a dialog (forward to one, import one): the top level's templates by
 * name, or those a search finds, never folders nor the template itself. `ownOnly` leaves out the
 * templates shared with me (a target must be mine to change).
 */
export function TemplateChoice({
  excludeId,
  ownOnly,
  label,
  value,
  onChange,
}: {
  excludeId: string;
  ownOnly: boolean;
  label: string;
  value: TemplateEntry | null;
  onChange: (entry: TemplateEntry | null) => void;
}) {
  const { t } = useTranslation();
  const [templates, setTemplates] = useState<TemplateEntry[] | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    const words = query.trim();
    const timer = setTimeout(
      () =>
        void (
          words
            ? apiFetch<TemplateEntry[]>(`/api/templates/search?${new URLSearchParams({ q: words })}`).then((result) => (result.ok ? result.data : []))
            : apiFetch<TemplateListing>('/api/templates?sort=name').then((result) => (result.ok ? result.data.entries : []))
        ).then((entries) => setTemplates(entries.filter((entry) => !entry.isFolder && entry.id !== excludeId && (!ownOnly || entry.sharedBy === null)))),
      words ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [query, excludeId, ownOnly]);
  return (
    <>
      <label className="mt-3 block">
        <span className="font-medium text-slate-900">{t('templateEditor.searchTemplate')}</span>
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base"
        />
      </label>
      <TargetSelect
        className="mt-3"
        label={label}
        placeholder={t('templateEditor.chooseTemplate')}
        empty={t('templateEditor.noTemplates')}
        options={templates}
        value={value?.id ?? ''}
        onChange={(id) => onChange(templates?.find((entry) => entry.id === id) ?? null)}
      />
    </>
  );
}
