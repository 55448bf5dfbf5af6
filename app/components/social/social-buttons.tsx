import { useTranslation } from 'react-i18next';
import { TEXT_FROM } from '~/components/copy-link-button';
import { ROUND_TOOL as BUTTON } from '~/components/party/header-tools';
import { shareCancelled } from '~/core/invite';

/** What the invitation names: the party, its consultant; `compact`: from where its text shows (as "copy link"). */
export interface InviteOf {
  shortId: string;
  title: string;
  consultant: string;
  compact: keyof typeof TEXT_FROM;
}

/**
 * The header's QR code (beside "copy link") and search buttons; loaded after the first paint (ADR 043).
 * A guest's phone shows no QR button: she holds the link already, and her header keeps one row.
 */
export function SocialButtons({
  onQr,
  qrOnPhones,
  onSearch,
  invite,
  onInviteFallback,
}: {
  onQr: (() => void) | null;
  qrOnPhones: boolean;
  onSearch: () => void;
  invite: InviteOf | null;
  onInviteFallback: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {invite ? <InviteButton invite={invite} onFallback={onInviteFallback} /> : null}
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

/**
 * "Invite friends" for the host and the manager (issue 43): the device's share sheet (Web Share API)
 * with the link and a short text in the page's language; where there is none, or it fails, the
 * invitation's dialog (copy, WhatsApp, text message, e-mail, the QR code). Closing the sheet is no
 * failure.
 */
function InviteButton({ invite, onFallback }: { invite: InviteOf; onFallback: (text: string) => void }) {
  const { t } = useTranslation();
  const shape = TEXT_FROM[invite.compact];
  const share = async () => {
    const text = t('partyTools.inviteText', { title: invite.title, consultant: invite.consultant });
    const url = new URL(`/${invite.shortId}`, window.location.origin).toString();
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: invite.title, text, url });
        return;
      } catch (error) {
        if (shareCancelled(error)) return;
      }
    }
    onFallback(text);
  };
  return (
    <button type="button" onClick={() => void share()} className={`rounded-full text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 ${shape.button}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`h-5 w-5 ${shape.icon}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 3v12 M7 8l5-5 5 5 M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
      </svg>
      <span className={shape.text}>{t('partyTools.invite')}</span>
    </button>
  );
}
