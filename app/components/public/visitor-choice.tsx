import { useFetcher, useFetchers, useLocation } from '@remix-run/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { VisitorChoice } from '~/core/visitor';

/**
 * A remembered choice (app/routes/visitor.tsx): `form` is the props of a plain form that works
 * before the page's script runs, carrying `choices` (the choice and any made along with it, one
 * hidden `choice` field each); once the script runs, they are posted in the background and what
 * asked for them goes away at once. `made` is also true while another part of the page posts this
 * choice along with its own, so a notice folded into the app-switch screen does not show up again
 * before the root's data says it was noted.
 */
export function useVisitorChoice(choice: VisitorChoice, alongWith: readonly VisitorChoice[] = []) {
  const fetcher = useFetcher();
  const location = useLocation();
  const [made, setMade] = useState(false);
  const postedElsewhere = useFetchers().some((pending) => pending.formAction === '/visitor' && (pending.formData?.getAll('choice') ?? []).includes(choice));
  const choices = [choice, ...alongWith];
  const post = (sent: readonly VisitorChoice[]) => {
    setMade(true);
    fetcher.submit(new URLSearchParams(sent.map((one) => ['choice', one])), { method: 'post', action: '/visitor' });
  };
  const form = {
    method: 'post' as const,
    action: '/visitor',
    onSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      post(choices);
    },
  };
  return {
    made: made || postedElsewhere,
    form,
    choices,
    /** Remembers this choice alone, without the ones made along with it. */
    chooseAlone: () => post([choice]),
    returnTo: `${location.pathname}${location.search}${location.hash}`,
  };
}

/** The hidden fields of a choice's plain form: each choice it makes, and the page to come back to. */
export function ChoiceFields({ choices, returnTo }: { choices: readonly VisitorChoice[]; returnTo: string }) {
  return (
    <>
      {choices.map((choice) => (
        <input key={choice} type="hidden" name="choice" value={choice} />
      ))}
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}
