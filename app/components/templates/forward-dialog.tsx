import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import type { TemplateEntry, TemplateListing } from '~/core/templates';
import { apiFetch } from '~/lib/api';
import { TargetSelect } from '~/components/target-select';

export type ForwardTarget = { kind: 'party' | 'template'; id: string; title: string };

interface PartyOption {
  id: string;
  title: string;
  expired: boolean;
}

const SEARCH_DELAY_MS = 250;

/**
 * Forward mode's dialog: the selected messages go to one of my running parties or to another
 * template of mine (my own at the top level, or found by searching; templates shared with me cannot
 * be changed, so they are not offered).
 */
export function ForwardDialog({
  templateId,
  count,
  onForward,
  onCancel,
}: {
  templateId: string;
  count: number;
  onForward: (target: ForwardTarget) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<'party' | 'template'>('party');
  const [parties, setParties] = useState<PartyOption[] | null>(null);
  const [templates, setTemplates] = useState<TemplateEntry[] | null>(null);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    void apiFetch<PartyOption[]>('/api/parties').then((result) => setParties(result.ok ? result.data.filter((party) => !party.expired) : []));
  }, []);
  useEffect(() => {
    if (kind !== 'template') return;
    const words = query.trim();
    const timer = setTimeout(
      () =>
        void (
          words
            ? apiFetch<TemplateEntry[]>(`/api/templates/search?${new URLSearchParams({ q: words })}`).then((result) => (result.ok ? result.data : []))
            : apiFetch<TemplateListing>('/api/templates?sort=name').then((result) => (result.ok ? result.data.entries : []))
        ).then((entries) => setTemplates(entries.filter((entry) => !entry.isFolder && entry.sharedBy === null && entry.id !== templateId))),
      words ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [kind, query, templateId]);
  const options = kind === 'party' ? parties : templates;
  const target = options?.find((option) => option.id === chosen);
  const radio = 'flex items-center gap-2';
  return (
    <ConfirmDialog
      title={t('selection.forwardTitle', { count })}
      confirmLabel={t('selection.forward')}
      confirmDisabled={!target}
      onCancel={onCancel}
      onConfirm={() => target && onForward({ kind, id: target.id, title: target.title })}
    >
      <fieldset>
        <legend className="font-medium text-slate-900">{t('templateEditor.forwardTo')}</legend>
        <div className="mt-1 flex gap-4">
          {(['party', 'template'] as const).map((value) => (
            <label key={value} className={radio}>
              <input
                type="radio"
                name="forward-kind"
                checked={kind === value}
                onChange={() => {
                  setKind(value);
                  setChosen('');
                }}
                className="h-4 w-4"
              />
              {value === 'party' ? t('templateEditor.toParty') : t('templateEditor.toTemplate')}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'template' ? (
        <label className="mt-3 block">
          <span className="font-medium text-slate-900">{t('templateEditor.searchTemplate')}</span>
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base"
          />
        </label>
      ) : null}
      <TargetSelect
        className="mt-3"
        label={kind === 'party' ? t('selection.target') : t('templateEditor.targetTemplate')}
        placeholder={kind === 'party' ? t('selection.chooseTarget') : t('templateEditor.chooseTemplate')}
        empty={kind === 'party' ? t('selection.noTargets') : t('templateEditor.noTemplates')}
        options={options}
        value={chosen}
        onChange={setChosen}
      />
    </ConfirmDialog>
  );
}
