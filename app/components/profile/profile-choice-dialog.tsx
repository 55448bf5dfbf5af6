import { useFetcher } from '@remix-run/react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ProfileAvatar } from './profile-avatar';
import { PROFILES_ACTION } from './company-mode-switch';

interface Choice {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * With several profiles one must be selected (the choice is the user's setting). Asks which
 * profile to work as; dismissing it selects the first one, so the question comes once.
 */
export function ProfileChoiceDialog({ profiles }: { profiles: Choice[] }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  // Stable callbacks: the dialog moves focus whenever its cancel handler changes.
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const first = profiles[0]?.id ?? '';
  const select = useCallback((profileId: string) => submit.current({ intent: 'select', profileId }, { method: 'post', action: PROFILES_ACTION }), []);
  const dismiss = useCallback(() => select(first), [select, first]);
  const [chosen, setChosen] = useState(first);
  if (fetcher.state !== 'idle' || profiles.length === 0) return null;
  return (
    <ConfirmDialog title={t('profiles.chooseTitle')} confirmLabel={t('profiles.chooseConfirm')} onConfirm={() => select(chosen)} onCancel={dismiss}>
      <p>{t('profiles.chooseText')}</p>
      <fieldset className="-mx-1 mt-3 max-h-[50dvh] space-y-2 overflow-y-auto p-1">
        <legend className="sr-only">{t('profiles.chooseTitle')}</legend>
        {profiles.map((profile) => (
          <label
            key={profile.id}
            className="flex cursor-pointer items-center gap-3 rounded-xl p-2 text-slate-900 ring-1 ring-slate-200 has-[:checked]:bg-primary-light has-[:checked]:ring-primary-dark"
          >
            <input type="radio" name="profile" value={profile.id} checked={chosen === profile.id} onChange={() => setChosen(profile.id)} className="h-4 w-4" />
            <ProfileAvatar person={profile} src={null} />
            <span className="font-medium">
              {profile.firstName} {profile.lastName}
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  );
}
