import { useTranslation } from 'react-i18next';
import { ProfileAvatar } from '~/components/profile/profile-avatar';
import { profileHref, telHref } from '~/core/profile';
import type { ProfileCard } from '~/core/profile-card';

/** Pictures come from our own public profile route only. */
const PICTURE_PREFIX = '/api/profile/public/';

/** A profile message in the chat, shown as a card linking to the profile's public page. */
export function ProfileCardView({ card }: { card: ProfileCard | null }) {
  const { t } = useTranslation();
  if (!card) return <p className="italic text-slate-500">{t('profileCard.unavailable')}</p>;
  const website = card.website ? profileHref(card.website) : null;
  const name = `${card.firstName} ${card.lastName}`;
  return (
    <div className="mt-1 w-64 max-w-full rounded-xl bg-white p-3 text-slate-900 ring-1 ring-slate-200" data-testid="profile-card">
      <div className="flex items-center gap-3">
        <ProfileAvatar person={card} src={card.profilePic?.startsWith(PICTURE_PREFIX) ? card.profilePic : null} />
        <p className="min-w-0 break-words font-semibold uppercase tracking-wide">{name}</p>
      </div>
      {card.biography ? <p className="mt-2 line-clamp-3 whitespace-pre-wrap break-words text-sm text-slate-700">{card.biography}</p> : null}
      <ul className="mt-2 space-y-0.5 text-sm">
        {card.phoneNo ? (
          <li>
            <a href={telHref(card.phoneNo)} className="text-primary-dark underline">
              {card.phoneNo}
            </a>
          </li>
        ) : null}
        {card.email ? (
          <li>
            <a href={`mailto:${card.email}`} className="break-all text-primary-dark underline">
              {card.email}
            </a>
          </li>
        ) : null}
        {website ? (
          <li>
            <a href={website} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-primary-dark underline">
              {card.website}
            </a>
          </li>
        ) : null}
      </ul>
      <a
        href={`/p/${encodeURIComponent(card.shortId)}`}
        target="_blank"
        rel="noopener"
        className="mt-3 block rounded-full bg-primary-dark px-3 py-1.5 text-center text-sm font-medium text-white hover:bg-primary-dark/90"
      >
        {t('profileCard.view')}
        <span className="sr-only">: {name}</span>
      </a>
    </div>
  );
}
