import { Suspense, memo } from 'react';
import { ContentsPanel } from '~/components/chat/contents-panel';
import type { ChatState } from '~/core/chat-state';
import type { PartyState } from '~/core/permissions';
import type { Member } from '~/core/protocol';
import { lazyNamed } from '~/lib/lazy-named';
import { RestrictionToggle } from './restriction-toggle';

// The guests panel (a virtualised list, the moderation) is not needed before the join dialog is
// usable; like the name menu it is drawn in the browser only. A member's page fetches it when idle,
// so her guests tab opens at once.
export const loadMembersPanel = () => import('./members-panel');
const MembersPanel = lazyNamed(loadMembersPanel, 'MembersPanel');

export type PartyTab = 'messages' | 'contents' | 'guests';

interface Props {
  tab: PartyTab;
  /** The columns stand beside the chat (md and up); otherwise the guests are drawn only behind their tab. */
  sideBySide: boolean;
  /** A live stage stands beside the chat: the contents above the guests in one column at any width. */
  stacked: boolean;
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
 * The contents and the guests. On a phone (below md, the specification's small screens) each is a
 * tab of its own; from md (a portrait tablet, 768 px) they stand beside the chat in one column of
 * the specification's drawer width (240 px), the contents above the guests; from lg (a landscape
 * tablet, 1024 px) in two columns, each scrolling on its own. The guests panel is neither loaded
 * nor drawn until it shows, and the room's words that change neither do not draw the column again
 * (ADR 051). While a live stage stands beside the chat (from lg) they stay in one column, so the chat
 * keeps its room.
 */
export const SideColumn = memo(function SideColumn({
  tab,
  sideBySide,
  stacked,
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
    <aside
      className={`shrink-0 border-slate-200 bg-white md:flex md:w-60 md:flex-col md:overflow-y-auto md:border-l ${stacked ? '' : 'lg:w-auto lg:flex-row lg:overflow-visible'} ${tab === 'messages' ? 'hidden' : 'block w-full overflow-y-auto'}`}
      data-testid="side-column"
    >
      <div className={`${stacked ? '' : 'lg:w-60 lg:overflow-y-auto'} ${tab === 'contents' ? '' : 'hidden md:block'}`} data-testid="contents-column">
        <ContentsPanel headings={headings} onJump={onJump} />
      </div>
      <div
        className={`border-slate-200 md:border-t ${stacked ? '' : 'lg:w-72 lg:overflow-y-auto lg:border-l lg:border-t-0'} ${tab === 'guests' ? '' : 'hidden md:block'}`}
        data-testid="guests-column"
      >
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
        {/* The header holds it from 2xl; below, it stands here, with the guests it concerns. */}
        {mayRestrict ? (
          <div className="border-t border-slate-200 p-4 2xl:hidden">
            <RestrictionToggle restricted={partyState.restrictedMessaging} onChange={onRestrict} className="w-full py-2" />
          </div>
        ) : null}
      </div>
    </aside>
  );
});
