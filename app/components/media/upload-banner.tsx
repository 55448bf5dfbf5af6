import { useTranslation } from 'react-i18next';
import { LIMITS } from '~/core/limits';
import type { UploadFailure, UploadProgress } from './use-uploads';

/**
 * The upload's banner at the foot of the screen: the file going up with its progress, converting,
 * done; each failure for its `TIMINGS.uploadErrorMs`, in the library while the next file goes on,
 * in a chat with the files of its send that were left unsent; the warning about too many files. Progress is announced
 * politely, failures and the warning at once.
 */
export function UploadBanner({
  progress,
  failures,
  tooMany,
  max = LIMITS.libraryUploadFilesMax,
  placement = 'bottom',
}: {
  progress: UploadProgress | null;
  failures: UploadFailure[];
  tooMany: boolean;
  /** How many files one selection may hold: the library's 20 unless said (the chat's 10). */
  max?: number;
  /** At the top where the foot of the screen is someone's input (the chat). */
  placement?: 'bottom' | 'top';
}) {
  const { t } = useTranslation();
  return (
    <div className={`pointer-events-none fixed inset-x-0 z-30 flex flex-col items-center gap-2 px-3 ${placement === 'top' ? 'top-16' : 'bottom-3'}`}>
      <div role="alert" className="flex w-full max-w-md flex-col gap-2 empty:hidden">
        {tooMany ? (
          <p
            className="pointer-events-auto rounded-xl bg-amber-50 px-4 py-3 font-medium text-amber-900 shadow-lg ring-1 ring-amber-200"
            data-testid="upload-too-many"
          >
            {t('media.upload.tooMany', { max })}
          </p>
        ) : null}
        {failures.map((failure) => (
          <p
            key={failure.key}
            className="pointer-events-auto rounded-xl bg-red-50 px-4 py-3 text-red-900 shadow-lg ring-1 ring-red-200 wrap-anywhere"
            data-testid="upload-failure"
          >
            <span className="font-medium">{t('media.upload.failed', { name: failure.name })}</span>
            {failure.reason ? <span className="block text-sm">{failure.reason}</span> : null}
            {failure.notSent ? <span className="block text-sm">{t('media.chatSend.stopped', { count: failure.notSent })}</span> : null}
          </p>
        ))}
      </div>
      <div role="status" className="w-full max-w-md empty:hidden">
        {progress ? (
          <div
            className={`pointer-events-auto rounded-xl px-4 py-3 shadow-lg ring-1 ${progress.phase === 'success' ? 'bg-green-50 text-green-900 ring-green-200' : 'bg-white text-slate-900 ring-slate-200'}`}
            data-testid="upload-banner"
          >
            <p className="flex gap-2">
              <span className="min-w-0 flex-1 font-medium wrap-anywhere">{t(`media.upload.${progress.phase}`, { title: progress.title })}</span>
              {progress.total > 1 ? (
                <span className="shrink-0 text-sm text-slate-600">{t('media.upload.count', { index: progress.index, total: progress.total })}</span>
              ) : null}
            </p>
            {progress.phase === 'success' ? null : (
              <div
                role="progressbar"
                aria-label={t('media.upload.progress', { title: progress.title })}
                aria-valuemin={0}
                aria-valuemax={100}
                // Converting has no measure here: the bar runs without a value.
                aria-valuenow={progress.phase === 'uploading' ? progress.percent : undefined}
                className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
              >
                <div
                  className={`h-full rounded-full bg-primary-dark transition-[width] ${progress.phase === 'converting' ? 'animate-pulse' : ''}`}
                  style={{ width: `${progress.phase === 'uploading' ? progress.percent : 100}%` }}
                />
              </div>
            )}
          </div>
        ) : null}
      </div>
    </div>
  );
}
