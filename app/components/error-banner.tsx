import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeys } from '~/i18n/error-keys';
import { recentFailureId } from '~/lib/api';

const LAYOUTS = {
  /** A box among a page's or a dialog's contents. */
  box: 'rounded-lg bg-red-50 px-3 py-2 text-red-800',
  /** Full width under a screen's header (the chat, the template editor), with a close button. */
  bar: 'flex items-center justify-between gap-2 bg-red-50 px-4 py-2 text-sm text-red-900',
  /** Under the field it is about (name it with `id` in the field's aria-describedby). */
  field: 'text-sm font-medium text-red-800',
} as const;

interface Props {
  /** An error code (app/core/errors.ts), read through the one lookup with the generic text behind it… */
  code?: string | null | undefined;
  /** …or a sentence of the page's own. */
  children?: ReactNode;
  layout?: keyof typeof LAYOUTS;
  onClose?: (() => void) | undefined;
  id?: string | undefined;
  className?: string;
  /** The failed answer's id (X-Request-Id, ADR 063), shown as "Fehler-ID" for a failure of ours (a 5xx). */
  requestId?: string | null | undefined;
}

/**
 * The one way an error is shown: said at once to screen readers (role=alert), in the reader's
 * language, never as a key. Renders nothing while there is no error.
 */
export function ErrorBanner({ code, children, layout = 'box', onClose, id, className = '', requestId }: Props) {
  const { t } = useTranslation();
  const text = code ? t(errorKeys(code)) : children;
  if (!text) return null;
  // A failure of ours whose screen kept only its code: the id of the one that just came (ADR 063).
  const shownId = requestId ?? (code === 'generic' || code === 'dataUnavailable' ? recentFailureId() : undefined);
  return (
    <p id={id} role="alert" className={`${LAYOUTS[layout]} ${className}`}>
      {onClose || shownId ? <span>{text}</span> : text}
      {shownId ? <span className="block text-xs opacity-80">{t('errors.requestId', { id: shownId })}</span> : null}
      {onClose ? (
        <button type="button" onClick={onClose} className="shrink-0 rounded px-2 font-medium underline">
          {t('common.close')}
        </button>
      ) : null}
    </p>
  );
}
