import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the profile actions live: the profile list's action (`?index` names the index route). */
export const PROFILES_ACTION = '/profiles?index';

/** Company mode on or off (a setting of the user, not of a profile), saved at once. */
export function CompanyModeSwitch({ on }: { on: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const hintId = useId();
  // Shows the new state while it is being saved.
  const pending = fetcher.formData?.get('companyMode');
  const checked = pending ? pending === 'on' : on;
  return (
    <fetcher.Form method="post" action={PROFILES_ACTION}>
      <input type="hidden" name="intent" value="companyMode" />
      <button
        type="submit"
        name="companyMode"
        value={checked ? 'off' : 'on'}
        role="switch"
        aria-checked={checked}
        aria-describedby={hintId}
        className="group flex items-center gap-3 rounded-full py-1 text-left font-medium"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? 'bg-primary-dark' : 'bg-slate-400'}`}
        >
          <span className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
        </span>
        {t('profiles.companyMode')}
      </button>
      <p id={hintId} className="ml-14 text-sm text-slate-600">
        {t('profiles.companyModeHint')}
      </p>
    </fetcher.Form>
  );
}
