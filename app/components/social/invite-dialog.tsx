import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLinkButton } from '~/components/copy-link-button';
import { Dialog } from '~/components/dialog';
import { DialogTitle } from '~/components/dialog-actions';
import { inviteLinks } from '~/core/invite';

const LINK = 'flex flex-1 items-center justify-center whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100';

/**
 * "Invite friends" where the browser has no share sheet, or its share failed: the link to copy, and
 * the same invitation as a WhatsApp message, a text message or an e-mail, and the QR code.
 */
export function InviteDialog({
  party,
  text,
  onQr,
  onClose,
}: {
  party: { shortId: string; title: string };
  /** The invitation in the page's language (partyTools.inviteText), as the share sheet had it. */
  text: string;
  onQr: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const url = new URL(`/${party.shortId}`, window.location.origin).toString();
  const links = inviteLinks({ url, text, subject: t('invite.emailSubject', { title: party.title }) });
  return (
    <Dialog aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} onCancel={onClose} className="p-6">
      <DialogTitle id={`${id}-title`}>{t('invite.title')}</DialogTitle>
      <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
        {t('invite.text')}
      </p>
      <label htmlFor={`${id}-link`} className="mt-4 block text-sm font-medium">
        {t('invite.link')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-link`}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-1.5 font-mono text-sm"
        />
        <CopyLinkButton path={`/${party.shortId}`} />
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" className={LINK}>
          {t('invite.whatsapp')}
        </a>
        <a href={links.sms} className={LINK}>
          {t('invite.sms')}
        </a>
        <a href={links.email} className={LINK}>
          {t('invite.email')}
        </a>
      </div>
      <div className="mt-5 flex justify-between gap-2">
        <button type="button" onClick={onQr} className="rounded-full px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100">
          {t('invite.qr')}
        </button>
        <button type="button" onClick={onClose} className="rounded-full bg-primary-dark px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark/90">
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
