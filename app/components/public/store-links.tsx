import { useTranslation } from 'react-i18next';
import type { StoreLink } from '~/core/site-config';

/**
 * The stores the app is listed in, as plain named links (the landing page draws badges instead):
 * stacked full-width buttons on the app-switch screen, which hands the phone over to the store;
 * a row of small ones on a profile page, which opens the store beside it.
 */
export function StoreLinks({ stores, layout }: { stores: StoreLink[]; layout: 'stacked' | 'row' }) {
  const { t } = useTranslation();
  const stacked = layout === 'stacked';
  return (
    <ul className={stacked ? 'space-y-2' : 'mt-3 flex flex-wrap justify-center gap-2'}>
      {stores.map((link) => (
        <li key={link.store}>
          <a
            href={link.href}
            target={stacked ? undefined : '_blank'}
            rel="noopener noreferrer"
            className={`rounded-full bg-slate-900 font-medium text-white hover:bg-slate-800 ${stacked ? 'block px-5 py-3' : 'inline-block px-4 py-2'}`}
          >
            {t(`profilePage.${link.store}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
