import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { apiFetch } from '~/lib/api';
import { TargetSelect } from '~/components/target-select';

interface PartyOption {
  id: string;
  title: string;
  expired: boolean;
}

/**
 * The manager's selection mode: delete or forward the selected messages. Both act only with at
 * least one selected; cancel leaves the mode and clears the selection. Forwarding hands the
 * chosen party (with its title, for the confirmation) to the page.
 */
export function SelectionBar({
  partyId,
  count,
  onDelete,
  onForward,
  onCancel,
}: {
  partyId: string;
  count: number;
  onDelete: () => void;
  onForward: (target: PartyOption) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'delete' | 'forward' | null>(null);
  const [targets, setTargets] = useState<PartyOption[] | null>(null);
  const [target, setTarget] = useState('');
  useEffect(() => {
    if (dialog !== 'forward' || targets) return;
    void apiFetch<PartyOption[]>('/api/parties').then((result) => setTargets(result.ok ? result.data.filter((p) => p.id !== partyId && !p.expired) : []));
  }, [dialog, targets, partyId]);
  const button = 'rounded-full px-4 py-2 text-sm font-medium disabled:opacity-40';
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white p-3" data-testid="selection-bar">
      <p className="flex-1 text-sm text-slate-700" aria-live="polite">
        {t('selection.count', { count })}
      </p>
      <button type="button" disabled={count === 0} onClick={() => setDialog('delete')} className={`${button} bg-red-700 text-white`}>
        {t('selection.delete')}
      </button>
      <button type="button" disabled={count === 0} onClick={() => setDialog('forward')} className={`${button} bg-primary-dark text-white`}>
        {t('selection.forward')}
      </button>
      <button type="button" onClick={onCancel} className={`${button} ring-1 ring-slate-300`}>
        {t('common.cancel')}
      </button>
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={t('selection.deleteTitle', { count })}
          confirmLabel={t('selection.delete')}
          destructive
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            onDelete();
          }}
        >
          {t('messageMenu.deleteText')}
        </ConfirmDialog>
      ) : null}
      {dialog === 'forward' ? (
        <ConfirmDialog
          title={t('selection.forwardTitle', { count })}
          confirmLabel={t('selection.forward')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const chosen = targets?.find((option) => option.id === target);
            if (!chosen) return;
            setDialog(null);
            onForward(chosen);
          }}
        >
          <TargetSelect
            label={t('selection.target')}
            placeholder={t('selection.chooseTarget')}
            empty={t('selection.noTargets')}
            options={targets}
            value={target}
            onChange={setTarget}
          />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
