import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A modal question with a confirm and a cancel button; Escape cancels. Focus starts in the first
 * text field when the dialog asks for one, on cancel otherwise, and goes back where it was on
 * close. The dialog sets focus once: a parent that renders again (a chat message arriving, a
 * keystroke in a field) passes new callbacks but never moves the reader's focus.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  /** Without onConfirm the dialog only informs: one button, with this label, closes it. */
  confirmLabel: string;
  destructive?: boolean;
  onConfirm?: (() => void) | undefined;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const field = box.current?.querySelector<HTMLElement>('input:not([type="radio"]):not([type="checkbox"]):not([type="hidden"]), textarea');
    (field ?? cancel.current)?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onCancelRef.current();
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 sm:items-center sm:p-4">
      <div ref={box} role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" className="w-full max-w-sm rounded-t-2xl bg-white p-6 shadow-xl sm:rounded-2xl">
        <h2 id="confirm-title" className="text-lg font-semibold">
          {title}
        </h2>
        {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
        <div className="mt-5 flex justify-end gap-2">
          <button ref={cancel} type="button" onClick={onCancel} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            {onConfirm ? t('common.cancel') : confirmLabel}
          </button>
          {onConfirm ? (
            <button
              type="button"
              onClick={onConfirm}
              className={`rounded-full px-4 py-2 font-medium text-white ${destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-primary-dark hover:bg-primary-dark/90'}`}
            >
              {confirmLabel}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
