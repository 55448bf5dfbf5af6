import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StoreLinks } from '~/components/public/store-links';
import type { StoreLink } from '~/core/site-config';
import { apiFetch } from '~/lib/api';

/**
 * The dashboard's pointer to the app, where guests write to their consultant directly (ADR 040).
 * Dismissing it is the user's "banner dismissed" setting, so it stays away on every device; it goes
 * at once, and comes back only if the setting could not be stored.
 */
export function AppBanner({ stores }: { stores: StoreLink[] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  const dismiss = () => {
    setShown(false);
    void apiFetch('/api/profile/banner', { method: 'PUT', body: { bannerDismissed: true } }).then((result) => {
      if (!result.ok) setShown(true);
    });
  };
  return (
    <section
      aria-label={t('appPointer.bannerLabel')}
      className="mx-4 mt-4 rounded-2xl bg-primary-light px-4 py-3 ring-1 ring-primary/30 sm:mx-6"
      data-testid="app-banner"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1 basis-64 text-sm text-slate-800">{t('appPointer.bannerText')}</p>
        {stores.length > 0 ? <StoreLinks stores={stores} layout="row" /> : null}
        <button
          type="button"
          onClick={dismiss}
          className="rounded-full px-3 py-1.5 text-sm font-medium text-primary-dark ring-1 ring-primary-dark hover:bg-white"
        >
          {t('appPointer.dismiss')}
        </button>
      </div>
    </section>
  );
}
