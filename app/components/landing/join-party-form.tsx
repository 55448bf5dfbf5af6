import { useNavigate } from '@remix-run/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '~/components/error-banner';
import { partyIdFromInput } from '~/core/party';

/**
 * Join as a guest: a party's link or code goes to that party. The browser checks it with the
 * party link rule of app/core and goes there at once; without script the form asks the landing
 * page's loader, which applies the same rule (`?party=`).
 */
export function JoinPartyForm({ value = '', invalid = false }: { value?: string; invalid?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [error, setError] = useState(invalid);
  return (
    <form
      method="get"
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const partyId = partyIdFromInput(String(new FormData(event.currentTarget).get('party') ?? ''));
        setError(partyId === null);
        if (partyId) navigate(`/${partyId}`);
      }}
    >
      <label htmlFor={`${id}-party`} className="font-medium">
        {t('landing.joinLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-party`}
          name="party"
          defaultValue={value}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error || undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onInput={() => setError(false)}
          className="min-w-0 flex-1 rounded-xl border border-slate-400 bg-white px-3 py-2.5 aria-[invalid=true]:border-red-700"
        />
        <button type="submit" className="rounded-xl bg-secondary-dark px-5 py-2.5 font-medium text-white hover:bg-secondary-dark/90">
          {t('landing.joinButton')}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('landing.joinHint')}
      </p>
      <ErrorBanner layout="field" id={`${id}-error`}>
        {error ? t('landing.joinInvalid') : null}
      </ErrorBanner>
    </form>
  );
}
