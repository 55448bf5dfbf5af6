import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateParts, DateTimeParts } from '~/core/dates';
import { dateSeparator } from '~/core/dates';

type Part = keyof DateTimeParts;

const WIDTH: Record<Part, string> = { day: 'w-12', month: 'w-12', year: 'w-16', hour: 'w-12', minute: 'w-12' };
const DIGITS: Record<Part, number> = { day: 2, month: 2, year: 4, hour: 2, minute: 2 };

/**
 * A date, or a date and a time, typed in fields of our own (ADR 023): a browser's date input
 * speaks the browser's language, not the page's. Day, month and year (then hour and minute) each
 * get a small field with its label, in the order every Salon language writes them, with the
 * page's separator between them; phones open the number pad. The group is named by `legend` and
 * described by `describedBy`; `name` gives each field a name of its own (`birthdayDay`, …) for a
 * form that is posted before the page's script runs, and none for a form that posts a composed
 * value. How the fields read is `isoDate` / `wallTime` in app/core/dates.ts.
 */
export function DateFields<T extends DateParts | DateTimeParts>({
  id,
  legend,
  parts,
  onChange,
  name,
  invalid = false,
  describedBy,
  autoComplete,
}: {
  id: string;
  legend: ReactNode;
  parts: T;
  onChange: (parts: T) => void;
  name?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** Autocomplete tokens with the part's name appended (`bday` → `bday-day`, …). */
  autoComplete?: string;
}) {
  const { t, i18n } = useTranslation();
  const separator = dateSeparator(i18n.language);
  const field = (part: Part) => (
    <label className="flex flex-col gap-1 text-sm text-slate-600">
      {t(`dateFields.${part}`)}
      <input
        id={`${id}-${part}`}
        name={name ? `${name}${part[0]!.toUpperCase()}${part.slice(1)}` : undefined}
        value={(parts as Partial<DateTimeParts>)[part] ?? ''}
        onChange={(event) => onChange({ ...parts, [part]: event.target.value })}
        inputMode="numeric"
        maxLength={DIGITS[part]}
        autoComplete={autoComplete ? `${autoComplete}-${part}` : 'off'}
        aria-invalid={invalid || undefined}
        className={`${WIDTH[part]} rounded-lg border border-slate-300 px-2 py-2 text-center text-base text-slate-900 focus:border-primary-dark aria-[invalid=true]:border-red-700`}
      />
    </label>
  );
  const between = (text: string) => (
    <span aria-hidden="true" className="pb-2 text-slate-600">
      {text}
    </span>
  );
  return (
    <fieldset id={id} aria-describedby={describedBy}>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap items-end gap-x-3 gap-y-2">
        <div className="flex items-end gap-1">
          {field('day')}
          {between(separator)}
          {field('month')}
          {between(separator)}
          {field('year')}
        </div>
        {'hour' in parts ? (
          <div className="flex items-end gap-1">
            {field('hour')}
            {between(':')}
            {field('minute')}
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
