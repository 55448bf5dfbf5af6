import { useTranslation } from 'react-i18next';
import { ROUND_TOOL as BUTTON } from '~/components/party/header-tools';

/**
 * The header's QR code (beside "copy link") and search buttons; loaded after the first paint (ADR 043).
 * A guest's phone shows no QR button: she holds the link already, and her header keeps one row.
 */
export function SocialButtons({ onQr, qrOnPhones, onSearch }: { onQr: (() => void) | null; qrOnPhones: boolean; onSearch: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {onQr ? (
        <button type="button" onClick={onQr} className={`${BUTTON} ${qrOnPhones ? '' : 'hidden sm:inline-block'}`}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 4h6v6H4ZM14 4h6v6h-6ZM4 14h6v6H4ZM14 14h2v2h-2ZM18 18h2v2h-2ZM14 18h2M18 14h2" />
          </svg>
          <span className="sr-only">{t('partyTools.qr')}</span>
        </button>
      ) : null}
      <button type="button" onClick={onSearch} className={BUTTON}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="11" cy="11" r="6" />
          <path d="m20 20-4.5-4.5" />
        </svg>
        <span className="sr-only">{t('partyTools.search')}</span>
      </button>
    </>
  );
}
