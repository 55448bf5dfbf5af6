import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from './dialog';

/**
 * A modal question with a confirm and a cancel button; Escape cancels. Focus starts in the first
 * text field when the dialog asks for one, on cancel otherwise (see Dialog for the rest).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  destructive = false,
  confirmDisabled = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  /** Without onConfirm the dialog only informs: one button, with this label, closes it. */
  confirmLabel: string;
  destructive?: boolean;
  /** While the answer is incomplete (an empty required field). */
  confirmDisabled?: boolean;
  onConfirm?: (() => void) | undefined;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" aria-labelledby="confirm-title" onCancel={onCancel} initialFocus={cancel} className="p-6">
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
            disabled={confirmDisabled}
            className={`rounded-full px-4 py-2 font-medium text-white disabled:cursor-not-allowed disabled:opacity-50 ${destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-primary-dark hover:bg-primary-dark/90'}`}
          >
            {confirmLabel}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
