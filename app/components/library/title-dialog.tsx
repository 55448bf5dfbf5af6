import { useId, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogError, DialogTitle } from '~/components/dialog-actions';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';

/**
 * Names a new folder or template, or gives an entry a new title (new folder, media title, template
 * create and rename). A title is required: the confirm button waits for one; the server's refusal
 * shows under the field and the dialog stays open. Templates' titles have the media's limit (one
 * title rule in the schemas).
 */
export function TitleDialog({
  heading,
  label,
  confirmLabel,
  initial = '',
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  heading: string;
  label: string;
  confirmLabel: string;
  initial?: string;
  busy: boolean;
  error: ErrorCode | null;
  onSubmit: (title: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(initial);
  const id = useId();
  const blank = title.trim() === '';
  return (
    <Dialog aria-labelledby={`${id}-heading`} onCancel={onCancel}>
      <form
        className="p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank && !busy) onSubmit(title);
        }}
      >
        <DialogTitle id={`${id}-heading`}>{heading}</DialogTitle>
        <TitleField label={label} value={title} onChange={setTitle} errorId={error ? `${id}-error` : null} />
        <DialogError id={`${id}-error`} error={error} />
        <DialogActions confirmLabel={confirmLabel} onCancel={onCancel} confirmDisabled={blank || busy} />
      </form>
    </Dialog>
  );
}

/**
 * A library title's field (an entry, a folder, a template, a chat file's copy): required, the
 * title's limit, its text selected on focus; `errorId` names the refusal shown beside it.
 */
export function TitleField({ label, value, onChange, errorId }: { label: string; value: string; onChange: (title: string) => void; errorId: string | null }) {
  return (
    <label className="mt-4 block">
      <span className="font-medium">{label}</span>
      <input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        maxLength={LIMITS.mediaTitleMax}
        aria-invalid={errorId !== null}
        aria-describedby={errorId ?? undefined}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark aria-[invalid=true]:border-red-700"
      />
    </label>
  );
}
