import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { CopyLinkButton } from '~/components/copy-link-button';
import { Dialog } from '~/components/dialog';
import type { ErrorCode } from '~/core/errors';

/**
 * The owner's share link: the link to copy, how many have added the template, and 'stop sharing',
 * asked once more because the template then leaves everyone who added it. `token` is null while the
 * link is being made.
 */
export function ShareDialog({
  title,
  token,
  sharedWith,
  busy,
  error,
  onStop,
  onClose,
}: {
  title: string;
  token: string | null;
  sharedWith: number;
  busy: boolean;
  error: ErrorCode | null;
  onStop: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const path = token ? `/addTemplate/${token}` : null;
  return (
    <Dialog aria-labelledby={`${id}-heading`} onCancel={onClose} size="md">
      <div className="p-5">
        <h2 id={`${id}-heading`} className="text-lg font-semibold wrap-anywhere">
          {confirming ? t('templates.stopTitle', { title }) : t('templates.shareTitle', { title })}
        </h2>
        {confirming ? (
          <p className="mt-2 text-slate-600">{t('templates.stopText')}</p>
        ) : (
          <>
            <p className="mt-2 text-slate-600">{t('templates.shareIntro')}</p>
            <label htmlFor={`${id}-link`} className="mt-4 block font-medium">
              {t('templates.shareLink')}
            </label>
            <div className="mt-1 flex items-center gap-2">
              <input
                id={`${id}-link`}
                readOnly
                value={path ? new URL(path, typeof window === 'undefined' ? 'http://localhost' : window.location.origin).toString() : t('media.loading')}
                onFocus={(event) => event.currentTarget.select()}
                className="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
                data-testid="share-link"
              />
              <CopyLinkButton path={path ?? ''} disabled={path === null} className="shrink-0" />
            </div>
            <p className="mt-3 text-sm text-slate-700" data-testid="share-count">
              {t('templates.usedBy', { count: sharedWith })}
            </p>
          </>
        )}
        <ErrorBanner layout="field" code={error} className="mt-2" />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {confirming ? (
            <>
              <button
                type="button"
                onClick={() => setConfirming(false)}
                className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100"
              >
                {t('common.cancel')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={onStop}
                className="rounded-full bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 disabled:opacity-50"
              >
                {t('templates.stopSharing')}
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                disabled={token === null || busy}
                onClick={() => setConfirming(true)}
                className="rounded-full px-4 py-2 font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50 disabled:opacity-50"
              >
                {t('templates.stopSharing')}
              </button>
              <button type="button" onClick={onClose} className="rounded-full bg-primary-dark px-4 py-2 font-medium text-white hover:bg-primary-dark/90">
                {t('common.close')}
              </button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
