import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogActions, DialogError, DialogTitle } from '~/components/dialog-actions';
import type { ErrorCode } from '~/core/errors';
import { LIMITS } from '~/core/limits';

/**
 * A library item's description (ADR 039): free text under a caption's rule, empty to remove it.
 * The server's refusal shows under the field and the dialog stays open.
 */
export function DescriptionDialog({
  title,
  initial,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: string;
  busy: boolean;
  error: ErrorCode | null;
  onSubmit: (description: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    <Dialog aria-labelledby={`${id}-heading`} onCancel={onCancel}>
      <form
        className="p-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onSubmit(text);
        }}
      >
        <DialogTitle id={`${id}-heading`} className="wrap-anywhere">
          {t('media.chatCopy.describeHeading', { title })}
        </DialogTitle>
        <label className="mt-4 block">
          <span className="font-medium">{t('media.chatCopy.description')}</span>
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={5}
            maxLength={LIMITS.messageTextMax}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-primary-dark aria-[invalid=true]:border-red-700"
          />
        </label>
        <DialogError id={`${id}-error`} error={error} />
        <DialogActions confirmLabel={t('common.save')} onCancel={onCancel} confirmDisabled={busy} />
      </form>
    </Dialog>
  );
}
