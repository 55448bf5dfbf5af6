import { useTranslation } from 'react-i18next';

/** Switches writing for guests off and on (manager and host). */
export function RestrictionToggle({
  restricted,
  onChange,
  className = '',
}: {
  restricted: boolean;
  onChange: (restricted: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={restricted}
      onClick={() => onChange(!restricted)}
      className={`rounded-full px-3 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 aria-pressed:bg-amber-50 aria-pressed:ring-amber-400 ${className}`}
    >
      {t(restricted ? 'moderation.allowWriting' : 'moderation.restrictWriting')}
    </button>
  );
}
