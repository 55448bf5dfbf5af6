import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowRange } from '~/core/chat-layout';
import { fixedRowRange, memberPaging, memberRows } from '~/core/member-list';
import type { PartyState } from '~/core/permissions';
import { can } from '~/core/permissions';
import type { Member } from '~/core/protocol';
import { useCount } from './guests-tab-label';
import { lazyNamed } from '~/lib/lazy-named';

// Making a host or removing a guest is rare: the dialog loads when it opens.
const ConfirmDialog = lazyNamed(() => import('~/components/confirm-dialog'), 'ConfirmDialog');

/** Rows outside the view kept in the DOM on either side: a Tab onto one scrolls it in and draws the next. */
const OVERSCAN = 5;
/** Row heights in rem (the rows are fixed to them), so a larger font keeps the arithmetic true. */
const ROW_REM = { plain: 2.25, moderated: 4 } as const;
/** The view assumed until the panel is measured (its first render). */
const FIRST_VIEW_PX = 800;

interface Props {
  /** What the page knows of the roster (app/core/chat-state.ts): all of it, or the pages loaded so far. */
  roster: { members: Member[]; online: string[]; memberCount: number; onlineCount: number; roster: 'full' | 'page' };
  /** A page is on its way; `pagedTo`: where the room's last page ended (use-party-chat.ts). */
  paging: { loading: boolean; pagedTo: number };
  onLoadMore: (offset: number) => void;
  me: Member | null;
  party: PartyState;
  /** Where to write to the manager directly (the app's pointer, ADR 040); null when she has no public page. */
  directMessage: string | null;
  onMakeHost: (guestId: string) => void;
  onRemove: (guestId: string) => void;
}

/** The nearest ancestor that scrolls (the page's side column), or null for the window. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll') return node;
  }
  return null;
}

/**
 * Who is in the party and who is online. The manager can make a guest host and remove guests; a
 * host can remove guests. Neither button works on the host. A party of thousands: the heading
 * counts them all (the room's figures), the list is virtualised over rows of one height (only those
 * in view and a few more are in the DOM), and in a large room (roster 'page') reaching its end asks
 * the room for the next page.
 */
export function MembersPanel({ roster, paging, onLoadMore, me, party, directMessage, onMakeHost, onRemove }: Props) {
  const { t } = useTranslation();
  const count = useCount();
  const [confirm, setConfirm] = useState<{ member: Member; action: 'host' | 'remove' } | null>(null);
  const onlineSet = new Set(roster.online);
  const rows = memberRows(roster.members, roster.roster);
  const moderates = me !== null && (me.role === 'manager' || me.role === 'host');
  const rowRem = moderates ? ROW_REM.moderated : ROW_REM.plain;
  const [rem, setRem] = useState(16);
  const rowHeight = rowRem * rem;
  const [range, setRange] = useState<RowRange | null>(() => fixedRowRange(rows.length, rowHeight, 0, FIRST_VIEW_PX, OVERSCAN));
  const listRef = useRef<HTMLUListElement>(null);
  const measureRef = useRef(() => {});

  measureRef.current = () => {
    const list = listRef.current;
    if (!list) return;
    const scroller = scrollParent(list);
    const viewTop = scroller ? scroller.getBoundingClientRect().top : 0;
    const viewHeight = scroller ? scroller.clientHeight : window.innerHeight;
    const next = fixedRowRange(rows.length, rowHeight, viewTop - list.getBoundingClientRect().top, viewHeight, OVERSCAN);
    setRange((current) => (current?.first === next?.first && current?.last === next?.last ? current : next));
  };
  // Every render may have moved the list (new rows, the contents above it grew): measure again.
  useEffect(() => measureRef.current());

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    setRem(parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
    const scroller = scrollParent(list);
    const measure = () => measureRef.current();
    const target = scroller ?? window;
    target.addEventListener('scroll', measure, { passive: true });
    // The phone's tab shows the column (it had no size while hidden); a turned phone resizes it.
    const resized = new ResizeObserver(measure);
    resized.observe(scroller ?? document.documentElement);
    return () => {
      target.removeEventListener('scroll', measure);
      resized.disconnect();
    };
  }, []);

  // The rows may have just become fewer (a rejoin starts again from the first page): until measured
  // again, what is left of the range is drawn.
  const view = range && rows.length > 0 ? { first: Math.min(range.first, rows.length - 1), last: Math.min(range.last, rows.length - 1) } : null;
  const { next, now } = memberPaging({ roster: roster.roster, known: rows.length, pagedTo: paging.pagedTo, memberCount: roster.memberCount, range: view });
  useEffect(() => {
    if (now && next !== null) onLoadMore(next);
  }, [now, next, onLoadMore]);

  const drawn = view ? rows.slice(view.first, view.last + 1) : [];
  return (
    <section aria-labelledby="members-title" className="p-4">
      <h2 id="members-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t('party.guests')} ({count(roster.memberCount)}){' '}
        <span className="font-normal normal-case tracking-normal">· {t('party.onlineCount', { online: count(roster.onlineCount) })}</span>
      </h2>
      <ul
        ref={listRef}
        className="mt-2"
        data-testid="members"
        style={view ? { paddingTop: view.first * rowHeight, paddingBottom: (rows.length - view.last - 1) * rowHeight } : undefined}
      >
        {drawn.map((member, i) => {
          const name = `${member.firstName} ${member.lastName}`;
          const online = onlineSet.has(member.id);
          const index = (view?.first ?? 0) + i;
          return (
            <li
              key={member.id}
              aria-setsize={roster.memberCount}
              aria-posinset={index + 1}
              style={{ height: `${rowRem}rem` }}
              className="flex flex-col justify-center overflow-hidden"
              data-member={member.id}
            >
              <span className="flex items-center gap-2">
                <span aria-hidden="true" className={`h-2.5 w-2.5 shrink-0 rounded-full ${online ? 'bg-secondary' : 'bg-slate-300'}`} />
                <span className="min-w-0 flex-1 truncate">
                  {name}
                  {member.id === me?.id ? ` (${t('party.you')})` : ''}
                </span>
                {member.role !== 'guest' ? (
                  <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                    {t(member.role === 'manager' ? 'party.roleManager' : 'party.roleHost')}
                  </span>
                ) : null}
                {online ? <span className="sr-only">{t('party.online')}</span> : null}
                {member.role === 'manager' && directMessage && member.id !== me?.id ? (
                  <a
                    href={directMessage}
                    target="_blank"
                    rel="noopener"
                    aria-label={t('directMessage.labelFor', { name })}
                    title={t('directMessage.label')}
                    className="shrink-0 rounded-full p-1 text-primary-dark hover:bg-primary-light"
                    data-testid="direct-message"
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
                      <path d="M4 5h16v11H9l-5 4Z" />
                    </svg>
                  </a>
                ) : null}
              </span>
              {moderates && member.role !== 'manager' && member.id !== me.id ? (
                // The padding keeps the buttons' rings inside the row, which clips what overflows it.
                <span className="mt-1 flex justify-end gap-1 p-px pl-4">
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
      {next !== null ? (
        <button
          type="button"
          disabled={paging.loading}
          onClick={() => onLoadMore(next)}
          className="mt-2 w-full rounded-full py-2 text-sm font-medium text-primary-dark ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60"
        >
          {paging.loading ? t('app.loading') : t('party.loadMoreGuests')}
        </button>
      ) : null}
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
