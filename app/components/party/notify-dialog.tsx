import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '~/components/dialog';
import { DialogTitle } from '~/components/dialog-actions';
import { apiFetch } from '~/lib/api';
import { SUBSCRIBED_PREFIX, rememberSubscribed, subscribedHere } from './notify-button';

type View = 'unsupported' | 'homeScreen' | 'denied' | 'off' | 'on';

/** iOS and iPadOS (which says it is a Mac, with a touch screen). */
function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/** What this browser allows: Safari on iOS has push only for Salon added to the home screen. */
function viewNow(partyId: string): View {
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (!supported) {
    const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
    return isAppleMobile() && !standalone ? 'homeScreen' : 'unsupported';
  }
  if (Notification.permission === 'denied') return 'denied';
  return subscribedHere(partyId) ? 'on' : 'off';
}

async function subscription(create: boolean): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration) throw new Error('no service worker');
  const existing = await registration.pushManager.getSubscription();
  if (existing || !create) return existing;
  const key = await apiFetch<{ applicationServerKey: string }>('/api/push');
  if (!key.ok) throw new Error(`push key: ${key.code}`);
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.data.applicationServerKey });
}

/** Whether another party on this device still uses the browser's one subscription. */
function usedElsewhere(partyId: string): boolean {
  return Object.keys(localStorage).some((key) => key.startsWith(SUBSCRIBED_PREFIX) && key !== `${SUBSCRIBED_PREFIX}${partyId}`);
}

/**
 * Notifications for this party on this device (docs/decisions/031-service-worker.md): a short
 * explanation first, the browser's permission asked only from the tap on "Turn on", then the
 * browser's push subscription handed to the server. When on: off again, and a pause for the party
 * (shown only where the server answers for it). Failures are logged and said, nothing more.
 */
export function NotifyDialog({ partyId, onClose, onChange }: { partyId: string; onClose: () => void; onChange: (on: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>(() => viewNow(partyId));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [muted, setMuted] = useState<boolean | null>(null);

  useEffect(() => {
    if (view !== 'on') return;
    let current = true;
    void apiFetch<{ muted: boolean }>(`/api/parties/${partyId}/mute`).then((result) => {
      if (current) setMuted(result.ok ? result.data.muted : null);
    });
    return () => {
      current = false;
    };
  }, [partyId, view]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
    } catch (error) {
      console.warn('notifications', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    attempt(async () => {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setView('denied');
      if (permission !== 'granted') return;
      const created = await subscription(true);
      if (!created) throw new Error('no subscription');
      const saved = await apiFetch(`/api/parties/${partyId}/subscribe`, {
        method: 'PUT',
        body: { id: partyId, pushToken: created.toJSON(), language: i18n.language },
      });
      if (!saved.ok) throw new Error(`subscribe: ${saved.code}`);
      rememberSubscribed(partyId, created.endpoint);
      setView('on');
      onChange(true);
    });

  const turnOff = () =>
    attempt(async () => {
      const current = await subscription(false);
      if (current) {
        const removed = await apiFetch(`/api/parties/${partyId}/subscribe`, { method: 'DELETE', body: { endpoint: current.endpoint } });
        if (!removed.ok) throw new Error(`unsubscribe: ${removed.code}`);
        // The browser has one subscription for all parties: it goes when the last one lets it go.
        if (!usedElsewhere(partyId)) await current.unsubscribe();
      }
      rememberSubscribed(partyId, null);
      setView('off');
      onChange(false);
    });

  // The box follows the tap at once (a checkbox that lags its click reads as broken) and goes back
  // if the server refuses.
  const pause = (next: boolean) => {
    setMuted(next);
    return attempt(async () => {
      const result = await apiFetch(`/api/parties/${partyId}/mute`, { method: 'PUT', body: { muted: next } });
      if (result.ok) return;
      setMuted(!next);
      throw new Error(`mute: ${result.code}`);
    });
  };

  const text = {
    unsupported: t('notify.unsupported'),
    homeScreen: t('notify.iosHint'),
    denied: t('notify.denied'),
    off: t('notify.explain'),
    on: t('notify.on'),
  }[view];
  const button = 'rounded-full px-4 py-2 font-medium disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <Dialog aria-labelledby="notify-title" aria-describedby="notify-text" onCancel={onClose} className="p-6">
      <DialogTitle id="notify-title">{t('notify.title')}</DialogTitle>
      <p id="notify-text" className="mt-2 text-slate-600" data-testid="notify-text">
        {text}
      </p>
      {view === 'on' && muted !== null ? (
        <label className="mt-4 flex items-center gap-3">
          <input
            type="checkbox"
            checked={muted}
            disabled={busy}
            onChange={(event) => void pause(event.target.checked)}
            className="h-5 w-5 rounded border-slate-300"
          />
          <span className="text-slate-900">{t('notify.pause')}</span>
        </label>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('notify.failed')}
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center justify-end gap-2">
        <button type="button" onClick={onClose} className={`${button} ring-1 ring-slate-300 hover:bg-slate-100`}>
          {t('common.close')}
        </button>
        {view === 'off' ? (
          <button type="button" onClick={() => void turnOn()} disabled={busy} className={`${button} bg-primary-dark text-white hover:bg-primary-dark/90`}>
            {t('notify.turnOn')}
          </button>
        ) : null}
        {view === 'on' ? (
          <button type="button" onClick={() => void turnOff()} disabled={busy} className={`${button} ring-1 ring-slate-300 hover:bg-slate-100`}>
            {t('notify.turnOff')}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
