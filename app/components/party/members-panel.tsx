import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PartyState } from '~/core/permissions';
import { can } from '~/core/permissions';
import type { Member } from '~/core/protocol';
import { lazyNamed } from '~/lib/lazy-named';

// Making a host or removing a guest is rare: the dialog loads when it opens.
const ConfirmDialog = lazyNamed(() => import('~/components/confirm-dialog'), 'ConfirmDialog');

interface Props {
  members: Member[];
  online: string[];
  me: Member | null;
  party: PartyState;
  onMakeHost: (guestId: string) => void;
  onRemove: (guestId: string) => void;
}

/**
 * Who is in the party and who is online. The manager can make a guest host and remove guests; a
 * host can remove guests. Neither button works on the host.
 */
export function MembersPanel({ members, online, me, party, onMakeHost, onRemove }: Props) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState<{ member: Member; action: 'host' | 'remove' } | null>(null);
  const onlineSet = new Set(online);
  const order = { manager: 0, host: 1, guest: 2 } as const;
  const sorted = [...members].sort((a, b) => order[a.role] - order[b.role] || a.firstName.localeCompare(b.firstName));
  const moderates = me !== null && (me.role === 'manager' || me.role === 'host');
  return (
    <section aria-labelledby="members-title" className="p-4">
      <h2 id="members-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t('party.guests')} ({members.length})
      </h2>
      <ul className="mt-2 space-y-1" data-testid="members">
        {sorted.map((member) => {
          const name = `${member.firstName} ${member.lastName}`;
          return (
            <li key={member.id} className="flex flex-wrap items-center gap-2 py-1" data-member={member.id}>
              <span aria-hidden="true" className={`h-2.5 w-2.5 rounded-full ${onlineSet.has(member.id) ? 'bg-secondary' : 'bg-slate-300'}`} />
              <span className="min-w-0 flex-1 truncate">
                {name}
                {member.id === me?.id ? ` (${t('party.you')})` : ''}
              </span>
              {member.role !== 'guest' ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {t(member.role === 'manager' ? 'party.roleManager' : 'party.roleHost')}
                </span>
              ) : null}
              {onlineSet.has(member.id) ? <span className="sr-only">{t('party.online')}</span> : null}
              {moderates && member.role !== 'manager' && member.id !== me.id ? (
                <span className="flex w-full justify-end gap-1 pl-4">
                  {me.role === 'manager' ? (
                    <button
                      type="button"
                      disabled={!can(me, { type: 'makeHost', target: member }, party)}
                      onClick={() => setConfirm({ member, action: 'host' })}
                      aria-label={`${t('moderation.makeHost')}: ${name}`}
                      className="rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-40"
                    >
                      {t('moderation.makeHost')}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    disabled={!can(me, { type: 'removeGuest', target: member }, party)}
                    onClick={() => setConfirm({ member, action: 'remove' })}
                    aria-label={`${t('moderation.remove')}: ${name}`}
                    className="rounded-full px-2.5 py-1 text-xs font-medium text-red-800 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-40"
                  >
                    {t('moderation.remove')}
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
      {confirm ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={t(confirm.action === 'host' ? 'moderation.makeHostTitle' : 'moderation.removeTitle', {
              name: `${confirm.member.firstName} ${confirm.member.lastName}`,
            })}
            confirmLabel={t(confirm.action === 'host' ? 'moderation.makeHost' : 'moderation.remove')}
            destructive={confirm.action === 'remove'}
            onCancel={() => setConfirm(null)}
            onConfirm={() => {
              if (confirm.action === 'host') onMakeHost(confirm.member.id);
              else onRemove(confirm.member.id);
              setConfirm(null);
            }}
          >
            {confirm.action === 'host' ? t('moderation.makeHostText') : t('moderation.removeText')}
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </section>
  );
}
