import { useTranslation } from 'react-i18next';

/** A count in the page's language (5.000, 5,000, 5 000). */
export function useCount() {
  const { i18n } = useTranslation();
  return new Intl.NumberFormat(i18n.language).format;
}

/**
 * The phone's tab: "Guests (5,000)" and, small, how many are online (read out in words). Part of
 * the party page's first paint, apart from the guests panel, which loads after it (ADR 027).
 */
export function GuestsTabLabel({ memberCount, onlineCount }: { memberCount: number; onlineCount: number }) {
  const { t } = useTranslation();
  const count = useCount();
  return (
    <>
      {t('party.guests')} ({count(memberCount)})
      <span aria-hidden="true" className="ml-1.5 inline-flex items-center gap-1 text-xs font-normal text-slate-500">
        <span className="h-2 w-2 rounded-full bg-secondary" />
        {count(onlineCount)}
      </span>
      <span className="sr-only"> {t('party.onlineCount', { online: count(onlineCount) })}</span>
    </>
  );
}
