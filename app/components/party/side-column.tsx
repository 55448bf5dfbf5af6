import { Suspense, memo } from 'react';
import { ContentsPanel } from '~/components/chat/contents-panel';
import type { ChatState } from '~/core/chat-state';
import type { PartyState } from '~/core/permissions';
import type { Member } from '~/core/protocol';
import { lazyNamed } from '~/lib/lazy-named';
import { RestrictionToggle } from './restriction-toggle';

// The guests panel (a virtualised list, the moderation) is not needed before the join dialog is
// usable; like the name menu it is drawn in the browser only.
const MembersPanel = lazyNamed(() => import('./members-panel'), 'MembersPanel');

export type PartyTab = 'messages' | 'contents' | 'guests';

interface Props {
  tab: PartyTab;
  /** The columns stand beside the chat (lg and up); otherwise the guests are drawn only behind their tab. */
  sideBySide: boolean;
  roster: Pick<ChatState, 'members' | 'online' | 'memberCount' | 'onlineCount' | 'roster'>;
  headings: ChatState['headings'];
  paging: { loading: boolean; pagedTo: number };
  me: Member | null;
  partyState: PartyState;
  /** Where to write to the manager directly (ADR 040), or null. */
  directMessage: string | null;
  mayRestrict: boolean;
  mounted: boolean;
  onJump: (id: string, seq: number) => void;
  onLoadMembers: (offset: number) => void;
  onMakeHost: (guestId: string) => unknown;
  onRemove: (guestId: string) => unknown;
  onRestrict: (restricted: boolean) => void;
}

/**
 * The contents and the guests: a column beside the chat from lg, a tab each on smaller screens,
 * where the guests panel is neither loaded nor drawn until its tab is chosen; the room's words that
 * change neither do not draw the column again (ADR 051).
 */
export const SideColumn = memo(function SideColumn({
  tab,
  sideBySide,
  roster,
  headings,
  paging,
  me,
  partyState,
  directMessage,
  mayRestrict,
  mounted,
  onJump,
  onLoadMembers,
  onMakeHost,
  onRemove,
  onRestrict,
}: Props) {
  return (
    <aside className={`shrink-0 overflow-y-auto border-slate-200 bg-white lg:block lg:w-72 lg:border-l ${tab === 'messages' ? 'hidden' : 'block w-full'}`}>
      <div className={tab === 'contents' ? '' : 'hidden lg:block'}>
        <ContentsPanel headings={headings} onJump={onJump} />
      </div>
      <div className={tab === 'guests' ? '' : 'hidden lg:block'}>
        {mounted && (sideBySide || tab === 'guests') ? (
          <Suspense fallback={null}>
            <MembersPanel
              roster={roster}
              paging={paging}
              onLoadMore={onLoadMembers}
              me={me}
              party={partyState}
              directMessage={directMessage}
              onMakeHost={(id) => void onMakeHost(id)}
              onRemove={(id) => void onRemove(id)}
            />
          </Suspense>
        ) : null}
        {mayRestrict ? (
          <div className="border-t border-slate-200 p-4 sm:hidden">
            <RestrictionToggle restricted={partyState.restrictedMessaging} onChange={onRestrict} className="w-full py-2" />
          </div>
        ) : null}
      </div>
    </aside>
  );
});
