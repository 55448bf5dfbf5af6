import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '~/core/limits';

/** Copies a party link; the copied state lasts 3 s (spec). */
export function CopyLinkButton({ path, disabled = false, className = '' }: { path: string; disabled?: boolean; className?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), TIMINGS.linkCopiedMs);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={async () => {
        await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
        setCopied(true);
      }}
      className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50 ${className}`}
    >
      <span aria-live="polite">{copied ? t('party.linkCopied') : t('party.copyLink')}</span>
    </button>
  );
}
