import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import type { TemplateEntry } from '~/core/templates';
import { apiFetch } from '~/lib/api';
import { TargetSelect } from '~/components/target-select';
import { TemplateChoice } from './template-choice';

export type ForwardTarget = { kind: 'party' | 'template'; id: string; title: string };

interface PartyOption {
  id: string;
  title: string;
  expired: boolean;
}

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
  const [chosen, setChosen] = useState('');
  const [template, setTemplate] = useState<TemplateEntry | null>(null);
  useEffect(() => {
    void apiFetch<PartyOption[]>('/api/parties').then((result) => setParties(result.ok ? result.data.filter((party) => !party.expired) : []));
  }, []);
  const target = kind === 'party' ? parties?.find((option) => option.id === chosen) : template;
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
                  setTemplate(null);
                }}
                className="h-4 w-4"
              />
              {value === 'party' ? t('templateEditor.toParty') : t('templateEditor.toTemplate')}
            </label>
          ))}
        </div>
      </fieldset>
      {kind === 'template' ? (
        <TemplateChoice excludeId={templateId} ownOnly label={t('templateEditor.targetTemplate')} value={template} onChange={setTemplate} />
      ) : (
        <TargetSelect
          className="mt-3"
          label={t('selection.target')}
          placeholder={t('selection.chooseTarget')}
          empty={t('selection.noTargets')}
          options={parties}
          value={chosen}
          onChange={setChosen}
        />
      )}
    </ConfirmDialog>
  );
}
