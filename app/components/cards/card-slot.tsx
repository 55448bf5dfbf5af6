import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '~/lib/lazy-named';
import type { CardView as CardViewType } from './card-view';

// The card's drawing comes with the first card a page shows: a party without cards never loads it.
const CardView = lazyNamed(() => import('./card-view'), 'CardView');

/** A product card or a poll in a bubble, with a box of its own while its code loads. */
export function CardSlot(props: Parameters<typeof CardViewType>[0]) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="mt-1 h-24 w-64 max-w-full animate-pulse rounded-xl bg-slate-100 text-sm text-slate-500">{t('cards.loading')}</p>}>
      <CardView {...props} />
    </Suspense>
  );
}
