import type { FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';

const TONES = {
  success: { box: 'bg-green-50 text-green-800', bar: 'bg-green-50 text-green-900', button: 'text-green-900 ring-green-300 hover:bg-green-100' },
  warning: { box: 'bg-amber-50 text-amber-900', bar: 'bg-amber-50 text-amber-900', button: 'text-amber-900 ring-amber-300 hover:bg-amber-100' },
} as const;

const LAYOUTS = {
  /** A box among a page's contents. */
  box: 'rounded-lg px-3 py-2',
  /** Full width under a screen's header (the chat, the template editor). */
  bar: 'px-4 py-2 text-sm',
} as const;

interface Props {
  /** Nothing: nothing is shown. */
  text: string | null;
  tone?: keyof typeof TONES;
  layout?: keyof typeof LAYOUTS;
  /** A step back from what the notice reports (undo), a button inside the announcement; with `href`, a way on (a link). */
  action?: { label: string; onClick: () => void; href?: string } | undefined;
  onClose?: (() => void) | undefined;
  /** The notice's timer (useTimedNotice's `hold`): held while the reader is inside. */
  onHold?: ((held: boolean) => void) | undefined;
  className?: string;
  testId?: string;
}

/**
 * The one way a confirmation or a piece of news is shown: announced politely (role=status), with
 * at most one action and a close button, both reachable by keyboard. The live region is there
 * before its text (a region inserted together with its text is not read by every screen reader)
 * and takes no room while empty. How long it stays is the screen's (app/lib/use-timed-notice.ts).
 * ADR 026.
 */
export function Notice({ text, tone = 'success', layout = 'box', action, onClose, onHold, className = '', testId }: Props) {
  const { t } = useTranslation();
  const colours = TONES[tone];
  const leave = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHold?.(false);
  };
  const buttonClass = `shrink-0 rounded-full bg-white px-3 py-1 font-medium ring-1 ${colours.button}`;
  const controls = action || onClose;
  return (
    <div role="status" aria-live="polite" className={`empty:hidden ${className}`}>
      {text === null ? null : (
        <p
          data-testid={testId}
          onFocus={onHold ? () => onHold(true) : undefined}
          onBlur={onHold ? leave : undefined}
          onPointerEnter={onHold ? () => onHold(true) : undefined}
          onPointerLeave={onHold ? () => onHold(false) : undefined}
          className={`${LAYOUTS[layout]} ${colours[layout]} ${controls ? 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1' : ''}`}
        >
          {controls ? <span className="min-w-0 wrap-anywhere">{text}</span> : text}
          {controls ? (
            <span className="flex shrink-0 items-center gap-2">
              {action?.href ? (
                <a href={action.href} onClick={action.onClick} className={buttonClass}>
                  {action.label}
                </a>
              ) : action ? (
                <button type="button" onClick={action.onClick} className={buttonClass}>
                  {action.label}
                </button>
              ) : null}
              {onClose ? (
                <button type="button" onClick={onClose} className="shrink-0 rounded px-2 font-medium underline">
                  {t('common.close')}
                </button>
              ) : null}
            </span>
          ) : null}
        </p>
      )}
    </div>
  );
}
