import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import type { Member } from '~/core/protocol';
import type { MessageReactions } from '~/core/social';
import { REACTIONS } from '~/core/social';

/** Who reacted to a message, per emoji: the manager's list (the room tells only her who). */
export function ReactionsDialog({ reactions, members, onClose }: { reactions: MessageReactions; members: Member[]; onClose: () => void }) {
  const { t } = useTranslation();
  const names = new Map(members.map((member) => [member.id, `${member.firstName} ${member.lastName}`]));
  const shown = REACTIONS.flatMap((emoji) => {
    const reaction = reactions[emoji];
    return reaction ? [{ emoji, who: reaction.who ?? [] }] : [];
  });
  return (
    <ConfirmDialog title={t('social.reactions')} confirmLabel={t('common.close')} onCancel={onClose}>
      {shown.length === 0 ? <p>{t('socialTools.noReactions')}</p> : null}
      <ul className="space-y-2" data-testid="reactors">
        {shown.map(({ emoji, who }) => (
          <li key={emoji}>
            <h3 className="font-semibold text-slate-900">
              {emoji} {who.length}
            </h3>
            <ul className="space-y-0.5">
              {who.map((id) => (
                <li key={id} className="text-slate-800">
                  {names.get(id) ?? '…'}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
