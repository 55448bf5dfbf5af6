import { useTranslation } from 'react-i18next';

/** Said on both legal pages while they show the placeholder company's data (`sample` in the configuration). */
export function SampleNote() {
  const { t } = useTranslation();
  return <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">{t('site.sample')}</p>;
}
