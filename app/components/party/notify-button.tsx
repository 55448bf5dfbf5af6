import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUND_TOOL } from './header-tools';

/** The parties this device gets notifications for, by their push endpoint (app/components/party/notify-dialog.tsx). */
const SUBSCRIBED_KEY = (partyId: string) => `salon-push:${partyId}`;
export const SUBSCRIBED_PREFIX = 'salon-push:';

export function subscribedHere(partyId: string): boolean {
  try {
    return typeof Notification !== 'undefined' && Notification.permission === 'granted' && localStorage.getItem(SUBSCRIBED_KEY(partyId)) !== null;
  } catch {
    return false;
  }
}

export function rememberSubscribed(partyId: string, endpoint: string | null): void {
  try {
    if (endpoint) localStorage.setItem(SUBSCRIBED_KEY(partyId), endpoint);
    else localStorage.removeItem(SUBSCRIBED_KEY(partyId));
  } catch {
    // Storage refused (a private window): the bell shows off next time, nothing else changes.
  }
}

/** The bell in the party's header: opens the notifications dialog, and shows whether they are on here. */
export function NotifyButton({ partyId, on: changed, onOpen }: { partyId: string; on: boolean | null; onOpen: () => void }) {
  const { t } = useTranslation();
  // Only the browser knows; the server's page shows the bell off until it has asked.
  const [stored, setStored] = useState(false);
  useEffect(() => setStored(subscribedHere(partyId)), [partyId]);
  const on = changed ?? stored;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className={ROUND_TOOL}
      aria-label={t(on ? 'partyTools.notifyOn' : 'partyTools.notify')}
      data-testid="notify-button"
      data-on={on}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill={on ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
    </button>
  );
}
