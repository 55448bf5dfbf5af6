import { useTranslation } from 'react-i18next';
import { LIMITS } from '~/core/limits';

/** The caption that goes with files sent into a chat (the send dialog, the library picker). */
export function CaptionField({ value, onChange, className = '' }: { value: string; onChange: (caption: string) => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <label className={`block ${className}`}>
      <span className="font-medium text-slate-900">{t('chatMedia.caption')}</span>
      <textarea
        value={value}
        rows={2}
        maxLength={LIMITS.messageTextMax}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 block w-full resize-none rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-primary-dark"
      />
    </label>
  );
}
