import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { LIMITS } from '~/core/limits';

export type HeadingLevel = 'heading' | 'heading2' | 'heading3';

/** The manager's heading: text required (confirm waits for it), one of three levels. Headings feed the contents. */
export function HeadingDialog({ onSubmit, onCancel }: { onSubmit: (text: string, level: HeadingLevel) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [level, setLevel] = useState<HeadingLevel>('heading');
  return (
    <ConfirmDialog
      title={t('heading.title')}
      confirmLabel={t('heading.submit')}
      onCancel={onCancel}
      confirmDisabled={text.trim() === ''}
      onConfirm={() => {
        if (text.trim()) onSubmit(text.trim(), level);
      }}
    >
      <label className="block">
        <span className="font-medium text-slate-900">{t('heading.text')}</span>
        <input
          value={text}
          maxLength={LIMITS.partyTitleMax}
          onChange={(e) => setText(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-primary-dark"
        />
      </label>
      <fieldset className="mt-3">
        <legend className="font-medium text-slate-900">{t('heading.level')}</legend>
        <div className="mt-1 flex gap-4">
          {(['heading', 'heading2', 'heading3'] as const).map((value, index) => (
            <label key={value} className="flex items-center gap-2">
              <input type="radio" name="heading-level" value={value} checked={level === value} onChange={() => setLevel(value)} className="h-4 w-4" />
              {t('heading.levelN', { n: index + 1 })}
            </label>
          ))}
        </div>
      </fieldset>
    </ConfirmDialog>
  );
}
