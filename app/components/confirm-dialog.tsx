import type { ReactNode } from 'react';
import { useRef } from 'react';
import { Dialog } from './dialog';
import { DialogActions, DialogTitle } from './dialog-actions';

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
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog role="alertdialog" aria-labelledby="confirm-title" onCancel={onCancel} initialFocus={cancel} className="p-6">
      <DialogTitle id="confirm-title">{title}</DialogTitle>
      {children ? <div className="mt-2 text-slate-600">{children}</div> : null}
      <DialogActions
        confirmLabel={confirmLabel}
        onConfirm={onConfirm}
        onCancel={onCancel}
        inform={!onConfirm}
        confirmDisabled={confirmDisabled}
        destructive={destructive}
        cancelRef={cancel}
      />
    </Dialog>
  );
}
