import { useTranslation } from 'react-i18next';
import { TIMINGS } from '~/core/limits';
import { useTimedNotice } from '~/lib/use-timed-notice';

/**
 * Where a compact button shows its text rather than its icon: from `sm` (a party's few tools), or
 * from `xl` where a header holds many (the manager's party header on a tablet). Whole class names,
 * as Tailwind finds them.
 */
export const TEXT_FROM = {
  sm: { button: 'p-2 sm:px-3 sm:py-1.5', icon: 'sm:hidden', text: 'sr-only sm:not-sr-only' },
  '2xl': { button: 'p-2 2xl:px-3 2xl:py-1.5', icon: '2xl:hidden', text: 'sr-only 2xl:not-sr-only' },
} as const;

/**
 * Copies a party link; the copied state lasts `TIMINGS.linkCopiedMs`. `compact`: an icon on smaller
 * screens (the text stays for screen readers), the text from that breakpoint up.
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
  compact?: false | keyof typeof TEXT_FROM;
}) {
  const { t } = useTranslation();
  const copied = useTimedNotice<true>(TIMINGS.linkCopiedMs);
  const shape = compact ? TEXT_FROM[compact] : null;
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={async () => {
        await navigator.clipboard.writeText(new URL(path, window.location.origin).toString());
        copied.show(true);
      }}
      className={`rounded-full text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-50 ${shape ? shape.button : 'px-3 py-1.5'} ${className}`}
    >
      {shape ? (
        <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${shape.icon}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          {copied.notice ? (
            <path d="m5 12 5 5L20 7" />
          ) : (
            <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
          )}
        </svg>
      ) : null}
      <span aria-live="polite" className={shape ? shape.text : ''}>
        {copied.notice ? t('party.linkCopied') : t('party.copyLink')}
      </span>
    </button>
  );
}
