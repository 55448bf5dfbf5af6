import type { Member } from '~/core/protocol';
import type { ChatSearchHit, SocialState } from '~/core/social';
import { QrDialog } from './qr-dialog';
import { ReactionsDialog } from './reactions-dialog';
import { SearchDialog } from './search-dialog';

/** The party page's dialogs of this module (ADR 043), one lazy chunk: who reacted, the search, the QR code. */
export type SocialDialogOf = { kind: 'search' | 'qr' } | { kind: 'reactions'; messageId: string };

export function SocialDialog({
  dialog,
  party,
  social,
  members,
  onJump,
  onClose,
}: {
  dialog: SocialDialogOf;
  party: { id: string; shortId: string; title: string };
  social: SocialState;
  members: Member[];
  onJump: (hit: ChatSearchHit) => void;
  onClose: () => void;
}) {
  if (dialog.kind === 'reactions') return <ReactionsDialog reactions={social.reactions[dialog.messageId] ?? {}} members={members} onClose={onClose} />;
  if (dialog.kind === 'search') return <SearchDialog partyId={party.id} onJump={onJump} onClose={onClose} />;
  return <QrDialog path={`/${party.shortId}`} title={party.title} onClose={onClose} />;
}
