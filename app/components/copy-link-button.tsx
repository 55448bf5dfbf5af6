import { useTranslation } from 'react-i18next';
import { TIMINGS } from '~/core/limits';
import { useTimedNotice } from '~/lib/use-timed-notice';

/**
 * Copies a party link; the copied state lasts `TIMINGS.linkCopiedMs`. `compact`: an icon on small
 * screens (the text stays for screen readers), the text from `sm` up.
 */
export function CopyLinkButton({
  path,
  disabled = false,
  className = '',
  compact = false,
}: {
  path: string;
  disabled?: boolean;
  className?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const copied = useTimedNotice<true>(TIMINGS.linkCopiedMs);
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={async () => {
        await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
        copied.show(true);
      }}
      className={`rounded-full text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50 ${compact ? 'p-2 sm:px-3 sm:py-1.5' : 'px-3 py-1.5'} ${className}`}
    >
      {compact ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 sm:hidden" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {copied.notice ? (
            <path d="m5 12 5 5L20 7" />
          ) : (
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          )}
        </svg>
      ) : null}
      <span aria-live="polite" className={compact ? 'sr-only sm:not-sr-only' : ''}>
        {copied.notice ? t('party.linkCopied') : t('party.copyLink')}
      </span>
    </button>
  );
}
