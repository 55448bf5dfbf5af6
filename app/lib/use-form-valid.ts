import { useEffect, useRef, useState } from 'react';

/**
 * A text input of the forms guests fill in (the join dialog, the sign-in pages): a full-width box
 * whose 16 px text keeps phones from zooming in. Here, beside the hook, so that the party page
 * loads no module of the sign-in pages for it (its first load has a budget, ADR 027).
 */
export const TEXT_FIELD = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base focus:border-primary-dark';

/**
 * Whether a form's current values pass `valid`, for a submit button that waits for them. The
 * inputs stay uncontrolled and are read from the form itself, so what was typed on a slow phone
 * before the page became interactive still counts. `valid` must keep its identity between renders
 * (a module function, or useCallback): a new one is checked at once. `initially` is the answer
 * before the first check, for a form that starts filled in.
 */
export function useFormValid(valid: (values: FormData) => boolean, initially = false) {
  const form = useRef<HTMLFormElement>(null);
  const [ok, setOk] = useState(initially);
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    // A native listener, attached and followed by a first check in the same tick: no input can
    // fall between hydration and listening.
    const check = () => setOk(valid(new FormData(element)));
    element.addEventListener('input', check);
    check();
    return () => element.removeEventListener('input', check);
  }, [valid]);
  return { form, valid: ok };
}

/** A field of `values` that holds more than white space. */
export function filled(values: FormData, name: string): boolean {
  return String(values.get(name) ?? '').trim() !== '';
}
