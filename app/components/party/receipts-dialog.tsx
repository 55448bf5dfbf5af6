import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '~/components/confirm-dialog';
import type { ChatMessage, Member } from '~/core/protocol';

/** Who has seen a message, and who has not yet (the manager's read-receipt list). */
export function ReceiptsDialog({
  message,
  members,
  seen,
  onClose,
}: {
  message: ChatMessage;
  members: Member[];
  seen: Record<string, number>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const others = members.filter((member) => member.id !== message.sender);
  const read = others.filter((member) => (seen[member.id] ?? 0) >= message.seq);
  const unread = others.filter((member) => (seen[member.id] ?? 0) < message.seq);
  const list = (people: Member[]) => (
    <ul className="mt-1 space-y-0.5">
      {people.map((member) => (
        <li key={member.id} className="text-slate-800">
          {member.firstName} {member.lastName}
        </li>
      ))}
    </ul>
  );
  return (
    <ConfirmDialog title={t('receipts.title')} confirmLabel={t('common.close')} onCancel={onClose}>
      <h3 className="font-semibold text-slate-900">{t('receipts.seen', { count: read.length })}</h3>
      {list(read)}
      <h3 className="mt-3 font-semibold text-slate-900">{t('receipts.notSeen', { count: unread.length })}</h3>
      {list(unread)}
    </ConfirmDialog>
  );
}
