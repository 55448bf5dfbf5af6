import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { apiFetch } from '~/lib/api';

interface ProfileOption {
  id: string;
  firstName: string;
  lastName: string;
}

/** The manager picks one of their profiles to send into the party as a card. */
export function ProfileCardDialog({ onSubmit, onCancel }: { onSubmit: (profileId: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [profiles, setProfiles] = useState<ProfileOption[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void Promise.all([apiFetch<ProfileOption[]>('/api/profile'), apiFetch<{ profile: ProfileOption | null }>('/api/profile/user')]).then(([list, user]) => {
      if (cancelled) return;
      if (!list.ok) return setFailed(true);
      setProfiles(list.data);
      setChosen((user.ok ? user.data.profile?.id : null) ?? list.data[0]?.id ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <ConfirmDialog title={t('profileCard.send')} confirmLabel={t('profileCard.confirm')} onCancel={onCancel} onConfirm={() => chosen && onSubmit(chosen)}>
      {failed ? <p className="text-red-800">{t('errors.generic')}</p> : null}
      {profiles === null && !failed ? <p>{t('app.loading')}</p> : null}
      {profiles ? (
        <fieldset>
          <legend className="font-medium text-slate-900">{t('profileCard.choose')}</legend>
          <div className="mt-2 space-y-2">
            {profiles.map((profile) => (
              <label key={profile.id} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="profile-card"
                  value={profile.id}
                  checked={chosen === profile.id}
                  onChange={() => setChosen(profile.id)}
                  className="h-4 w-4"
                />
                {profile.firstName} {profile.lastName}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}
