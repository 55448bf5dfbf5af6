import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILES_ACTION } from '~/components/profile/company-mode-switch';
import type { Application } from '~/core/workspace';
import { showsApplicationSelector } from '~/core/workspace';

/**
 * The top bar's application selector: which of her profiles the consultant works as (ADR 040).
 * Choosing one stores it as her selection, exactly as the profile list does; the pages reload with
 * it. While the choice is on its way the selector shows it already and waits.
 */
export function ApplicationSelector({ applications, selectedId }: { applications: Application[]; selectedId: string | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const id = useId();
  if (!showsApplicationSelector(applications)) return null;
  const pending = fetcher.formData?.get('profileId');
  const value = typeof pending === 'string' ? pending : (selectedId ?? '');
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {t('nav.application')}
      </label>
      <select
        id={id}
        value={value}
        disabled={fetcher.state !== 'idle'}
        onChange={(event) => fetcher.submit({ intent: 'select', profileId: event.currentTarget.value }, { method: 'post', action: PROFILES_ACTION })}
        className="h-10 w-full max-w-[9rem] truncate rounded-full border-0 bg-slate-100 py-0 pl-3 pr-8 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-200 disabled:opacity-60 sm:max-w-[14rem]"
        data-testid="application-selector"
      >
        {applications.map((application) => (
          <option key={application.applicationId} value={application.applicationId}>
            {application.displayName}
          </option>
        ))}
      </select>
    </div>
  );
}
