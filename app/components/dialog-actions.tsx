import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '~/core/errors';

/** A dialog's heading, which its Dialog names with aria-labelledby. */
export function DialogTitle({ id, className = '', children }: { id: string; className?: string; children: ReactNode }) {
  return (
    <h2 id={id} className={`text-lg font-semibold ${className}`}>
      {children}
    </h2>
  );
}

/** The server's refusal under a dialog's field, announced at once; `id` is what the field's aria-describedby names. */
export function DialogError({ id, error }: { id: string; error: ErrorCode | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-red-800">
      {t(`errors.${error}`)}
    </p>
  );
}

/**
 * A dialog's footer: cancel, then the one action, at the end of the row; `status` (what is going
 * on, e.g. an upload) stands at its start. Without `onConfirm` the action submits the dialog's
 * form; with `confirmLabel` alone and `inform` the dialog only informs, and its one button, so
 * labelled, closes it.
 */
export function DialogActions({
  confirmLabel,
  onConfirm,
  onCancel,
  confirmDisabled = false,
  cancelDisabled = false,
  destructive = false,
  inform = false,
  cancelRef,
  status,
}: {
  confirmLabel: string;
  onConfirm?: (() => void) | undefined;
  onCancel: () => void;
  confirmDisabled?: boolean;
  cancelDisabled?: boolean;
  destructive?: boolean;
  inform?: boolean;
  cancelRef?: RefObject<HTMLButtonElement>;
  status?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 flex items-center justify-end gap-2">
      {status}
      <button
        ref={cancelRef}
        type="button"
        onClick={onCancel}
        disabled={cancelDisabled}
        className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {inform ? confirmLabel : t('common.cancel')}
      </button>
      {inform ? null : (
        <button
          type={onConfirm ? 'button' : 'submit'}
          onClick={onConfirm}
          disabled={confirmDisabled}
          className={`rounded-full px-4 py-2 font-medium text-white disabled:cursor-not-allowed disabled:opacity-50 ${destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-primary-dark hover:bg-primary-dark/90'}`}
        >
          {confirmLabel}
        </button>
      )}
    </div>
  );
}
