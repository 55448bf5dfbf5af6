import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';

/**
 * Names a new folder or template, or gives an entry a new title (spec: new-folder,
 * edit-media-title and template create/rename dialogs). A title is required (spec section 5): the
 * confirm button waits for one; the server's refusal shows under the field and the dialog stays
 * open. Templates' titles have the media's limit (one title rule in the schemas).
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
  const { t } = useTranslation();
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
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {heading}
        </h2>
        <label className="mt-4 block">
          <span className="font-medium">{label}</span>
          <input
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            required
            maxLength={LIMITS.mediaTitleMax}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark aria-[invalid=true]:border-red-700"
          />
        </label>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-red-800">
            {t(`errors.${error}`)}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={onCancel} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={blank || busy} className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90 disabled:cursor-not-allowed disabled:opacity-50">
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
