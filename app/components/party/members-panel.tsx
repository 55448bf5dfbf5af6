import { useTranslation } from 'react-i18next';
import type { Member } from '~/core/protocol';

/** Who is in the party, with who is online now. */
export function MembersPanel({ members, online, meId }: { members: Member[]; online: string[]; meId: string | null }) {
  const { t } = useTranslation();
  const onlineSet = new Set(online);
  const order = { manager: 0, host: 1, guest: 2 } as const;
  const sorted = [...members].sort((a, b) => order[a.role] - order[b.role] || a.firstName.localeCompare(b.firstName));
  return (
    <section aria-labelledby="members-title" className="p-4">
      <h2 id="members-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t('party.guests')} ({members.length})
      </h2>
      <ul className="mt-2 space-y-1" data-testid="members">
        {sorted.map((member) => (
          <li key={member.id} className="flex items-center gap-2 py-1">
            <span
              aria-hidden="true"
              className={`h-2.5 w-2.5 rounded-full ${onlineSet.has(member.id) ? 'bg-secondary' : 'bg-slate-300'}`}
            />
            <span className="min-w-0 flex-1 truncate">
              {member.firstName} {member.lastName}
              {member.id === meId ? ` (${t('party.you')})` : ''}
            </span>
            {member.role !== 'guest' ? (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t(member.role === 'manager' ? 'party.roleManager' : 'party.roleHost')}</span>
            ) : null}
            {onlineSet.has(member.id) ? <span className="sr-only">{t('party.online')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
