import { useTranslation } from 'react-i18next';

/** Building an Intl.NumberFormat costs far more than using one: one per language, kept. */
const formats = new Map<string, (value: number) => string>();

/**
 * A count in the page's language (5.000, 5,000, 5 000). Below 1,000 every language writes the
 * digits alone: the first Intl.NumberFormat of a page costs ~50 ms on a slow phone (ADR 051), and
 * most parties never need one.
 */
export function useCount(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (value) => {
    if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
    let format = formats.get(language);
    if (!format) formats.set(language, (format = new Intl.NumberFormat(language).format));
    return format(value);
  };
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
