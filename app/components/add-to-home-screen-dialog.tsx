import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

/**
 * How to install Salon on iOS, whose browsers offer no prompt: Safari's share sheet does it. Its
 * texts are the workspace's: the party page loads it with them (needingWorkspaceTexts).
 */
export function AddToHomeScreenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog title={t('homeScreen.title')} confirmLabel={t('homeScreen.done')} onCancel={onClose}>
      <ol className="list-decimal space-y-2 pl-5">
        <li>
          {t('homeScreen.share')}
          {/* Safari's share symbol, so the button is recognised whatever its label. */}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="ml-1 inline h-5 w-5 align-text-bottom text-primary-dark"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M8 10H6v11h12V10h-2 M12 3v12 M8 7l4-4 4 4" />
          </svg>
        </li>
        <li>{t('homeScreen.add')}</li>
      </ol>
      <p className="mt-3">{t('homeScreen.after')}</p>
    </ConfirmDialog>
  );
}
