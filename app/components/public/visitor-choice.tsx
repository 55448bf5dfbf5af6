import { useFetcher, useLocation } from '@remix-run/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { VisitorChoice } from '~/core/visitor';

/**
 * A remembered choice (app/routes/visitor.tsx): `form` is the props of a plain form that works
 * before the page's script runs; once it runs, the choice is posted in the background and what
 * asked for it goes away at once.
 */
export function useVisitorChoice(choice: VisitorChoice) {
  const fetcher = useFetcher();
  const location = useLocation();
  const [made, setMade] = useState(false);
  const form = {
    method: 'post' as const,
    action: '/visitor',
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      setMade(true);
      fetcher.submit({ choice }, { method: 'post', action: '/visitor' });
    },
  };
  return { made, form, returnTo: `${location.pathname}${location.search}${location.hash}` };
}
