import { Suspense } from 'react';
import { lazyNamed } from '~/lib/lazy-named';
import type { CardView as CardViewType } from './card-view';

// The card's drawing comes with the first card a page shows: a party without cards never loads it.
const CardView = lazyNamed(() => import('./card-view'), 'CardView');

/** A product card or a poll in a bubble, with a box of its own while its code loads. */
export function CardSlot(props: Parameters<typeof CardViewType>[0]) {
  return (
    <Suspense fallback={<div className="mt-1 h-24 w-64 max-w-full animate-pulse rounded-xl bg-slate-100" aria-hidden="true" />}>
      <CardView {...props} />
    </Suspense>
  );
}
